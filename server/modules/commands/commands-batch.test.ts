/**
 * POST /api/commands/batch/ (the drain of SPEC 11.9, ADR 0014): a run of the handheld's commands in one request, each
 * through its own single route with the caller's token, in order, each applied once.
 */
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { users } from '../../db/schema/users'
import { createApp } from '../../app'
import { createTestApp, TEST_SECRET, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { receiveStock, type StockActor } from '../inventory/stock.service'

const kinds = await databaseKinds()

type Result = { command_id: string; status: number; data: Record<string, unknown> | null }

describe.each(kinds)('command batches on %s', (kind) => {
  let t: TestApp
  let operator: string
  let actor: StockActor
  let productId: number
  let locationIds: number[]
  let pallet = 0
  const batch = (token: string | null, requests: unknown[]) =>
    t.app.inject({ method: 'POST', url: '/api/commands/batch/', headers: token ? { authorization: `Bearer ${token}` } : {}, payload: { requests } })
  const move = (code: string, to: number, commandId = randomUUID()) => ({ command_id: commandId, path: '/inventory/moves/', body: { command_id: commandId, pallet_code: code, to_location: to } })
  async function newPallet() {
    const code = `PAL-B-${kind}-${++pallet}`
    await receiveStock(t.database.db, actor, { productId, locationId: locationIds[0]!, qty: '5', lot: `LOT-B-${pallet}`, palletCode: code })
    return code
  }
  /** the pallet's moves (not its receipt), oldest first: [from, to] location ids and who */
  async function movesOf(code: string) {
    const r = await t.database.db.execute<{ from_id: number; to_id: number; username: string }>(sql`
      SELECT m.from_location_id AS from_id, m.to_location_id AS to_id, u.username
      FROM stock_moves m LEFT JOIN users u ON u.id = m.user_id
      WHERE m.pallet_code = ${code} AND m.reason = 'move' ORDER BY m.id`)
    return r.rows.map((row) => ({ from: Number(row.from_id), to: Number(row.to_id), user: row.username }))
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 10, products: 10, locations: 30 })
    const db = t.database.db
    operator = (await t.login('operator')).access
    const [a] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
    actor = { companyId: t.seed.companyId, userId: a!.id }
    productId = (await db.select({ id: products.id }).from(products).where(eq(products.companyId, actor.companyId)).orderBy(asc(products.id)).limit(1))[0]!.id
    locationIds = (
      await db
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.companyId, actor.companyId), eq(locations.isActive, true)))
        .orderBy(asc(locations.id))
        .limit(5)
    ).map((l) => l.id)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('runs the commands in order, each as its single route with the caller, and a repeat applies nothing new', async () => {
    const code = await newPallet()
    const requests = [move(code, locationIds[1]!), move(code, locationIds[2]!), move(code, locationIds[3]!)]
    const res = await batch(operator, requests)
    expect(res.statusCode, res.body).toBe(200)
    const { results } = res.json() as { results: Result[] }
    expect(results.map((r) => [r.command_id, r.status])).toEqual(requests.map((r) => [r.command_id, 201]))
    // each command's answer is its single route's: the move's lines, where the pallet went
    expect(results.map((r) => (r.data!.lines as { location: { id: number } }[])[0]!.location.id)).toEqual([locationIds[1], locationIds[2], locationIds[3]])
    const applied = await movesOf(code)
    expect(applied).toEqual([
      { from: locationIds[0], to: locationIds[1], user: 'operator' },
      { from: locationIds[1], to: locationIds[2], user: 'operator' },
      { from: locationIds[2], to: locationIds[3], user: 'operator' },
    ])

    // the answer was lost: the same batch again answers the same results and moves nothing
    const again = await batch(operator, requests)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual(res.json())
    expect(await movesOf(code)).toEqual(applied)
  })

  it("a refusal in the middle is that command's answer, and the commands after it still run", async () => {
    const code = await newPallet()
    const missing = move('PAL-NOT-THERE', locationIds[2]!)
    const res = await batch(operator, [move(code, locationIds[1]!), missing, move(code, locationIds[2]!)])
    expect(res.statusCode, res.body).toBe(200)
    const { results } = res.json() as { results: Result[] }
    // the refusal is what the single route answers the same body with
    const alone = await t.as(operator, { method: 'POST', url: '/api/inventory/moves/', payload: { ...missing.body, command_id: randomUUID() } })
    expect(alone.statusCode).toBeGreaterThanOrEqual(400)
    expect(alone.statusCode).toBeLessThan(500)
    expect(results.map((r) => r.status)).toEqual([201, alone.statusCode, 201])
    expect(results[1]!.data).toEqual(alone.json())
    expect((await movesOf(code)).map((m) => m.to)).toEqual([locationIds[1], locationIds[2]])
  })

  it('acts as the caller: another company’s operator gets the single route’s answer, nothing moves', async () => {
    const code = await newPallet()
    const acme = (await t.login('acme.operator')).access
    const request = move(code, locationIds[1]!)
    const res = await batch(acme, [request])
    expect(res.statusCode, res.body).toBe(200)
    const alone = await t.as(acme, { method: 'POST', url: '/api/inventory/moves/', payload: { ...request.body, command_id: randomUUID() } })
    expect(alone.statusCode).toBeGreaterThanOrEqual(400)
    expect((res.json() as { results: Result[] }).results).toEqual([{ command_id: request.command_id, status: alone.statusCode, data: alone.json() }])
    expect(await movesOf(code)).toEqual([])
  })

  it('refuses the whole batch, running nothing, when a path is not a command route', async () => {
    const code = await newPallet()
    for (const path of ['/inventory/stock/', '/auth/users/', '/inventory/moves/../../auth/users/', '/inventory/moves/?x=1', 'inventory/moves/', '/api/inventory/moves/']) {
      const res = await batch(operator, [move(code, locationIds[1]!), { command_id: randomUUID(), path, body: {} }])
      expect(res.statusCode, path).toBe(400)
      expect(res.json(), path).toEqual({
        'requests.1.path': ['Not a command route a batch may send.'],
        codes: { 'requests.1.path': [{ code: 'command_batch_route', params: {} }] },
      })
    }
    expect(await movesOf(code)).toEqual([])
  })

  it('refuses more than 50 commands, none, a command_id twice, and a caller without a token', async () => {
    const code = await newPallet()
    const many = Array.from({ length: 51 }, () => move(code, locationIds[1]!))
    const tooMany = await batch(operator, many)
    expect(tooMany.statusCode).toBe(400)
    // each message with its code, for the operator's language (ADR 0015)
    expect(tooMany.json()).toEqual({ requests: ['At most 50 commands a batch.'], codes: { requests: [{ code: 'command_batch_max', params: { max: '50' } }] } })
    expect((await batch(operator, [])).statusCode).toBe(400)
    const twice = move(code, locationIds[1]!)
    const repeated = await batch(operator, [twice, twice])
    expect(repeated.statusCode).toBe(400)
    expect(repeated.json()).toEqual({ requests: ['Each command_id at most once a batch.'], codes: { requests: [{ code: 'command_batch_repeated', params: {} }] } })
    const anonymous = await batch(null, [move(code, locationIds[1]!)])
    expect(anonymous.statusCode).toBe(401)
    expect(await movesOf(code)).toEqual([])
  })

  it('answers the results so far once its time is spent: the first command always runs, the client sends the rest', async () => {
    const app = await createApp({ database: t.database, jwtSecret: TEST_SECRET, dataDir: mkdtempSync(path.join(os.tmpdir(), 'wms-batch-')), commandBatchBudgetMs: 0 })
    await app.ready()
    try {
      const code = await newPallet()
      const requests = [move(code, locationIds[1]!), move(code, locationIds[2]!)]
      const send = () => app.inject({ method: 'POST', url: '/api/commands/batch/', headers: { authorization: `Bearer ${operator}` }, payload: { requests } })
      const first = await send()
      expect(first.statusCode, first.body).toBe(200)
      expect((first.json() as { results: Result[] }).results.map((r) => [r.command_id, r.status])).toEqual([[requests[0]!.command_id, 201]])
      expect((await movesOf(code)).map((m) => m.to)).toEqual([locationIds[1]])
      // the rest, as the client sends it
      const rest = await app.inject({ method: 'POST', url: '/api/commands/batch/', headers: { authorization: `Bearer ${operator}` }, payload: { requests: requests.slice(1) } })
      expect((rest.json() as { results: Result[] }).results.map((r) => r.status)).toEqual([201])
      expect((await movesOf(code)).map((m) => m.to)).toEqual([locationIds[1], locationIds[2]])
    } finally {
      await app.close()
    }
  })
})
