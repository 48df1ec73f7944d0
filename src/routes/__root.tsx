import { lazy, Suspense } from 'react'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { RouterContext } from '../app/router-context'
import { useSession } from '../lib/session'

// The service worker registers, and its banners can show, once the user is signed in: the shell it precaches is
// for signed-in use, and the login's first load stays without the registration code (the budget of SPEC 17.5;
// src/lib/service-worker.ts); the banners' own drawing loads when they have something to show (pwa-host.tsx).
const PwaHost = lazy(() => import('../components/pwa-host').then((m) => ({ default: m.PwaHost })))

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
})

function RootLayout() {
  const { status } = useSession()
  return (
    <>
      <Outlet />
      {status === 'signedIn' ? (
        <Suspense fallback={null}>
          <PwaHost />
        </Suspense>
      ) : null}
    </>
  )
}
