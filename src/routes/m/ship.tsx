import { createFileRoute } from '@tanstack/react-router'
import { ShipScreen } from '../../features/collector/components/ship-screen'

// no TanStack Query on the handheld: the open orders are read through the collector's own hook (ADR 0014)
export const Route = createFileRoute('/m/ship')({
  component: ShipScreen,
})
