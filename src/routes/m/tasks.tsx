import { createFileRoute } from '@tanstack/react-router'
import { TasksScreen } from '../../features/collector/components/tasks-screen'

// no TanStack Query on the handheld: the screen reads through the collector's own hook (ADR 0014, first-load budget)
export const Route = createFileRoute('/m/tasks')({
  component: TasksScreen,
})
