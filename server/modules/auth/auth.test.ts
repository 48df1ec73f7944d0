import { SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, TEST_PASSWORD, TEST_SECRET, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { LoginThrottle, THROTTLE_WINDOW_MS } from './throttle'
import { TokenService } from './tokens'

const kinds = await databaseKinds()

describe.each(kinds)('auth on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(async () => {
    await t?.close()
  })

  const post = (url: string, payload?: unknown, token?: string, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} })

  it('logs in, answers me, and refuses a missing token', async () => {
    const { access, refresh } = await t.login('admin')
    expect(access.split('.')).toHaveLength(3)
    expect(refresh.length).toBeGreaterThan(30)
    const me = await t.as(access, { method: 'GET', url: '/api/auth/me' })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({
      username: 'admin',
      role: 'admin',
      company: { code: 'DEMO', name: 'Movatic Demo', logoUrl: null, logoUrlDark: null },
      default_site: { code: 'SP' },
      default_warehouse: { code: 'WH-SP1' },
    })
    const anon = await t.app.inject({ method: 'GET', url: '/api/auth/me' })
    expect(anon.statusCode).toBe(401)
    expect(anon.json()).toHaveProperty('detail')
  })

  it('gives the same 401 for a wrong password and an unknown user, and 400 for missing fields', async () => {
    const wrong = await post('/api/auth/login', { username: 'operator', password: 'nope-nope' })
    const unknown = await post('/api/auth/login', { username: 'ghost', password: 'nope-nope' })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    const missing = await post('/api/auth/login', { username: 'admin' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ password: ['This field is required.'] })
    const blank = await post('/api/auth/login', { username: '', password: '' })
    expect(blank.statusCode).toBe(400)
    expect(Object.keys(blank.json()).sort()).toEqual(['password', 'username'])
  })

  it('rotates refresh tokens; both the plain and the doubled path answer', async () => {
    const first = await t.login('supervisor')
    const r1 = await post('/api/auth/refresh', { refresh: first.refresh })
    expect(r1.statusCode).toBe(200)
    const second = r1.json() as { access: string; refresh: string }
    expect(second.refresh).not.toBe(first.refresh)
    const r2 = await post('/api/api/auth/refresh/', { refresh: second.refresh })
    expect(r2.statusCode).toBe(200)
    const me = await t.as(r2.json().access, { method: 'GET', url: '/api/auth/me' })
    expect(me.json().username).toBe('supervisor')
  })

  it('answers two refreshes at once within the grace period', async () => {
    const { refresh } = await t.login('operator')
    const [a, b] = await Promise.all([post('/api/auth/refresh', { refresh }), post('/api/auth/refresh', { refresh })])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    // both new tokens keep working
    expect((await post('/api/auth/refresh', { refresh: a.json().refresh })).statusCode).toBe(200)
    expect((await post('/api/auth/refresh', { refresh: b.json().refresh })).statusCode).toBe(200)
  })

  it('revokes the whole family when a rotated token is reused after the grace period', async () => {
    const { refresh } = await t.login('operator2')
    const rotated = (await post('/api/auth/refresh', { refresh })).json() as { access: string; refresh: string }
    // in use (so the auth hook remembers the session) until the reuse
    expect((await t.as(rotated.access, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200)
    // age the rotation past the grace period
    await t.database.db.execute(`update refresh_tokens set rotated_at = now() - interval '1 minute' where rotated_at is not null`)
    const reuse = await post('/api/auth/refresh', { refresh })
    expect(reuse.statusCode).toBe(401)
    // the thief's reuse ended the legitimate session too
    expect((await post('/api/auth/refresh', { refresh: rotated.refresh })).statusCode).toBe(401)
    expect((await t.as(rotated.access, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
  })

  it('logout revokes the session: access and refresh stop working', async () => {
    const { access, refresh } = await t.login('operator3')
    const out = await post('/api/auth/logout', { refresh }, access)
    expect(out.statusCode).toBe(204)
    expect((await t.as(access, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
    expect((await post('/api/auth/refresh', { refresh })).statusCode).toBe(401)
  })

  it('disabling a user ends their sessions', async () => {
    const admin = await t.login('admin')
    const victim = await t.login('supervisor2')
    // in use (so the auth hook remembers the session) until it is disabled
    expect((await t.as(victim.access, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200)
    const list = await t.as(admin.access, { method: 'GET', url: '/api/users/users/?search=supervisor2' })
    const id = list.json().results[0].id as number
    const patch = await t.as(admin.access, { method: 'PATCH', url: `/api/users/users/${id}/`, payload: { is_active: false } })
    expect(patch.statusCode).toBe(200)
    expect((await t.as(victim.access, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
    expect((await post('/api/auth/refresh', { refresh: victim.refresh })).statusCode).toBe(401)
    expect((await post('/api/auth/login', { username: 'supervisor2', password: TEST_PASSWORD })).statusCode).toBe(401)
    await t.as(admin.access, { method: 'PATCH', url: `/api/users/users/${id}/`, payload: { is_active: true } })
  })

  it('refuses an expired token, another key, and alg none', async () => {
    const { access } = await t.login('admin')
    const payload = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString())
    const expired = await new TokenService(TEST_SECRET).signAccess({ userId: Number(payload.sub), companyId: payload.cid, role: payload.role, sessionId: payload.sid }, -10)
    expect((await t.as(expired, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
    const otherKey = await new TokenService('another-secret-another-secret-another-secret').signAccess({
      userId: Number(payload.sub),
      companyId: payload.cid,
      role: payload.role,
      sessionId: payload.sid,
    })
    expect((await t.as(otherKey, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${access.split('.')[1]}.`
    expect((await t.as(none, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
    const hs512 = await new SignJWT({ ...payload }).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(TEST_SECRET))
    expect((await t.as(hs512, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
  })

  it('throttles more than 10 failures for one username with 429 and Retry-After', async () => {
    // each attempt from another address: only the username's counter trips
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/login', { username: 'acme.operator', password: 'wrong-' + i }, undefined, `10.0.0.${i + 1}`)).statusCode).toBe(401)
    }
    const blocked = await post('/api/auth/login', { username: 'acme.operator', password: TEST_PASSWORD }, undefined, '10.0.1.1')
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect(blocked.json()).toHaveProperty('detail')
  })

  it('throttles more than 10 failures from one address, whatever the usernames', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/login', { username: `nobody${i}`, password: 'wrong' }, undefined, '10.9.9.9')).statusCode).toBe(401)
    }
    expect((await post('/api/auth/login', { username: 'admin', password: TEST_PASSWORD }, undefined, '10.9.9.9')).statusCode).toBe(429)
    expect((await post('/api/auth/login', { username: 'admin', password: TEST_PASSWORD }, undefined, '10.9.9.10')).statusCode).toBe(200)
  })
})

describe('login throttle', () => {
  it('counts failures per key inside a 15 minute window', () => {
    let now = 1_000_000
    const th = new LoginThrottle(() => now)
    for (let i = 0; i < 10; i++) th.fail(['ip:1'])
    expect(th.retryAfter(['ip:1'])).toBe(THROTTLE_WINDOW_MS / 1000)
    expect(th.retryAfter(['ip:2'])).toBe(0)
    now += THROTTLE_WINDOW_MS + 1
    expect(th.retryAfter(['ip:1'])).toBe(0)
  })
})

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('a verified token is taken at its word until it expires, and refused after, from memory too', async () => {
    const tokens = new TokenService(TEST_SECRET)
    const claims = { userId: 7, companyId: 1, role: 'operator', sessionId: 's-7' }
    const token = await tokens.signAccess(claims, 60)
    expect(await tokens.verifyAccess(token)).toEqual(claims)
    expect(await tokens.verifyAccess(token)).toEqual(claims)
    vi.useFakeTimers({ now: Date.now() + 61_000 })
    expect(await tokens.verifyAccess(token)).toBeNull()
    // a token one character off is another token: checked, and refused
    expect(await new TokenService(TEST_SECRET).verifyAccess(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toBeNull()
  })
})
