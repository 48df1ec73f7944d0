import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, TEST_PASSWORD, TEST_SECRET, type TestApp } from '../../../tests/support/test-app'
import { createTestDatabase, databaseKinds } from '../../../tests/support/test-db'
import { createApp } from '../../app'
import { seedDemoData } from '../../db/demo-data/seed'
import { authSessions, loginThrottle } from '../../db/schema/users'
import { backoffSeconds, LoginThrottle } from './throttle'
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
    expect(missing.json()).toMatchObject({ password: ['This field is required.'] })
    const blank = await post('/api/auth/login', { username: '', password: '' })
    expect(blank.statusCode).toBe(400)
    expect(Object.keys(blank.json()).filter((key) => key !== 'codes').sort()).toEqual(['password', 'username'])
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

  it('logout with the bearer and no body ends the session, even one the server remembers', async () => {
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const { access, refresh } = await t.login('operator3')
      // in use first, so the auth hook remembers the session (SessionCache)
      expect((await t.as(access, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200)
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...headers, authorization: `Bearer ${access}` } })
      expect(out.statusCode).toBe(204)
      const after = await t.as(access, { method: 'GET', url: '/api/auth/me' })
      expect(after.statusCode).toBe(401)
      expect(after.json()).toMatchObject({ detail: 'Given token not valid for any token type' })
      expect((await post('/api/auth/refresh', { refresh })).statusCode).toBe(401)
    }
  })

  it('logout without a bearer is refused and ends nothing', async () => {
    const { access, refresh } = await t.login('operator3')
    expect((await post('/api/auth/logout', { refresh })).statusCode).toBe(401)
    expect((await t.as(access, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200)
  })

  it("an admin's password reset ends the user's sessions at once; an admin's own keeps the current one", async () => {
    const admin = await t.login('admin')
    const victim = await t.login('operator2')
    expect((await t.as(victim.access, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200)
    const id = (await t.as(admin.access, { method: 'GET', url: '/api/users/users/?search=operator2' })).json().results[0].id as number
    const reset = await t.as(admin.access, { method: 'PATCH', url: `/api/users/users/${id}/`, payload: { password: TEST_PASSWORD } })
    expect(reset.statusCode).toBe(200)
    expect((await t.as(victim.access, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
    expect((await post('/api/auth/refresh', { refresh: victim.refresh })).statusCode).toBe(401)
    // the admin's other session ends; the one that made the change goes on
    const other = await t.login('admin')
    const me = (await t.as(admin.access, { method: 'GET', url: '/api/auth/me' })).json().id as number
    expect((await t.as(admin.access, { method: 'PATCH', url: `/api/users/users/${me}/`, payload: { password: TEST_PASSWORD } })).statusCode).toBe(200)
    expect((await t.as(admin.access, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200)
    expect((await t.as(other.access, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
  })

  it('a role change is honoured on the next request, though the session was remembered', async () => {
    const admin = await t.login('admin')
    const sup = await t.login('supervisor')
    const write = () => t.as(sup.access, { method: 'POST', url: '/api/core/sites/', payload: {} })
    expect((await write()).statusCode).toBe(400) // allowed: the body is what is wrong
    const id = (await t.as(admin.access, { method: 'GET', url: '/api/users/users/?search=supervisor' })).json().results[0].id as number
    expect((await t.as(admin.access, { method: 'PATCH', url: `/api/users/users/${id}/`, payload: { role: 'operator' } })).statusCode).toBe(200)
    const refused = await write()
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ detail: 'You do not have permission to perform this action.' })
    await t.as(admin.access, { method: 'PATCH', url: `/api/users/users/${id}/`, payload: { role: 'supervisor' } })
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

  it('throttles an account from one address after 10 failures with 429 and Retry-After, and only there', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/login', { username: 'acme.operator', password: 'wrong-' + i }, undefined, '10.0.0.1')).statusCode).toBe(401)
    }
    const blocked = await post('/api/auth/login', { username: 'acme.operator', password: TEST_PASSWORD }, undefined, '10.0.0.1')
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect(blocked.json().detail).toMatch(/^Too many failed login attempts\. Try again in \d+ seconds\.$/)
    // the same account from elsewhere is not locked out (no flat lockout of the username)
    expect((await post('/api/auth/login', { username: 'acme.operator', password: TEST_PASSWORD }, undefined, '10.0.0.2')).statusCode).toBe(200)
  })

  it("one user's failures do not lock out the others behind the same address (a warehouse's NAT)", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/login', { username: 'operator', password: 'wrong' }, undefined, '10.9.9.9')).statusCode).toBe(401)
    }
    expect((await post('/api/auth/login', { username: 'operator', password: TEST_PASSWORD }, undefined, '10.9.9.9')).statusCode).toBe(429)
    expect((await post('/api/auth/login', { username: 'admin', password: TEST_PASSWORD }, undefined, '10.9.9.9')).statusCode).toBe(200)
    expect((await post('/api/auth/login', { username: 'supervisor', password: TEST_PASSWORD }, undefined, '10.9.9.9')).statusCode).toBe(200)
  })

  it('checks at most 10 of 40 simultaneous wrong passwords for one account; the rest are refused unchecked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post('/api/auth/login', { username: 'acme.admin', password: 'guess-' + i }, undefined, '10.4.4.4')),
    )
    const codes = answers.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10)
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(30)
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true)
  })

  it('ignores a forged X-Forwarded-For: rotating it does not get more guesses, nor a forged session address', async () => {
    const codes: number[] = []
    for (let i = 0; i < 15; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.5.5.5',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { username: 'supervisor2', password: 'wrong-' + i },
      })
      codes.push(res.statusCode)
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(10)
    expect(codes.slice(10).every((c) => c === 429)).toBe(true)
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.5.5.6',
      headers: { 'x-forwarded-for': '198.51.100.7' },
      payload: { username: 'supervisor2', password: TEST_PASSWORD },
    })
    expect(ok.statusCode).toBe(200)
    const sid = JSON.parse(Buffer.from(ok.json().access.split('.')[1], 'base64url').toString()).sid as string
    const [session] = await t.database.db.select({ ip: authSessions.ip }).from(authSessions).where(eq(authSessions.id, sid))
    expect(session.ip).toBe('10.5.5.6')
  })

  it('counts in the database with back-off that grows, per pair and with a higher per-address ceiling', async () => {
    const throttle = new LoginThrottle(t.database.db, { pair: 2, address: 100, backoffBaseS: 30, backoffMaxS: 120 })
    expect((await throttle.admit('x', '10.7.7.7')).ok).toBe(true)
    expect((await throttle.admit('x', '10.7.7.7')).ok).toBe(true)
    expect(await throttle.admit('x', '10.7.7.7')).toEqual({ ok: false, retryAfter: 30 })
    // once the wait is over, the next failure waits twice as long
    await t.database.db.update(loginThrottle).set({ nextAt: sql`now() - interval '1 second'` }).where(eq(loginThrottle.key, 'p:x|10.7.7.7'))
    expect((await throttle.admit('x', '10.7.7.7')).ok).toBe(true)
    expect(await throttle.admit('x', '10.7.7.7')).toEqual({ ok: false, retryAfter: 60 })
    // the same account from another address is untouched; a success clears its pair
    const elsewhere = await throttle.admit('x', '10.7.7.8')
    expect(elsewhere.ok).toBe(true)
    if (elsewhere.ok) await throttle.succeeded(elsewhere)
    expect(await t.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, 'p:x|10.7.7.8'))).toEqual([])
    // all accounts from one address: a higher ceiling of their own
    const ceiling = new LoginThrottle(t.database.db, { pair: 2, address: 3, backoffBaseS: 30, backoffMaxS: 120 })
    for (const name of ['y', 'z', 'w']) expect((await ceiling.admit(name, '10.8.8.8')).ok).toBe(true)
    expect(await ceiling.admit('v', '10.8.8.8')).toEqual({ ok: false, retryAfter: 30 })
  })
})

describe('login back-off', () => {
  it('doubles after the limit, up to the ceiling', () => {
    const limits = { backoffBaseS: 30, backoffMaxS: 900 }
    expect([9, 10, 11, 12, 13, 14, 15, 50].map((n) => backoffSeconds(n, 10, limits))).toEqual([0, 30, 60, 120, 240, 480, 900, 900])
  })
})

describe('a trusted proxy', () => {
  it('is believed only when TRUST_PROXY names it', async () => {
    const database = await createTestDatabase('pglite')
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wms-proxy-'))
    try {
      await seedDemoData(database.db, { adminPassword: TEST_PASSWORD, dataDir, products: 10, locations: 10, stock: 10 })
      const app = await createApp({ database, jwtSecret: TEST_SECRET, dataDir, trustProxy: ['10.0.0.0/8'] })
      await app.ready()
      const login = (remoteAddress: string) =>
        app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers: { 'x-forwarded-for': '198.51.100.7' }, payload: { username: 'admin', password: TEST_PASSWORD } })
      const ipOf = async (res: { json(): { access: string } }) => {
        const sid = JSON.parse(Buffer.from(res.json().access.split('.')[1], 'base64url').toString()).sid as string
        return (await database.db.select({ ip: authSessions.ip }).from(authSessions).where(eq(authSessions.id, sid)))[0].ip
      }
      expect(await ipOf(await login('10.1.2.3'))).toBe('198.51.100.7')
      // not from a listed proxy: the header is ignored
      expect(await ipOf(await login('192.0.2.1'))).toBe('192.0.2.1')
      await app.close()
    } finally {
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
    // a database of its own, made while the other suites run: more than a minute on a loaded two-core machine
  }, 180_000)
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
