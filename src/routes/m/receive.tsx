import { createFileRoute } from '@tanstack/react-router'
import { ReceiveScreen } from '../../features/collector/components/receive-screen'

// no TanStack Query on the handheld: documents, printers and preferences are read through the collector's own hook (ADR 0014)
export const Route = createFileRoute('/m/receive')({
  component: ReceiveScreen,
})
