import { createFileRoute } from '@tanstack/react-router'
import { PendingScreen } from '../../features/collector/components/pending-screen'

export const Route = createFileRoute('/m/pending')({
  component: PendingScreen,
})
