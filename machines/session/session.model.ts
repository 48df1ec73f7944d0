/**
 * The session machine's model (SPEC 4, ADR 0007): the events to try and the bounded abstraction of
 * a snapshot. session.model.test.ts replays every generated path on a running actor; the flows
 * tooling (npm run flows, /flows) draws and lists the same paths.
 */
import type { AnyMachineSnapshot } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import { sessionMachine } from './session.machine'
import type { SessionContext, SessionEvent, StoredSession } from './session.machine'
import type { User } from './session-user'

export const ana: User = {
  id: 1,
  username: 'ana',
  role: 'operator',
  company: { id: 1, code: 'ACME', name: 'Acme', logoUrl: null, logoUrlDark: null },
  default_site: null,
  default_warehouse: null,
}

const restored = (over: Partial<StoredSession>): StoredSession => ({
  access: 'a1',
  refresh: 'r1',
  user: ana,
  remember: true,
  marker: false,
  ...over,
})

export type SessionModelEvent = SessionEvent | { type: string; output?: unknown; error?: unknown }

export const sessionModelEvents: SessionModelEvent[] = [
  { type: 'xstate.done.actor.restoreSession', output: restored({}) },
  { type: 'xstate.done.actor.restoreSession', output: restored({ remember: false, marker: true }) },
  { type: 'xstate.done.actor.restoreSession', output: restored({ refresh: null }) },
  { type: 'xstate.done.actor.restoreSession', output: restored({ remember: false, marker: false }) },
  { type: 'xstate.done.actor.restoreSession', output: restored({ access: null, refresh: null, user: null }) },
  { type: 'xstate.error.actor.restoreSession', error: { name: 'SecurityError' } },
  { type: 'LOGIN', username: 'ana', password: 'pw', remember: true },
  { type: 'LOGIN', username: 'ana', password: 'pw', remember: false },
  { type: 'xstate.done.actor.loginRequest', output: { access: 'a1', refresh: 'r1' } },
  { type: 'xstate.error.actor.loginRequest', error: { status: 401, data: { detail: 'No active account' } } },
  { type: 'xstate.error.actor.loginRequest', error: { status: 0 } },
  { type: 'xstate.done.actor.fetchProfile', output: ana },
  { type: 'xstate.error.actor.fetchProfile', error: { status: 500 } },
  // a 401 for each token there can be: the current one starts a refresh, older ones do not
  ...['a1', 'a2', 'b1'].map((token) => ({ type: 'ACCESS_REJECTED', token })),
  { type: 'xstate.done.actor.refreshRequest', output: { access: 'a2' } },
  { type: 'xstate.done.actor.refreshRequest', output: { access: 'a2', refresh: 'r2' } },
  { type: 'xstate.error.actor.refreshRequest', error: { status: 401 } },
  { type: 'LOGOUT' },
  { type: 'xstate.error.actor.logoutRequest', error: { status: 0 } },
  { type: 'SESSION.SYNC', access: null, refresh: null, user: null, remember: true },
  { type: 'SESSION.SYNC', access: 'b1', refresh: 'rb', user: ana, remember: false },
]

// The serialised snapshot keeps the state, the token values and flags, and only the kind of a
// login error. Tokens come only from the events above (a1, a2, b1 / r1, r2, rb), so the set of
// snapshots is finite; token values stay concrete because the refresh guards compare them.
export function abstractSession(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as SessionContext
  return {
    value: snapshot.value,
    access: c.access,
    refresh: c.refresh,
    user: c.user !== null,
    remember: c.remember,
    error: c.error?.kind ?? null,
    ended: c.ended,
  }
}

/**
 * The events the login and a signed-in screen (the product list) can produce in a snapshot (the screen replay,
 * src/app/session.screen-flows.test.tsx). The rest have no stimulus on the real app.
 */
export function sessionScreenEvents(snapshot: AnyMachineSnapshot): SessionModelEvent[] {
  const c = snapshot.context as SessionContext
  return sessionModelEvents.filter((event) => {
    switch (event.type) {
      // the app's restore reads storage through guarded reads (src/lib/storage.ts): it cannot fail
      case 'xstate.error.actor.restoreSession':
        return false
      // a 401 comes back for a request the screen sends now, with the current token; the late 401 of a request sent with
      // an older token would need a request kept in flight across a refresh, which the replay does not stage
      case 'ACCESS_REJECTED':
        return (event as { token: string }).token === c.access
      // Sair is in the signed-in shell; while the profile loads the user is still on the login page
      case 'LOGOUT':
        return snapshot.hasTag('signedIn')
      // the failure of the server logout that a Sair just sent (and that is still in flight)
      case 'xstate.error.actor.logoutRequest':
        return snapshot.matches('loggedOut') && c.ended === 'logout' && 'logoutRequest' in snapshot.children
      default:
        return true
    }
  })
}

export const sessionModel: MachineModel<SessionModelEvent> = {
  machine: sessionMachine,
  events: () => sessionModelEvents,
  abstract: abstractSession,
  screens: [{ screen: '/login, /catalog/products', test: 'src/app/session.screen-flows.test.tsx', events: sessionScreenEvents, sample: 8 }],
}
