import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations } from '../../db/schema/core'
import { salesOrders } from '../../db/schema/documents'
import { carriers, customers } from '../../db/schema/partners'
import { orderReservations, pickBatches } from '../../db/schema/picking'
import { tasks } from '../../db/schema/tasks'
import { setStockStatus } from '../inventory/stock.service'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { ledgerMismatches, processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

/** A date `days` from today (UTC, as the database's current_date), so the tests do not age. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

type Release = {
  wave: { id: number; code: string; status: string }
  batches: { id: number; code: string; totes: number; orders: { order: number; code: string; tote: number }[]; tasks: number }[]
  tasks: number
  shortages: { order: number; line: number; product: { id: number }; wanted: string; reserved: string }[]
  held: { order: number; code: string }[]
}

/** docs/requirements.md §19.3: releasing a wave reserves its stock FEFO, creates its batches and pick tasks, once. */
describe.each(kinds)('wave release on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let supervisor: string
  let operator: string
  let acmeAdmin: string
  let customerId: number
  let carrierId: number
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 0 })
    f = await processFixture(t)
    ;[admin, supervisor, operator, acmeAdmin] = await Promise.all(['admin', 'supervisor', 'operator', 'acme.admin'].map(async (u) => (await t.login(u)).access))
    const db = t.database.db
    customerId = (await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, t.seed.companyId)).orderBy(asc(customers.id)).limit(1))[0].id
    await db.update(customers).set({ minShelfLifeDays: 0 }).where(eq(customers.id, customerId))
    carrierId = (await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.companyId, t.seed.companyId)).orderBy(asc(carriers.id)).limit(1))[0].id
    await db.update(carriers).set({ cutoffTime: '14:00' }).where(eq(carriers.id, carrierId))
  })
  afterAll(async () => {
    await t?.close()
  })

  const post = (token: string, url: string, payload: object = {}) => t.as(token, { method: 'POST', url: `/api${url}`, payload })

  async function order(lines: { product: number; qty: string }[], extra: { priority?: number; carrier?: number } = {}) {
    const code = uniq('SO')
    const res = await post(admin, '/shipping/orders/', { code, customer: customerId, ship_date: '2026-12-01', carrier: extra.carrier ?? null, lines })
    expect(res.statusCode, res.body).toBe(201)
    const o = res.json() as { id: number; code: string; lines: { id: number; product: { id: number } }[] }
    if (extra.priority) await t.database.db.update(salesOrders).set({ priority: extra.priority }).where(eq(salesOrders.id, o.id))
    return o
  }
  async function wave(orderIds: number[]) {
    const res = await post(admin, '/shipping/waves/', { code: uniq('WV'), orders: orderIds })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number; code: string }
  }
  const reservedOn = async (lineId: number) => (await f.line(lineId))?.reservedQty
  /** Reservations are created in path order; by stock line they compare with the scenario's lines. */
  const byLine = <R extends { stockLineId: number }>(rows: R[]) => [...rows].sort((x, y) => x.stockLineId - y.stockLineId)
  const reservationsOf = (orderId: number) =>
    t.database.db.select().from(orderReservations).where(eq(orderReservations.orderId, orderId)).orderBy(asc(orderReservations.id))

  /**
   * Product A: 3 eligible (expiring in 5 days) + 5 (in 10 days) and 10 each blocked, quarantined, expired; product B: 2.
   * O1 (priority 5, the carrier's 14:00 cut-off) wants A 6 + B 1; O2 wants A 4 + B 3: only O2 falls short.
   */
  async function scenario() {
    const a = await f.product(uniq('PA'))
    const b = await f.product(uniq('PB'))
    const soon = await f.stock(a, f.storage[0], 3, { lot: 'SOON', expiryDate: inDays(5) })
    const later = await f.stock(a, f.storage[1], 5, { lot: 'LATER', expiryDate: inDays(10) })
    const blocked = await f.stock(a, f.storage[2], 10, { lot: 'BLOCKED', expiryDate: inDays(1) })
    const quarantined = await f.stock(a, f.storage[3], 10, { lot: 'QUAR', expiryDate: inDays(2) })
    const expired = await f.stock(a, f.storage[4], 10, { lot: 'OLD', expiryDate: '2025-01-01' })
    await setStockStatus(t.database.db, f.actor, { lineId: blocked, status: 'blocked', reason: 'damaged' })
    await setStockStatus(t.database.db, f.actor, { lineId: quarantined, status: 'quarantine', reason: 'quality' })
    const bLine = await f.stock(b, f.storage[5], 2, { lot: 'B1' })
    const o1 = await order([{ product: a, qty: '6' }, { product: b, qty: '1' }], { priority: 5, carrier: carrierId })
    const o2 = await order([{ product: a, qty: '4' }, { product: b, qty: '3' }])
    const w = await wave([o1.id, o2.id])
    return { a, b, soon, later, blocked, quarantined, expired, bLine, o1, o2, w }
  }

  it("releases short: what could be reserved, FEFO-eligible only, tasks and batches in order; once per command_id; 409 after", async () => {
    const s = await scenario()
    const command_id = randomUUID()
    const res = await post(supervisor, `/shipping/waves/${s.w.id}/release/`, { command_id, shortage: 'short', totes: 1 })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as Release
    expect(body.wave).toMatchObject({ id: s.w.id, status: 'released' })
    expect(body.held).toEqual([])
    expect(body.tasks).toBe(5)
    expect(body.shortages).toEqual([
      { order: s.o2.id, code: s.o2.code, line: s.o2.lines[0].id, product: { id: s.a, code: expect.any(String) }, wanted: '4', reserved: '2' },
      { order: s.o2.id, code: s.o2.code, line: s.o2.lines[1].id, product: { id: s.b, code: expect.any(String) }, wanted: '3', reserved: '1' },
    ])
    // the urgent order first, one order per tote of a one-tote cart
    expect(body.batches.map((b) => [b.orders.map((o) => [o.order, o.tote]), b.tasks])).toEqual([
      [[[s.o1.id, 1]], 3],
      [[[s.o2.id, 1]], 2],
    ])
    // exact reservations: FEFO (the earlier lot first), never blocked, quarantined or expired stock
    expect(await reservedOn(s.soon)).toBe('3.000')
    expect(await reservedOn(s.later)).toBe('5.000')
    expect(await reservedOn(s.bLine)).toBe('2.000')
    for (const l of [s.blocked, s.quarantined, s.expired]) expect(await reservedOn(l)).toBe('0.000')
    const r1 = await reservationsOf(s.o1.id)
    expect(byLine(r1).map((r) => [r.stockLineId, r.qty, r.status, r.tote, r.batchId])).toEqual([
      [s.soon, '3.000', 'active', 1, body.batches[0].id],
      [s.later, '3.000', 'active', 1, body.batches[0].id],
      [s.bLine, '1.000', 'active', 1, body.batches[0].id],
    ])
    // one open pick task per reservation: the order's priority, due at the carrier's cut-off in the warehouse's clock
    const t1 = await t.database.db.select().from(tasks).where(inArray(tasks.id, r1.map((r) => r.taskId as number)))
    expect(t1.every((x) => x.type === 'pick' && x.status === 'open' && x.priority === 5 && x.batchId === body.batches[0].id && x.reference === s.o1.code)).toBe(true)
    expect(t1[0].dueAt?.toISOString()).toBe('2026-12-01T17:00:00.000Z')
    const r2 = await reservationsOf(s.o2.id)
    const t2 = await t.database.db.select().from(tasks).where(inArray(tasks.id, r2.map((r) => r.taskId as number)))
    // no carrier: the end of the ship date
    expect(t2.map((x) => [x.priority, x.dueAt?.toISOString()])).toEqual([
      [0, '2026-12-02T03:00:00.000Z'],
      [0, '2026-12-02T03:00:00.000Z'],
    ])
    const [batch] = await t.database.db.select().from(pickBatches).where(eq(pickBatches.id, body.batches[0].id))
    expect(batch).toMatchObject({ waveId: s.w.id, status: 'open', totes: 1, code: `${s.w.code}-B01` })
    // the same command_id: the first answer again, nothing applied twice
    const again = await post(supervisor, `/shipping/waves/${s.w.id}/release/`, { command_id, shortage: 'short', totes: 1 })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(res.json())
    expect(await reservedOn(s.later)).toBe('5.000')
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tasks).where(eq(tasks.reference, s.o1.code)))[0].n).toBe(3)
    // told once (ADR 0020)
    const events = await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM webhook_events WHERE type = 'wave.released' AND (payload->'wave'->>'id')::int = ${s.w.id}`)
    expect(Number(events.rows[0].n)).toBe(1)
    // the picking step offers each line what was reserved for it, then nothing else (no free eligible stock is left)
    type Sugg = { lines: { line: number; suggestions: { stock_line: number; qty: string; reserved?: boolean }[] }[] }
    const sugg = (await t.as(operator, { method: 'GET', url: `/api/shipping/orders/${s.o1.id}/pick-suggestions/` })).json() as Sugg
    const aLine = sugg.lines.find((l) => l.line === s.o1.lines[0].id)
    expect(aLine?.suggestions.map((x) => [x.stock_line, x.qty, x.reserved])).toEqual([
      [s.soon, '3', true],
      [s.later, '3', true],
    ])
    const sugg2 = (await t.as(operator, { method: 'GET', url: `/api/shipping/orders/${s.o2.id}/pick-suggestions/` })).json() as Sugg
    expect(sugg2.lines.find((l) => l.line === s.o2.lines[0].id)?.suggestions.map((x) => [x.stock_line, x.qty, x.reserved])).toEqual([[s.later, '2', true]])
    // the wave's pick path walks to the reserved places
    const path = (await t.as(supervisor, { method: 'GET', url: `/api/shipping/waves/${s.w.id}/pick-path/` })).json() as { stops: { location: { id: number } }[] }
    expect(new Set(path.stops.map((x) => x.location.id))).toEqual(new Set([f.storage[0], f.storage[1], f.storage[5]]))
    // a second release of a released wave
    const second = await post(admin, `/shipping/waves/${s.w.id}/release/`, { command_id: randomUUID() })
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({ code: 'shipping_wave_status', params: { wave: s.w.code, status: 'released' } })
    const detail = await t.as(operator, { method: 'GET', url: `/api/shipping/waves/${s.w.id}/` })
    expect(detail.json()).toMatchObject({ status: 'released', editable: false })
    // its orders are not editable either (the server refuses a change: 409)
    const orderDetail = await t.as(operator, { method: 'GET', url: `/api/shipping/orders/${s.o1.id}/` })
    expect(orderDetail.json()).toMatchObject({ editable: false })
    // an operator starting the batch's first stop puts the batch in progress, in their hands (the supervisor's view, §19.6)
    const started = await t.as(operator, { method: 'POST', url: `/api/workforce/tasks/${r1[0].taskId}/start/` })
    expect(started.statusCode, started.body).toBe(200)
    const [inHand] = await t.database.db.select().from(pickBatches).where(eq(pickBatches.id, body.batches[0].id))
    expect(inHand).toMatchObject({ status: 'in_progress', assigneeId: (started.json() as { assignee: { id: number } }).assignee.id })
    expect(inHand.startedAt).toBeInstanceOf(Date)
    const [untouched] = await t.database.db.select().from(pickBatches).where(eq(pickBatches.id, body.batches[1].id))
    expect(untouched).toMatchObject({ status: 'open', assigneeId: null })
  })

  it('releases hold: an order that cannot be fully reserved takes nothing and leaves the wave, still open', async () => {
    const s = await scenario()
    const res = await post(admin, `/shipping/waves/${s.w.id}/release/`, { command_id: randomUUID(), shortage: 'hold' })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as Release
    expect(body.held).toEqual([{ order: s.o2.id, code: s.o2.code }])
    expect(body.shortages).toEqual([])
    expect(body.tasks).toBe(3)
    expect(body.batches).toEqual([{ id: expect.any(Number), code: `${s.w.code}-B01`, totes: 8, orders: [{ order: s.o1.id, code: s.o1.code, tote: 1 }], tasks: 3 }])
    expect(await reservedOn(s.soon)).toBe('3.000')
    expect(await reservedOn(s.later)).toBe('3.000')
    expect(await reservedOn(s.bLine)).toBe('1.000')
    expect(await reservationsOf(s.o2.id)).toEqual([])
    const [held] = await t.database.db.select({ status: salesOrders.status, waveId: salesOrders.waveId }).from(salesOrders).where(eq(salesOrders.id, s.o2.id))
    expect(held).toEqual({ status: 'open', waveId: null })
  })

  it('batches by proximity within urgency: the urgent order on the first cart, orders picked in the same place together', async () => {
    // two storage locations no other test here uses: one deep in the storage aisle, one moved to an aisle 30 m to the
    // right (put back at the end), so a cart going to both walks both aisles
    const near = f.storage[f.storage.length - 2]
    const far = f.storage[f.storage.length - 1]
    const [was] = await t.database.db.select({ aisle: locations.aisle, x: locations.x, y: locations.y }).from(locations).where(eq(locations.id, far))
    await t.database.db.update(locations).set({ aisle: 99, x: (was.x ?? 0) + 30 }).where(eq(locations.id, far))
    const at = async (location: number) => {
      const p = await f.product(uniq('PX'))
      await f.stock(p, location, 5)
      return order([{ product: p, qty: '1' }])
    }
    const urgent = await at(far)
    await t.database.db.update(salesOrders).set({ priority: 3 }).where(eq(salesOrders.id, urgent.id))
    // arrival order alternates the two places: carts of 2 in that order would each walk to both
    const rest = [await at(near), await at(far), await at(near), await at(far)]
    const w = await wave([urgent.id, ...rest.map((o) => o.id)])
    const res = await post(supervisor, `/shipping/waves/${w.id}/release/`, { command_id: randomUUID(), shortage: 'short', totes: 2 })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as Release
    const carts = body.batches.map((b) => b.orders.map((o) => o.order))
    expect(carts.flat().sort((x, y) => x - y)).toEqual([urgent.id, ...rest.map((o) => o.id)].sort((x, y) => x - y))
    // the urgent order first (tote 1 of the first cart), its cart filled with a far order of the next class
    expect(carts[0][0]).toBe(urgent.id)
    expect([rest[1].id, rest[3].id]).toContain(carts[0][1])
    // the two near orders share a cart, whatever their arrival
    expect(carts.map((c) => [...c].sort((x, y) => x - y))).toContainEqual([rest[0].id, rest[2].id].sort((x, y) => x - y))
    expect(body.batches.map((b) => b.code)).toEqual([`${w.code}-B01`, `${w.code}-B02`, `${w.code}-B03`])
    await t.database.db.update(locations).set(was).where(eq(locations.id, far))
  })

  it('refuses a bad body (400), an operator (403) and another company (404)', async () => {
    const s = await scenario()
    const url = `/shipping/waves/${s.w.id}/release/`
    expect((await post(admin, url, { shortage: 'short' })).json()).toHaveProperty('command_id')
    expect((await post(admin, url, { command_id: 'nope' })).statusCode).toBe(400)
    expect((await post(admin, url, { command_id: randomUUID(), shortage: 'maybe' })).json()).toHaveProperty('shortage')
    expect((await post(admin, url, { command_id: randomUUID(), totes: 0 })).json()).toHaveProperty('totes')
    expect((await post(operator, url, { command_id: randomUUID() })).statusCode).toBe(403)
    expect((await post(acmeAdmin, url, { command_id: randomUUID() })).statusCode).toBe(404)
    expect((await post(admin, '/shipping/waves/999999/release/', { command_id: randomUUID() })).statusCode).toBe(404)
    // nothing was reserved by the refusals
    expect(await reservedOn(s.soon)).toBe('0.000')
  })

  it('gives the reservations back when an order, then the wave, is cancelled', async () => {
    const s = await scenario()
    const body = (await post(admin, `/shipping/waves/${s.w.id}/release/`, { command_id: randomUUID() })).json() as Release
    expect(body.tasks).toBe(5)
    const c1 = await post(admin, `/shipping/orders/${s.o2.id}/cancel/`, { reason: 'customer' })
    expect(c1.statusCode, c1.body).toBe(200)
    expect(await reservedOn(s.later)).toBe('3.000')
    expect(await reservedOn(s.bLine)).toBe('1.000')
    expect((await reservationsOf(s.o2.id)).map((r) => r.status)).toEqual(['released', 'released'])
    const c2 = await post(admin, `/shipping/waves/${s.w.id}/cancel/`, { reason: 'truck' })
    expect(c2.statusCode, c2.body).toBe(200)
    expect(c2.json()).toMatchObject({ status: 'cancelled' })
    for (const l of [s.soon, s.later, s.bLine]) expect(await reservedOn(l)).toBe('0.000')
    const all = [...(await reservationsOf(s.o1.id)), ...(await reservationsOf(s.o2.id))]
    expect(all.every((r) => r.status === 'released')).toBe(true)
    const open = await t.database.db.select({ status: tasks.status }).from(tasks).where(inArray(tasks.id, all.map((r) => r.taskId as number)))
    expect(open.every((x) => x.status === 'cancelled')).toBe(true)
    const batches = await t.database.db.select({ status: pickBatches.status }).from(pickBatches).where(eq(pickBatches.waveId, s.w.id))
    expect(batches.map((b) => b.status)).toEqual(['cancelled'])
    const [o1] = await t.database.db.select({ status: salesOrders.status, waveId: salesOrders.waveId }).from(salesOrders).where(eq(salesOrders.id, s.o1.id))
    expect(o1).toEqual({ status: 'open', waveId: null })
  })

  it('ships a released order from its own reservations; the rest is given back and the ledger stays exact', async () => {
    const s = await scenario()
    expect((await post(admin, `/shipping/waves/${s.w.id}/release/`, { command_id: randomUUID() })).statusCode).toBe(200)
    // O2 holds 2 of LATER: O1 may not take them
    const greedy = await post(operator, `/shipping/orders/${s.o1.id}/ship/`, {
      idempotency_key: uniq('ship'),
      picks: [{ line: s.o1.lines[0].id, stock_line: s.later, qty: '5' }],
    })
    expect(greedy.statusCode).toBe(400)
    // O1 takes its own reservations (3 SOON, 3 LATER) and ships B short (nothing picked): B's reservation is given back
    const shipped = await post(operator, `/shipping/orders/${s.o1.id}/ship/`, {
      idempotency_key: uniq('ship'),
      picks: [
        { line: s.o1.lines[0].id, stock_line: s.soon, qty: '3' },
        { line: s.o1.lines[0].id, stock_line: s.later, qty: '3' },
      ],
    })
    expect(shipped.statusCode, shipped.body).toBe(201)
    expect(await f.line(s.soon)).toBeUndefined()
    expect(await f.line(s.later)).toEqual({ qty: '2.000', reservedQty: '2.000' })
    expect(await f.line(s.bLine)).toEqual({ qty: '2.000', reservedQty: '1.000' })
    expect(byLine(await reservationsOf(s.o1.id)).map((r) => r.status)).toEqual(['consumed', 'consumed', 'released'])
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
    // the wave ships the rest: O2 takes its own 2 of LATER and its 1 of B
    const rest = await post(operator, `/shipping/waves/${s.w.id}/ship/`, {
      idempotency_key: uniq('ship'),
      picks: [
        { line: s.o2.lines[0].id, stock_line: s.later, qty: '2' },
        { line: s.o2.lines[1].id, stock_line: s.bLine, qty: '1' },
      ],
    })
    expect(rest.statusCode, rest.body).toBe(201)
    expect(await f.line(s.later)).toBeUndefined()
    expect(await f.line(s.bLine)).toEqual({ qty: '1.000', reservedQty: '0.000' })
    const [w] = await t.database.db.select({ status: pickBatches.status }).from(pickBatches).where(and(eq(pickBatches.waveId, s.w.id)))
    expect(w.status).toBe('done')
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
  })

  it('a count that takes reserved stock moves the reservation by FEFO into the same batch, else marks the pick short (ADR 0011 §4)', async () => {
    const a = await f.product(uniq('PC'))
    const pallet = uniq('PAL')
    const counted = await f.stock(a, f.storage[6], 10, { lot: 'FIRST', palletCode: pallet, expiryDate: inDays(30) })
    const spare = await f.stock(a, f.storage[7], 3, { lot: 'SPARE', expiryDate: inDays(60) })
    const bystander = await f.product(uniq('PD'))
    await f.stock(bystander, f.storage[8], 5, { lot: 'BY' })
    const o = await order([{ product: a, qty: '8' }])
    const w = await wave([o.id])
    const released = (await post(admin, `/shipping/waves/${w.id}/release/`, { command_id: randomUUID() })).json() as Release
    expect(await reservedOn(counted)).toBe('8.000')
    const operator2 = (await t.login('operator2')).access
    // a blind count finds 2 of the 10 (twice, by two counters, so it is approved): 6 of the 8 reserved must go
    const plan = await post(supervisor, '/inventory/counts/', { name: uniq('count'), locations: [f.storage[6], f.storage[8]], blind: true })
    expect(plan.statusCode, plan.body).toBe(201)
    const p = plan.json() as { id: number }
    const entry = { product: a, lot: 'FIRST', pallet_code: pallet }
    expect((await post(operator, `/inventory/counts/${p.id}/locations/${f.storage[6]}/`, { entries: [{ ...entry, qty: '2' }] })).json()).toMatchObject({ status: 'recount' })
    expect((await post(operator, `/inventory/counts/${p.id}/locations/${f.storage[8]}/`, { entries: [{ product: bystander, lot: 'BY', qty: '5' }] })).statusCode).toBe(200)
    // the recount agrees with the first count: approved and posted at once
    const recount = await post(operator2, `/inventory/counts/${p.id}/locations/${f.storage[6]}/`, { entries: [{ ...entry, qty: '2' }] })
    expect(recount.json(), recount.body).toMatchObject({ status: 'approved' })
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
    // 2 stay, 3 moved to the spare line (all it has) in the same batch and tote, 3 missing: the first pick is short
    expect(await f.line(counted)).toMatchObject({ qty: '2.000', reservedQty: '2.000' })
    expect(await f.line(spare)).toMatchObject({ qty: '3.000', reservedQty: '3.000' })
    const rows = byLine(await reservationsOf(o.id))
    expect(rows.map((r) => [r.stockLineId, r.qty, r.status, r.batchId, r.tote])).toEqual([
      [counted, '2.000', 'active', released.batches[0].id, 1],
      [spare, '3.000', 'active', released.batches[0].id, 1],
    ])
    const picks = await t.database.db.select().from(tasks).where(inArray(tasks.id, rows.map((r) => r.taskId as number))).orderBy(asc(tasks.id))
    expect(picks.map((x) => [x.locationId, x.qty, x.shortQty, x.status, x.batchId])).toEqual([
      [f.storage[6], '2.000', '3.000', 'open', released.batches[0].id],
      [f.storage[7], '3.000', null, 'open', released.batches[0].id],
    ])
  })
})
