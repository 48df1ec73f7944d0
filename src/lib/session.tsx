/**
 * The session in the app: the session machine (machines/session) with its real side effects,
 * the one actor the API client's refresh queue talks to, and the React hook the screens use.
 */
import { createContext, useCallback, useContext, useMemo } from 'react'
import type { ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import type { ActorRefFrom, EventObject, SnapshotFrom } from 'xstate'
import { classifyStoredSession, sessionMachine } from '../../machines/session/session.machine'
import type { LogoutInput, RefreshResult, SessionEvent, StoredSession, Tokens } from '../../machines/session/session.machine'
import { parseUser } from '../../machines/session/session-user'
import type { LoginError, LoginErrorKind } from '../../machines/session/login-error'
import { api, ApiError } from './api-client'
import type { ApiClient } from './api-client'
import { flowsInspect } from './flows-inspector'
import {
  SESSION_KEYS,
  clearSession,
  hasSessionMarker,
  readAccessToken,
  readStoredSession,
  writeSession,
  writeSessionMarker,
} from './storage'
import type { EndReason, SessionStatus, User } from './session-types'

export type SessionActor = ActorRefFrom<typeof sessionMachine>
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** The rejection of `login()`: a classified login error (SPEC 8) that is also an Error. */
export class LoginFailure extends Error implements LoginError {
  override readonly name = 'LoginFailure'
  readonly kind: LoginErrorKind
  readonly text?: string
  readonly retryAfter?: number

  constructor(error: LoginError) {
    super(error.text ?? `login failed: ${error.kind}`)
    this.kind = error.kind
    if (error.text !== undefined) this.text = error.text
    if (error.retryAfter !== undefined) this.retryAfter = error.retryAfter
  }
}

// ---- the real side effects ----

// Tabs of one browser session share a BroadcastChannel: a tab opened without the sessionStorage
// marker (a new tab, the /m/sim link) asks whether a live tab holds one before dropping a
// not-remembered session, so opening a tab does not log the others out.
const PEER_CHANNEL = 'movatic.session'

function askPeersForMarker(timeoutMs: number): Promise<boolean> {
  if (typeof BroadcastChannel === 'undefined' || timeoutMs <= 0) return Promise.resolve(false)
  const channel = new BroadcastChannel(PEER_CHANNEL)
  return new Promise((resolve) => {
    const done = (answer: boolean) => {
      clearTimeout(timer)
      channel.close()
      resolve(answer)
    }
    const timer = setTimeout(() => done(false), timeoutMs)
    channel.onmessage = (message: MessageEvent) => {
      if (message.data === 'alive') done(true)
    }
    channel.postMessage('ping')
  })
}

function readSync(): Extract<SessionEvent, { type: 'SESSION.SYNC' }> {
  const { access, refresh, user, remember } = readStoredSession()
  return { type: 'SESSION.SYNC', access, refresh, user, remember }
}

function parseTokens(body: unknown): Tokens {
  const { access, refresh } = (body ?? {}) as Record<string, unknown>
  if (typeof access !== 'string' || access === '') throw new Error('the server sent no access token')
  return { access, refresh: typeof refresh === 'string' && refresh !== '' ? refresh : null }
}

export interface SessionActorOptions {
  client?: ApiClient
  /** how long a tab without the marker waits for a live tab to vouch for the session */
  peerTimeoutMs?: number
}

export function createSessionActor({ client = api, peerTimeoutMs = 150 }: SessionActorOptions = {}): SessionActor {
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise<StoredSession>(async () => {
        const stored = readStoredSession()
        if (classifyStoredSession(stored) !== 'stale') return stored
        return { ...stored, marker: await askPeersForMarker(peerTimeoutMs) }
      }),
      loginRequest: fromPromise(async ({ input }) =>
        parseTokens(await client.post<unknown>('/auth/login', input, { auth: 'none' })),
      ),
      fetchProfile: fromPromise<User, { access: string }>(async ({ input }) => {
        const user = parseUser(await client.get<unknown>('/auth/me', { auth: { token: input.access } }))
        if (!user) throw new Error('unexpected profile shape')
        return user
      }),
      refreshRequest: fromPromise<RefreshResult, { refresh: string }>(async ({ input }) => {
        const { access, refresh } = parseTokens(await client.post<unknown>('/auth/refresh', input, { auth: 'none' }))
        return { access, refresh }
      }),
      logoutRequest: fromPromise<void, LogoutInput>(async ({ input }) => {
        // SPEC 15.1: the bearer names the session the server ends; an access token that expired meanwhile is
        // renewed once with the refresh token, so signing out after a long pause still ends the session
        const logout = (access: string) => client.post<unknown>('/auth/logout', { refresh: input.refresh }, { auth: { token: access } })
        const renewed = async () => parseTokens(await client.post<unknown>('/auth/refresh', { refresh: input.refresh }, { auth: 'none' })).access
        if (!input.access) return void (await logout(await renewed()))
        try {
          await logout(input.access)
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 401) throw error
          await logout(await renewed())
        }
      }),
      storageSync: fromCallback<EventObject>(({ sendBack }) => {
        // SPEC 4: token changes in another tab are followed
        const onStorage = (event: StorageEvent) => {
          if (event.storageArea !== localStorage) return
          if (event.key === null || SESSION_KEYS.includes(event.key)) sendBack(readSync())
        }
        window.addEventListener('storage', onStorage)
        const peers = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(PEER_CHANNEL)
        if (peers) {
          peers.onmessage = (message: MessageEvent) => {
            if (message.data === 'ping' && hasSessionMarker()) peers.postMessage('alive')
          }
        }
        return () => {
          window.removeEventListener('storage', onStorage)
          peers?.close()
        }
      }),
    },
    actions: {
      persistSession: ({ context }) => writeSession(context),
      clearPersistedSession: () => clearSession(),
      writeSessionMarker: () => writeSessionMarker(),
    },
  })
  const actor = createActor(machine, { inspect: flowsInspect })
  client.setAuthBridge({
    // SPEC 7: the token of the running session, else the stored one
    getAccessToken: () => actor.getSnapshot().context.access ?? readAccessToken(),
    refreshAccess: async (rejected) => {
      await waitFor(actor, (s) => !s.hasTag('booting') && !s.hasTag('signingIn'))
      actor.send({ type: 'ACCESS_REJECTED', token: rejected })
      // SPEC 4: wait for the one refresh (or for another tab's token); a logout rejects
      const settled = await waitFor(actor, (s) => s.hasTag('signedOut') || (s.matches('signedIn') && s.context.access !== rejected))
      if (!settled.context.access || !settled.hasTag('signedIn')) throw new Error('the session has ended')
      return settled.context.access
    },
  })
  actor.start()
  return actor
}

// ---- outside React: the router's guard and the API client ----

let appActor: SessionActor | undefined

/** The app's session actor, created and started on first use. */
export function getSessionActor(): SessionActor {
  appActor ??= createSessionActor()
  return appActor
}

/** Resolves once the stored session has been read (the guard can await it). */
export async function whenSessionReady(actor: SessionActor = getSessionActor()): Promise<void> {
  await waitFor(actor, (s) => !s.hasTag('booting'))
}

/** SPEC 2.1: the login guard's question. While booting, the stored session answers. */
export function isAuthenticated(actor: SessionActor = getSessionActor()): boolean {
  const snapshot = actor.getSnapshot()
  if (snapshot.hasTag('booting')) return classifyStoredSession(readStoredSession()) === 'usable'
  return snapshot.hasTag('signedIn')
}

export function getAccessToken(actor: SessionActor = getSessionActor()): string | null {
  return actor.getSnapshot().context.access ?? readAccessToken()
}

// ---- React ----

const SessionActorContext = createContext<SessionActor | null>(null)

/** Provides the session; tests pass their own `actor` (see createSessionActor). */
export function SessionProvider({ actor, children }: { actor?: SessionActor; children: ReactNode }) {
  const value = actor ?? getSessionActor()
  return <SessionActorContext.Provider value={value}>{children}</SessionActorContext.Provider>
}

function selectStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.hasTag('signedIn')) return 'signedIn'
  // booting counts as signing in, so nothing redirects to the login before the session is known
  if (snapshot.hasTag('signingIn') || snapshot.hasTag('booting')) return 'signingIn'
  return 'signedOut'
}

export async function loginWith(actor: SessionActor, username: string, password: string, remember: boolean): Promise<User | null> {
  await whenSessionReady(actor)
  actor.send({ type: 'LOGIN', username, password, remember })
  const settled = await waitFor(actor, (s) => !s.hasTag('signingIn'))
  if (settled.hasTag('signedIn')) return settled.context.user
  throw new LoginFailure(settled.context.error ?? { kind: 'server' })
}

export interface UseSession {
  status: SessionStatus
  user: User | null
  /** the last login's error (also the rejection of login()) */
  error: LoginError | null
  /** why the last session ended, when it did: 'logout' | 'expired' | 'elsewhere' */
  ended: EndReason | null
  /** resolves with the user (null when the profile could not be read) when signed in; rejects with a LoginFailure (kind 'invalid' | 'throttled' | 'network' | 'server') */
  login: (username: string, password: string, remember: boolean) => Promise<User | null>
  logout: () => void
}

export function useSession(): UseSession {
  const provided = useContext(SessionActorContext)
  const actor = provided ?? getSessionActor()
  const status = useSelector(actor, selectStatus)
  const user = useSelector(actor, (s) => s.context.user)
  const error = useSelector(actor, (s) => s.context.error)
  const ended = useSelector(actor, (s) => s.context.ended)
  const signIn = useCallback(
    (username: string, password: string, remember: boolean) => loginWith(actor, username, password, remember),
    [actor],
  )
  const logout = useCallback(() => actor.send({ type: 'LOGOUT' }), [actor])
  return useMemo(() => ({ status, user, error, ended, login: signIn, logout }), [status, user, error, ended, signIn, logout])
}
