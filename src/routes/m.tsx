import { createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { requireAuth } from '../app/require-auth'
import { useSession } from '../lib/session'
import { CollectorLayout } from '../components/collector-layout'
import { OutboxProvider, useOutbox } from '../features/collector/outbox/outbox-provider'
import { OfflineCacheProvider } from '../features/collector/offline/offline-cache-provider'
import { PendingBadge } from '../features/collector/components/pending-badge'
import { SignOutDialog } from '../features/collector/components/sign-out-dialog'

// SPEC 2.16: every collector route is guarded like the desktop ones.
export const Route = createFileRoute('/m')({
  beforeLoad: requireAuth,
  component: CollectorRoute,
})

function CollectorRoute() {
  return (
    <OutboxProvider>
      <OfflineCacheProvider>
        <CollectorShell />
      </OfflineCacheProvider>
    </OutboxProvider>
  )
}

function CollectorShell() {
  const { status, user, logout } = useSession()
  const navigate = useNavigate()
  const href = useRouterState({ select: (state) => state.location.href })
  const loggingOut = useRef(false)
  const { unsentOnDevice } = useOutbox()
  const [confirming, setConfirming] = useState(false)

  // signed out elsewhere (another tab, a failed refresh): back to the login, and here again afterwards
  useEffect(() => {
    if (status !== 'signedOut' || loggingOut.current) return
    void navigate({ to: '/login', search: { redirect: href }, replace: true })
  }, [status, navigate, href])

  const signOut = () => {
    loggingOut.current = true
    setConfirming(false)
    logout()
    void navigate({ to: '/login', search: { redirect: '/m/home' }, replace: true })
  }

  return (
    <>
      <CollectorLayout
        username={user?.username}
        status={<PendingBadge />}
        // issue 16: unsent commands are kept, and the operator is told so before leaving
        onLogout={() => (unsentOnDevice > 0 ? setConfirming(true) : signOut())}
      />
      <SignOutDialog unsent={unsentOnDevice} opened={confirming} onCancel={() => setConfirming(false)} onConfirm={signOut} />
    </>
  )
}
