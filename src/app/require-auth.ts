import { redirect, type ParsedLocation } from '@tanstack/react-router'
import type { RouterContext } from './router-context'
import { isAuthenticated } from '../lib/session'

/**
 * SPEC 2.1: with no access token, go to /login and come back afterwards.
 * Guards are UX only; the API checks the token on every request (STYLE habit 6).
 */
export function requireAuth({ context, location }: { context: RouterContext; location: ParsedLocation }): void {
  if (!isAuthenticated(context.session)) {
    throw redirect({ to: '/login', search: { redirect: location.href } })
  }
}
