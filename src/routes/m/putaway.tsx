import { createFileRoute } from '@tanstack/react-router'
import { PutawayScreen } from '../../features/collector/components/putaway-screen'

/** /m/putaway (SPEC 11.4): put a received pallet away by scanning it and its destination; `?task=` for one task. */
export const Route = createFileRoute('/m/putaway')({
  validateSearch: (search: Record<string, unknown>): { task?: number } => {
    const task = Number(search.task)
    return Number.isInteger(task) && task > 0 ? { task } : {}
  },
  component: PutawayRoute,
})

function PutawayRoute() {
  const { task } = Route.useSearch()
  return <PutawayScreen task={task} />
}
