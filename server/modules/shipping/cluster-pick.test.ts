import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { salesOrders } from '../../db/schema/documents'
import { customers } from '../../db/schema/partners'
import { pickBatches } from '../../db/schema/picking'
import { tasks } from '../../db/schema/tasks'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { ledgerMismatches, processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'
import type { BatchPickOut, PickBatchDetail, PickBatchRow } from '../../../contracts/shipping/cluster-pick.contract'

const kinds = await databaseKinds()

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** docs/requirements.md §19.5: a released batch picked stop by stop into its orders' totes, each pick once. */
describe.each(kinds)('cluster picking on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let supervisor: string
  let operator: string
  let acmeAdmin: string
  let customerId: number
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 0 })
    f = await processFixture(t)
    ;[admin, supervisor, operator, acmeAdmin] = await Promise.all(['admin', 'supervisor', 'operator', 'acme.admin'].map(async (u) => (await t.login(u)).access))
    customerId = (
      await t.database.db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, t.seed.companyId)).orderBy(asc(customers.id)).limit(1)
    )[0].id
    await t.database.db.update(customers).set({ minShelfLifeDays: 0 }).where(eq(customers.id, customerId))
  })
  afterAll(async () => {
    await t?.close()
  })

  const post = (token: string, url: string, payload: object = {}) => t.as(token, { method: 'POST', url: `/api${url}`, payload })
  const get = (token: string, url: string) => t.as(token, { method: 'GET', url: `/api${url}` })

  async function order(lines: { product: number; qty: string }[]) {
    const res = await post(admin, '/shipping/orders/', { code: uniq('SO'), customer: customerId, ship_date: '2026-12-01', lines })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number; code: string; lines: { id: number }[] }
  }

  /** Two orders on one cart of 2 totes: O1 wants A 4 + B 1, O2 wants A 2; A has lot L1 (reserved first) and L2 beside it, plus an expired lot. */
  async function released() {
    const a = await f.product(uniq('PA'))
    const b = await f.product(uniq('PB'))
    const l1 = await f.stock(a, f.storage[0], 6, { lot: 'L1', expiryDate: inDays(20) })
    const l2 = await f.stock(a, f.storage[0], 5, { lot: 'L2', expiryDate: inDays(40) })
    const old = await f.stock(a, f.storage[0], 5, { lot: 'OLD', expiryDate: '2025-01-01' })
    const bLine = await f.stock(b, f.storage[1], 3, { lot: 'B1' })
    const o1 = await order([
      { product: a, qty: '4' },
      { product: b, qty: '1' },
    ])
    const o2 = await order([{ product: a, qty: '2' }])
    const w = (await post(admin, '/shipping/waves/', { code: uniq('WV'), orders: [o1.id, o2.id] })).json() as { id: number }
    const rel = await post(supervisor, `/shipping/waves/${w.id}/release/`, { command_id: randomUUID(), totes: 2 })
    expect(rel.statusCode, rel.body).toBe(200)
    const batchId = (rel.json() as { batches: { id: number }[] }).batches[0].id
    return { a, b, l1, l2, old, bLine, o1, o2, batchId }
  }

  const detail = async (token: string, id: number) => {
    const res = await get(token, `/shipping/batches/${id}/`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as PickBatchDetail
  }

  it('answers the batch with its stops in path order, its totes, the reserved lot and the other lots there; 404 for another company', async () => {
    const s = await released()
    const d = await detail(operator, s.batchId)
    expect(d).toMatchObject({ id: s.batchId, status: 'open', cart: null, totes: 2, assignee: null })
    expect(d.orders.map((o) => [o.tote, o.order.id])).toEqual([
      [1, s.o1.id],
      [2, s.o2.id],
    ])
    expect(d.stops.map((x) => x.seq)).toEqual([1, 2, 3])
    const aStops = d.stops.filter((x) => x.product.id === s.a)
    expect(aStops.map((x) => [x.order.id, x.tote, x.stock_line, x.lot, x.qty])).toEqual(
      expect.arrayContaining([
        [s.o1.id, 1, s.l1, 'L1', '4'],
        [s.o2.id, 2, s.l1, 'L1', '2'],
      ]),
    )
    // L2 is the other lot (the expired one is still listed: the handheld refuses it by its date)
    expect(aStops[0].alternatives.map((x) => x.lot)).toEqual(['OLD', 'L2'])
    expect((await get(acmeAdmin, `/shipping/batches/${s.batchId}/`)).statusCode).toBe(404)
    const mine = (await get(operator, '/shipping/batches/?mine=true')).json() as { results: PickBatchRow[] }
    expect(mine.results.some((r) => r.id === s.batchId)).toBe(false)
  })

  it('binds a cart (the batch becomes the operator’s); a cart carries one live batch', async () => {
    const s = await released()
    const s2 = await released()
    const cart = uniq('C').replace(/-/g, '')
    const bound = await post(operator, `/shipping/batches/${s.batchId}/cart/`, { command_id: randomUUID(), cart })
    expect(bound.statusCode, bound.body).toBe(200)
    expect((await detail(operator, s.batchId)).assignee?.username).toBe('operator')
    const mine = (await get(operator, '/shipping/batches/?mine=true')).json() as { results: PickBatchRow[] }
    expect(mine.results.find((r) => r.id === s.batchId)).toMatchObject({ cart: cart.toUpperCase(), status: 'in_progress', stops: 3, done: 0 })
    const taken = await post(operator, `/shipping/batches/${s2.batchId}/cart/`, { command_id: randomUUID(), cart: cart.toLowerCase() })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().codes.cart[0].code).toBe('batch_cart_in_use')
    const bad = await post(operator, `/shipping/batches/${s2.batchId}/cart/`, { command_id: randomUUID(), cart: 'C 1' })
    expect(bad.statusCode).toBe(400)
    // someone else's batch
    const other = await post(supervisor, `/shipping/batches/${s.batchId}/cart/`, { command_id: randomUUID(), cart: 'ZZ9' })
    expect(other.statusCode).toBe(409)
    expect(other.json().code).toBe('assigned_to_other')
  })

  it('refuses a wrong tote, too much, a short pick without reason, a task of another batch, an expired lot, another lot without reason: nothing done', async () => {
    const s = await released()
    const s2 = await released()
    const d = await detail(operator, s.batchId)
    const stop = d.stops.find((x) => x.order.id === s.o1.id && x.product.id === s.a)!
    const pick = (body: object) =>
      post(operator, `/shipping/batches/${s.batchId}/picks/`, { command_id: randomUUID(), task: stop.task, stock_line: s.l1, qty: '4', tote: 1, ...body })
    const code = async (body: object, field: string) => {
      const res = await pick(body)
      expect(res.statusCode, res.body).toBe(400)
      return res.json().codes[field][0].code as string
    }
    expect(await code({ tote: 2 }, 'tote')).toBe('batch_wrong_tote')
    expect(await code({ qty: '5' }, 'qty')).toBe('batch_qty_above_reserved')
    expect(await code({ qty: '3' }, 'short_reason')).toBe('batch_short_needs_reason')
    expect(await code({ stock_line: s.old, override_reason: 'closer' }, 'stock_line')).toBe('batch_lot_expired')
    expect(await code({ stock_line: s.l2 }, 'override_reason')).toBe('batch_other_lot_reason')
    expect(await code({ stock_line: s.bLine }, 'stock_line')).toBe('batch_stock_not_stop')
    const foreign = (await detail(operator, s2.batchId)).stops[0].task
    expect(await code({ task: foreign }, 'task')).toBe('batch_not_a_stop')
    // nothing happened: the stop is open, the order's draft holds no pick, the batch untouched
    const [task] = await t.database.db.select({ status: tasks.status, assigneeId: tasks.assigneeId }).from(tasks).where(eq(tasks.id, stop.task))
    expect(task).toEqual({ status: 'open', assigneeId: null })
    const [o] = await t.database.db.select({ draft: salesOrders.draft }).from(salesOrders).where(eq(salesOrders.id, s.o1.id))
    expect(o.draft).toBeNull()
    const [batch] = await t.database.db.select({ status: pickBatches.status }).from(pickBatches).where(eq(pickBatches.id, s.batchId))
    expect(batch.status).toBe('open')
  })

  it('picks every stop once (a resend answers the first pick), a short pick opens an exception, the batch ends done and its orders ship exactly', async () => {
    const s = await released()
    const d = await detail(operator, s.batchId)
    expect((await post(operator, `/shipping/batches/${s.batchId}/cart/`, { command_id: randomUUID(), cart: uniq('K').replace(/-/g, '') })).statusCode).toBe(200)
    const o1a = d.stops.find((x) => x.order.id === s.o1.id && x.product.id === s.a)!
    const o1b = d.stops.find((x) => x.order.id === s.o1.id && x.product.id === s.b)!
    const o2a = d.stops.find((x) => x.order.id === s.o2.id)!
    const url = `/shipping/batches/${s.batchId}/picks/`

    // O1's A: 3 of L1 and... the stop reserves 4 of L1; the operator finds 4 (in full)
    const command_id = randomUUID()
    const first = await post(operator, url, { command_id, task: o1a.task, stock_line: s.l1, qty: '4', tote: 1 })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ task: o1a.task, picked: '4', short: '0', exception_task: null, batch_status: 'in_progress' })
    const again = await post(operator, url, { command_id, task: o1a.task, stock_line: s.l1, qty: '4', tote: 1 })
    expect(again.json()).toEqual(first.json())
    const twice = await post(operator, url, { command_id: randomUUID(), task: o1a.task, stock_line: s.l1, qty: '4', tote: 1 })
    expect(twice.statusCode).toBe(409)

    // O2's A from the other lot, with a reason; O1's B short: nothing found
    const other = await post(operator, url, {
      command_id: randomUUID(),
      task: o2a.task,
      stock_line: s.l2,
      qty: '2',
      tote: 2,
      override_reason: 'L1 behind the pallet',
    })
    expect(other.statusCode, other.body).toBe(200)
    const short = await post(operator, url, { command_id: randomUUID(), task: o1b.task, stock_line: s.bLine, qty: '0', tote: 1, short_reason: 'not found' })
    expect(short.statusCode, short.body).toBe(200)
    const shortBody = short.json() as BatchPickOut
    expect(shortBody).toMatchObject({ picked: '0', short: '1', batch_status: 'done' })
    const [exception] = await t.database.db.select({ type: tasks.type, qty: tasks.qty }).from(tasks).where(eq(tasks.id, shortBody.exception_task!))
    expect(exception).toEqual({ type: 'exception', qty: '1.000' })

    const after = await detail(operator, s.batchId)
    expect(after.status).toBe('done')
    expect(after.stops.map((x) => [x.task, x.status, x.picked_qty, x.short_qty])).toEqual(
      expect.arrayContaining([
        [o1a.task, 'done', '4', null],
        [o2a.task, 'done', '2', null],
        [o1b.task, 'done', '0', '1'],
      ]),
    )
    const [o1] = await t.database.db.select({ draft: salesOrders.draft }).from(salesOrders).where(eq(salesOrders.id, s.o1.id))
    expect(o1.draft?.picks).toEqual([{ line: s.o1.lines[0].id, stock_line: s.l1, qty: '4' }])
    const [o2] = await t.database.db.select({ draft: salesOrders.draft }).from(salesOrders).where(eq(salesOrders.id, s.o2.id))
    expect(o2.draft?.picks).toEqual([{ line: s.o2.lines[0].id, stock_line: s.l2, qty: '2', override_reason: 'L1 behind the pallet' }])
    // a done batch takes no more picks
    const late = await post(operator, url, { command_id: randomUUID(), task: o1a.task, stock_line: s.l1, qty: '1', tote: 1 })
    expect(late.statusCode).toBe(409)

    // ship both (the handheld's loading: the draft is booked), and the ledger stays exact
    for (const o of [s.o1, s.o2]) {
      const shipped = await post(operator, `/shipping/orders/${o.id}/ship/`, { idempotency_key: uniq('ship') })
      expect(shipped.statusCode, shipped.body).toBe(201)
    }
    const statuses = await t.database.db
      .select({ status: salesOrders.status })
      .from(salesOrders)
      .where(and(eq(salesOrders.companyId, t.seed.companyId), eq(salesOrders.id, s.o1.id)))
    expect(statuses[0].status).toBe('shipped')
    // L1 gave 4 to O1 and O2's reservation of 2 went back when O2 shipped from L2
    expect(await f.line(s.l1)).toEqual({ qty: '2.000', reservedQty: '0.000' })
    expect(await f.line(s.l2)).toEqual({ qty: '3.000', reservedQty: '0.000' })
    expect(await f.line(s.bLine)).toEqual({ qty: '3.000', reservedQty: '0.000' })
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
  })

  it("goes through the outbox's batch (POST /api/commands/batch/): the cart and the picks, a wrong tote refused on its own", async () => {
    const s = await released()
    const d = await detail(operator, s.batchId)
    const stop = d.stops.find((x) => x.order.id === s.o2.id)!
    const cartId = randomUUID()
    const wrongId = randomUUID()
    const pickId = randomUUID()
    const res = await post(operator, '/commands/batch/', {
      requests: [
        { command_id: cartId, path: `/shipping/batches/${s.batchId}/cart/`, body: { command_id: cartId, cart: uniq('B').replace(/-/g, '') } },
        { command_id: wrongId, path: `/shipping/batches/${s.batchId}/picks/`, body: { command_id: wrongId, task: stop.task, stock_line: s.l1, qty: '2', tote: 1 } },
        { command_id: pickId, path: `/shipping/batches/${s.batchId}/picks/`, body: { command_id: pickId, task: stop.task, stock_line: s.l1, qty: '2', tote: 2 } },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json() as { results: { status: number }[] }).results.map((r) => r.status)).toEqual([200, 400, 200])
    expect((await detail(operator, s.batchId)).stops.find((x) => x.task === stop.task)?.status).toBe('done')
  })
})
