import { createFileRoute } from '@tanstack/react-router'
import { TasksScreen } from '../../features/collector/components/tasks-screen'

export const Route = createFileRoute('/m/tasks')({
  component: TasksScreen,
})
