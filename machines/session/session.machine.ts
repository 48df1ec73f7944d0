import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate'
import type { EventObject } from 'xstate'
import { classifyLoginError } from './login-error'
import type { LoginError } from './login-error'
import type { User } from './session-user'

/**
 * The client session (SPEC 3, 4, 9). Every side effect is a named actor or action that the app
 * supplies with `.provide()` (src/app/session.tsx); the defaults here do nothing or fail loudly.
 *
 * booting --restore--> signedIn | signedOut
 * signedOut/loggedOut --LOGIN--> loggingIn --> fetchingProfile --> signedIn
 * signedIn --ACCESS_REJECTED--> refreshing --> signedIn | loggedOut
 * signedIn/refreshing --LOGOUT | refresh failed | other tab signed out--> loggedOut
 */

export interface Tokens {
  access: string
  /** SPEC 3: the refresh response may omit it; then the stored one stays. */
  refresh: string | null
}

/** What the app finds in storage at boot (src/lib/storage.ts reads it). */
export interface StoredSession {
  access: string | null
  refresh: string | null
  user: User | null
  /** false when the user unticked 'Lembrar-me neste dispositivo' */
  remember: boolean
  /** the sessionStorage marker (`movatic.session`) is present, or a live tab vouched for it */
  marker: boolean
}

export type StoredSessionState = 'usable' | 'stale' | 'empty'

/**
 * SPEC 3/9: with 'remember' off the session ends with the browser session. sessionStorage dies
 * with it, so tokens stored without 'remember' and without the marker belong to a dead session.
 */
export function classifyStoredSession(stored: StoredSession): StoredSessionState {
  if (!stored.access) return 'empty'
  if (!stored.remember && !stored.marker) return 'stale'
  return 'usable'
}

/** Why the last session ended: the user logged out, the refresh failed, or another tab logged out. */
export type EndReason = 'logout' | 'expired' | 'elsewhere'

export interface SessionContext {
  access: string | null
  refresh: string | null
  user: User | null
  remember: boolean
  error: LoginError | null
  ended: EndReason | null
}

export interface LoginInput {
  username: string
  password: string
}

/** What the server logout needs: the refresh token, and the access token whose bearer names the session. */
export interface LogoutInput {
  refresh: string
  access: string | null
}

export interface RefreshResult {
  access: string
  refresh?: string | null
}

/** The session as another tab left it in storage (SPEC 4: token changes in another tab are followed). */
export interface SyncPayload {
  access: string | null
  refresh: string | null
  user: User | null
  remember: boolean
}

export type SessionEvent =
  | { type: 'LOGIN'; username: string; password: string; remember: boolean }
  | { type: 'LOGOUT' }
  /** A request sent with `token` got a 401 (sent by the API client). */
  | { type: 'ACCESS_REJECTED'; token: string | null }
  | ({ type: 'SESSION.SYNC' } & SyncPayload)
  /** The spawned, fire-and-forget server logout failed. */
  | { type: 'xstate.error.actor.logoutRequest'; error: unknown }

const emptySession = { access: null, refresh: null, user: null } as const

function notProvided(name: string): never {
  throw new Error(`session machine: actor '${name}' must be supplied with .provide()`)
}

function sameUser(a: User | null, b: User | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as 'booting' | 'signedOut' | 'signingIn' | 'signedIn',
    children: {} as {
      storageSync: 'storageSync'
      restoreSession: 'restoreSession'
      loginRequest: 'loginRequest'
      fetchProfile: 'fetchProfile'
      refreshRequest: 'refreshRequest'
      logoutRequest: 'logoutRequest'
    },
  },
  actors: {
    restoreSession: fromPromise<StoredSession>(async () => notProvided('restoreSession')),
    loginRequest: fromPromise<Tokens, LoginInput>(async () => notProvided('loginRequest')),
    fetchProfile: fromPromise<User, { access: string }>(async () => notProvided('fetchProfile')),
    refreshRequest: fromPromise<RefreshResult, { refresh: string }>(async () => notProvided('refreshRequest')),
    logoutRequest: fromPromise<void, LogoutInput>(async () => notProvided('logoutRequest')),
    /** Listens to storage events and sends SESSION.SYNC; the default listens to nothing. */
    storageSync: fromCallback<EventObject>(() => undefined),
  },
  actions: {
    /** Write access, refresh, the combined key, 'remember' and the user (all from context). */
    persistSession: (_args) => {},
    /** Remove tokens, user, 'remember' and the session marker. */
    clearPersistedSession: (_args) => {},
    /** Write the `movatic.session` marker to sessionStorage. */
    writeSessionMarker: (_args) => {},
    assignRestored: assign((_, stored: StoredSession) => ({
      access: stored.access,
      refresh: stored.refresh,
      user: stored.user,
      remember: stored.remember,
      error: null,
      ended: null,
    })),
    startLogin: assign(({ event }) => {
      assertEvent(event, 'LOGIN')
      return { remember: event.remember, error: null, ended: null }
    }),
    assignTokens: assign((_, tokens: Tokens) => ({ access: tokens.access, refresh: tokens.refresh, user: null })),
    assignLoginError: assign((_, params: { error: unknown }) => ({
      ...emptySession,
      error: classifyLoginError(params.error),
    })),
    assignUser: assign((_, user: User) => ({ user })),
    assignRefreshed: assign(({ context }, result: RefreshResult) => ({
      access: result.access,
      // SPEC 3: an optional new refresh token replaces the stored one
      refresh: result.refresh ?? context.refresh,
    })),
    adoptSynced: assign(({ event }) => {
      assertEvent(event, 'SESSION.SYNC')
      return {
        access: event.access,
        refresh: event.refresh,
        user: event.user,
        remember: event.remember,
        error: null,
        ended: null,
      }
    }),
    /**
     * Fire-and-forget `POST /api/auth/logout {refresh}` with the session's bearer (SPEC 15.1: the server ends the
     * session the bearer names): its failure is ignored (SPEC 4).
     */
    logoutOnServer: enqueueActions(({ context, enqueue }) => {
      if (context.refresh) enqueue.spawnChild('logoutRequest', { id: 'logoutRequest', input: { refresh: context.refresh, access: context.access } })
    }),
    endSession: assign((_, params: { reason: EndReason }) => ({ ...emptySession, error: null, ended: params.reason })),
  },
  guards: {
    restoredUsable: (_, stored: StoredSession) => classifyStoredSession(stored) === 'usable',
    restoredStale: (_, stored: StoredSession) => classifyStoredSession(stored) === 'stale',
    rememberOff: ({ context }) => !context.remember,
    /** The 401 came back for a token that a refresh (here or in another tab) already replaced. */
    tokenAlreadyReplaced: ({ context, event }) => {
      assertEvent(event, 'ACCESS_REJECTED')
      return event.token !== context.access
    },
    noRefreshToken: ({ context }) => !context.refresh,
    syncSignedIn: ({ event }) => {
      assertEvent(event, 'SESSION.SYNC')
      return event.access !== null
    },
    syncSignedOut: ({ event }) => {
      assertEvent(event, 'SESSION.SYNC')
      return event.access === null
    },
    syncChanged: ({ context, event }) => {
      assertEvent(event, 'SESSION.SYNC')
      return (
        event.access !== context.access ||
        event.refresh !== context.refresh ||
        !sameUser(event.user, context.user)
      )
    },
    syncNewAccess: ({ context, event }) => {
      assertEvent(event, 'SESSION.SYNC')
      return event.access !== context.access
    },
  },
})

export const sessionMachine = sessionSetup
  .extend({
    actions: {
      // SPEC 3: with 'remember' off, a marker in sessionStorage ties the session to the browser session
      markBrowserSessionIfNotRemembered: sessionSetup.enqueueActions(({ check, enqueue }) => {
        if (check('rememberOff')) enqueue('writeSessionMarker')
      }),
    },
  })
  .createMachine({
    id: 'session',
    context: { ...emptySession, remember: true, error: null, ended: null },
    invoke: { src: 'storageSync', id: 'storageSync' },
    on: {
      // SPEC 4: the server logout is fire-and-forget; its failure is ignored
      'xstate.error.actor.logoutRequest': {},
    },
    initial: 'booting',
    states: {
      booting: {
        tags: ['booting'],
        invoke: {
          src: 'restoreSession',
          id: 'restoreSession',
          onDone: [
            {
              guard: { type: 'restoredUsable', params: ({ event }) => event.output },
              target: 'signedIn',
              actions: [{ type: 'assignRestored', params: ({ event }) => event.output }, 'markBrowserSessionIfNotRemembered'],
            },
            // SPEC 3: a not-remembered session from a browser session that has ended is dropped
            {
              guard: { type: 'restoredStale', params: ({ event }) => event.output },
              target: 'signedOut',
              actions: 'clearPersistedSession',
            },
            { target: 'signedOut' },
          ],
          onError: { target: 'signedOut' },
        },
      },
      signedOut: {
        tags: ['signedOut'],
        on: {
          LOGIN: { target: 'loggingIn', actions: 'startLogin' },
          'SESSION.SYNC': {
            guard: 'syncSignedIn',
            target: 'signedIn',
            actions: ['adoptSynced', 'markBrowserSessionIfNotRemembered'],
          },
        },
      },
      loggingIn: {
        tags: ['signingIn'],
        invoke: {
          src: 'loginRequest',
          id: 'loginRequest',
          input: ({ event }) => {
            assertEvent(event, 'LOGIN')
            return { username: event.username, password: event.password }
          },
          // SPEC 4: tokens are stored first, then the profile is fetched
          onDone: {
            target: 'fetchingProfile',
            actions: [
              { type: 'assignTokens', params: ({ event }) => event.output },
              'persistSession',
              'markBrowserSessionIfNotRemembered',
            ],
          },
          onError: { target: 'signedOut', actions: { type: 'assignLoginError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      fetchingProfile: {
        tags: ['signingIn'],
        invoke: {
          src: 'fetchProfile',
          id: 'fetchProfile',
          input: ({ context }) => ({ access: context.access ?? '' }),
          onDone: {
            target: 'signedIn',
            actions: [{ type: 'assignUser', params: ({ event }) => event.output }, 'persistSession'],
          },
          // SPEC 4: a failed profile fetch is ignored and login still completes
          onError: { target: 'signedIn' },
        },
        on: {
          LOGOUT: {
            target: 'loggedOut',
            actions: ['logoutOnServer', 'clearPersistedSession', { type: 'endSession', params: { reason: 'logout' } }],
          },
        },
      },
      signedIn: {
        tags: ['signedIn'],
        on: {
          LOGOUT: {
            target: 'loggedOut',
            actions: ['logoutOnServer', 'clearPersistedSession', { type: 'endSession', params: { reason: 'logout' } }],
          },
          ACCESS_REJECTED: [
            // the request just retries with the newer token
            { guard: 'tokenAlreadyReplaced' },
            // SPEC 4: without a refresh token the user is logged out
            {
              guard: 'noRefreshToken',
              target: 'loggedOut',
              actions: ['clearPersistedSession', { type: 'endSession', params: { reason: 'expired' } }],
            },
            { target: 'refreshing' },
          ],
          'SESSION.SYNC': [
            // SPEC 4: logging out in one tab logs out all
            {
              guard: 'syncSignedOut',
              target: 'loggedOut',
              actions: ['clearPersistedSession', { type: 'endSession', params: { reason: 'elsewhere' } }],
            },
            { guard: 'syncChanged', actions: ['adoptSynced', 'markBrowserSessionIfNotRemembered'] },
          ],
        },
      },
      refreshing: {
        tags: ['signedIn'],
        invoke: {
          src: 'refreshRequest',
          id: 'refreshRequest',
          input: ({ context }) => ({ refresh: context.refresh ?? '' }),
          onDone: {
            target: 'signedIn',
            actions: [{ type: 'assignRefreshed', params: ({ event }) => event.output }, 'persistSession'],
          },
          // SPEC 4: a failed refresh logs the user out; the waiting requests then reject
          onError: {
            target: 'loggedOut',
            actions: ['clearPersistedSession', { type: 'endSession', params: { reason: 'expired' } }],
          },
        },
        on: {
          // SPEC 4: requests failing while a refresh runs wait for it; one refresh serves them all
          ACCESS_REJECTED: {},
          LOGOUT: {
            target: 'loggedOut',
            actions: ['logoutOnServer', 'clearPersistedSession', { type: 'endSession', params: { reason: 'logout' } }],
          },
          'SESSION.SYNC': [
            {
              guard: 'syncSignedOut',
              target: 'loggedOut',
              actions: ['clearPersistedSession', { type: 'endSession', params: { reason: 'elsewhere' } }],
            },
            // another tab refreshed first: adopt its token instead of spending ours
            { guard: 'syncNewAccess', target: 'signedIn', actions: ['adoptSynced', 'markBrowserSessionIfNotRemembered'] },
          ],
        },
      },
      loggedOut: {
        tags: ['signedOut'],
        on: {
          LOGIN: { target: 'loggingIn', actions: 'startLogin' },
          'SESSION.SYNC': {
            guard: 'syncSignedIn',
            target: 'signedIn',
            actions: ['adoptSynced', 'markBrowserSessionIfNotRemembered'],
          },
        },
      },
    },
  })

export type SessionMachine = typeof sessionMachine
