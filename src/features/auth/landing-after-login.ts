import type { User } from '../../lib/session-types'

/** A phone or a handheld (the collector is at most 420 px wide, docs/requirements.md §2.16), not a desktop window. */
export const PHONE_SIZED = '(max-width: 600px)'

/**
 * Where a sign-in lands (docs/requirements.md §2.2, §2.16), given the safe place the user was going ('/' when none):
 * there, except that an operator on a phone-sized screen going nowhere in particular lands on the collector's
 * /m/home; everyone else (a desktop-sized operator too) keeps the dashboard.
 */
export function landingAfterLogin(target: string, user: User | null): string {
  if (target !== '/' || user?.role !== 'operator') return target
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_SIZED).matches ? '/m/home' : '/'
}
