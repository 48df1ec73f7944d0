import { createFileRoute } from '@tanstack/react-router'
import { PickScreen } from '../../features/collector/components/pick-screen'

/** /m/pick (docs/requirements.md §19.5): cluster picking; `?batch=` opens that batch at once ('Próxima tarefa', §19.4). */
export const Route = createFileRoute('/m/pick')({
  validateSearch: (search: Record<string, unknown>): { batch?: number } => {
    const batch = Number(search.batch)
    return Number.isInteger(batch) && batch > 0 ? { batch } : {}
  },
  component: PickRoute,
})

function PickRoute() {
  const { batch } = Route.useSearch()
  return <PickScreen batch={batch} />
}
