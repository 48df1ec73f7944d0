import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copackOrders, copackReservations } from '../../db/schema/manufacturing'
import { stockLines, stockMoves } from '../../db/schema/inventory'
import { setStockStatus } from '../inventory/stock.service'
import { tasks } from '../../db/schema/tasks'
import { warehouses } from '../../db/schema/core'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { ledgerMismatches, processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

/** A date `days` from today (UTC, as the database's current_date), so the FEFO test does not age into expired stock. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

describe.each(kinds)('copack orders on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let operator: string
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind)
    f = await processFixture(t)
    admin = (await t.login('admin')).access
    operator = (await t.login('operator')).access
  })
  afterAll(async () => {
    await t?.close()
  })

  const api = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.as(token, { method, url, payload })

  /** A result product with a bill of materials: [component, qty per unit][]. */
  async function bom(components: [number, string][]): Promise<number> {
    const result = await f.product(uniq('R'))
    const res = await api(admin, 'POST', '/api/manufacturing/boms/', { product: result, components: components.map(([product, qty_per_unit]) => ({ product, qty_per_unit })) })
    expect(res.statusCode, res.body).toBe(201)
    return result
  }
  async function order(resultProduct: number, resultQty: string | number = 1): Promise<{ id: number; code: string }> {
    const code = uniq('CP')
    const res = await api(admin, 'POST', '/api/manufacturing/copack-orders/', { code, result_product: resultProduct, result_qty: resultQty })
    expect(res.statusCode, res.body).toBe(201)
    return { id: res.json().id, code }
  }
  const reserve = (id: number, token = admin) => api(token, 'POST', `/api/manufacturing/copack-orders/${id}/reserve/`)

  it('creates an order with defaults from the user, lists it, and shows its components', async () => {
    const c1 = await f.product(uniq('C'))
    await f.stock(c1, f.storage[0], 10, { lot: 'A' })
    const result = await bom([[c1, '2.5']])
    const code = uniq('CP')
    const res = await api(admin, 'POST', '/api/manufacturing/copack-orders/', { code, result_product: String(result) })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({
      code,
      status: 'DRAFT',
      result_product: result,
      result_product_code: expect.stringMatching(/^R-/),
      result_qty: '1.000',
      company: t.seed.companyId,
      warehouse: f.warehouseId,
      actions: ['reserve', 'cancel'],
      components: [{ product: { id: c1 }, qty_per_unit: '2.500', needed: '2.5', available: '10', reserved: '0', missing: '0' }],
      reservations: [],
      tasks: [],
    })
    const list = await api(admin, 'GET', '/api/manufacturing/copack-orders/?page=1&page_size=5')
    expect(list.statusCode).toBe(200)
    expect(list.json()).toMatchObject({ count: expect.any(Number), previous: null })
    expect(list.json().results[0]).toMatchObject({ id: body.id, code, status: 'DRAFT', result_product: result, result_qty: '1.000', company: t.seed.companyId, site: body.site, warehouse: f.warehouseId })
    expect(Object.keys(list.json().results[0]).filter((k) => k !== 'codes')).toEqual(expect.arrayContaining(['id', 'code', 'status', 'result_product', 'result_product_code', 'result_product_name', 'result_qty', 'company', 'site', 'warehouse']))
    const search = await api(admin, 'GET', `/api/manufacturing/copack-orders/?search=${code}&status=DRAFT`)
    expect(search.json().results.map((r: { code: string }) => r.code)).toEqual([code])
  })

  it('validates the body and the company of what it names', async () => {
    const result = await f.product(uniq('R'))
    const post = (payload: object, token = admin) => api(token, 'POST', '/api/manufacturing/copack-orders/', payload)
    expect((await post({ result_product: result })).json()).toMatchObject({ code: ['This field is required.'] })
    expect((await post({ code: uniq('CP') })).json()).toMatchObject({ result_product: ['This field is required.'] })
    const zero = await post({ code: uniq('CP'), result_product: result, result_qty: '0' })
    expect(zero.statusCode).toBe(400)
    expect(zero.json()).toHaveProperty('result_qty')
    expect((await post({ code: uniq('CP'), result_product: result, result_qty: '1.2345' })).statusCode).toBe(400)
    const code = uniq('CP')
    expect((await post({ code, result_product: result, result_qty: '2.5' })).json()).toMatchObject({ result_qty: '2.500' })
    expect((await post({ code, result_product: result })).json()).toMatchObject({ code: ['A copack order with this code already exists.'] })
    // SPEC 7's client sends company/site/warehouse = its own ids: accepted when they are the user's
    const [acmeWh] = await t.database.db.select({ id: warehouses.id, siteId: warehouses.siteId }).from(warehouses).where(eq(warehouses.companyId, t.seed.otherCompanyId))
    expect((await post({ code: uniq('CP'), result_product: result, warehouse: acmeWh.id })).json()).toMatchObject({ warehouse: [expect.stringMatching(/Invalid pk/)] })
    expect((await post({ code: uniq('CP'), result_product: result, site: acmeWh.siteId })).json()).toMatchObject({ site: [expect.stringMatching(/Invalid pk/)] })
    expect((await post({ code: uniq('CP'), result_product: result, company: t.seed.otherCompanyId })).json()).toMatchObject({ company: [expect.stringMatching(/Invalid pk/)] })
    const own = await post({ code: uniq('CP'), result_product: result, company: t.seed.companyId, warehouse: f.otherWarehouseId })
    expect(own.statusCode, own.body).toBe(201)
    expect(own.json()).toMatchObject({ company: t.seed.companyId, warehouse: f.otherWarehouseId })
    // a product of another company is not a product
    const acmeProduct = await processFixture(t, t.seed.otherCompanyId, 'acme.admin').then((g) => g.product(uniq('ACME')))
    expect((await post({ code: uniq('CP'), result_product: acmeProduct })).json()).toMatchObject({ result_product: [expect.stringMatching(/Invalid pk/)] })
    // operators read but do not write
    expect((await post({ code: uniq('CP'), result_product: result }, operator)).statusCode).toBe(403)
    expect((await api(operator, 'GET', '/api/manufacturing/copack-orders/')).statusCode).toBe(200)
  })

  it("isolates companies: another company's order is a 404 for reading and acting", async () => {
    const acme = (await t.login('acme.admin')).access
    const g = await processFixture(t, t.seed.otherCompanyId, 'acme.admin')
    const result = await g.product(uniq('ACME-R'))
    const res = await api(acme, 'POST', '/api/manufacturing/copack-orders/', { code: uniq('CP'), result_product: result })
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json().id
    expect((await api(admin, 'GET', `/api/manufacturing/copack-orders/${id}/`)).statusCode).toBe(404)
    for (const action of ['reserve', 'cancel', 'complete']) {
      expect((await api(admin, 'POST', `/api/manufacturing/copack-orders/${id}/${action}/`)).statusCode).toBe(404)
    }
    const list = await api(admin, 'GET', `/api/manufacturing/copack-orders/?page_size=100&search=${res.json().code}`)
    expect(list.json().count).toBe(0)
    expect((await api(admin, 'GET', '/api/manufacturing/copack-orders/abc/')).statusCode).toBe(404)
  })

  it('reserves by FEFO: earliest expiry first, no expiry last, then the oldest line; one pick task per reserved line', async () => {
    const c = await f.product(uniq('C'))
    const later = await f.stock(c, f.storage[0], 5, { lot: 'LATER', expiryDate: inDays(120) })
    const noExpiry = await f.stock(c, f.storage[1], 10, { lot: 'NONE' })
    const soonOld = await f.stock(c, f.storage[2], 5, { lot: 'SOON-OLD', expiryDate: inDays(7) })
    const soonNew = await f.stock(c, f.storage[3], 5, { lot: 'SOON-NEW', expiryDate: inDays(7) })
    // stock in another warehouse is not this order's
    await f.stock(c, f.otherStorage[0], 50, { lot: 'ELSEWHERE', expiryDate: '2025-01-01' })
    const result = await bom([[c, '7']])
    const first = await order(result)
    const res = await reserve(first.id)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.status).toBe('RESERVED')
    expect(body.actions).toEqual(['cancel', 'complete'])
    expect(body.reservations.map((r: { stock_line: number; qty: string }) => [r.stock_line, r.qty])).toEqual([
      [soonOld, '5.000'],
      [soonNew, '2.000'],
    ])
    expect(body.components[0]).toMatchObject({ needed: '7', reserved: '7', missing: '0' })
    expect(body.tasks).toHaveLength(2)
    expect(body.tasks[0]).toMatchObject({ type: 'pick', status: 'open', reference: first.code, location: { id: f.storage[2] }, product: { id: c }, qty: '5.000' })
    expect(await f.line(soonOld)).toMatchObject({ qty: '5.000', reservedQty: '5.000' })
    expect(await f.line(soonNew)).toMatchObject({ reservedQty: '2.000' })

    const second = await order(result, '1')
    const res2 = await reserve(second.id)
    expect(res2.statusCode, res2.body).toBe(200)
    expect(res2.json().reservations.map((r: { stock_line: number; qty: string }) => [r.stock_line, r.qty])).toEqual([
      [soonNew, '3.000'],
      [later, '4.000'],
    ])
    const third = await order(result, '1')
    expect((await reserve(third.id)).json().reservations.map((r: { stock_line: number; qty: string }) => [r.stock_line, r.qty])).toEqual([
      [later, '1.000'],
      [noExpiry, '6.000'],
    ])
    // the tasks are in the task list for the operator
    const list = await api(operator, 'GET', `/api/workforce/tasks/?search=${first.code}&status=open`)
    expect(list.json().count).toBe(2)
    // reserving again is a 409
    const again = await reserve(first.id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ detail: expect.stringMatching(/RESERVED/) })
  })

  it('never reserves expired, blocked or quarantined stock (SPEC 10.4)', async () => {
    const c = await f.product(uniq('C'))
    const expired = await f.stock(c, f.storage[0], 5, { lot: 'EXPIRED', expiryDate: '2020-01-01' })
    const blocked = await f.stock(c, f.storage[1], 5, { lot: 'BLOCKED', expiryDate: '2030-01-01' })
    const quarantined = await f.stock(c, f.storage[2], 5, { lot: 'QUARANTINE', expiryDate: '2030-01-02' })
    const good = await f.stock(c, f.storage[3], 5, { lot: 'GOOD', expiryDate: '2030-06-01' })
    const actor = { companyId: t.seed.companyId, userId: null }
    await setStockStatus(t.database.db, actor, { lineId: blocked, status: 'blocked', reason: 'damaged' })
    await setStockStatus(t.database.db, actor, { lineId: quarantined, status: 'quarantine', reason: 'lab' })
    const result = await bom([[c, '5']])
    const res = await reserve((await order(result)).id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().reservations.map((r: { stock_line: number }) => r.stock_line)).toEqual([good])
    const short = await reserve((await order(result)).id)
    expect(short.statusCode).toBe(409)
    for (const id of [expired, blocked, quarantined]) expect(await f.line(id)).toMatchObject({ reservedQty: '0.000' })
  })

  it('reserves nothing when stock is short: 409 with what is missing per component', async () => {
    const plenty = await f.product(uniq('C'))
    const short = await f.product(uniq('C'))
    const absent = await f.product(uniq('C'))
    const plentyLine = await f.stock(plenty, f.storage[0], 100)
    const shortLine = await f.stock(short, f.storage[1], 3)
    await f.stock(short, f.storage[2], '1.5', { lot: 'B', expiryDate: '2031-01-01' })
    const result = await bom([
      [plenty, '1'],
      [short, '2.5'],
      [absent, '1'],
    ])
    const o = await order(result, 2)
    const res = await reserve(o.id)
    expect(res.statusCode).toBe(409)
    const shortCode = (await api(admin, 'GET', `/api/manufacturing/copack-orders/${o.id}/`)).json().components.find((c: { product: { id: number } }) => c.product.id === short).product.code
    expect(res.json()).toMatchObject({
      detail: expect.any(String),
      missing: [
        { product: short, code: shortCode, needed: '5', available: '4.5', missing: '0.5' },
        { product: absent, code: expect.any(String), needed: '2', available: '0', missing: '2' },
      ],
    })
    expect(await f.line(plentyLine)).toMatchObject({ reservedQty: '0.000' })
    expect(await f.line(shortLine)).toMatchObject({ reservedQty: '0.000' })
    const detail = (await api(admin, 'GET', `/api/manufacturing/copack-orders/${o.id}/`)).json()
    expect(detail).toMatchObject({ status: 'DRAFT', reservations: [], tasks: [] })
    expect(detail.components.find((c: { product: { id: number } }) => c.product.id === short)).toMatchObject({ needed: '5', available: '4.5', missing: '0.5' })
    const [{ n }] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(tasks).where(eq(tasks.reference, o.code))
    expect(n).toBe(0)
    // an order whose product has no bill of materials cannot be reserved either
    const bare = await order(await f.product(uniq('R')))
    expect((await reserve(bare.id)).statusCode).toBe(409)
  })

  it('50 concurrent reserves of one order: exactly one succeeds', async () => {
    const c = await f.product(uniq('C'))
    const lineIds = [await f.stock(c, f.storage[0], 10, { lot: 'A' }), await f.stock(c, f.storage[1], 10, { lot: 'B' })]
    const o = await order(await bom([[c, '15']]))
    const results = await Promise.all(Array.from({ length: 50 }, () => reserve(o.id)))
    const codes = results.map((r) => r.statusCode)
    expect(codes.filter((s) => s === 200)).toHaveLength(1)
    expect(codes.filter((s) => s === 409)).toHaveLength(49)
    const rows = await t.database.db.select().from(copackReservations).where(eq(copackReservations.orderId, o.id))
    expect(rows.map((r) => r.qty).sort()).toEqual(['10.000', '5.000'])
    const lines = await t.database.db.select({ reserved: stockLines.reservedQty }).from(stockLines).where(inArray(stockLines.id, lineIds))
    expect(lines.map((l) => l.reserved).sort()).toEqual(['10.000', '5.000'])
  })

  it('50 concurrent reserves of different orders competing for the same stock never over-reserve', async () => {
    const a = await f.product(uniq('C'))
    const b = await f.product(uniq('C'))
    const lineIds = [
      await f.stock(a, f.storage[0], 10, { lot: 'A1', expiryDate: '2032-01-01' }),
      await f.stock(a, f.storage[1], 10, { lot: 'A2' }),
      await f.stock(a, f.storage[2], 10, { lot: 'A3', expiryDate: '2031-06-01' }),
      await f.stock(b, f.storage[0], 7, { lot: 'B1' }),
      await f.stock(b, f.storage[3], 20, { lot: 'B2', expiryDate: '2031-02-01' }),
    ]
    // each order takes 2 of a (30 in stock: 15 orders) and 1.5 of b (27 in stock: 18 orders) → exactly 15 succeed
    const result = await bom([
      [a, '2'],
      [b, '1.5'],
    ])
    const orders = []
    for (let i = 0; i < 50; i++) orders.push(await order(result))
    const results = await Promise.all(orders.map((o) => reserve(o.id)))
    const ok = results.filter((r) => r.statusCode === 200).length
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409), results.map((r) => r.body).join('\n').slice(0, 500)).toBe(true)
    expect(ok).toBe(15)
    const db = t.database.db
    const lines = await db.select().from(stockLines).where(inArray(stockLines.id, lineIds))
    for (const line of lines) {
      expect(Number(line.reservedQty)).toBeLessThanOrEqual(Number(line.qty))
      const [{ held }] = await db
        .select({ held: sql<string>`coalesce(sum(${copackReservations.qty}), 0)::text` })
        .from(copackReservations)
        .where(and(eq(copackReservations.stockLineId, line.id), eq(copackReservations.status, 'active')))
      expect(Number(held)).toBe(Number(line.reservedQty))
    }
    const total = lines.filter((l) => l.productId === a).reduce((s, l) => s + Number(l.reservedQty), 0)
    expect(total).toBe(30)
    const failed = results.find((r) => r.statusCode === 409)
    expect(failed?.json()).toMatchObject({ missing: [{ product: a, needed: '2', available: '0', missing: '2' }] })
  })

  it('cancel releases the reservations and cancels the open tasks', async () => {
    const c = await f.product(uniq('C'))
    const line = await f.stock(c, f.storage[0], 8)
    const o = await order(await bom([[c, '3']]))
    expect((await reserve(o.id)).statusCode).toBe(200)
    expect(await f.line(line)).toMatchObject({ reservedQty: '3.000' })
    const res = await api(admin, 'POST', `/api/manufacturing/copack-orders/${o.id}/cancel/`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'CANCELLED', actions: [], reservations: [{ status: 'released', qty: '3.000' }], tasks: [{ status: 'cancelled' }] })
    expect(res.json().cancelled_at).not.toBeNull()
    expect(await f.line(line)).toMatchObject({ qty: '8.000', reservedQty: '0.000' })
    expect((await api(admin, 'POST', `/api/manufacturing/copack-orders/${o.id}/cancel/`)).statusCode).toBe(409)
    expect((await reserve(o.id)).statusCode).toBe(409)
    // the released stock can be reserved by another order
    const other = await order(await bom([[c, '8']]))
    expect((await reserve(other.id)).statusCode).toBe(200)
    // a DRAFT order cancels too
    const draft = await order(await f.product(uniq('R')))
    expect((await api(admin, 'POST', `/api/manufacturing/copack-orders/${draft.id}/cancel/`)).json()).toMatchObject({ status: 'CANCELLED' })
    expect((await api(operator, 'POST', `/api/manufacturing/copack-orders/${other.id}/cancel/`)).statusCode).toBe(403)
  })

  it('completes when its pick tasks are done: consumes the components and produces the result through the ledger', async () => {
    const c1 = await f.product(uniq('C'))
    const c2 = await f.product(uniq('C'))
    const l1 = await f.stock(c1, f.storage[0], 10, { lot: 'X' })
    const l2a = await f.stock(c2, f.storage[1], 1, { lot: 'Y', expiryDate: '2031-05-01' })
    const l2b = await f.stock(c2, f.storage[2], 5, { lot: 'Z' })
    const result = await bom([
      [c1, '2'],
      [c2, '0.75'],
    ])
    const o = await order(result, 2)
    const reserved = (await reserve(o.id)).json()
    expect(reserved.tasks).toHaveLength(3)
    expect((await api(admin, 'POST', `/api/manufacturing/copack-orders/${o.id}/complete/`)).statusCode).toBe(409)
    // the operator works the tasks; starting the first moves the order to IN_PROGRESS
    const [firstTask, ...rest] = reserved.tasks as { id: number }[]
    const started = await api(operator, 'POST', `/api/workforce/tasks/${firstTask.id}/start/`)
    expect(started.statusCode, started.body).toBe(200)
    expect((await api(admin, 'GET', `/api/manufacturing/copack-orders/${o.id}/`)).json().status).toBe('IN_PROGRESS')
    expect((await api(operator, 'POST', `/api/workforce/tasks/${firstTask.id}/done/`)).statusCode).toBe(200)
    for (const task of rest) expect((await api(operator, 'POST', `/api/workforce/tasks/${task.id}/done/`)).statusCode).toBe(200)
    const res = await api(admin, 'POST', `/api/manufacturing/copack-orders/${o.id}/complete/`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ status: 'COMPLETED', actions: [], produced_location: { id: expect.any(Number) } })
    expect(body.reservations.every((r: { status: string }) => r.status === 'consumed')).toBe(true)
    expect(await f.line(l1)).toMatchObject({ qty: '6.000', reservedQty: '0.000' })
    expect(await f.line(l2a)).toBeUndefined() // emptied: deleted, its history stays
    expect(await f.line(l2b)).toMatchObject({ qty: '4.500', reservedQty: '0.000' })
    const db = t.database.db
    const moves = await db.select().from(stockMoves).where(eq(stockMoves.reference, o.code))
    expect(moves.filter((m) => m.reason === 'consume').map((m) => m.qty).sort()).toEqual(['0.500', '1.000', '4.000'])
    const produced = moves.filter((m) => m.reason === 'produce')
    expect(produced).toMatchObject([{ productId: result, qty: '2.000', toLocationId: body.produced_location.id, lot: o.code }])
    const [made] = await db.select().from(stockLines).where(eq(stockLines.id, produced[0].toLineId as number))
    expect(made).toMatchObject({ productId: result, qty: '2.000', lot: o.code })
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
    expect((await api(admin, 'POST', `/api/manufacturing/copack-orders/${o.id}/complete/`)).statusCode).toBe(409)
    expect((await api(admin, 'POST', `/api/manufacturing/copack-orders/${o.id}/cancel/`)).statusCode).toBe(409)
  })

  it('seeds DRAFT orders that a new user can reserve at once', async () => {
    const drafts = await t.database.db
      .select({ id: copackOrders.id })
      .from(copackOrders)
      .where(and(eq(copackOrders.companyId, t.seed.companyId), eq(copackOrders.status, 'DRAFT'), sql`${copackOrders.code} LIKE 'CP-DEMO-%'`))
    expect(drafts.length).toBeGreaterThanOrEqual(3)
    for (const d of drafts) {
      const res = await reserve(d.id)
      expect(res.statusCode, res.body).toBe(200)
    }
    const boms = await api(admin, 'GET', '/api/manufacturing/boms/?page_size=1')
    expect(boms.json().count).toBeGreaterThanOrEqual(20)
  })
})
