import { createFileRoute } from '@tanstack/react-router'
import { requireAuth } from '../app/require-auth'
import { AppLayout } from '../features/shell/components/app-layout'

// The pathless layout holding every desktop screen behind the login guard (SPEC 2.1).
export const Route = createFileRoute('/_app')({
  beforeLoad: requireAuth,
  component: AppLayout,
})
