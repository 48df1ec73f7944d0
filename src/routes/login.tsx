import { useEffect } from 'react'
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { isAuthenticated, useSession } from '../lib/session'
import { LoginPage } from '../features/auth/components/login-page'
import { landingAfterLogin } from '../features/auth/landing-after-login'

interface LoginSearch {
  redirect?: string
}

/** Only same-origin app paths are followed after login, never another site. */
function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/'
  return target
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: ({ context, search }) => {
    if (isAuthenticated(context.session)) throw redirect({ href: safeRedirect(search.redirect), replace: true })
  },
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect: target } = Route.useSearch()
  const router = useRouter()
  const { status, user } = useSession()
  // signed in from another tab (SPEC 4: token changes in another tab are followed): this login has nothing left to do
  useEffect(() => {
    if (status === 'signedIn') void router.navigate({ href: landingAfterLogin(safeRedirect(target), user), replace: true })
  }, [status, router, target, user])
  // SPEC 2.2: success replaces the history entry, so Back does not return to the login
  return <LoginPage onSignedIn={(signedIn) => void router.navigate({ href: landingAfterLogin(safeRedirect(target), signedIn), replace: true })} />
}
