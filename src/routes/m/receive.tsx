import { createFileRoute } from '@tanstack/react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import { provideQueryClient } from '../../app/query-context'
import { ReceiveScreen } from '../../features/collector/components/receive-screen'

export const Route = createFileRoute('/m/receive')({
  beforeLoad: provideQueryClient,
  component: ReceiveRoute,
})

function ReceiveRoute() {
  const { queryClient } = Route.useRouteContext()
  return (
    <QueryClientProvider client={queryClient}>
      <ReceiveScreen />
    </QueryClientProvider>
  )
}
