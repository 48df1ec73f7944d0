import { createFileRoute } from '@tanstack/react-router'
import { ShipScreen } from '../../features/collector/components/ship-screen'

export const Route = createFileRoute('/m/ship')({
  component: ShipScreen,
})
