import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../tests/support/server-harness'
import { createTestDatabase, postgresReachable, type TestDatabase } from '../../../tests/support/test-db'

const PASSWORD = 'keys-two-servers-secret'
const SECRET = 'keys-two-servers-jwt-secret-keys-two-servers'

// ADR 0019: a key's revocation and its rate limit hold on every server process (two processes need PostgreSQL:
// one process owns the embedded database)
describe.skipIf(!(await postgresReachable()))('API keys on two server processes', () => {
  let database: TestDatabase
  let a: RunningServer
  let b: RunningServer
  let admin: string
  const dirs: string[] = []
  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    const env = { DATABASE_URL: database.url, WMS_ADMIN_PASSWORD: PASSWORD, JWT_SECRET: SECRET, WMS_DEMO_STOCK: '50', LOG_LEVEL: 'warn' }
    const dir = () => {
      const d = mkdtempSync(path.join(os.tmpdir(), 'wms-keys-'))
      dirs.push(d)
      return d
    }
    a = await startServer({ dataDir: dir(), env })
    b = await startServer({ dataDir: dir(), env })
    const login = await fetch(`${a.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })
    admin = ((await login.json()) as { access: string }).access
  }, 240_000)
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await database?.drop()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })

  const call = (server: RunningServer, method: string, pathname: string, token: string, body?: unknown) =>
    fetch(`${server.url}/api${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const createKey = async (body: Record<string, unknown>) => {
    const res = await call(a, 'POST', '/integrations/api-keys/', admin, body)
    expect(res.status).toBe(201)
    return (await res.json()) as { id: number; key: string }
  }

  it('a key revoked through one process is refused by the other on its next request', async () => {
    const { id, key } = await createKey({ name: 'two', scopes: ['read'] })
    expect((await call(b, 'GET', '/product/uoms/', key)).status).toBe(200)
    expect((await call(a, 'GET', '/product/uoms/', key)).status).toBe(200)
    expect((await call(a, 'DELETE', `/integrations/api-keys/${id}/`, admin)).status).toBe(204)
    // no waiting: nothing keeps a key between requests
    expect((await call(b, 'GET', '/product/uoms/', key)).status).toBe(401)
    expect((await call(a, 'GET', '/product/uoms/', key)).status).toBe(401)
  })

  it('one rate limit per key across both processes', async () => {
    const { key } = await createKey({ name: 'limited', scopes: ['read'], rate_per_second: 1, burst: 4 })
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let i = 0; i < 6; i++) {
      const res = await call(i % 2 ? b : a, 'GET', '/product/uoms/', key)
      statuses.push(res.status)
      if (res.status === 429) retryAfter = res.headers.get('retry-after')
      await res.arrayBuffer()
    }
    // 4 from the burst, perhaps 1 refilled meanwhile; the processes share the bucket, so not 4 each
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5)
    expect(statuses).toContain(429)
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
  })
})
