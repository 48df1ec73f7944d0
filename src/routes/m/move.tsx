import { createFileRoute } from '@tanstack/react-router'
import { MoveScreen } from '../../features/collector/components/move-screen'

export const Route = createFileRoute('/m/move')({
  component: MoveScreen,
})
