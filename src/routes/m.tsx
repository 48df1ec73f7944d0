import { createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { requireAuth } from '../app/require-auth'
import { useSession } from '../lib/session'
import { CollectorLayout } from '../components/collector-layout'
import { OutboxHost, useOutboxCounts } from '../features/collector/outbox/outbox-context'
import { PendingBadge } from '../features/collector/components/pending-badge'

// the first-load budget of SPEC 11.13: the outbox (idb, the sender) and the offline cache load with the flows that use
// them (outbox-context.tsx, offline-cache-provider.tsx), and the warning's modal when it opens
const SignOutDialog = lazy(() => import('../features/collector/components/sign-out-dialog').then((m) => ({ default: m.SignOutDialog })))

// SPEC 2.16: every collector route is guarded like the desktop ones.
export const Route = createFileRoute('/m')({
  beforeLoad: requireAuth,
  component: CollectorRoute,
})

function CollectorRoute() {
  return (
    <OutboxHost>
      <CollectorShell />
    </OutboxHost>
  )
}

function CollectorShell() {
  const { status, user, logout } = useSession()
  const navigate = useNavigate()
  const href = useRouterState({ select: (state) => state.location.href })
  const loggingOut = useRef(false)
  const { unsentOnDevice } = useOutboxCounts()
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
        // SPEC 11.1: unsent commands are kept, and the operator is told so before leaving
        onLogout={() => (unsentOnDevice > 0 ? setConfirming(true) : signOut())}
      />
      {confirming ? (
        <Suspense fallback={null}>
          <SignOutDialog unsent={unsentOnDevice} opened onCancel={() => setConfirming(false)} onConfirm={signOut} />
        </Suspense>
      ) : null}
    </>
  )
}
