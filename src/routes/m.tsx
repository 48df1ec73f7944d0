import { createFileRoute } from '@tanstack/react-router'
import { requireAuth } from '../app/require-auth'
import { CollectorLayout } from '../components/collector-layout'

// SPEC 2.16: every collector route is guarded like the desktop ones.
export const Route = createFileRoute('/m')({
  beforeLoad: requireAuth,
  component: CollectorLayout,
})
