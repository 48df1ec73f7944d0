import { createFileRoute } from '@tanstack/react-router'
import { ReplenishScreen } from '../../features/collector/components/replenish-screen'

/** /m/replenish (docs/requirements.md §20.2): a refill brought from reserve to its pick face; `?task=` names it ('Próxima tarefa', §19.4). */
export const Route = createFileRoute('/m/replenish')({
  validateSearch: (search: Record<string, unknown>): { task?: number } => {
    const task = Number(search.task)
    return Number.isInteger(task) && task > 0 ? { task } : {}
  },
  component: ReplenishRoute,
})

function ReplenishRoute() {
  const { task } = Route.useSearch()
  return <ReplenishScreen task={task} />
}
