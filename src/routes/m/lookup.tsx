import { createFileRoute } from '@tanstack/react-router'
import { LookupScreen } from '../../features/collector/components/lookup-screen'

export const Route = createFileRoute('/m/lookup')({
  component: LookupScreen,
})
