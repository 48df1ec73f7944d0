/**
 * Integration (SPEC 4): the real session actor, the real API client and a fake HTTP layer.
 * Ten requests fired at once with an expired token cause exactly one refresh and one retry each.
 */
import { act, renderHook, waitFor as waitForDom } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import { ApiError, createApiClient } from './api-client'
import type { ApiClient } from './api-client'
import { ACCESS_KEY, AUTH_KEY, REFRESH_KEY, REMEMBER_KEY, SESSION_MARKER_KEY, USER_KEY } from './storage'
import type { User } from './session-types'
import { LoginFailure, SessionProvider, createSessionActor, getAccessToken, isAuthenticated, useSession } from './session'
import type { SessionActor } from './session'

const ana: User = {
  id: 7,
  username: 'ana',
  role: 'supervisor',
  first_name: 'Ana',
  company: { id: 1, code: 'ACME', name: 'Acme', logoUrl: '/logo.png', logoUrlDark: null },
  default_site: { id: 2, code: 'S1', name: 'Site 1' },
  default_warehouse: null,
}

function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms))

/** A tiny in-memory API: one valid access token at a time, refresh rotates it after a delay. */
function fakeApi(options: { refreshFails?: boolean; meFails?: boolean; login?: (body: Record<string, string>) => Response } = {}) {
  let valid = 'access-0'
  let generation = 0
  const hits = new Map<string, number>()
  const log: Array<{ method: string; path: string; auth: string | null; body: unknown }> = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const auth = new Headers(init?.headers).get('authorization')
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    log.push({ method, path: url.pathname, auth, body })
    hits.set(`${method} ${url.pathname}`, (hits.get(`${method} ${url.pathname}`) ?? 0) + 1)
    if (init?.credentials !== 'omit') throw new Error('credentials must be omitted')
    switch (`${method} ${url.pathname}`) {
      case 'POST /api/auth/login':
        if (options.login) return options.login(body as Record<string, string>)
        return json(200, { access: valid, refresh: 'refresh-0' })
      case 'GET /api/auth/me':
        if (options.meFails) return json(500, { detail: 'boom' })
        return auth === `Bearer ${valid}` ? json(200, ana) : json(401, { detail: 'Token inválido' })
      case 'POST /api/auth/refresh':
        await tick(20) // the other requests fail meanwhile and must wait for this one
        if (options.refreshFails) return json(401, { detail: 'Token is invalid or expired' })
        generation += 1
        valid = `access-${generation}`
        return json(200, { access: valid, refresh: `refresh-${generation}` })
      case 'POST /api/auth/logout':
        return auth === `Bearer ${valid}` ? new Response(null, { status: 204 }) : json(401, { detail: 'Token expirado' })
      case 'GET /api/always-401/':
        return json(401, { detail: 'nope' })
    }
    await tick(url.pathname.startsWith('/api/slow/') ? 60 : Math.random() * 5)
    return auth === `Bearer ${valid}` ? json(200, { path: url.pathname }) : json(401, { detail: 'Token expirado' })
  }
  return {
    fetch: vi.fn(fetch),
    hits,
    log,
    expire: () => {
      valid = `access-expired-${Math.random()}`
    },
    hitsOf: (key: string) => hits.get(key) ?? 0,
  }
}

function storeSession(access: string, refresh: string | null, remember = true) {
  localStorage.setItem(ACCESS_KEY, access)
  if (refresh) localStorage.setItem(REFRESH_KEY, refresh)
  localStorage.setItem(AUTH_KEY, JSON.stringify({ access, refresh }))
  localStorage.setItem(USER_KEY, JSON.stringify(ana))
  if (!remember) localStorage.setItem(REMEMBER_KEY, '0')
}

const actors: SessionActor[] = []
function start(server: ReturnType<typeof fakeApi>): { actor: SessionActor; client: ApiClient } {
  const client = createApiClient({ fetch: server.fetch })
  const actor = createSessionActor({ client, peerTimeoutMs: 0 })
  actors.push(actor)
  return { actor, client }
}

async function signedInWithExpiredToken(server: ReturnType<typeof fakeApi>) {
  storeSession('access-0', 'refresh-0')
  const session = start(server)
  await waitFor(session.actor, (s) => s.matches('signedIn'))
  server.expire()
  return session
}

afterEach(() => {
  for (const actor of actors.splice(0)) actor.stop()
})

describe('refresh queue against a fake API (SPEC 4)', () => {
  it('ten requests with an expired token: one refresh, one retry each, all succeed', async () => {
    const server = fakeApi()
    const { actor, client } = await signedInWithExpiredToken(server)
    const paths = Array.from({ length: 10 }, (_, i) => `/items/${i}/`)
    const results = await Promise.all(paths.map((path) => client.get<{ path: string }>(path)))

    expect(results.map((r) => r.path)).toEqual(paths.map((p) => `/api${p}`))
    expect(server.hitsOf('POST /api/auth/refresh')).toBe(1)
    for (const path of paths) expect(server.hitsOf(`GET /api${path}`)).toBe(2)
    expect(actor.getSnapshot().context).toMatchObject({ access: 'access-1', refresh: 'refresh-1' })
    // the rotated tokens are stored under all three keys
    expect(localStorage.getItem(ACCESS_KEY)).toBe('access-1')
    expect(localStorage.getItem(REFRESH_KEY)).toBe('refresh-1')
    expect(JSON.parse(localStorage.getItem(AUTH_KEY) ?? '{}')).toEqual({ access: 'access-1', refresh: 'refresh-1' })
    expect(server.log.find((l) => l.path === '/api/auth/refresh')).toMatchObject({ body: { refresh: 'refresh-0' }, auth: null })
  })

  it('a 401 arriving after the refresh finished retries with the new token without refreshing again', async () => {
    const server = fakeApi()
    const { client } = await signedInWithExpiredToken(server)
    const slow = client.get('/slow/') // sent with the expired token; its 401 comes back after the refresh
    await client.get('/fast/')
    await expect(slow).resolves.toEqual({ path: '/api/slow/' })
    expect(server.hitsOf('POST /api/auth/refresh')).toBe(1)
    expect(server.log.filter((l) => l.path === '/api/slow/').map((l) => l.auth)).toEqual(['Bearer access-0', 'Bearer access-1'])
  })

  it('the refresh fails: all ten reject and the session is logged out', async () => {
    const server = fakeApi({ refreshFails: true })
    const { actor, client } = await signedInWithExpiredToken(server)
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => client.get(`/items/${i}/`)))

    expect(outcomes.every((o) => o.status === 'rejected' && o.reason instanceof ApiError && o.reason.status === 401)).toBe(true)
    expect(server.hitsOf('POST /api/auth/refresh')).toBe(1)
    for (let i = 0; i < 10; i++) expect(server.hitsOf(`GET /api/items/${i}/`)).toBe(1)
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(actor.getSnapshot().context.ended).toBe('expired')
    expect(localStorage.getItem(ACCESS_KEY)).toBeNull()
    expect(localStorage.getItem(AUTH_KEY)).toBeNull()
    expect(isAuthenticated(actor)).toBe(false)
  })

  it('a request that gets 401 after its retry is not retried again', async () => {
    const server = fakeApi()
    const { actor, client } = await signedInWithExpiredToken(server)
    await expect(client.get('/always-401/')).rejects.toMatchObject({ status: 401 })
    expect(server.hitsOf('GET /api/always-401/')).toBe(2)
    expect(server.hitsOf('POST /api/auth/refresh')).toBe(1)
    expect(actor.getSnapshot().value).toBe('signedIn')
  })

  it('without a refresh token a 401 logs out', async () => {
    const server = fakeApi()
    storeSession('access-0', null)
    const { actor, client } = start(server)
    await waitFor(actor, (s) => s.matches('signedIn'))
    server.expire()
    await expect(client.get('/x/')).rejects.toMatchObject({ status: 401 })
    expect(server.hitsOf('POST /api/auth/refresh')).toBe(0)
    expect(actor.getSnapshot().value).toBe('loggedOut')
  })
})

describe('boot and other tabs (SPEC 3, 4, 9)', () => {
  it('uses the stored token before the session has booted, and after', async () => {
    storeSession('access-0', 'refresh-0')
    const server = fakeApi()
    const { actor } = start(server)
    expect(isAuthenticated(actor)).toBe(true)
    expect(getAccessToken(actor)).toBe('access-0')
    await waitFor(actor, (s) => s.matches('signedIn'))
    expect(actor.getSnapshot().context.user).toEqual(ana)
  })

  it("drops a not-remembered session when this browser session has no marker", async () => {
    storeSession('access-0', 'refresh-0', false)
    const { actor } = start(fakeApi())
    expect(isAuthenticated(actor)).toBe(false)
    await waitFor(actor, (s) => s.matches('signedOut'))
    expect(localStorage.getItem(ACCESS_KEY)).toBeNull()
  })

  it('keeps a not-remembered session within the browser session', async () => {
    storeSession('access-0', 'refresh-0', false)
    sessionStorage.setItem(SESSION_MARKER_KEY, '1')
    const { actor } = start(fakeApi())
    await waitFor(actor, (s) => s.matches('signedIn'))
  })

  it('follows a logout and a refresh in another tab', async () => {
    storeSession('access-0', 'refresh-0')
    const { actor } = start(fakeApi())
    await waitFor(actor, (s) => s.matches('signedIn'))

    storeSession('access-9', 'refresh-9')
    window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_KEY, storageArea: localStorage }))
    expect(actor.getSnapshot().context).toMatchObject({ access: 'access-9', refresh: 'refresh-9' })

    localStorage.clear()
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }))
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(actor.getSnapshot().context.ended).toBe('elsewhere')
  })
})

describe('useSession', () => {
  function renderSession(server: ReturnType<typeof fakeApi>) {
    const { actor } = start(server)
    const wrapper = ({ children }: { children: ReactNode }) => <SessionProvider actor={actor}>{children}</SessionProvider>
    return { actor, ...renderHook(() => useSession(), { wrapper }) }
  }

  it('logs in: tokens stored, then the profile', async () => {
    const server = fakeApi()
    const { result } = renderSession(server)
    await waitForDom(() => expect(result.current.status).toBe('signedOut'))
    await act(() => result.current.login('ana', 'secret', true))
    expect(result.current.status).toBe('signedIn')
    expect(result.current.user).toEqual(ana)
    expect(server.log.map((l) => `${l.method} ${l.path}`)).toEqual(['POST /api/auth/login', 'GET /api/auth/me'])
    expect(server.log[0].body).toEqual({ username: 'ana', password: 'secret' })
    expect(server.log[1].auth).toBe('Bearer access-0')
    expect(localStorage.getItem(ACCESS_KEY)).toBe('access-0')
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')).toEqual(ana)
    expect(sessionStorage.getItem(SESSION_MARKER_KEY)).toBeNull()
  })

  it("without 'remember' writes the session marker", async () => {
    const { result } = renderSession(fakeApi())
    await act(() => result.current.login('ana', 'secret', false))
    expect(sessionStorage.getItem(SESSION_MARKER_KEY)).not.toBeNull()
    expect(localStorage.getItem(REMEMBER_KEY)).toBe('0')
  })

  it('completes the login when the profile fetch fails', async () => {
    const { result } = renderSession(fakeApi({ meFails: true }))
    await act(() => result.current.login('ana', 'secret', true))
    expect(result.current.status).toBe('signedIn')
    expect(result.current.user).toBeNull()
  })

  it.each([
    ['invalid', () => json(401, { detail: 'No active account found' }), { kind: 'invalid' }],
    ['throttled', () => json(429, { detail: 'Request was throttled.' }, { 'retry-after': '30' }), { kind: 'throttled', retryAfter: 30 }],
    ['server', () => json(400, { non_field_errors: ['Conta inativa'] }), { kind: 'server', text: 'Conta inativa' }],
  ] as const)('rejects a failed login as %s', async (_kind, login, expected) => {
    const { result } = renderSession(fakeApi({ login }))
    let failure: unknown
    await act(() => result.current.login('ana', 'x', true).catch((e: unknown) => (failure = e)))
    expect(failure).toBeInstanceOf(LoginFailure)
    expect(failure).toMatchObject(expected)
    expect(result.current.status).toBe('signedOut')
    expect(result.current.error).toMatchObject(expected)
  })

  it('rejects as network when the backend cannot be reached', async () => {
    const server = fakeApi()
    server.fetch.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')))
    const { result } = renderSession(server)
    const failure = await result.current.login('ana', 'x', true).catch((e: unknown) => e)
    expect(failure).toMatchObject({ kind: 'network' })
  })

  it('logs out: clears the session and tells the server, whose failure is ignored', async () => {
    const server = fakeApi()
    storeSession('access-0', 'refresh-0')
    const { result } = renderSession(server)
    await waitForDom(() => expect(result.current.status).toBe('signedIn'))
    server.fetch.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')))
    act(() => result.current.logout())
    expect(result.current.status).toBe('signedOut')
    expect(result.current.ended).toBe('logout')
    expect(localStorage.getItem(ACCESS_KEY)).toBeNull()
    expect(localStorage.getItem(USER_KEY)).toBeNull()
    await tick(10)
    const [url, init] = server.fetch.mock.calls.at(-1) ?? []
    expect([String(url), init?.method, init?.body]).toEqual(['/api/auth/logout', 'POST', JSON.stringify({ refresh: 'refresh-0' })])
    // SPEC 15.1: with the session's bearer, or the server cannot end the session
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer access-0')
    expect(result.current.status).toBe('signedOut')
  })

  it('logs out on the server though the access token expired meanwhile: renewed once, then sent', async () => {
    const server = fakeApi()
    storeSession('access-0', 'refresh-0')
    const { result } = renderSession(server)
    await waitForDom(() => expect(result.current.status).toBe('signedIn'))
    server.expire()
    act(() => result.current.logout())
    expect(result.current.status).toBe('signedOut')
    await waitForDom(() => expect(server.log.filter((l) => l.path === '/api/auth/logout')).toHaveLength(2))
    const calls = server.log.filter((l) => l.path !== '/api/auth/me').map((l) => `${l.method} ${l.path} ${l.auth ?? '-'}`)
    expect(calls.slice(-3)).toEqual(['POST /api/auth/logout Bearer access-0', 'POST /api/auth/refresh -', 'POST /api/auth/logout Bearer access-1'])
    expect(server.log.at(-1)?.body).toEqual({ refresh: 'refresh-0' })
    expect(result.current.status).toBe('signedOut')
  })
})
