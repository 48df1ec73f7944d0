import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import type { EventObject } from 'xstate'
import { classifyStoredSession, sessionMachine } from './session.machine'
import type { RefreshResult, SessionEvent, StoredSession, Tokens } from './session.machine'
import type { User } from './session-user'

const ana: User = {
  id: 1,
  username: 'ana',
  role: 'admin',
  company: { id: 1, code: 'ACME', name: 'Acme', logoUrl: null, logoUrlDark: null },
  default_site: null,
  default_warehouse: null,
}

const nothingStored: StoredSession = { access: null, refresh: null, user: null, remember: true, marker: false }

interface Fakes {
  stored?: StoredSession | Error
  login?: (input: { username: string; password: string }) => Promise<Tokens>
  profile?: (input: { access: string }) => Promise<User>
  refresh?: (input: { refresh: string }) => Promise<RefreshResult>
  logout?: (input: { refresh: string; access: string | null }) => Promise<void>
}

function start(fakes: Fakes = {}) {
  const calls = {
    persist: vi.fn(),
    clear: vi.fn(),
    marker: vi.fn(),
    login: vi.fn(fakes.login ?? (async () => ({ access: 'a1', refresh: 'r1' }))),
    profile: vi.fn(fakes.profile ?? (async () => ana)),
    refresh: vi.fn(fakes.refresh ?? (async () => ({ access: 'a2' }))),
    logout: vi.fn(fakes.logout ?? (async () => undefined)),
  }
  let sendToSession: ((event: SessionEvent) => void) | undefined
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => {
        const stored = fakes.stored ?? nothingStored
        if (stored instanceof Error) throw stored
        return stored
      }),
      loginRequest: fromPromise(({ input }) => calls.login(input)),
      fetchProfile: fromPromise(({ input }) => calls.profile(input)),
      refreshRequest: fromPromise(({ input }) => calls.refresh(input)),
      logoutRequest: fromPromise(({ input }) => calls.logout(input)),
      storageSync: fromCallback<EventObject>(({ sendBack }) => {
        sendToSession = sendBack
      }),
    },
    actions: {
      persistSession: ({ context }) => calls.persist({ ...context }),
      clearPersistedSession: () => calls.clear(),
      writeSessionMarker: () => calls.marker(),
    },
  })
  const actor = createActor(machine).start()
  const fromOtherTab = (event: SessionEvent) => {
    if (!sendToSession) throw new Error('storageSync was not started')
    sendToSession(event)
  }
  return { actor, calls, fromOtherTab }
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.hasTag('booting') && !s.hasTag('signingIn') && !s.matches('refreshing'))

async function signedIn(fakes: Fakes = {}) {
  const session = start({
    stored: { access: 'a1', refresh: 'r1', user: ana, remember: true, marker: false },
    ...fakes,
  })
  await waitFor(session.actor, (s) => s.matches('signedIn'))
  return session
}

describe('stored session at boot (SPEC 3, 9)', () => {
  it('classifies what storage holds', () => {
    expect(classifyStoredSession(nothingStored)).toBe('empty')
    expect(classifyStoredSession({ ...nothingStored, access: 'a', remember: true })).toBe('usable')
    expect(classifyStoredSession({ ...nothingStored, access: 'a', remember: false, marker: true })).toBe('usable')
    expect(classifyStoredSession({ ...nothingStored, access: 'a', remember: false, marker: false })).toBe('stale')
  })

  it('resumes a remembered session', async () => {
    const { actor, calls } = start({ stored: { access: 'a1', refresh: 'r1', user: ana, remember: true, marker: false } })
    expect(actor.getSnapshot().hasTag('booting')).toBe(true)
    const s = await settled(actor)
    expect(s.value).toBe('signedIn')
    expect(s.context).toMatchObject({ access: 'a1', refresh: 'r1', user: ana })
    expect(calls.clear).not.toHaveBeenCalled()
    expect(calls.marker).not.toHaveBeenCalled()
  })

  it('drops tokens of a not-remembered session whose browser session ended', async () => {
    const { actor, calls } = start({ stored: { access: 'a1', refresh: 'r1', user: ana, remember: false, marker: false } })
    const s = await settled(actor)
    expect(s.value).toBe('signedOut')
    expect(s.context.access).toBeNull()
    expect(calls.clear).toHaveBeenCalledTimes(1)
  })

  it('keeps a not-remembered session while its browser session lives, and re-marks it', async () => {
    const { actor, calls } = start({ stored: { access: 'a1', refresh: 'r1', user: ana, remember: false, marker: true } })
    expect((await settled(actor)).value).toBe('signedIn')
    expect(calls.marker).toHaveBeenCalledTimes(1)
  })

  it('starts signed out when storage is empty or unreadable', async () => {
    expect((await settled(start().actor)).value).toBe('signedOut')
    expect((await settled(start({ stored: new Error('denied') }).actor)).value).toBe('signedOut')
  })
})

describe('login (SPEC 3, 4, 8)', () => {
  it('stores the tokens, then fetches and stores the profile', async () => {
    const { actor, calls } = start()
    await settled(actor)
    actor.send({ type: 'LOGIN', username: 'ana', password: 'pw', remember: true })
    expect(actor.getSnapshot().value).toBe('loggingIn')
    const s = await settled(actor)
    expect(s.value).toBe('signedIn')
    expect(calls.login).toHaveBeenCalledWith({ username: 'ana', password: 'pw' })
    expect(calls.profile).toHaveBeenCalledWith({ access: 'a1' })
    // first write: tokens without the user; second: with the user
    expect(calls.persist.mock.calls.map(([c]) => [c.access, c.refresh, c.user])).toEqual([
      ['a1', 'r1', null],
      ['a1', 'r1', ana],
    ])
    expect(calls.marker).not.toHaveBeenCalled()
    expect(JSON.stringify(s.context)).not.toContain('pw')
  })

  it('completes the login when the profile fetch fails', async () => {
    const { actor, calls } = start({ profile: async () => Promise.reject(new Error('500')) })
    await settled(actor)
    actor.send({ type: 'LOGIN', username: 'ana', password: 'pw', remember: true })
    const s = await settled(actor)
    expect(s.value).toBe('signedIn')
    expect(s.context).toMatchObject({ access: 'a1', user: null, error: null })
    expect(calls.persist).toHaveBeenCalledTimes(1)
  })

  it("writes the session marker when 'remember' is off", async () => {
    const { actor, calls } = start()
    await settled(actor)
    actor.send({ type: 'LOGIN', username: 'ana', password: 'pw', remember: false })
    const s = await settled(actor)
    expect(s.context.remember).toBe(false)
    expect(calls.persist.mock.calls[0][0]).toMatchObject({ remember: false })
    expect(calls.marker).toHaveBeenCalledTimes(1)
  })

  it('classifies a failed login and stays signed out', async () => {
    const { actor } = start({ login: async () => Promise.reject({ status: 401, data: { detail: 'No active account' } }) })
    await settled(actor)
    actor.send({ type: 'LOGIN', username: 'ana', password: 'bad', remember: true })
    const s = await settled(actor)
    expect(s.value).toBe('signedOut')
    expect(s.context.error).toEqual({ kind: 'invalid' })
  })

  it('clears the previous error on the next attempt', async () => {
    let attempt = 0
    const { actor } = start({
      login: async () => (attempt++ === 0 ? Promise.reject({ status: 0 }) : { access: 'a1', refresh: 'r1' }),
    })
    await settled(actor)
    actor.send({ type: 'LOGIN', username: 'ana', password: 'pw', remember: true })
    expect((await settled(actor)).context.error).toEqual({ kind: 'network' })
    actor.send({ type: 'LOGIN', username: 'ana', password: 'pw', remember: true })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect((await settled(actor)).value).toBe('signedIn')
  })
})

describe('logout (SPEC 4)', () => {
  it('clears tokens and user and tells the server, fire-and-forget', async () => {
    let finishLogout: (() => void) | undefined
    const { actor, calls } = await signedIn({ logout: () => new Promise<void>((resolve) => (finishLogout = resolve)) })
    actor.send({ type: 'LOGOUT' })
    const s = actor.getSnapshot()
    // signed out at once, without waiting for the server
    expect(s.value).toBe('loggedOut')
    expect(s.context).toMatchObject({ access: null, refresh: null, user: null, ended: 'logout' })
    expect(calls.clear).toHaveBeenCalledTimes(1)
    expect(calls.logout).toHaveBeenCalledWith({ refresh: 'r1', access: 'a1' })
    finishLogout?.()
  })

  it('ignores a failing server logout', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { actor } = await signedIn({ logout: async () => Promise.reject(new Error('offline')) })
    const seen: string[] = []
    actor.subscribe({ next: (s) => seen.push(String(s.value)), error: (e) => seen.push(`error ${String(e)}`) })
    actor.send({ type: 'LOGOUT' })
    await new Promise((r) => setTimeout(r, 10))
    expect(actor.getSnapshot().status).toBe('active')
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(seen.filter((v) => v.startsWith('error'))).toEqual([])
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })

  it('can log in again after logging out', async () => {
    const { actor } = await signedIn()
    actor.send({ type: 'LOGOUT' })
    actor.send({ type: 'LOGIN', username: 'ana', password: 'pw', remember: true })
    const s = await settled(actor)
    expect(s.value).toBe('signedIn')
    expect(s.context.ended).toBeNull()
  })
})

describe('refresh (SPEC 4)', () => {
  it('refreshes once for any number of 401s and keeps the stored refresh token when none comes back', async () => {
    const { actor, calls } = await signedIn()
    for (let i = 0; i < 5; i++) actor.send({ type: 'ACCESS_REJECTED', token: 'a1' })
    expect(actor.getSnapshot().value).toBe('refreshing')
    const s = await settled(actor)
    expect(s.value).toBe('signedIn')
    expect(s.context).toMatchObject({ access: 'a2', refresh: 'r1' })
    expect(calls.refresh).toHaveBeenCalledTimes(1)
    expect(calls.refresh).toHaveBeenCalledWith({ refresh: 'r1' })
    expect(calls.persist).toHaveBeenLastCalledWith(expect.objectContaining({ access: 'a2', refresh: 'r1' }))
  })

  it('replaces the refresh token when the server rotates it', async () => {
    const { actor } = await signedIn({ refresh: async () => ({ access: 'a2', refresh: 'r2' }) })
    actor.send({ type: 'ACCESS_REJECTED', token: 'a1' })
    expect((await settled(actor)).context).toMatchObject({ access: 'a2', refresh: 'r2' })
  })

  it('does not refresh for a 401 on a token that was already replaced', async () => {
    const { actor, calls } = await signedIn()
    actor.send({ type: 'ACCESS_REJECTED', token: 'a0' })
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(calls.refresh).not.toHaveBeenCalled()
  })

  it('logs out when the refresh fails', async () => {
    const { actor, calls } = await signedIn({ refresh: async () => Promise.reject({ status: 401 }) })
    actor.send({ type: 'ACCESS_REJECTED', token: 'a1' })
    const s = await settled(actor)
    expect(s.value).toBe('loggedOut')
    expect(s.context).toMatchObject({ access: null, ended: 'expired' })
    expect(calls.clear).toHaveBeenCalledTimes(1)
    expect(calls.logout).not.toHaveBeenCalled()
  })

  it('logs out without a refresh token', async () => {
    const { actor, calls } = await signedIn({ stored: { access: 'a1', refresh: null, user: ana, remember: true, marker: false } })
    actor.send({ type: 'ACCESS_REJECTED', token: 'a1' })
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(calls.refresh).not.toHaveBeenCalled()
  })
})

describe('other tabs (SPEC 4)', () => {
  it('logging out in another tab logs this one out', async () => {
    const { actor, calls, fromOtherTab } = await signedIn()
    fromOtherTab({ type: 'SESSION.SYNC', access: null, refresh: null, user: null, remember: true })
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(actor.getSnapshot().context.ended).toBe('elsewhere')
    // the other tab already told the server
    expect(calls.logout).not.toHaveBeenCalled()
  })

  it('adopts a token refreshed in another tab', async () => {
    const { actor, fromOtherTab } = await signedIn()
    fromOtherTab({ type: 'SESSION.SYNC', access: 'b1', refresh: 'rb', user: ana, remember: true })
    expect(actor.getSnapshot().context).toMatchObject({ access: 'b1', refresh: 'rb', user: ana })
  })

  it('abandons its own refresh when another tab refreshed first', async () => {
    const { actor, fromOtherTab } = await signedIn({ refresh: () => new Promise<RefreshResult>(() => {}) })
    actor.send({ type: 'ACCESS_REJECTED', token: 'a1' })
    fromOtherTab({ type: 'SESSION.SYNC', access: 'b1', refresh: 'rb', user: ana, remember: true })
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(actor.getSnapshot().context.access).toBe('b1')
  })

  it('follows a login in another tab, marking this browser session when not remembered', async () => {
    const { actor, calls, fromOtherTab } = start()
    await settled(actor)
    fromOtherTab({ type: 'SESSION.SYNC', access: 'b1', refresh: 'rb', user: null, remember: false })
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(calls.marker).toHaveBeenCalledTimes(1)
    fromOtherTab({ type: 'SESSION.SYNC', access: 'b1', refresh: 'rb', user: ana, remember: false })
    expect(actor.getSnapshot().context.user).toEqual(ana)
  })
})
