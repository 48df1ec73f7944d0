import { createFileRoute } from '@tanstack/react-router'
import { requireAuth } from '../app/require-auth'
import { CollectorSimulator } from '../features/collector/components/collector-simulator'

// SPEC 2.16: the handheld simulator shows the collector in a narrow frame (the header opens it in a new tab).
export const Route = createFileRoute('/m_/sim')({
  beforeLoad: requireAuth,
  component: CollectorSimulator,
})
