import { createFileRoute } from '@tanstack/react-router'
import { ScanScreen } from '../../features/collector/components/scan-screen'

export const Route = createFileRoute('/m/scan')({
  component: ScanScreen,
})
