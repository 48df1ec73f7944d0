/**
 * The session machine's model (issue 3, issue 8): the events to try and the bounded abstraction of
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

export const sessionModel: MachineModel<SessionModelEvent> = {
  machine: sessionMachine,
  events: () => sessionModelEvents,
  abstract: abstractSession,
}
