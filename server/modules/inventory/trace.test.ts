import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers, suppliers } from '../../db/schema/partners'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

/** A date `days` from today (UTC), so the test does not age into expired stock. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

type Trace = {
  lot: string | null
  sscc: string | null
  products: { id: number }[]
  received_qty: string
  shipped_qty: string
  consumed_qty: string
  on_hand_qty: string
  receipts: { document: string; supplier: { id: number } | null; product: { id: number }; lot: string; sscc: string | null; location: { id: number } | null; qty: string }[]
  moves: { reason: string; reference: string; qty: string }[]
  moves_truncated: boolean
  shipments: { order: string; customer: { id: number } | null; lot: string; qty: string }[]
  consumption: unknown[]
  on_hand: { id: number; qty: string }[]
}

describe.each(kinds)('lot trace on %s (SPEC 10.8)', (kind) => {
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

  const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.as(token, { method, url, payload })

  it('traces a received-then-shipped lot: supplier and receipt, every move, the shipment and its customer, what is left', async () => {
    const db = t.database.db
    const [supplier] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.companyId, t.seed.companyId)).limit(1)
    const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, t.seed.companyId)).limit(1)
    const p = await f.product(uniq('P'))
    const lot = uniq('TRC')

    // received: 10 on one pallet
    const created = await api(admin, 'POST', '/api/receiving/documents/', { kind: 'asn', code: uniq('ASN'), supplier: supplier.id, lines: [{ product: p, expected_qty: '10', lot, expiry_date: inDays(200) }] })
    expect(created.statusCode, created.body).toBe(201)
    const doc = created.json() as { id: number; code: string; lines: { id: number }[] }
    const url = `/api/receiving/documents/${doc.id}`
    expect((await api(operator, 'PUT', `${url}/draft/`, { lines: [{ line: doc.lines[0].id, received_qty: '10' }] })).statusCode).toBe(200)
    const [pallet] = (await api(operator, 'POST', `${url}/pallets/`)).json().pallets as { pallet_code: string; sscc: string }[]
    const received = await api(operator, 'POST', `${url}/receive/`, { idempotency_key: `rcv-${doc.code}`, pallets: [{ pallet_code: pallet.pallet_code, location: f.storage[0] }] })
    expect(received.statusCode, received.body).toBe(201)
    const stockLine = received.json().lines[0].stock_line as number

    // 2 moved elsewhere, then 6 shipped to a customer
    const moved = await api(operator, 'POST', '/api/inventory/moves/', { stock_line: stockLine, qty: '2', to_location: f.storage[1] })
    expect(moved.statusCode, moved.body).toBe(201)
    const order = await api(admin, 'POST', '/api/shipping/orders/', { code: uniq('SO'), customer: customer.id, lines: [{ product: p, qty: '6' }] })
    expect(order.statusCode, order.body).toBe(201)
    const so = order.json() as { id: number; code: string; lines: { id: number }[] }
    const sugg = (await api(operator, 'GET', `/api/shipping/orders/${so.id}/pick-suggestions/`)).json().lines as { line: number; suggestions: { stock_line: number; qty: string }[] }[]
    const picks = sugg.flatMap((l) => l.suggestions.filter((s) => s.qty !== '0').map((s) => ({ line: l.line, stock_line: s.stock_line, qty: s.qty })))
    const shipped = await api(operator, 'POST', `/api/shipping/orders/${so.id}/ship/`, { idempotency_key: `ship-${so.code}`, picks })
    expect(shipped.statusCode, shipped.body).toBe(201)

    const res = await api(operator, 'GET', `/api/inventory/trace/?lot=${lot}`)
    expect(res.statusCode, res.body).toBe(200)
    const trace = res.json() as Trace
    expect(trace).toMatchObject({ lot, products: [{ id: p }], moves_truncated: false, consumption: [] })
    expect([trace.received_qty, trace.shipped_qty, trace.consumed_qty, trace.on_hand_qty].map(Number)).toEqual([10, 6, 0, 4])
    expect(trace.receipts).toEqual([
      expect.objectContaining({ document: doc.code, supplier: expect.objectContaining({ id: supplier.id }), product: expect.objectContaining({ id: p }), lot, sscc: pallet.sscc, location: expect.objectContaining({ code: expect.stringMatching(/DOCK/) }) }), // booked into the dock (ADR 0014 shape 1)
    ])
    expect(Number(trace.receipts[0].qty)).toBe(10)
    expect(trace.moves.map((m) => m.reason)).toEqual(['receipt', 'move', ...trace.shipments.map(() => 'ship')])
    expect(trace.shipments.every((s) => s.order === so.code && s.customer?.id === customer.id && s.lot === lot)).toBe(true)
    expect(trace.shipments.reduce((sum, s) => sum + Number(s.qty), 0)).toBe(6)
    expect(trace.on_hand.reduce((sum, l) => sum + Number(l.qty), 0)).toBe(4)

    // the same by the pallet's SSCC, and by lot and product
    const bySscc = (await api(operator, 'GET', `/api/inventory/trace/?sscc=${pallet.sscc}`)).json() as Trace
    expect(bySscc.receipts.map((r) => r.document)).toEqual([doc.code])
    expect(bySscc.moves[0]).toMatchObject({ reason: 'receipt', reference: doc.code })
    expect((await api(operator, 'GET', `/api/inventory/trace/?lot=${lot}&product=${p}`)).json().moves).toHaveLength(trace.moves.length)
    const otherProduct = await f.product(uniq('P'))
    expect((await api(operator, 'GET', `/api/inventory/trace/?lot=${lot}&product=${otherProduct}`)).json()).toMatchObject({ moves: [], receipts: [], on_hand_qty: '0' })

    // nothing named: a 400 naming the field; an unknown lot: empty; another company sees nothing
    expect((await api(operator, 'GET', '/api/inventory/trace/')).json()).toMatchObject({ lot: [expect.any(String)] })
    expect((await api(operator, 'GET', '/api/inventory/trace/?lot=NO-SUCH-LOT')).json()).toMatchObject({ moves: [], receipts: [], shipments: [], on_hand: [] })
    const acme = (await t.login('acme.admin')).access
    expect((await api(acme, 'GET', `/api/inventory/trace/?lot=${lot}`)).json()).toMatchObject({ moves: [], receipts: [], products: [] })
  })
})
