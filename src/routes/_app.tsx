import { createFileRoute } from '@tanstack/react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import { provideQueryClient } from '../app/query-context'
import { requireAuth } from '../app/require-auth'
import { AppLayout } from '../features/shell/components/app-layout'

// The pathless layout holding every desktop screen behind the login guard (SPEC 2.1).
export const Route = createFileRoute('/_app')({
  beforeLoad: (ctx) => {
    requireAuth(ctx)
    return provideQueryClient(ctx)
  },
  component: AppRoute,
})

function AppRoute() {
  const { queryClient } = Route.useRouteContext()
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout />
    </QueryClientProvider>
  )
}
