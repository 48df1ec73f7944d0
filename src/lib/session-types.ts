/**
 * The session's types for the app. The user type lives beside the session machine, which
 * validates what it stores; import it from here in app code.
 */
export type { CodeRef, Role, User, UserCompany } from '../../machines/session/session-user'
export type { LoginError, LoginErrorKind } from '../../machines/session/login-error'
export type { EndReason } from '../../machines/session/session.machine'

/** What the UI shows: booting counts as signing in, so nothing redirects before the session is known. */
export type SessionStatus = 'signedOut' | 'signingIn' | 'signedIn'
