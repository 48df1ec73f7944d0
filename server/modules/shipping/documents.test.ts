import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { carriers, customers, suppliers } from '../../db/schema/partners'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

// SPEC 12.6: purchase orders, ASNs, sales orders and waves made on the desktop: create, edit while nothing has
// happened to them, cancel with a reason; references checked inside the company; every change in the audit trail.
const kinds = await databaseKinds()

describe.each(kinds)('documents made on the desktop on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let operator: string
  let acmeAdmin: string
  let supplierId: number
  let customerId: number
  let carrierId: number
  let acme: { supplier: number; customer: number; carrier: number; product: number }
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind)
    f = await processFixture(t)
    admin = (await t.login('admin')).access
    operator = (await t.login('operator')).access
    acmeAdmin = (await t.login('acme.admin')).access
    const db = t.database.db
    const first = async <T extends typeof suppliers | typeof customers | typeof carriers>(table: T, companyId: number) =>
      (await db.select({ id: table.id }).from(table as typeof suppliers).where(eq((table as typeof suppliers).companyId, companyId)).limit(1))[0].id
    supplierId = await first(suppliers, t.seed.companyId)
    customerId = await first(customers, t.seed.companyId)
    carrierId = await first(carriers, t.seed.companyId)
    const acmeFixture = await processFixture(t, t.seed.otherCompanyId, 'acme.admin')
    acme = {
      supplier: await first(suppliers, t.seed.otherCompanyId),
      customer: await first(customers, t.seed.otherCompanyId),
      carrier: await first(carriers, t.seed.otherCompanyId),
      product: await acmeFixture.product(uniq('ACME')),
    }
  })
  afterAll(async () => {
    await t?.close()
  })

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => t.as(token, { method, url, payload })
  const audit = async (entity: string, id: number) => {
    const res = await api(operator, 'GET', `/api/audit/?entity=${entity}&entity_id=${id}`)
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { results: { action: string; changes: Record<string, unknown>; note: string; user: string }[] }).results
  }

  describe('purchase orders and ASNs', () => {
    const create = async (lines: object[], extra: object = {}) => {
      const res = await api(admin, 'POST', '/api/receiving/documents/', { kind: 'po', code: uniq('PO'), supplier: supplierId, expected_date: '2026-12-01', lines, ...extra })
      expect(res.statusCode, res.body).toBe(201)
      return res.json() as { id: number; code: string; editable: boolean; lines: { id: number }[] }
    }

    it('creates with lot and expiry, edits while nothing has happened, and records both', async () => {
      const p1 = await f.product(uniq('P'))
      const p2 = await f.product(uniq('P'))
      const doc = await create([{ product: p1, expected_qty: '10', lot: 'L1', expiry_date: '2027-03-01' }])
      expect(doc).toMatchObject({ editable: true, cancel_reason: '', lines: [{ product: { id: p1 }, expected_qty: '10.000', lot: 'L1', expiry_date: '2027-03-01' }] })
      const code = uniq('ASN')
      const res = await api(admin, 'PATCH', `/api/receiving/documents/${doc.id}/`, {
        kind: 'asn',
        code,
        expected_date: '2026-12-24',
        lines: [
          { product: p1, expected_qty: '12.5' },
          { product: p2, expected_qty: '3' },
        ],
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ kind: 'asn', code, expected_date: '2026-12-24', lines_count: 2, lines: [{ product: { id: p1 }, expected_qty: '12.500', lot: null }, { product: { id: p2 } }] })
      const history = await audit('inbound_documents', doc.id)
      expect(history.map((h) => h.action)).toEqual(['update', 'create'])
      expect(history[0]).toMatchObject({ user: 'admin', changes: { kind: ['po', 'asn'], code: [doc.code, code], expected_date: ['2026-12-01', '2026-12-24'], lines: [expect.any(Array), expect.any(Array)] } })
      expect(history[1].changes).toMatchObject({ kind: 'po', supplier: supplierId, lines: [{ product: p1, expected_qty: '10', lot: 'L1', expiry_date: '2027-03-01' }] })
    })

    it("refuses another company's references, operators, and edits once receiving started", async () => {
      const p = await f.product(uniq('P'))
      const doc = await create([{ product: p, expected_qty: '4' }])
      const patch = (body: object, token = admin) => api(token, 'PATCH', `/api/receiving/documents/${doc.id}/`, body)
      expect((await patch({ supplier: acme.supplier })).json()).toMatchObject({ supplier: [expect.stringMatching(/Invalid pk/)] })
      expect((await patch({ lines: [{ product: acme.product, expected_qty: '1' }] })).json()).toMatchObject({ lines: [expect.stringMatching(/Invalid pk/)] })
      expect((await patch({ lines: [] })).json()).toMatchObject({ lines: ['A document needs at least one line.'] })
      expect((await patch({ expected_date: '2026-02-30' })).statusCode).toBe(400)
      expect((await patch({ code: 'x' }, operator)).statusCode).toBe(403)
      expect((await patch({ code: 'x' }, acmeAdmin)).statusCode).toBe(404)
      const other = await create([{ product: p, expected_qty: '1' }])
      expect((await patch({ code: other.code })).json()).toMatchObject({ code: ['A document with this code already exists.'] })
      // the check step saved a draft: receiving has started
      const draft = await api(operator, 'PUT', `/api/receiving/documents/${doc.id}/draft/`, { lines: [{ line: doc.lines[0].id, received_qty: '1' }] })
      expect(draft.statusCode, draft.body).toBe(200)
      expect((await api(operator, 'GET', `/api/receiving/documents/${doc.id}/`)).json()).toMatchObject({ editable: false })
      const refused = await patch({ expected_date: '2027-01-01' })
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toMatchObject({ detail: expect.stringMatching(/receiving has started/) })
      expect((await audit('inbound_documents', doc.id)).map((h) => h.action)).toEqual(['create'])
    })

    it('cancels with a reason, and refuses once something was received', async () => {
      const p = await f.product(uniq('P'))
      const doc = await create([{ product: p, expected_qty: '2' }])
      const res = await api(admin, 'POST', `/api/receiving/documents/${doc.id}/cancel/`, { reason: 'Fornecedor desistiu' })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'Fornecedor desistiu', editable: false })
      expect((await audit('inbound_documents', doc.id))[0]).toMatchObject({ action: 'cancel', note: 'Fornecedor desistiu', changes: { status: ['open', 'cancelled'] } })
      expect((await api(admin, 'PATCH', `/api/receiving/documents/${doc.id}/`, { code: uniq('PO') })).statusCode).toBe(409)
      const received = await create([{ product: p, expected_qty: '2' }])
      const book = await api(operator, 'POST', `/api/receiving/documents/${received.id}/receive/`, {
        idempotency_key: `key-${received.code}`,
        lines: [{ line: received.lines[0].id, received_qty: '1', location: f.storage[0] }],
      })
      expect(book.statusCode, book.body).toBe(201)
      expect((await api(admin, 'POST', `/api/receiving/documents/${received.id}/cancel/`, { reason: 'late' })).statusCode).toBe(409)
      expect((await api(admin, 'POST', `/api/receiving/documents/${received.id}/cancel/`, { reason: 'x'.repeat(501) })).statusCode).toBe(400)
    })
  })

  describe('sales orders and waves', () => {
    const createOrder = async (lines: object[], extra: object = {}) => {
      const res = await api(admin, 'POST', '/api/shipping/orders/', { code: uniq('SO'), customer: customerId, lines, ...extra })
      expect(res.statusCode, res.body).toBe(201)
      return res.json() as { id: number; code: string; lines: { id: number }[] }
    }

    it('creates with a carrier, edits while picking has not started, and records both', async () => {
      const p = await f.product(uniq('P'))
      const order = await createOrder([{ product: p, qty: '5' }], { carrier: carrierId, ship_date: '2026-12-10' })
      expect(order).toMatchObject({ carrier: { id: carrierId }, editable: true, cancel_reason: '' })
      const res = await api(admin, 'PATCH', `/api/shipping/orders/${order.id}/`, { carrier: null, lines: [{ product: p, qty: '7.5' }] })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ carrier: null, lines: [{ product: { id: p }, qty: '7.500' }] })
      const history = await audit('sales_orders', order.id)
      expect(history[0]).toMatchObject({ action: 'update', changes: { carrier: [carrierId, null], lines: [[{ product: p, qty: '5' }], [{ product: p, qty: '7.5' }]] } })
      expect(history[1]).toMatchObject({ action: 'create', changes: { carrier: carrierId, customer: customerId } })
      const list = await api(operator, 'GET', `/api/shipping/orders/?search=${order.code}`)
      expect(list.json().results).toEqual([expect.objectContaining({ id: order.id, status: 'open', carrier: null })])
    })

    it("shows the customer's minimum shelf life on the order", async () => {
      const made = await api(admin, 'POST', '/api/partners/customers/', { code: uniq('CUST'), name: 'Cliente exigente', min_shelf_life_days: 45 })
      expect(made.statusCode, made.body).toBe(201)
      const p = await f.product(uniq('P'))
      const order = await createOrder([{ product: p, qty: '1' }], { customer: made.json().id })
      expect(order).toMatchObject({ customer: { id: made.json().id, min_shelf_life_days: 45 } })
      expect((await api(operator, 'GET', `/api/shipping/orders/${order.id}/`)).json()).toMatchObject({ customer: { min_shelf_life_days: 45 } })
      const plain = await createOrder([{ product: p, qty: '1' }])
      expect(plain).toMatchObject({ customer: { id: customerId } })
      expect(Object.keys((plain as unknown as { customer: object }).customer)).toContain('min_shelf_life_days')
    })

    it("refuses another company's customer, carrier and product", async () => {
      const p = await f.product(uniq('P'))
      const post = (extra: object) => api(admin, 'POST', '/api/shipping/orders/', { code: uniq('SO'), customer: customerId, lines: [{ product: p, qty: '1' }], ...extra })
      expect((await post({ carrier: acme.carrier })).json()).toMatchObject({ carrier: [expect.stringMatching(/Invalid pk/)] })
      expect((await post({ customer: acme.customer })).json()).toMatchObject({ customer: [expect.stringMatching(/Invalid pk/)] })
      expect((await post({ lines: [{ product: acme.product, qty: '1' }] })).json()).toMatchObject({ lines: [expect.stringMatching(/Invalid pk/)] })
      const order = await createOrder([{ product: p, qty: '1' }])
      expect((await api(admin, 'PATCH', `/api/shipping/orders/${order.id}/`, { customer: acme.customer })).json()).toMatchObject({ customer: [expect.stringMatching(/Invalid pk/)] })
      expect((await api(operator, 'PATCH', `/api/shipping/orders/${order.id}/`, { ship_date: '2026-12-01' })).statusCode).toBe(403)
      expect((await api(acmeAdmin, 'PATCH', `/api/shipping/orders/${order.id}/`, { ship_date: '2026-12-01' })).statusCode).toBe(404)
    })

    it('groups orders into a wave, changes and cancels it; its orders stay open', async () => {
      const p = await f.product(uniq('P'))
      const a = await createOrder([{ product: p, qty: '1' }])
      const b = await createOrder([{ product: p, qty: '1' }])
      const c = await createOrder([{ product: p, qty: '1' }])
      const created = await api(admin, 'POST', '/api/shipping/waves/', { code: uniq('WV'), orders: [a.id, b.id] })
      expect(created.statusCode, created.body).toBe(201)
      const wave = created.json() as { id: number; code: string }
      expect(created.json()).toMatchObject({ editable: true, orders_count: 2 })
      const changed = await api(admin, 'PATCH', `/api/shipping/waves/${wave.id}/`, { orders: [b.id, c.id] })
      expect(changed.statusCode, changed.body).toBe(200)
      expect(changed.json().orders.map((o: { id: number }) => o.id)).toEqual([b.id, c.id])
      expect((await api(operator, 'GET', `/api/shipping/orders/${a.id}/`)).json()).toMatchObject({ wave: null, status: 'open' })
      // the orders a new wave may take: open ones in no open wave
      const free = (await api(operator, 'GET', `/api/shipping/orders/?status=open&in_wave=false&page_size=100`)).json().results.map((o: { id: number }) => o.id)
      expect(free).toContain(a.id)
      expect(free).not.toContain(b.id)
      expect(free).not.toContain(c.id)
      const inWaves = (await api(operator, 'GET', `/api/shipping/orders/?in_wave=true&page_size=100`)).json().results.map((o: { id: number }) => o.id)
      expect(inWaves).toEqual(expect.arrayContaining([b.id, c.id]))
      expect(inWaves).not.toContain(a.id)
      const another = await createOrder([{ product: p, qty: '1' }])
      const second = await api(admin, 'POST', '/api/shipping/waves/', { code: uniq('WV'), orders: [another.id] })
      expect((await api(admin, 'PATCH', `/api/shipping/waves/${second.json().id}/`, { orders: [another.id, b.id] })).json()).toMatchObject({ orders: [expect.stringMatching(/already in an open wave/)] })
      const cancelled = await api(admin, 'POST', `/api/shipping/waves/${wave.id}/cancel/`, { reason: 'Cliente adiou' })
      expect(cancelled.statusCode, cancelled.body).toBe(200)
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'Cliente adiou', orders: [] })
      expect((await api(operator, 'GET', `/api/shipping/orders/${b.id}/`)).json()).toMatchObject({ wave: null, status: 'open' })
      expect((await audit('waves', wave.id)).map((h) => h.action)).toEqual(['cancel', 'update', 'create'])
      expect((await api(admin, 'PATCH', `/api/shipping/waves/${wave.id}/`, { code: uniq('WV') })).statusCode).toBe(409)
    })

    it('refuses to edit or cancel once picking started, and to cancel a shipped order', async () => {
      const p = await f.product(uniq('P'))
      const stock = await f.stock(p, f.storage[0], 10)
      const order = await createOrder([{ product: p, qty: '2' }])
      const saved = await api(operator, 'PUT', `/api/shipping/orders/${order.id}/draft/`, { picks: [{ line: order.lines[0].id, stock_line: stock, qty: '2' }] })
      expect(saved.statusCode, saved.body).toBe(200)
      expect((await api(operator, 'GET', `/api/shipping/orders/${order.id}/`)).json()).toMatchObject({ editable: false })
      expect((await api(admin, 'PATCH', `/api/shipping/orders/${order.id}/`, { ship_date: '2026-12-01' })).json()).toMatchObject({ detail: expect.stringMatching(/picking has started/) })
      expect((await api(admin, 'POST', `/api/shipping/orders/${order.id}/cancel/`, { reason: 'no' })).statusCode).toBe(409)
      const shipped = await api(operator, 'POST', `/api/shipping/orders/${order.id}/ship/`, { idempotency_key: `ship-${order.code}` })
      expect(shipped.statusCode, shipped.body).toBe(201)
      const refused = await api(admin, 'POST', `/api/shipping/orders/${order.id}/cancel/`, { reason: 'too late' })
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toMatchObject({ detail: expect.stringMatching(/shipped/), status: 'shipped' })
      const open = await createOrder([{ product: p, qty: '1' }])
      const cancelled = await api(admin, 'POST', `/api/shipping/orders/${open.id}/cancel/`, { reason: 'Duplicado' })
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'Duplicado', editable: false })
      expect((await audit('sales_orders', open.id))[0]).toMatchObject({ action: 'cancel', note: 'Duplicado' })
    })
  })
})
