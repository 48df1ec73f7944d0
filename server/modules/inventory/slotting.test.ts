import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SlottingApproveOut, SlottingResultOut } from '../../../contracts/inventory/slotting.contract'
import { locations } from '../../db/schema/core'
import { pickFaces, stockMoves } from '../../db/schema/inventory'
import { tasks } from '../../db/schema/tasks'
import { removeStock } from './stock.service'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

/** docs/requirements.md §20.4: velocity from the ledger, ABC classes, the faces' travel cost, suggestions and their approval. */
describe.each(kinds)('slotting on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let supervisor: string
  let operator: string
  let acmeAdmin: string
  let s: Awaited<ReturnType<typeof scenario>>

  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 0 })
    f = await processFixture(t)
    ;[supervisor, operator, acmeAdmin] = await Promise.all(['supervisor', 'operator', 'acme.admin'].map(async (u) => (await t.login(u)).access))
    s = await scenario()
  })
  afterAll(async () => {
    await t?.close()
  })

  const get = (token: string, query: string) => t.as(token, { method: 'GET', url: `/api/inventory/slotting/?${query}` })
  const post = (token: string, url: string, payload: object) => t.as(token, { method: 'POST', url: `/api${url}`, payload })

  /**
   * Three faces in one aisle of their own, near (y 1), middle (y 20) and far (y 40) from the front. FAST sits far and
   * is picked 10 times, MID sits near and is picked twice, SLOW in the middle was picked 5 times 60 days ago (out of
   * the 30-day window).
   */
  async function scenario() {
    const db = t.database.db
    const [near, middle, far] = f.storage.slice(0, 3)
    for (const [id, y] of [
      [near, 1],
      [middle, 20],
      [far, 40],
    ] as const)
      await db.update(locations).set({ aisle: 901, x: 500, y, aisleDirection: 'both', layoutSource: 'manual' }).where(eq(locations.id, id))
    const fast = await f.product(`SLOT-FAST-${kind}`)
    const mid = await f.product(`SLOT-MID-${kind}`)
    const slow = await f.product(`SLOT-SLOW-${kind}`)
    const lines = { fast: await f.stock(fast, far, 100), mid: await f.stock(mid, near, 50), slow: await f.stock(slow, middle, 30) }
    await db.insert(pickFaces).values(
      [
        [fast, far],
        [mid, near],
        [slow, middle],
      ].map(([productId, locationId]) => ({ companyId: t.seed.companyId, warehouseId: f.warehouseId, locationId, productId, minQty: '0', maxQty: '500' })),
    )
    for (let i = 0; i < 10; i++) await removeStock(db, f.actor, { lineId: lines.fast, qty: '1', reason: 'pick' })
    for (let i = 0; i < 2; i++) await removeStock(db, f.actor, { lineId: lines.mid, qty: '1', reason: 'pick' })
    for (let i = 0; i < 5; i++) await removeStock(db, f.actor, { lineId: lines.slow, qty: '1', reason: 'pick' })
    await db
      .update(stockMoves)
      .set({ createdAt: sql`now() - interval '60 days'` })
      .where(and(eq(stockMoves.productId, slow), eq(stockMoves.reason, 'pick')))
    return { near, middle, far, fast, mid, slow }
  }

  it('answers velocity over the window, ABC classes, the travel cost per face and the swap that brings FAST near; the last result at once', async () => {
    const res = await get(supervisor, `warehouse=${f.warehouseId}`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as SlottingResultOut
    expect(body.days).toBe(30)
    const product = (id: number) => body.products.find((p) => p.product.id === id)
    // 12 lines in the window: FAST 10 (A: nothing before it), MID 2 (B: 10/12 = 83% before it), SLOW 0 (C)
    expect(product(s.fast)).toMatchObject({ lines: 10, class: 'A' })
    expect(product(s.mid)).toMatchObject({ lines: 2, class: 'B' })
    expect(product(s.slow)).toMatchObject({ lines: 0, class: 'C' })
    const cost = (loc: number) => body.faces.find((x) => x.location.id === loc)!.travel_metres as number
    expect(cost(s.near)).toBeLessThan(cost(s.middle))
    expect(cost(s.middle)).toBeLessThan(cost(s.far))
    // the middle and far faces are 19 and 39 m further along the same aisle, walked there and back
    expect(cost(s.far) - cost(s.near)).toBeCloseTo(78, 5)
    const mine = body.suggestions.filter((x) => x.moves.some((m) => [s.fast, s.mid, s.slow].includes(m.product.id)))
    expect(mine).toEqual([
      {
        id: `swap:${s.fast}:${s.mid}`,
        kind: 'swap',
        moves: [
          { product: expect.objectContaining({ id: s.fast }), from: expect.objectContaining({ id: s.far }), to: expect.objectContaining({ id: s.near }) },
          { product: expect.objectContaining({ id: s.mid }), from: expect.objectContaining({ id: s.near }), to: expect.objectContaining({ id: s.far }) },
        ],
        // (10 - 2) lines in 30 days = 8 × 7 / 30 a week, times 78 m
        metres_per_week: Math.round(((8 * 7) / 30) * 78 * 10) / 10,
      },
    ])
    // the second GET answers the kept result (same computed_at); another window recomputes
    const again = (await get(supervisor, `warehouse=${f.warehouseId}`)).json() as SlottingResultOut
    expect(again.computed_at).toBe(body.computed_at)
    const wider = (await get(supervisor, `warehouse=${f.warehouseId}&days=90`)).json() as SlottingResultOut
    expect(wider.days).toBe(90)
    expect(wider.products.find((p) => p.product.id === s.slow)).toMatchObject({ lines: 5 })
  })

  it('run recomputes once per command_id; operators are refused; another company sees none of it', async () => {
    const command_id = randomUUID()
    const run = await post(supervisor, '/inventory/slotting/run/', { command_id, warehouse: f.warehouseId, days: 30 })
    expect(run.statusCode, run.body).toBe(200)
    const first = run.json() as SlottingResultOut & { command_id: string }
    expect(first.command_id).toBe(command_id)
    expect(first.days).toBe(30)
    const repeat = await post(supervisor, '/inventory/slotting/run/', { command_id, warehouse: f.warehouseId, days: 30 })
    expect(repeat.json()).toEqual(first)
    expect((await get(supervisor, `warehouse=${f.warehouseId}`)).json()).toMatchObject({ computed_at: first.computed_at })

    expect((await get(operator, `warehouse=${f.warehouseId}`)).statusCode).toBe(403)
    expect((await post(operator, '/inventory/slotting/run/', { command_id: randomUUID(), warehouse: f.warehouseId })).statusCode).toBe(403)
    expect((await post(operator, '/inventory/slotting/approve/', { command_id: randomUUID(), warehouse: f.warehouseId, suggestions: ['x'] })).statusCode).toBe(403)

    const foreign = await get(acmeAdmin, `warehouse=${f.warehouseId}`)
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ warehouse: [`Invalid pk "${f.warehouseId}" - object does not exist.`] })
    const foreignApprove = await post(acmeAdmin, '/inventory/slotting/approve/', { command_id: randomUUID(), warehouse: f.warehouseId, suggestions: [`swap:${s.fast}:${s.mid}`] })
    expect(foreignApprove.statusCode).toBe(400)
  })

  it('approving a suggestion creates one move task per product move, once per command_id; an unknown id is a 400 with nothing done', async () => {
    await post(supervisor, '/inventory/slotting/run/', { command_id: randomUUID(), warehouse: f.warehouseId, days: 30 })
    const id = `swap:${s.fast}:${s.mid}`
    const unknown = await post(supervisor, '/inventory/slotting/approve/', { command_id: randomUUID(), warehouse: f.warehouseId, suggestions: [id, 'swap:0:0'] })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ suggestions: ["Suggestion swap:0:0 is not in this warehouse's last slotting result."] })
    const moveTasks = () =>
      t.database.db
        .select({ type: tasks.type, locationId: tasks.locationId, productId: tasks.productId, qty: tasks.qty, reference: tasks.reference, status: tasks.status })
        .from(tasks)
        .where(and(eq(tasks.type, 'move'), inArray(tasks.productId, [s.fast, s.mid])))
    expect(await moveTasks()).toEqual([])

    const command_id = randomUUID()
    const res = await post(supervisor, '/inventory/slotting/approve/', { command_id, warehouse: f.warehouseId, suggestions: [id] })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as SlottingApproveOut
    expect(body.created).toBe(2)
    const [near, far] = await Promise.all([s.near, s.far].map(async (id) => (await t.database.db.select({ code: locations.code }).from(locations).where(eq(locations.id, id)))[0].code))
    // FAST holds 90 on the far face, MID 48 on the near one
    expect((await moveTasks()).sort((a, b) => a.productId! - b.productId!)).toEqual(
      [
        { type: 'move', locationId: s.far, productId: s.fast, qty: '90.000', reference: `→ ${near}`, status: 'open' },
        { type: 'move', locationId: s.near, productId: s.mid, qty: '48.000', reference: `→ ${far}`, status: 'open' },
      ].sort((a, b) => a.productId - b.productId),
    )
    const again = await post(supervisor, '/inventory/slotting/approve/', { command_id, warehouse: f.warehouseId, suggestions: [id] })
    expect(again.json()).toEqual(body)
    expect(await moveTasks()).toHaveLength(2)

    // once a face of the suggestion is gone, approving it again is refused until the result is recomputed
    await t.database.db.update(pickFaces).set({ isActive: false }).where(and(eq(pickFaces.locationId, s.near), eq(pickFaces.productId, s.mid)))
    const stale = await post(supervisor, '/inventory/slotting/approve/', { command_id: randomUUID(), warehouse: f.warehouseId, suggestions: [id] })
    expect(stale.statusCode).toBe(400)
    expect(stale.json()).toMatchObject({ suggestions: [`Suggestion ${id} is out of date: its faces changed since the result was computed.`] })
    expect(await moveTasks()).toHaveLength(2)
    await t.database.db.update(pickFaces).set({ isActive: true }).where(and(eq(pickFaces.locationId, s.near), eq(pickFaces.productId, s.mid)))
  })
  it('exports the last result\'s suggestions as CSV, one row per product move; operators are refused, another company too', async () => {
    await post(supervisor, '/inventory/slotting/run/', { command_id: randomUUID(), warehouse: f.warehouseId, days: 30 })
    const res = await get(supervisor, `warehouse=${f.warehouseId}`)
    const body = res.json() as SlottingResultOut
    const csv = await t.as(supervisor, { method: 'GET', url: `/api/inventory/slotting/export/?warehouse=${f.warehouseId}` })
    expect(csv.statusCode, csv.body).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="slotting-${body.warehouse.code}.csv"`)
    expect(csv.body.startsWith('\uFEFF')).toBe(true)
    const rows = csv.body.slice(1).trimEnd().split('\r\n')
    expect(rows[0]).toBe('suggestion,kind,metres_per_week,product,description,class,lines_per_week,from,to')
    // one row per move of every suggestion, in the result's order (best first)
    expect(rows).toHaveLength(1 + body.suggestions.reduce((n, x) => n + x.moves.length, 0))
    const swap = body.suggestions.find((x) => x.id === `swap:${s.fast}:${s.mid}`)!
    const code = (id: number) => body.products.find((p) => p.product.id === id)!.product
    const [fastCode, midCode] = [code(s.fast), code(s.mid)]
    const cell = (v: string) => (/[",]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)
    const [nearCode, farCode] = [swap.moves[0].to.code, swap.moves[0].from.code]
    const lpw = (id: number) => body.products.find((p) => p.product.id === id)!.lines_per_week
    expect(rows).toContain([swap.id, 'swap', swap.metres_per_week, fastCode.code, cell(fastCode.name1), 'A', lpw(s.fast), farCode, nearCode].join(','))
    expect(rows).toContain([swap.id, 'swap', swap.metres_per_week, midCode.code, cell(midCode.name1), 'B', lpw(s.mid), nearCode, farCode].join(','))

    expect((await t.as(operator, { method: 'GET', url: `/api/inventory/slotting/export/?warehouse=${f.warehouseId}` })).statusCode).toBe(403)
    const foreign = await t.as(acmeAdmin, { method: 'GET', url: `/api/inventory/slotting/export/?warehouse=${f.warehouseId}` })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ warehouse: [`Invalid pk "${f.warehouseId}" - object does not exist.`] })
  })
})
