import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { FlowsPage } from '../../features/flows/components/flows-page'

interface FlowsSearch {
  machine?: string
}

// ADR 0007: the flows screen; this route's chunk (with elkjs and @xstate/graph) loads only here
export const Route = createFileRoute('/_app/flows')({
  validateSearch: (search: Record<string, unknown>): FlowsSearch => (typeof search.machine === 'string' ? { machine: search.machine } : {}),
  component: FlowsRoute,
})

function FlowsRoute() {
  const { machine } = Route.useSearch()
  const navigate = useNavigate({ from: '/flows' })
  return <FlowsPage selectedId={machine} onSelect={(id) => navigate({ search: { machine: id } })} />
}
