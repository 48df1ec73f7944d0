import { createFileRoute } from '@tanstack/react-router'
import { ReceiveScreen } from '../../features/collector/components/receive-screen'

export const Route = createFileRoute('/m/receive')({
  component: ReceiveScreen,
})
