/**
 * `npm run bench` case (docs/requirements.md §6, ADR 0020): webhooks.
 * - 10,000 events delivered to a local receiver (a real HTTP server on 127.0.0.1), from the first emitted to the last
 *   answered: goal ≤ 30 s on PostgreSQL, ≤ 60 s embedded.
 * - What the outbox adds to a stock move: the p50 of a writing transaction that emits one event for a subscribed
 *   company, less the p50 of the same transaction without it (both pay their commit's flush, as a move does), the
 *   sender stopped meanwhile (goal ≤ 1 ms); and the p50 of
 *   POST /api/inventory/moves/ itself, the sender running.
 * `--webhook-events N` sets the count (0 skips); `--webhooks-only` runs only this.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import { createApp } from '../../server/app'
import { onFreshDatabases } from './bench-databases'
import { type Database, migrateDatabase } from '../../server/db/client'
import { seedDemoData } from '../../server/db/demo-data/seed'
import { locations } from '../../server/db/schema/core'
import { stockLines } from '../../server/db/schema/inventory'
import { users } from '../../server/db/schema/users'
import { emitEvent, emitEvents } from '../../server/kernel/events'

const PASSWORD = 'bench-password-123'
const SECRET = 'bench-secret-bench-secret-bench-secret-0123'
export const WEBHOOK_GOAL_MS = { postgres: 30_000, pglite: 60_000 }
export const OUTBOX_GOAL_MS = 1

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function run(database: Database, dir: string, n: number, kind: 'postgres' | 'pglite', log: (s: string) => void) {
  await migrateDatabase(database)
  await seedDemoData(database.db, { adminPassword: PASSWORD, dataDir: dir, stock: 400, products: 50, locations: 40, log: () => {} })
  let received = 0
  let last = 0
  const receiver = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      received++
      last = performance.now()
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
  const app = await createApp({ database, jwtSecret: SECRET, dataDir: dir, webhookAllowPrivate: ['127.0.0.1/32'], jobPollMs: 100 })
  await app.ready()
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: PASSWORD } })
    const token = (login.json() as { access: string }).access
    const [admin] = await database.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'admin'))
    const companyId = admin.companyId
    const created = await app.inject({ method: 'POST', url: '/api/integrations/webhooks/', headers: { authorization: `Bearer ${token}` }, payload: { url, event_types: ['stock.moved'] } })
    if (created.statusCode !== 201) throw new Error(`subscription: ${created.statusCode} ${created.body}`)

    // 1. delivery throughput
    const t0 = performance.now()
    for (let i = 0; i < n; i += 1000) {
      const part = Array.from({ length: Math.min(1000, n - i) }, (_, j) => ({ type: 'stock.moved' as const, payload: { n: i + j, moves: [{ id: i + j, qty: '1.000' }] } }))
      await database.db.transaction((tx) => emitEvents(tx, companyId, part))
    }
    const emittedMs = performance.now() - t0
    const deadline = Date.now() + WEBHOOK_GOAL_MS[kind] * 4
    while (received < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    const deliverMs = last - t0
    const goal = WEBHOOK_GOAL_MS[kind]
    log(
      `Webhooks (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}): ${received.toLocaleString('en')} of ${n.toLocaleString('en')} events delivered in ${(deliverMs / 1000).toFixed(2)} s ` +
        `(emitted in ${(emittedMs / 1000).toFixed(2)} s; ${Math.round(received / (deliverMs / 1000)).toLocaleString('en')}/s; ${(deliverMs / goal).toFixed(2)}× the ${goal / 1000} s goal: ${received === n && deliverMs <= goal ? 'ok' : 'miss'})`,
    )
    await app.deps.jobs.idle()

    // 2. what the outbox adds to a command's transaction (the event, its delivery and the sending job, written in it),
    // measured with this process's sender stopped so its deliveries do not share the two cores with the measure;
    // then a stock move's p50 through HTTP with the sender running
    const RUNS = kind === 'postgres' ? 400 : 200
    const plain: number[] = []
    const emitting: number[] = []
    await app.deps.jobs.stop()
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now()
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`update companies set name = name where id = ${companyId}`)
      })
      plain.push(performance.now() - t)
      t = performance.now()
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`update companies set name = name where id = ${companyId}`)
        await emitEvent(tx, { companyId, type: 'stock.moved', payload: { n: i } })
      })
      emitting.push(performance.now() - t)
    }
    const added = p50(emitting) - p50(plain)
    app.deps.jobs.start()
    const lines = await database.db
      .select({ id: stockLines.id, locationId: stockLines.locationId })
      .from(stockLines)
      .where(and(eq(stockLines.companyId, companyId), sql`${stockLines.qty} > 2 and ${stockLines.reservedQty} = 0 and ${stockLines.status} = 'available'`))
      .limit(100)
    const [target] = await database.db.select({ id: locations.id }).from(locations).where(and(eq(locations.companyId, companyId), eq(locations.kind, 'storage'))).limit(1)
    const moves: number[] = []
    for (let i = 0; i < Math.min(RUNS, lines.length * 2); i++) {
      const line = lines[i % lines.length]
      const t = performance.now()
      const res = await app.inject({ method: 'POST', url: '/api/inventory/moves/', headers: { authorization: `Bearer ${token}` }, payload: { stock_line: line.id, qty: '0.001', to_location: target.id } })
      moves.push(performance.now() - t)
      if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`move: ${res.statusCode} ${res.body}`)
    }
    log(
      `Outbox (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}): emitting an event to a subscribed company adds ${added.toFixed(3)} ms to a transaction's p50 ` +
        `(${p50(plain).toFixed(3)} → ${p50(emitting).toFixed(3)} ms; ${(added / OUTBOX_GOAL_MS).toFixed(2)}× the 1 ms goal: ${added <= OUTBOX_GOAL_MS ? 'ok' : 'miss'}); a stock move through HTTP, event included: p50 ${p50(moves).toFixed(2)} ms`,
    )
    await app.deps.jobs.idle()
  } finally {
    await app.close()
    receiver.closeAllConnections()
    await new Promise((r) => receiver.close(r))
  }
}

export async function benchWebhooks(n: number, opts: { pgBase?: string; only?: string } = {}, log: (s: string) => void = console.log) {
  await onFreshDatabases('webhooks', opts, (database, dir, kind) => run(database, dir, n, kind, log))
}
