import { createFileRoute } from '@tanstack/react-router'
import { CollectorHome } from '../../features/collector/components/collector-home'

export const Route = createFileRoute('/m/home')({
  component: CollectorHome,
})
