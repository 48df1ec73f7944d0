import { createFileRoute } from '@tanstack/react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import { provideQueryClient } from '../../app/query-context'
import { TasksScreen } from '../../features/collector/components/tasks-screen'

// the one collector screen on TanStack Query: the others (scan first) load without it
export const Route = createFileRoute('/m/tasks')({
  beforeLoad: provideQueryClient,
  component: TasksRoute,
})

function TasksRoute() {
  const { queryClient } = Route.useRouteContext()
  return (
    <QueryClientProvider client={queryClient}>
      <TasksScreen />
    </QueryClientProvider>
  )
}
