import { createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { requireAuth } from '../app/require-auth'
import { useSession } from '../lib/session'
import { CollectorLayout } from '../components/collector-layout'

// SPEC 2.16: every collector route is guarded like the desktop ones.
export const Route = createFileRoute('/m')({
  beforeLoad: requireAuth,
  component: CollectorRoute,
})

function CollectorRoute() {
  const { status, user, logout } = useSession()
  const navigate = useNavigate()
  const href = useRouterState({ select: (state) => state.location.href })
  const loggingOut = useRef(false)

  // signed out elsewhere (another tab, a failed refresh): back to the login, and here again afterwards
  useEffect(() => {
    if (status !== 'signedOut' || loggingOut.current) return
    void navigate({ to: '/login', search: { redirect: href }, replace: true })
  }, [status, navigate, href])

  return (
    <CollectorLayout
      username={user?.username}
      onLogout={() => {
        loggingOut.current = true
        logout()
        void navigate({ to: '/login', search: { redirect: '/m/home' }, replace: true })
      }}
    />
  )
}
