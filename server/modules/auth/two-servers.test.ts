import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../tests/support/server-harness'
import { createTestDatabase, postgresReachable, type TestDatabase } from '../../../tests/support/test-db'

const PASSWORD = 'two-servers-secret'
const SECRET = 'two-servers-jwt-secret-two-servers-jwt-secret'

// SPEC 17.2: a logout, a deactivation or a demotion through one process is honoured by
// the other at once (LISTEN/NOTIFY), though the other remembered the session a moment before.
describe.skipIf(!(await postgresReachable()))('two server processes on one PostgreSQL', () => {
  let database: TestDatabase
  let a: RunningServer
  let b: RunningServer
  const dirs: string[] = []
  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    const env = { DATABASE_URL: database.url, WMS_ADMIN_PASSWORD: PASSWORD, JWT_SECRET: SECRET, WMS_DEMO_STOCK: '50', LOG_LEVEL: 'warn' }
    const dir = () => {
      const d = mkdtempSync(path.join(os.tmpdir(), 'wms-two-'))
      dirs.push(d)
      return d
    }
    // one after the other: the first creates the demo data
    a = await startServer({ dataDir: dir(), env })
    b = await startServer({ dataDir: dir(), env })
  }, 240_000)
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await database?.drop()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })

  const call = async (server: RunningServer, method: string, pathname: string, token?: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api${pathname}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null }
  }
  const login = async (server: RunningServer, username: string) => {
    const res = await call(server, 'POST', '/auth/login', undefined, { username, password: PASSWORD })
    expect(res.status).toBe(200)
    return res.body as { access: string; refresh: string }
  }
  // Each listening PostgreSQL backend hands a NOTIFY to its process on its own: the publisher's echo (which the
  // revoking request waits for, at most 2 s) can come back a moment before the other process has read it. Ask the
  // other process again for at most that bound; a session it kept serving past it fails here.
  const refusedWithin = (ask: () => Promise<{ status: number }>) =>
    expect.poll(async () => (await ask()).status, { timeout: 2_000, interval: 50 }).toBe(401)
  const userId = async (token: string, username: string) => {
    const list = (await call(a, 'GET', `/users/users/?search=${username}`, token)).body as { results: { id: number; username: string }[] }
    return list.results.find((u) => u.username === username)!.id
  }

  it('a logout on one process ends the session on the other at once', async () => {
    const s = await login(a, 'operator')
    // both processes remember the session
    expect((await call(a, 'GET', '/auth/me', s.access)).status).toBe(200)
    expect((await call(b, 'GET', '/auth/me', s.access)).status).toBe(200)
    expect((await call(a, 'POST', '/auth/logout', s.access)).status).toBe(204)
    await refusedWithin(() => call(b, 'GET', '/auth/me', s.access))
    expect((await call(b, 'POST', '/auth/refresh', undefined, { refresh: s.refresh })).status).toBe(401)
  })

  it('a deactivation on one process ends the sessions on the other at once', async () => {
    const admin = await login(a, 'admin')
    const s = await login(b, 'operator2')
    expect((await call(b, 'GET', '/auth/me', s.access)).status).toBe(200)
    const id = await userId(admin.access, 'operator2')
    expect((await call(a, 'PATCH', `/users/users/${id}/`, admin.access, { is_active: false })).status).toBe(200)
    await refusedWithin(() => call(b, 'GET', '/auth/me', s.access))
    expect((await call(a, 'PATCH', `/users/users/${id}/`, admin.access, { is_active: true })).status).toBe(200)
  })

  it('a demoted admin cannot write through the second process', async () => {
    const boss = await login(a, 'admin')
    const created = await call(a, 'POST', '/users/users/', boss.access, { username: 'admin2', password: 'admin2-password', role: 'admin' })
    expect(created.status).toBe(201)
    const res = await call(b, 'POST', '/auth/login', undefined, { username: 'admin2', password: 'admin2-password' })
    const demoted = res.body as { access: string }
    const write = () => call(b, 'POST', '/core/sites/', demoted.access, {})
    expect((await write()).status).toBe(400) // allowed: only the body is wrong
    expect((await call(a, 'PATCH', `/users/users/${(created.body as { id: number }).id}/`, boss.access, { role: 'operator' })).status).toBe(200)
    const refused = await write()
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ detail: 'You do not have permission to perform this action.' })
  })

  it("a password reset on one process ends the user's sessions on the other", async () => {
    const admin = await login(b, 'admin')
    const s = await login(a, 'supervisor2')
    expect((await call(b, 'GET', '/auth/me', s.access)).status).toBe(200)
    const id = await userId(admin.access, 'supervisor2')
    expect((await call(a, 'PATCH', `/users/users/${id}/`, admin.access, { password: 'a-new-password-1' })).status).toBe(200)
    await refusedWithin(() => call(b, 'GET', '/auth/me', s.access))
  })

  it('counts login attempts together: 10 wrong passwords split over both processes, then 429 on either', async () => {
    for (let i = 0; i < 10; i++) expect((await call(i % 2 ? a : b, 'POST', '/auth/login', undefined, { username: 'operator3', password: 'wrong' })).status).toBe(401)
    expect((await call(a, 'POST', '/auth/login', undefined, { username: 'operator3', password: PASSWORD })).status).toBe(429)
    expect((await call(b, 'POST', '/auth/login', undefined, { username: 'operator3', password: PASSWORD })).status).toBe(429)
  })
})
