import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stockMoves } from '../../db/schema/inventory'
import { carriers, customers } from '../../db/schema/partners'
import { tasks } from '../../db/schema/tasks'
import { reserveStock } from '../inventory/stock.service'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { ledgerMismatches, processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

/** A date `days` from today (UTC, as the database's current_date), so the tests do not age. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

type Suggestion = { stock_line: number; qty: string; expiry_date: string | null; available: string }
type SuggestionLine = { line: number; remaining: string; available: string; suggestions: Suggestion[] }

describe.each(kinds)('shipping on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let operator: string
  let customerId: number
  let carrierId: number
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind)
    f = await processFixture(t)
    admin = (await t.login('admin')).access
    operator = (await t.login('operator')).access
    const db = t.database.db
    customerId = (await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, t.seed.companyId)).limit(1))[0].id
    carrierId = (await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.companyId, t.seed.companyId)).limit(1))[0].id
  })
  afterAll(async () => {
    await t?.close()
  })

  const api = (token: string, method: 'GET' | 'POST', url: string, payload?: object) => t.as(token, { method, url, payload })
  const movesOf = (reference: string) => t.database.db.select().from(stockMoves).where(eq(stockMoves.reference, reference))

  async function salesOrder(lines: { product: number; qty: string }[]) {
    const code = uniq('SO')
    const res = await api(admin, 'POST', '/api/shipping/orders/', { code, customer: customerId, ship_date: '2026-12-01', lines })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number; code: string; lines: { id: number }[] }
  }
  /** Picks exactly what the suggestions say. */
  const picksFrom = (lines: SuggestionLine[]) =>
    lines.flatMap((l) => l.suggestions.filter((s) => s.qty !== '0').map((s) => ({ line: l.line, stock_line: s.stock_line, qty: s.qty })))

  it('lists the seeded open orders and the wave; validates new orders', async () => {
    const list = await api(operator, 'GET', '/api/shipping/orders/?status=open&search=SO-DEMO')
    expect(list.statusCode).toBe(200)
    expect(list.json().count).toBeGreaterThanOrEqual(3)
    expect(list.json().results[0]).toMatchObject({
      code: expect.stringMatching(/^SO-DEMO-/),
      status: 'open',
      customer: { code: expect.any(String) },
      warehouse: { id: f.warehouseId },
      lines_count: expect.any(Number),
    })
    const waves = await api(operator, 'GET', '/api/shipping/waves/')
    expect(waves.json().results).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'WV-DEMO-0001', status: 'open', orders_count: 3 })]))
    const p = await f.product(uniq('P'))
    const post = (payload: object, token = admin) => api(token, 'POST', '/api/shipping/orders/', payload)
    const base = { code: uniq('SO'), customer: customerId, lines: [{ product: p, qty: '2' }] }
    expect((await post({ ...base, lines: [] })).json()).toMatchObject({ lines: ['An order needs at least one line.'] })
    expect((await post({ ...base, lines: [{ product: p, qty: '0' }] })).statusCode).toBe(400)
    expect((await post(base, operator)).statusCode).toBe(403)
    expect((await post(base)).statusCode).toBe(201)
    expect((await post(base)).json()).toMatchObject({ code: ['A sales order with this code already exists.'] })
    const [acmeCustomer] = await t.database.db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, t.seed.otherCompanyId)).limit(1)
    expect((await post({ ...base, code: uniq('SO'), customer: acmeCustomer.id })).json()).toMatchObject({ customer: [expect.stringMatching(/Invalid pk/)] })
  })

  it('suggests stock by FEFO and ships it through the ledger; Finish twice books once', async () => {
    const p = await f.product(uniq('P'))
    const late = await f.stock(p, f.storage[0], 5, { lot: 'LATE', expiryDate: inDays(300) })
    const early = await f.stock(p, f.storage[1], 3, { lot: 'EARLY', expiryDate: inDays(6) })
    const none = await f.stock(p, f.storage[2], 10, { lot: 'NONE' })
    await f.stock(p, f.otherStorage[0], 100, { lot: 'ELSEWHERE', expiryDate: '2025-01-01' })
    const order = await salesOrder([{ product: p, qty: '6' }])
    const sugg = await api(operator, 'GET', `/api/shipping/orders/${order.id}/pick-suggestions/`)
    expect(sugg.statusCode, sugg.body).toBe(200)
    const lines = sugg.json().lines as SuggestionLine[]
    expect(lines).toMatchObject([{ line: order.lines[0].id, remaining: '6', available: '18' }])
    expect(lines[0].suggestions.map((s) => [s.stock_line, s.qty])).toEqual([
      [early, '3'],
      [late, '3'],
      [none, '0'],
    ])
    const body = {
      idempotency_key: `ship-${order.code}`,
      picks: picksFrom(lines),
      packages: [
        { code: 'BOX-1', contents: [{ line: order.lines[0].id, qty: '4' }] },
        { code: 'BOX-2', contents: [{ line: order.lines[0].id, qty: '2' }] },
      ],
      carrier: carrierId,
      tracking_reference: 'BR123456789',
    }
    const res = await api(operator, 'POST', `/api/shipping/orders/${order.id}/ship/`, body)
    expect(res.statusCode, res.body).toBe(201)
    const shipment = res.json()
    expect(shipment).toMatchObject({
      order: order.id,
      wave: null,
      carrier: { id: carrierId },
      tracking_reference: 'BR123456789',
      orders: [{ id: order.id, status: 'shipped' }],
      packages: [
        { code: 'BOX-1', contents: [{ line: order.lines[0].id, qty: '4.000' }] },
        { code: 'BOX-2', contents: [{ qty: '2.000' }] },
      ],
    })
    expect(shipment.picks.map((x: { stock_line: number; qty: string }) => [x.stock_line, x.qty])).toEqual([
      [late, '3.000'],
      [early, '3.000'],
    ])
    expect(await f.line(early)).toBeUndefined()
    expect(await f.line(late)).toMatchObject({ qty: '2.000' })
    expect(await f.line(none)).toMatchObject({ qty: '10.000' })
    const moves = await movesOf(order.code)
    expect(moves.map((m) => [m.reason, m.qty]).sort()).toEqual([
      ['ship', '3.000'],
      ['ship', '3.000'],
    ])
    const detail = (await api(admin, 'GET', `/api/shipping/orders/${order.id}/`)).json()
    expect(detail).toMatchObject({ status: 'shipped', lines: [{ qty: '6.000', shipped_qty: '6.000', remaining: '0' }], shipments: [{ id: shipment.id }] })
    const pickTasks = await t.database.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.reference, order.code), eq(tasks.type, 'pick')))
    expect(pickTasks.map((x) => x.status)).toEqual(['done', 'done'])

    const again = await api(operator, 'POST', `/api/shipping/orders/${order.id}/ship/`, body)
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(shipment.id)
    expect(await movesOf(order.code)).toHaveLength(2)
    const late2 = await api(operator, 'POST', `/api/shipping/orders/${order.id}/ship/`, { ...body, idempotency_key: `ship2-${order.code}` })
    expect(late2.statusCode).toBe(409)
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
  })

  it('Finish clicked five times at once books once', async () => {
    const p = await f.product(uniq('P'))
    const line = await f.stock(p, f.storage[3], 10)
    const order = await salesOrder([{ product: p, qty: '4' }])
    const body = { idempotency_key: `burst-${order.code}`, picks: [{ line: order.lines[0].id, stock_line: line, qty: '4' }] }
    const results = await Promise.all(Array.from({ length: 5 }, () => api(operator, 'POST', `/api/shipping/orders/${order.id}/ship/`, body)))
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201])
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1)
    expect(await f.line(line)).toMatchObject({ qty: '6.000' })
    expect(await movesOf(order.code)).toHaveLength(1)
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
  })

  it('refuses picks that do not fit: over-pick, wrong product, reserved stock, unpacked quantities', async () => {
    const p = await f.product(uniq('P'))
    const q = await f.product(uniq('P'))
    const line = await f.stock(p, f.storage[0], 10)
    const otherLine = await f.stock(q, f.storage[0], 10)
    await reserveStock(t.database.db, f.actor, { lineId: line, qty: 8 })
    const order = await salesOrder([{ product: p, qty: '5' }])
    const url = `/api/shipping/orders/${order.id}/ship/`
    const l = order.lines[0].id
    const post = (payload: object) => api(operator, 'POST', url, { idempotency_key: `${uniq('k')}-key`, ...payload })
    expect((await post({ picks: [{ line: l, stock_line: line, qty: '6' }] })).json()).toMatchObject({ picks: [expect.stringMatching(/more than the 5 left/)] })
    expect((await post({ picks: [{ line: l, stock_line: otherLine, qty: '1' }] })).json()).toMatchObject({ picks: [expect.stringMatching(/another product/)] })
    // only 2 are free: the rest is reserved (e.g. by a copack order)
    const reserved = await post({ picks: [{ line: l, stock_line: line, qty: '3' }] })
    expect(reserved.statusCode).toBe(400)
    expect(reserved.json().picks[0]).toMatch(/Not enough stock/)
    expect((await post({ picks: [{ line: l, stock_line: line, qty: '2' }], packages: [{ code: 'B', contents: [{ line: l, qty: '1' }] }] })).json()).toMatchObject({
      packages: [expect.stringMatching(/packed 1 but picked 2/)],
    })
    expect((await post({ picks: [{ line: l, stock_line: line, qty: '2' }], carrier: 999999 })).json()).toMatchObject({ carrier: [expect.stringMatching(/Invalid pk/)] })
    expect((await post({ picks: [] })).json()).toMatchObject({ picks: ['Pick at least one quantity.'] })
    expect(await f.line(line)).toMatchObject({ qty: '10.000', reservedQty: '8.000' })
    expect(await movesOf(order.code)).toHaveLength(0)
    // isolation
    const acme = (await t.login('acme.admin')).access
    expect((await api(acme, 'GET', `/api/shipping/orders/${order.id}/`)).statusCode).toBe(404)
    expect((await api(acme, 'GET', `/api/shipping/orders/${order.id}/pick-suggestions/`)).statusCode).toBe(404)
    expect((await api(acme, 'POST', url, { idempotency_key: 'acme-key-1', picks: [{ line: l, stock_line: line, qty: '1' }] })).statusCode).toBe(404)
    // a short shipment still closes the order
    const short = await post({ picks: [{ line: l, stock_line: line, qty: '2' }] })
    expect(short.statusCode, short.body).toBe(201)
    expect((await api(admin, 'GET', `/api/shipping/orders/${order.id}/`)).json()).toMatchObject({ status: 'shipped', lines: [{ shipped_qty: '2.000', remaining: '3' }] })
  })

  it('never suggests or ships expired, blocked or quarantined stock; respects the customer minimum shelf life (SPEC 10.4)', async () => {
    const p = await f.product(uniq('P'))
    const expired = await f.stock(p, f.storage[0], 5, { lot: 'EXPIRED', expiryDate: inDays(-1) })
    const blocked = await f.stock(p, f.storage[1], 5, { lot: 'BLOCKED', expiryDate: inDays(2), palletCode: uniq('PAL') })
    const quarantined = await f.stock(p, f.storage[2], 5, { lot: 'QUAR', expiryDate: inDays(3), palletCode: uniq('PAL') })
    const short = await f.stock(p, f.storage[3], 5, { lot: 'SHORT', expiryDate: inDays(10) })
    const good = await f.stock(p, f.storage[4], 5, { lot: 'GOOD', expiryDate: inDays(90) })
    const block = await api(operator, 'POST', `/api/inventory/stock/${blocked}/block/`, { reason: 'damaged' })
    expect(block.statusCode, block.body).toBe(200)
    const quar = await api(operator, 'POST', `/api/inventory/stock/${quarantined}/block/`, { reason: 'lab', status: 'quarantine' })
    expect(quar.statusCode, quar.body).toBe(200)

    // any customer: only the short-lived and the good lot, short first
    const order = await salesOrder([{ product: p, qty: '4' }])
    const sugg = (await api(operator, 'GET', `/api/shipping/orders/${order.id}/pick-suggestions/`)).json().lines as SuggestionLine[]
    expect(sugg[0]).toMatchObject({ available: '10', min_expiry_date: null })
    expect(sugg[0].suggestions.map((s) => [s.stock_line, s.qty])).toEqual([
      [short, '4'],
      [good, '0'],
    ])
    const l = order.lines[0].id
    const post = (id: number, payload: object) => api(operator, 'POST', `/api/shipping/orders/${id}/ship/`, { idempotency_key: `${uniq('k')}-key`, ...payload })
    for (const [line, msg] of [
      [expired, /lot EXPIRED\) expired on/],
      [blocked, /lot BLOCKED\) is blocked/],
      [quarantined, /lot QUAR\) is in quarantine/],
    ] as const) {
      const res = await post(order.id, { picks: [{ line: l, stock_line: line, qty: '1', override_reason: 'whatever' }] })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ picks: [expect.stringMatching(msg)] })
    }
    expect(await movesOf(order.code)).toHaveLength(0)

    // a customer who needs 30 days of shelf life: the short lot is neither suggested nor shippable
    const picky = await api(admin, 'POST', '/api/partners/customers/', { code: uniq('CUST'), name: 'Picky', min_shelf_life_days: 30 })
    expect(picky.statusCode, picky.body).toBe(201)
    const code = uniq('SO')
    const created = await api(admin, 'POST', '/api/shipping/orders/', { code, customer: picky.json().id, lines: [{ product: p, qty: '4' }] })
    expect(created.statusCode, created.body).toBe(201)
    const pickyOrder = created.json() as { id: number; lines: { id: number }[] }
    const pickySugg = (await api(operator, 'GET', `/api/shipping/orders/${pickyOrder.id}/pick-suggestions/`)).json().lines as SuggestionLine[]
    expect(pickySugg[0]).toMatchObject({ available: '5', min_expiry_date: inDays(30) })
    expect(pickySugg[0].suggestions.map((s) => [s.stock_line, s.qty])).toEqual([[good, '4']])
    const tooShort = await post(pickyOrder.id, { picks: [{ line: pickyOrder.lines[0].id, stock_line: short, qty: '1' }] })
    expect(tooShort.json()).toMatchObject({ picks: [expect.stringMatching(/lot SHORT\) expires on .* before .* minimum shelf life/)] })
    const ok = await post(pickyOrder.id, { picks: [{ line: pickyOrder.lines[0].id, stock_line: good, qty: '4' }] })
    expect(ok.statusCode, ok.body).toBe(201)
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
  })

  it('a pick of a worse lot than FEFO needs an override_reason, which the ledger keeps (SPEC 10.7)', async () => {
    const p = await f.product(uniq('P'))
    const early = await f.stock(p, f.storage[0], 4, { lot: 'EARLY', expiryDate: inDays(20) })
    const late = await f.stock(p, f.storage[1], 10, { lot: 'LATE', expiryDate: inDays(200) })
    const order = await salesOrder([{ product: p, qty: '6' }])
    const l = order.lines[0].id
    const url = `/api/shipping/orders/${order.id}/ship/`
    // FEFO takes 4 EARLY + 2 LATE: that is no override
    const fefo = await api(operator, 'POST', url, {
      idempotency_key: `fefo-${order.code}`,
      picks: [
        { line: l, stock_line: late, qty: '2' },
        { line: l, stock_line: early, qty: '4' },
      ],
    })
    expect(fefo.statusCode, fefo.body).toBe(201)
    await f.stock(p, f.storage[2], 5, { lot: 'EARLY2', expiryDate: inDays(25) })

    const order2 = await salesOrder([{ product: p, qty: '3' }])
    const url2 = `/api/shipping/orders/${order2.id}/ship/`
    const pick = { line: order2.lines[0].id, stock_line: late, qty: '3' }
    const missing = await api(operator, 'POST', url2, { idempotency_key: `miss-${order2.code}`, picks: [pick] })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ picks: [expect.stringMatching(/^Pick 1: lot LATE .* not the FEFO choice \(lot EARLY.*override_reason/)] })
    const blank = await api(operator, 'POST', url2, { idempotency_key: `blank-${order2.code}`, picks: [{ ...pick, override_reason: '  ' }] })
    expect(blank.statusCode).toBe(400)
    const tooLong = await api(operator, 'POST', url2, { idempotency_key: `long-${order2.code}`, picks: [{ ...pick, override_reason: 'x'.repeat(201) }] })
    expect(tooLong.statusCode).toBe(400)
    expect(Object.keys(tooLong.json())[0]).toMatch(/^picks/)
    expect(await movesOf(order2.code)).toHaveLength(0)
    // the reason may come through the saved draft as well
    const draft = await t.as(operator, { method: 'PUT', url: `/api/shipping/orders/${order2.id}/draft/`, payload: { picks: [{ ...pick, override_reason: 'EARLY lot is behind a blocked aisle' }] } })
    expect(draft.statusCode, draft.body).toBe(200)
    const res = await api(operator, 'POST', url2, { idempotency_key: `ok-${order2.code}` })
    expect(res.statusCode, res.body).toBe(201)
    const moves = await movesOf(order2.code)
    expect(moves.map((m) => [m.reason, m.fromLineId, m.qty, m.note])).toEqual([['ship', late, '3.000', 'EARLY lot is behind a blocked aisle']])
    const ledger = await api(admin, 'GET', `/api/inventory/moves/?search=${order2.code}`)
    expect(ledger.statusCode, ledger.body).toBe(200)
    expect(JSON.stringify(ledger.json())).toContain('EARLY lot is behind a blocked aisle')
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
  })

  it('keeps the wizard draft until Finish, which books it', async () => {
    const p = await f.product(uniq('P'))
    const line = await f.stock(p, f.storage[5], 9)
    const order = await salesOrder([{ product: p, qty: '5' }])
    const url = `/api/shipping/orders/${order.id}/draft/`
    expect((await api(operator, 'GET', url)).json()).toEqual({ draft: null, updated_at: null })
    const draft = { picks: [{ line: order.lines[0].id, stock_line: line, qty: '5' }], packages: [{ code: 'CX-1', contents: [{ line: order.lines[0].id, qty: '5' }] }], carrier: carrierId, tracking_reference: 'TR-1' }
    const saved = await t.as(operator, { method: 'PUT', url, payload: draft })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ draft: { picks: [{ qty: '5' }], tracking_reference: 'TR-1' }, updated_at: expect.any(String) })
    expect((await api(admin, 'GET', `/api/shipping/orders/${order.id}/`)).json()).toMatchObject({ draft: { carrier: carrierId } })
    expect((await t.as(operator, { method: 'PUT', url, payload: { picks: [{ line: 'x' }] } })).statusCode).toBe(400)
    const res = await api(operator, 'POST', `/api/shipping/orders/${order.id}/ship/`, { idempotency_key: `draft-${order.code}` })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ tracking_reference: 'TR-1', carrier: { id: carrierId }, packages: [{ code: 'CX-1' }], picks: [{ stock_line: line, qty: '5.000' }] })
    expect(await f.line(line)).toMatchObject({ qty: '4.000' })
    expect((await api(operator, 'GET', url)).json()).toEqual({ draft: null, updated_at: null })
    expect((await t.as(operator, { method: 'PUT', url, payload: draft })).statusCode).toBe(409)
  })

  it('groups orders into a wave and ships the wave: every order closes', async () => {
    const p = await f.product(uniq('P'))
    const stock = await f.stock(p, f.storage[4], 20, { lot: 'W' })
    const a = await salesOrder([{ product: p, qty: '3' }])
    const b = await salesOrder([{ product: p, qty: '4' }])
    const shipped = await salesOrder([{ product: p, qty: '1' }])
    expect(
      (
        await api(operator, 'POST', `/api/shipping/orders/${shipped.id}/ship/`, {
          idempotency_key: `pre-${shipped.code}`,
          picks: [{ line: shipped.lines[0].id, stock_line: stock, qty: '1' }],
        })
      ).statusCode,
    ).toBe(201)
    const bad = await api(admin, 'POST', '/api/shipping/waves/', { code: uniq('WV'), orders: [a.id, shipped.id] })
    expect(bad.json()).toMatchObject({ orders: [expect.stringMatching(/only open orders/)] })
    expect((await api(operator, 'POST', '/api/shipping/waves/', { code: uniq('WV'), orders: [a.id] })).statusCode).toBe(403)
    const created = await api(admin, 'POST', '/api/shipping/waves/', { code: uniq('WV'), orders: [a.id, b.id] })
    expect(created.statusCode, created.body).toBe(201)
    const wave = created.json()
    expect(wave).toMatchObject({ status: 'open', orders_count: 2, orders: [{ id: a.id, lines: [{ qty: '3.000' }] }, { id: b.id }] })
    expect((await api(admin, 'POST', '/api/shipping/waves/', { code: uniq('WV'), orders: [a.id] })).json()).toMatchObject({ orders: [expect.stringMatching(/already in an open wave/)] })
    const sugg = (await api(operator, 'GET', `/api/shipping/waves/${wave.id}/pick-suggestions/`)).json().lines as SuggestionLine[]
    expect(sugg.map((l) => l.suggestions[0].qty)).toEqual(['3', '4'])
    const res = await api(operator, 'POST', `/api/shipping/waves/${wave.id}/ship/`, { idempotency_key: `wave-${wave.code}`, picks: picksFrom(sugg), carrier: carrierId })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      wave: wave.id,
      order: null,
      orders: [
        { id: a.id, status: 'shipped' },
        { id: b.id, status: 'shipped' },
      ],
    })
    expect(await f.line(stock)).toMatchObject({ qty: '12.000' })
    expect((await api(admin, 'GET', `/api/shipping/waves/${wave.id}/`)).json()).toMatchObject({ status: 'shipped', shipments: [{ id: res.json().id }] })
    expect((await movesOf(a.code)).map((m) => m.reason)).toEqual(['ship'])
    expect((await movesOf(b.code)).map((m) => m.reason)).toEqual(['ship'])
    expect((await api(operator, 'POST', `/api/shipping/waves/${wave.id}/ship/`, { idempotency_key: `wave-${wave.code}`, picks: [] })).json().id).toBe(res.json().id)
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
  })
})
