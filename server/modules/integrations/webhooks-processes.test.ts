import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../tests/support/server-harness'
import { createTestDatabase, postgresReachable, type TestDatabase } from '../../../tests/support/test-db'
import { WebhookReceiver } from '../../../tests/support/webhook-receiver'
import { companies } from '../../db/schema/core'
import { webhookDeliveries } from '../../db/schema/webhooks'
import { emitEvent } from '../../kernel/events'

const PASSWORD = 'webhooks-processes-secret'
const SECRET = 'webhooks-processes-jwt-secret-webhooks-processes'

// docs/requirements.md §6, ADR 0020: at least once across a process killed mid-delivery, and one sender per
// subscription at a time across processes (two processes need PostgreSQL: one process owns the embedded database)
describe.skipIf(!(await postgresReachable()))('webhooks on server processes', () => {
  let database: TestDatabase
  let companyId: number
  const servers: RunningServer[] = []
  const dirs: string[] = []
  const receivers: WebhookReceiver[] = []
  const env = () => ({
    DATABASE_URL: database.url,
    WMS_ADMIN_PASSWORD: PASSWORD,
    JWT_SECRET: SECRET,
    WMS_DEMO_STOCK: '50',
    WMS_DEMO_PRODUCTS: '20',
    WMS_DEMO_LOCATIONS: '20',
    LOG_LEVEL: 'warn',
    WMS_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1/32',
    WMS_WEBHOOK_RETRY_MS: '100,100,100',
    // a claim whose process died is taken over after 1.5 s (the heartbeat extends a live one every 0.5 s)
    WMS_JOB_LEASE_MS: '1500',
    WMS_JOB_POLL_MS: '100',
  })
  const start = async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wms-hooks-'))
    dirs.push(dataDir)
    const s = await startServer({ dataDir, env: env(), timeoutMs: 240_000 })
    servers.push(s)
    return s
  }
  const receiver = async () => {
    const r = await new WebhookReceiver().start()
    receivers.push(r)
    return r
  }
  const login = async (server: RunningServer) => {
    const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })
    return ((await res.json()) as { access: string }).access
  }
  const subscribe = async (server: RunningServer, url: string) => {
    const res = await fetch(`${server.url}/api/integrations/webhooks/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await login(server)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url, event_types: ['stock.moved'] }),
    })
    expect(res.status).toBe(201)
    return (await res.json()) as { id: number; secret: string }
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
  })
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop()))
    await Promise.all(receivers.splice(0).map((r) => r.stop()))
  })
  afterAll(async () => {
    await database?.drop()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })

  it('delivers after a kill -9 mid-delivery: the next process sends it again, with the same webhook-id', async () => {
    const a = await start()
    ;[{ id: companyId }] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'))
    const r = await receiver()
    // the first request is never answered: its process is killed while it waits
    r.answer = () => (r.started === 1 ? new Promise<number>(() => {}) : 200)
    const sub = await subscribe(a, r.url)
    const eventId = await database.db.transaction((tx) => emitEvent(tx, { companyId, type: 'stock.moved', payload: { n: 1 } }))
    await waitUntil(() => r.started === 1, 'the first send')
    await a.kill()
    const b = await start()
    await r.waitFor(() => r.received.length >= 1, 30_000)
    expect(r.started).toBeGreaterThanOrEqual(2)
    // the one that hung and the one sent again: one message, one webhook-id
    expect(new Set(r.requests.map((x) => x.headers['webhook-id']))).toEqual(new Set([`evt_${eventId}`]))
    const last = r.received.at(-1)!
    expect(new Webhook(sub.secret).verify(last.body, last.headers as Record<string, string>)).toMatchObject({ type: 'stock.moved', data: { n: 1 } })
    await waitUntil(async () => (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, sub.id)))[0]?.status === 'delivered', 'delivered')
    expect(b.logs()).not.toMatch(/"level":(50|60)/)
  }, 360_000)

  it('two processes deliver every event of three subscriptions, in order, never two of one subscription at once', async () => {
    const [a, b] = [await start(), await start()]
    ;[{ id: companyId }] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'))
    const rs = [await receiver(), await receiver(), await receiver()]
    const inFlight = [0, 0, 0]
    const overlap = [0, 0, 0]
    rs.forEach((r, i) => {
      r.answer = async () => {
        if (++inFlight[i] > 1) overlap[i]++
        await new Promise((resolve) => setTimeout(resolve, 2))
        inFlight[i]--
        return 200
      }
    })
    for (const [i, r] of rs.entries()) await subscribe(i % 2 ? b : a, r.url)
    const N = 150
    // events committed by several transactions at once, as commands do
    await Promise.all(
      Array.from({ length: 10 }, (_, w) =>
        (async () => {
          for (let n = w; n < N; n += 10) await database.db.transaction((tx) => emitEvent(tx, { companyId, type: 'stock.moved', payload: { n } }))
        })(),
      ),
    )
    for (const r of rs) await r.waitFor(() => new Set(r.delivered().map((d) => d.id)).size >= N, 60_000)
    for (const [i, r] of rs.entries()) {
      const got = r.delivered()
      expect(new Set(got.map((d) => d.data.n))).toEqual(new Set(Array.from({ length: N }, (_, n) => n)))
      // event ids increase along a subscription's log: each subscription's deliveries went oldest first
      const ids = got.map((d) => Number(d.id.slice(4)))
      expect(ids).toEqual([...ids].sort((x, y) => x - y))
      expect(overlap[i]).toBe(0)
    }
  }, 360_000)
})

async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
