import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSscc } from '../../contracts/gs1/gs1'
import { inboundDocuments, salesOrders } from '../db/schema/documents'
import { stockLines, stockMoves } from '../db/schema/inventory'
import { customers, suppliers } from '../db/schema/partners'
import { createTestApp, type TestApp } from '../../tests/support/test-app'
import { databaseKinds } from '../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../tests/support/process-fixtures'

// docs/requirements.md §7.1: orders and inbound documents taken in by external_id, one or a thousand at a time.
const kinds = await databaseKinds()

describe.each(kinds)('intake by external_id on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let acmeAdmin: string
  let supplierId: number
  let customerId: number
  let acme: { supplier: number; customer: number; product: number }
  let p1: number
  let p2: number
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind)
    f = await processFixture(t)
    admin = (await t.login('admin')).access
    acmeAdmin = (await t.login('acme.admin')).access
    const db = t.database.db
    const first = async (table: typeof suppliers | typeof customers, companyId: number) =>
      (await db.select({ id: table.id }).from(table).where(eq(table.companyId, companyId)).limit(1))[0].id
    supplierId = await first(suppliers, t.seed.companyId)
    customerId = await first(customers, t.seed.companyId)
    const acmeFixture = await processFixture(t, t.seed.otherCompanyId, 'acme.admin')
    acme = { supplier: await first(suppliers, t.seed.otherCompanyId), customer: await first(customers, t.seed.otherCompanyId), product: await acmeFixture.product(uniq('ACME')) }
    p1 = await f.product(uniq('P'))
    p2 = await f.product(uniq('P'))
  })
  afterAll(async () => {
    await t?.close()
  })

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => t.as(token, { method, url, payload })

  describe('sales orders', () => {
    const order = (externalId: string, code: string, lines: { product: number; qty: string }[], extra: object = {}) => ({ external_id: externalId, code, customer: customerId, lines, ...extra })

    it('creates, answers the same content unchanged, updates while open, refuses 409 once picking started', async () => {
      const ext = uniq('ERP-SO')
      const code = uniq('SO')
      const first = await api(admin, 'POST', '/api/shipping/orders/', order(ext, code, [{ product: p1, qty: '5' }, { product: p2, qty: '2.5' }]))
      expect(first.statusCode, first.body).toBe(201)
      expect(first.json()).toMatchObject({ external_id: ext, code, lines: [{ product: { id: p1 } }, { product: { id: p2 } }] })
      const id = first.json().id as number

      // same content, lines in another order and numbers spelled otherwise: the same order, nothing written
      const again = await api(admin, 'POST', '/api/shipping/orders/', order(ext, code, [{ product: p2, qty: '2.500' }, { product: p1, qty: '5.0' }]))
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json()).toMatchObject({ id, external_id: ext })
      const audit = async () => (await api(admin, 'GET', `/api/audit/?entity=sales_orders&entity_id=${id}`)).json().results as { action: string }[]
      expect((await audit()).map((a) => a.action)).toEqual(['create'])

      // different content while nothing has started: updated in place
      const changed = await api(admin, 'POST', '/api/shipping/orders/', order(ext, code, [{ product: p1, qty: '7' }]))
      expect(changed.statusCode, changed.body).toBe(200)
      expect(changed.json()).toMatchObject({ id, lines: [{ product: { id: p1 }, qty: '7.000' }] })
      expect((await audit()).map((a) => a.action).sort()).toEqual(['create', 'update'])

      // picking starts (the wizard saves a pick): a different content is refused, the same is still answered
      const stockLine = await f.stock(p1, f.storage[0], 20)
      const lineId = changed.json().lines[0].id as number
      const draft = await api(admin, 'PUT', `/api/shipping/orders/${id}/draft/`, { picks: [{ line: lineId, stock_line: stockLine, qty: '1' }] })
      expect(draft.statusCode, draft.body).toBe(200)
      const late = await api(admin, 'POST', '/api/shipping/orders/', order(ext, code, [{ product: p1, qty: '8' }]))
      expect(late.statusCode, late.body).toBe(409)
      expect(late.json()).toMatchObject({ detail: `Order ${code} can no longer be changed: picking has started.`, code: 'shipping_order_change_picking' })
      expect((await api(admin, 'POST', '/api/shipping/orders/', order(ext, code, [{ product: p1, qty: '7' }]))).statusCode).toBe(200)
      const [row] = await t.database.db.select().from(salesOrders).where(eq(salesOrders.id, id))
      expect(row.externalId).toBe(ext)
    })

    it('the same new order sent five times at once is one order', async () => {
      const ext = uniq('ERP-RACE')
      const code = uniq('SO')
      const results = await Promise.all(Array.from({ length: 5 }, () => api(admin, 'POST', '/api/shipping/orders/', order(ext, code, [{ product: p1, qty: '2' }]))))
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201])
      expect(new Set(results.map((r) => r.json().id)).size).toBe(1)
    })

    it('keeps external_ids per company: the same one in two companies is two orders', async () => {
      const ext = uniq('ERP-SHARED')
      const mine = await api(admin, 'POST', '/api/shipping/orders/', order(ext, uniq('SO'), [{ product: p1, qty: '1' }]))
      const theirs = await api(acmeAdmin, 'POST', '/api/shipping/orders/', { external_id: ext, code: uniq('SO'), customer: acme.customer, lines: [{ product: acme.product, qty: '1' }] })
      expect(mine.statusCode, mine.body).toBe(201)
      expect(theirs.statusCode, theirs.body).toBe(201)
      expect(theirs.json().id).not.toBe(mine.json().id)
      const rows = await t.database.db.select({ companyId: salesOrders.companyId }).from(salesOrders).where(eq(salesOrders.externalId, ext))
      expect(rows.map((r) => r.companyId).sort()).toEqual([t.seed.companyId, t.seed.otherCompanyId].sort())
    })

    it('answers each document of a bulk request on its own: created, unchanged, updated, refused', async () => {
      const [a, b, c] = [uniq('B'), uniq('B'), uniq('B')]
      const seeded = await api(admin, 'POST', '/api/shipping/orders/bulk/', { documents: [order(a, a, [{ product: p1, qty: '1' }]), order(b, b, [{ product: p1, qty: '1' }])] })
      expect(seeded.statusCode, seeded.body).toBe(200)
      expect(seeded.json()).toMatchObject({ created: 2, unchanged: 0, updated: 0, refused: 0 })
      const takenCode = seeded.json().results[0]
      const res = await api(admin, 'POST', '/api/shipping/orders/bulk/', {
        documents: [
          order(a, a, [{ product: p1, qty: '1.000' }]), // unchanged
          order(b, b, [{ product: p1, qty: '3' }]), // updated
          order(c, c, [{ product: p2, qty: '4' }]), // created
          order(uniq('B'), uniq('B'), [{ product: acme.product, qty: '1' }]), // another company's product
          { external_id: uniq('B'), code: uniq('B'), lines: [] }, // no customer, no line
          order(uniq('B'), a, [{ product: p1, qty: '1' }]), // a code another order has
          order(c, uniq('B'), [{ product: p1, qty: '1' }]), // c twice in one request
          { code: uniq('B'), customer: customerId, lines: [{ product: p1, qty: '1' }] }, // no external_id
        ],
      })
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json()
      expect(body).toMatchObject({ created: 1, unchanged: 1, updated: 1, refused: 5 })
      expect(body.results.map((r: { result: string }) => r.result)).toEqual(['unchanged', 'updated', 'created', 'refused', 'refused', 'refused', 'refused', 'refused'])
      expect(body.results[0]).toMatchObject({ index: 0, external_id: a, id: takenCode.id, status: 200, errors: null })
      expect(body.results[2]).toMatchObject({ index: 2, external_id: c, status: 201, id: expect.any(Number) })
      expect(body.results[3]).toMatchObject({ status: 400, errors: { lines: [expect.stringMatching(/^Line 1: Invalid pk/)] } })
      expect(body.results[4]).toMatchObject({ status: 400, errors: { customer: ['This field is required.'], lines: ['An order needs at least one line.'] } })
      expect(body.results[5]).toMatchObject({ status: 400, errors: { code: ['A sales order with this code already exists.'], codes: { code: [{ code: 'shipping_order_exists' }] } } })
      expect(body.results[6]).toMatchObject({ status: 400, errors: { external_id: ['This external_id appears more than once in this request.'] } })
      expect(body.results[7]).toMatchObject({ status: 400, errors: { external_id: ['This field is required.'] } })
      const [updated] = await t.database.db.select().from(salesOrders).where(and(eq(salesOrders.companyId, t.seed.companyId), eq(salesOrders.externalId, b)))
      expect((await api(admin, 'GET', `/api/shipping/orders/${updated.id}/`)).json().lines).toMatchObject([{ qty: '3.000' }])
    })

    it('refuses more than 1,000 documents in one request, saving none', async () => {
      const prefix = uniq('MANY')
      const documents = Array.from({ length: 1001 }, (_, i) => order(`${prefix}-${i}`, `${prefix}-${i}`, [{ product: p1, qty: '1' }]))
      const res = await api(admin, 'POST', '/api/shipping/orders/bulk/', { documents })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ documents: ['Send at most 1000 documents per request.'], codes: { documents: [{ code: 'intake_too_many' }] } })
      const saved = await t.database.db.select({ id: salesOrders.id }).from(salesOrders).where(eq(salesOrders.externalId, `${prefix}-0`))
      expect(saved).toEqual([])
    })
  })

  describe('purchase orders and ASNs', () => {
    const asn = (externalId: string, code: string, lines: object[], extra: object = {}) => ({ kind: 'asn', external_id: externalId, code, supplier: supplierId, lines, ...extra })

    it('creates, answers unchanged, updates, refuses 409 once receiving started; external_id is unique per kind', async () => {
      const ext = uniq('ERP-ASN')
      const code = uniq('ASN')
      const lines = [
        { product: p1, expected_qty: '10', lot: 'L1', expiry_date: '2027-06-30', sscc: '106141411234567897' },
        { product: p2, expected_qty: '4', sscc: '106141411234567897' },
      ]
      const first = await api(admin, 'POST', '/api/receiving/documents/', asn(ext, code, lines))
      expect(first.statusCode, first.body).toBe(201)
      expect(first.json()).toMatchObject({ external_id: ext, lines: [{ sscc: '106141411234567897', lot: 'L1' }, { sscc: '106141411234567897' }] })
      const id = first.json().id as number
      const again = await api(admin, 'POST', '/api/receiving/documents/', asn(ext, code, [{ ...lines[1], expected_qty: '4.000' }, lines[0]]))
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json().id).toBe(id)
      const changed = await api(admin, 'POST', '/api/receiving/documents/', asn(ext, code, [{ ...lines[0], expected_qty: '12' }]))
      expect(changed.statusCode, changed.body).toBe(200)
      expect(changed.json()).toMatchObject({ id, lines: [{ expected_qty: '12.000' }] })

      // the same external_id on a purchase order is another document
      const po = await api(admin, 'POST', '/api/receiving/documents/', { ...asn(ext, uniq('PO'), lines), kind: 'po' })
      expect(po.statusCode, po.body).toBe(201)

      // receiving starts (the wizard saves a draft): refused
      const lineId = changed.json().lines[0].id as number
      expect((await api(admin, 'PUT', `/api/receiving/documents/${id}/draft/`, { lines: [{ line: lineId, received_qty: '1' }] })).statusCode).toBe(200)
      const late = await api(admin, 'POST', '/api/receiving/documents/', asn(ext, code, lines))
      expect(late.statusCode, late.body).toBe(409)
      expect(late.json()).toMatchObject({ code: 'receiving_locked' })
      const rows = await t.database.db.select().from(inboundDocuments).where(eq(inboundDocuments.externalId, ext))
      expect(rows).toHaveLength(2)
    })

    it('refuses an SSCC with a wrong check digit on its field', async () => {
      const res = await api(admin, 'POST', '/api/receiving/documents/', asn(uniq('E'), uniq('ASN'), [{ product: p1, expected_qty: '1', sscc: '106141411234567890' }]))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ 'lines.0.sscc': ['Enter a valid SSCC (18 digits with a correct check digit).'] })
    })

    it('receives an announced pallet with one scan of its SSCC: as announced, adjustable, booked with its SSCC and ledger moves', async () => {
      const sscc = buildSscc(0, '0614141', 5000 + seq)
      const code = uniq('ASN')
      const created = await api(admin, 'POST', '/api/receiving/documents/', asn(uniq('E'), code, [
        { product: p1, expected_qty: '10', lot: 'L-SSCC', expiry_date: '2027-06-30', sscc },
        { product: p2, expected_qty: '4', sscc },
        { product: p2, expected_qty: '6' },
      ]))
      expect(created.statusCode, created.body).toBe(201)
      const doc = created.json() as { id: number; lines: { id: number }[] }
      // the SSCC is the receiver's key into the ASN
      expect((await api(admin, 'GET', `/api/receiving/sscc/${sscc}/`)).json()).toEqual({ id: doc.id, code })
      expect((await api(admin, 'GET', `/api/receiving/sscc/${buildSscc(0, '0614141', 90000 + seq)}/`)).statusCode).toBe(404)

      const scan = await api(admin, 'POST', `/api/receiving/documents/${doc.id}/sscc/`, { sscc })
      expect(scan.statusCode, scan.body).toBe(200)
      expect(scan.json().lines).toMatchObject([
        { line: doc.lines[0].id, received_qty: '10.000', lot: 'L-SSCC', expiry_date: '2027-06-30', pallet_code: sscc, sscc },
        { line: doc.lines[1].id, received_qty: '4.000', pallet_code: sscc, sscc },
      ])
      expect(scan.json().pallets).toMatchObject([{ pallet_code: sscc, sscc, lines: [doc.lines[0].id, doc.lines[1].id] }])
      // adjustable before Finish: one case fewer of the second product
      const adjusted = await api(admin, 'PATCH', `/api/receiving/documents/${doc.id}/draft/`, { lines: [{ line: doc.lines[1].id, received_qty: '3' }] })
      expect(adjusted.json().lines[1]).toMatchObject({ received_qty: '3.000', sscc })

      const booked = await api(admin, 'POST', `/api/receiving/documents/${doc.id}/receive/`, { idempotency_key: `sscc-${code}`, pallets: [{ pallet_code: sscc, sscc, location: f.storage[2] }] })
      expect(booked.statusCode, booked.body).toBe(201)
      const lines = await t.database.db.select().from(stockLines).where(and(eq(stockLines.companyId, t.seed.companyId), eq(stockLines.sscc, sscc)))
      // ADR 0018: the pallet is in one place (the dock, ADR 0005, until its putaway task moves it to its destination)
      const dock = lines[0].locationId
      expect(lines.map((l) => [l.productId, l.qty, l.lot, l.expiryDate, l.locationId]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
        [
          [p1, '10.000', 'L-SSCC', '2027-06-30', dock],
          [p2, '3.000', null, null, dock],
        ].sort((a, b) => Number(a[0]) - Number(b[0])),
      )
      expect(booked.json().tasks).toMatchObject([{ type: 'putaway', location: { id: f.storage[2] } }])
      const moves = await t.database.db.select().from(stockMoves).where(eq(stockMoves.reference, code))
      expect(moves.map((m) => [m.productId, m.qty]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([[p1, '10.000'], [p2, '3.000']].sort((a, b) => Number(a[0]) - Number(b[0])))
      expect(moves.every((m) => m.toLocationId === dock && m.userId !== null)).toBe(true)

      // the same pallet scanned again, or a pallet this document does not announce: refused, nothing changes
      const again = await api(admin, 'POST', `/api/receiving/documents/${doc.id}/sscc/`, { sscc })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({ detail: `Pallet ${sscc} was already received.`, code: 'receiving_sscc_received' })
      const other = await api(admin, 'POST', `/api/receiving/documents/${doc.id}/sscc/`, { sscc: buildSscc(0, '0614141', 70000 + seq) })
      expect(other.json()).toMatchObject({ sscc: [expect.stringMatching(/^No open ASN announces the pallet/)] })
    })

    it('answers a bulk request per document, other companies apart', async () => {
      const [a, b] = [uniq('IB'), uniq('IB')]
      const res = await api(admin, 'POST', '/api/receiving/documents/bulk/', {
        documents: [
          asn(a, a, [{ product: p1, expected_qty: '2' }]),
          asn(b, b, [{ product: p1, expected_qty: '2' }], { supplier: acme.supplier }),
          asn(uniq('IB'), uniq('IB'), [{ product: p1, expected_qty: '-1' }]),
        ],
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ created: 1, refused: 2, results: [{ result: 'created' }, { result: 'refused', errors: { supplier: [expect.stringMatching(/Invalid pk/)] } }, { result: 'refused', errors: { 'lines.0.expected_qty': expect.arrayContaining(['Ensure this value is greater than 0.']) } }] })
      const theirs = await api(acmeAdmin, 'POST', '/api/receiving/documents/bulk/', { documents: [{ ...asn(a, a, [{ product: acme.product, expected_qty: '2' }]), supplier: acme.supplier }] })
      expect(theirs.json()).toMatchObject({ created: 1 })
    })
  })
})
