import { createFileRoute } from '@tanstack/react-router'
import { CountScreen } from '../../features/collector/components/count-screen'

export const Route = createFileRoute('/m/count')({
  component: CountScreen,
})
