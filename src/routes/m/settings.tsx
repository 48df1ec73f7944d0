import { createFileRoute } from '@tanstack/react-router'
import { SettingsScreen } from '../../features/collector/components/settings-screen'

export const Route = createFileRoute('/m/settings')({
  component: SettingsScreen,
})
