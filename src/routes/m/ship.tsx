import { createFileRoute } from '@tanstack/react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import { provideQueryClient } from '../../app/query-context'
import { ShipScreen } from '../../features/collector/components/ship-screen'

// the open orders list is on TanStack Query, as /m/tasks
export const Route = createFileRoute('/m/ship')({
  beforeLoad: provideQueryClient,
  component: ShipRoute,
})

function ShipRoute() {
  const { queryClient } = Route.useRouteContext()
  return (
    <QueryClientProvider client={queryClient}>
      <ShipScreen />
    </QueryClientProvider>
  )
}
