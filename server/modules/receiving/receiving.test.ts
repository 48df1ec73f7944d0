import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations, warehouses } from '../../db/schema/core'
import { stockLines, stockMoves } from '../../db/schema/inventory'
import { suppliers } from '../../db/schema/partners'
import { supplierIssues } from '../../db/schema/quality'
import { isValidSscc } from '../../../contracts/gs1/gs1'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { ledgerMismatches, processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'
import { createTask } from '../workforce/tasks.service'

const kinds = await databaseKinds()

describe.each(kinds)('receiving on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let operator: string
  let supplierId: number
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind)
    f = await processFixture(t)
    admin = (await t.login('admin')).access
    operator = (await t.login('operator')).access
    const [s] = await t.database.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.companyId, t.seed.companyId)).limit(1)
    supplierId = s.id
  })
  afterAll(async () => {
    await t?.close()
  })

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => t.as(token, { method, url, payload })
  const movesOf = (reference: string) => t.database.db.select().from(stockMoves).where(eq(stockMoves.reference, reference))

  async function document(lines: { product: number; expected_qty: string; lot?: string; expiry_date?: string }[], kindOf: 'po' | 'asn' = 'asn') {
    const code = uniq(kindOf.toUpperCase())
    const res = await api(admin, 'POST', '/api/receiving/documents/', { kind: kindOf, code, supplier: supplierId, expected_date: '2026-12-01', lines })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number; code: string; lines: { id: number }[] }
  }

  it('lists the seeded open documents, filtered and searched', async () => {
    const res = await api(operator, 'GET', '/api/receiving/documents/?status=open&page_size=50')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.count).toBeGreaterThanOrEqual(4)
    expect(body.results[0]).toMatchObject({ id: expect.any(Number), kind: expect.stringMatching(/^(po|asn)$/), status: 'open', supplier: { code: expect.any(String) }, warehouse: { id: f.warehouseId }, lines_count: expect.any(Number) })
    const asns = await api(operator, 'GET', '/api/receiving/documents/?kind=asn&search=ASN-DEMO')
    expect(asns.json().results.every((d: { kind: string }) => d.kind === 'asn')).toBe(true)
    expect(asns.json().count).toBeGreaterThan(0)
    expect((await api(operator, 'GET', '/api/receiving/documents/?status=nope')).statusCode).toBe(400)
  })

  it('validates documents and keeps them in their company', async () => {
    const p = await f.product(uniq('P'))
    const post = (payload: object, token = admin) => api(token, 'POST', '/api/receiving/documents/', payload)
    const base = { kind: 'po', code: uniq('PO'), supplier: supplierId, lines: [{ product: p, expected_qty: '10' }] }
    expect((await post({ ...base, lines: [] })).json()).toMatchObject({ lines: ['A document needs at least one line.'] })
    expect((await post({ ...base, kind: 'xx' })).statusCode).toBe(400)
    expect((await post(base, operator)).statusCode).toBe(403)
    const created = await post(base)
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ status: 'open', lines: [{ product: { id: p }, expected_qty: '10.000', received_qty: '0.000', difference: '-10', receipt_status: 'pending' }], draft: null, receipts: [] })
    expect((await post(base)).json()).toMatchObject({ code: ['A document with this code already exists.'] })
    const acme = await processFixture(t, t.seed.otherCompanyId, 'acme.admin')
    const acmeProduct = await acme.product(uniq('ACME'))
    expect((await post({ ...base, code: uniq('PO'), lines: [{ product: acmeProduct, expected_qty: '1' }] })).json()).toMatchObject({ lines: [expect.stringMatching(/Invalid pk/)] })
    const [acmeSupplier] = await t.database.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.companyId, t.seed.otherCompanyId)).limit(1)
    expect((await post({ ...base, code: uniq('PO'), supplier: acmeSupplier.id })).json()).toMatchObject({ supplier: [expect.stringMatching(/Invalid pk/)] })
    const [acmeWh] = await t.database.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.companyId, t.seed.otherCompanyId))
    expect((await post({ ...base, code: uniq('PO'), warehouse: acmeWh.id })).json()).toMatchObject({ warehouse: [expect.stringMatching(/Invalid pk/)] })
    const acmeToken = (await t.login('acme.admin')).access
    const id = created.json().id
    expect((await api(acmeToken, 'GET', `/api/receiving/documents/${id}/`)).statusCode).toBe(404)
    expect((await api(acmeToken, 'POST', `/api/receiving/documents/${id}/receive/`, { idempotency_key: 'acme-key-0001', lines: [] })).statusCode).toBe(404)
    expect((await api(acmeToken, 'PUT', `/api/receiving/documents/${id}/draft/`, { lines: [] })).statusCode).toBe(404)
  })

  it('putaway suggestions tell the truth: empty, capacity with open tasks, inactive and non-storage never, and why (SPEC 10.6)', async () => {
    const db = t.database.db
    const cls = `zt-${kind}`
    const p = await f.product(uniq('P'), { storageClass: cls })
    const q = await f.product(uniq('P'), { storageClass: cls })
    const loc = async (code: string, opts: { capacity?: number; active?: boolean; kind?: string } = {}) => {
      const [row] = await db
        .insert(locations)
        .values({
          companyId: t.seed.companyId,
          warehouseId: f.warehouseId,
          code: `${code.slice(0, 2)}${kind}${code.slice(2)}`,
          kind: opts.kind ?? 'storage',
          storageClass: cls,
          capacityPallets: opts.capacity ?? null,
          isActive: opts.active ?? true,
        })
        .returning({ id: locations.id, code: locations.code })
      return row
    }
    const a1 = await loc('ZA-01')
    const a2 = await loc('ZA-02')
    const a3 = await loc('ZA-03', { capacity: 1 })
    await loc('ZA-04', { active: false })
    const a5 = await loc('ZA-05', { capacity: 1 })
    const b1 = await loc('ZB-01', { capacity: 2 })
    const b2 = await loc('ZB-02')
    await loc('ZB-03', { kind: 'quarantine' })
    // a pallet on its way into ZA-02 (not empty) and into ZA-05 (full: capacity 1)
    for (const target of [a2.id, a5.id]) await createTask(db, { companyId: t.seed.companyId, warehouseId: f.warehouseId, type: 'putaway', locationId: target, reference: uniq('T') })
    // ZA-03 is full with a pallet of another product; ZB-02 holds the product: aisle ZB is "nearby"
    await f.stock(q, a3.id, 1, { palletCode: uniq('PAL') })
    await f.stock(p, b2.id, 5, { palletCode: uniq('PAL') })

    const doc = await document([{ product: p, expected_qty: '4' }])
    const url = `/api/receiving/documents/${doc.id}`
    expect((await api(operator, 'PUT', `${url}/draft/`, { lines: [{ line: doc.lines[0].id, received_qty: '4' }] })).statusCode).toBe(200)
    const res = await api(operator, 'GET', `${url}/putaway-suggestions/`)
    expect(res.statusCode, res.body).toBe(200)
    const [s] = res.json().pallets
    expect(s.location).toEqual({
      id: b1.id,
      code: b1.code,
      kind: 'storage',
      storage_class: cls,
      empty: true,
      pallets: 0,
      capacity_pallets: 2,
      reasons: ['storage_class', 'empty', 'same_product_nearby', 'has_room'],
    })
    expect(s.alternatives.map((l: { code: string; empty: boolean; pallets: number; reasons: string[] }) => [l.code, l.empty, l.pallets, l.reasons])).toEqual([
      [a1.code, true, 0, ['storage_class', 'empty']],
      [b2.code, false, 1, ['storage_class', 'same_product_nearby']],
      [a2.code, false, 1, ['storage_class']],
    ])
    // a pallet arrives in ZB-01: not empty any more, still room for one; a second one fills it
    await f.stock(p, b1.id, 1, { palletCode: uniq('PAL') })
    const again = (await api(operator, 'GET', `${url}/putaway-suggestions/`)).json().pallets[0]
    expect(again.location.code).toBe(a1.code)
    expect(again.alternatives.find((l: { id: number }) => l.id === b1.id)).toMatchObject({ empty: false, pallets: 1, capacity_pallets: 2, reasons: ['storage_class', 'same_product_nearby', 'has_room'] })
    await f.stock(q, b1.id, 1, { palletCode: uniq('PAL') })
    const full = (await api(operator, 'GET', `${url}/putaway-suggestions/`)).json().pallets[0]
    expect([full.location, ...full.alternatives].map((l: { id: number }) => l.id)).not.toContain(b1.id)
  })

  it('runs the wizard: draft kept between steps, pallets with SSCCs, putaway suggestions, Finish books once into stock', async () => {
    const ambient = await f.product(uniq('P'))
    const chilled = await f.product(uniq('P'), { storageClass: 'chilled' })
    const doc = await document([
      { product: ambient, expected_qty: '10', lot: 'LOT-A', expiry_date: '2027-06-30' },
      { product: chilled, expected_qty: '5' },
    ])
    const [l1, l2] = doc.lines.map((l) => l.id)
    const url = `/api/receiving/documents/${doc.id}`

    // check step, saved by an operator; leaving and coming back finds it
    const saved = await api(operator, 'PUT', `${url}/draft/`, { lines: [{ line: l1, received_qty: '12' }, { line: l2, received_qty: '3', damaged_qty: '1', lot: 'C-1' }] })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ status: 'draft', lines: [{ line: l1, received_qty: '12.000', lot: 'LOT-A', expiry_date: '2027-06-30' }, { line: l2, received_qty: '3.000', damaged_qty: '1.000', lot: 'C-1' }] })
    const patched = await api(operator, 'PATCH', `${url}/draft/`, { lines: [{ line: l2, received_qty: '3', damaged_qty: '1', expiry_date: '2026-12-24' }] })
    expect(patched.json().lines).toMatchObject([{ line: l1, received_qty: '12.000' }, { line: l2, lot: 'C-1', expiry_date: '2026-12-24' }])
    expect((await api(operator, 'PUT', `${url}/draft/`, { lines: [{ line: 999999, received_qty: '1' }] })).statusCode).toBe(400)
    expect((await api(admin, 'GET', `${url}/`)).json().draft.lines).toHaveLength(2)

    // label step: a pallet and an SSCC per line; calling again allocates nothing new
    const labelled = await api(operator, 'POST', `${url}/pallets/`)
    expect(labelled.statusCode, labelled.body).toBe(200)
    const pallets = labelled.json().pallets as { pallet_code: string; sscc: string; lines: number[] }[]
    expect(pallets).toHaveLength(2)
    for (const p of pallets) {
      expect(isValidSscc(p.sscc)).toBe(true)
      expect(p.pallet_code).toBe(p.sscc)
    }
    expect(new Set(pallets.map((p) => p.sscc)).size).toBe(2)
    expect((await api(operator, 'POST', `${url}/pallets/`, {})).json().pallets).toEqual(pallets)
    // their labels print before Finish: the printing API finds a pallet of the draft receipt, with its SSCC
    const preview = await api(operator, 'GET', `/api/printing/pallets/${pallets[0].pallet_code}/label.svg`)
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.body).toContain(pallets[0].sscc)
    const printerId = (await api(operator, 'GET', '/api/printing/printers/')).json().results[0].id as number
    const job = await api(operator, 'POST', `/api/printing/pallets/${pallets[0].pallet_code}/print/`, { copies: 1, printer: printerId })
    expect(job.statusCode, job.body).toBe(202)

    // putaway step: a storage location of the warehouse with the product's storage class, not the same twice
    const suggested = await api(operator, 'GET', `${url}/putaway-suggestions/`)
    expect(suggested.statusCode, suggested.body).toBe(200)
    const suggestions = suggested.json().pallets as { pallet_code: string; storage_class: string; lines: number[]; location: { id: number; storage_class: string; kind: string } | null }[]
    expect(suggestions.map((s) => s.storage_class)).toEqual(['ambient', 'chilled'])
    const db = t.database.db
    for (const s of suggestions) {
      if (!s.location) continue
      expect(s.location).toMatchObject({ kind: 'storage', storage_class: s.storage_class })
      const [loc] = await db.select({ warehouseId: locations.warehouseId }).from(locations).where(eq(locations.id, s.location.id))
      expect(loc.warehouseId).toBe(f.warehouseId)
    }
    expect(suggestions[0].location).not.toBeNull()
    const chilledLoc = suggestions[1].location?.id ?? f.storage[0]
    const body = {
      idempotency_key: `rcv-${doc.code}`,
      pallets: [
        { pallet_code: suggestions[0].pallet_code, location: suggestions[0].location?.id },
        { pallet_code: suggestions[1].pallet_code, location: chilledLoc },
      ],
      report_issue: { severity: 2 },
    }
    const first = await api(operator, 'POST', `${url}/receive/`, body)
    expect(first.statusCode, first.body).toBe(201)
    const receipt = first.json()
    expect(receipt).toMatchObject({ status: 'booked', document_status: 'receiving', idempotency_key: body.idempotency_key, booked_by: { username: 'operator' }, supplier_issue: expect.any(Number) })
    expect(receipt.tasks).toHaveLength(2)
    expect(receipt.tasks.every((task: { type: string; status: string; reference: string }) => task.type === 'putaway' && task.status === 'open' && task.reference === doc.code)).toBe(true)
    const booked = receipt.lines.find((l: { line: number }) => l.line === l1)
    const [line] = await db.select().from(stockLines).where(eq(stockLines.id, booked.stock_line))
    // shape 1 (ADR 0014): the pallet is on the warehouse's dock until its putaway task's scan moves it
    const [dock] = await db.select({ id: locations.id }).from(locations).where(and(eq(locations.warehouseId, f.warehouseId), eq(locations.kind, 'dock'))).orderBy(locations.code).limit(1)
    expect(line).toMatchObject({ productId: ambient, qty: '12.000', lot: 'LOT-A', expiryDate: '2027-06-30', palletCode: pallets[0].pallet_code, sscc: pallets[0].sscc, locationId: dock.id })
    expect(receipt.tasks[0]).toMatchObject({ location: { id: suggestions[0].location?.id } })
    const [issue] = await db.select().from(supplierIssues).where(eq(supplierIssues.id, receipt.supplier_issue))
    expect(issue).toMatchObject({ supplierId, severity: 2, description: expect.stringContaining(doc.code) })

    // over and under receipt, recorded per line
    const detail = (await api(admin, 'GET', `${url}/`)).json()
    expect(detail).toMatchObject({ status: 'receiving', draft: null })
    expect(detail.lines).toMatchObject([
      { received_qty: '12.000', damaged_qty: '0.000', difference: '2', receipt_status: 'over' },
      { received_qty: '3.000', damaged_qty: '1.000', difference: '-1', receipt_status: 'under' },
    ])

    // Finish twice books once
    const moves = await movesOf(doc.code)
    expect(moves.map((m) => m.reason)).toEqual(['receipt', 'receipt'])
    const again = await api(operator, 'POST', `${url}/receive/`, body)
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(receipt.id)
    expect(await movesOf(doc.code)).toHaveLength(2)
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])

    // the rest arrives later with a new key; the document is then received
    const rest = await api(operator, 'POST', `${url}/receive/`, { idempotency_key: `rcv2-${doc.code}`, lines: [{ line: l2, received_qty: '1', location: chilledLoc }] })
    expect(rest.statusCode, rest.body).toBe(201)
    expect(rest.json()).toMatchObject({ document_status: 'received', tasks: [{ type: 'putaway' }] })
    const closed = await api(operator, 'POST', `${url}/receive/`, { idempotency_key: `rcv3-${doc.code}`, lines: [{ line: l2, received_qty: '1', location: chilledLoc }] })
    expect(closed.statusCode).toBe(409)
    expect((await api(operator, 'PUT', `${url}/draft/`, { lines: [] })).statusCode).toBe(409)
    // a key belongs to one receipt
    const other = await document([{ product: ambient, expected_qty: '1' }])
    const reused = await api(operator, 'POST', `/api/receiving/documents/${other.id}/receive/`, { ...body, pallets: undefined, lines: [{ line: other.lines[0].id, received_qty: '1', location: f.storage[0] }] })
    expect(reused.json()).toMatchObject({ idempotency_key: ['This key was already used for another receipt.'] })
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
  })

  it('Finish clicked five times at once books once', async () => {
    const p = await f.product(uniq('P'))
    const doc = await document([{ product: p, expected_qty: '4' }])
    const payload = { idempotency_key: `burst-${doc.code}`, lines: [{ line: doc.lines[0].id, received_qty: '4', location: f.storage[1] }] }
    const results = await Promise.all(Array.from({ length: 5 }, () => api(operator, 'POST', `/api/receiving/documents/${doc.id}/receive/`, payload)))
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201])
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1)
    expect(await movesOf(doc.code)).toHaveLength(1)
    const [{ total }] = await t.database.db
      .select({ total: sql<string>`sum(${stockLines.qty})::text` })
      .from(stockLines)
      .where(and(eq(stockLines.productId, p), eq(stockLines.companyId, t.seed.companyId)))
    expect(total).toBe('4.000')
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
  })

  it('refuses a Finish that has nothing to book or nowhere to put it', async () => {
    const p = await f.product(uniq('P'))
    const doc = await document([{ product: p, expected_qty: '4' }])
    const url = `/api/receiving/documents/${doc.id}/receive/`
    expect((await api(operator, 'POST', url, { idempotency_key: 'short' })).json()).toMatchObject({ idempotency_key: ['Ensure this field has at least 8 characters.'] })
    expect((await api(operator, 'POST', url, { idempotency_key: `none-${doc.code}` })).json()).toMatchObject({ lines: [expect.stringMatching(/Nothing to receive/)] })
    expect((await api(operator, 'POST', url, { idempotency_key: `noloc-${doc.code}`, lines: [{ line: doc.lines[0].id, received_qty: '4' }] })).json()).toMatchObject({ lines: [expect.stringMatching(/no destination/)] })
    const elsewhere = await api(operator, 'POST', url, { idempotency_key: `far-${doc.code}`, lines: [{ line: doc.lines[0].id, received_qty: '4', location: f.otherStorage[0] }] })
    expect(elsewhere.json()).toMatchObject({ lines: [expect.stringMatching(/not an active location of the document's warehouse/)] })
    // damaged only: recorded, nothing enters stock; close ends the document short
    const damaged = await api(operator, 'POST', url, { idempotency_key: `dmg-${doc.code}`, lines: [{ line: doc.lines[0].id, received_qty: '0', damaged_qty: '1' }], close: true })
    expect(damaged.statusCode, damaged.body).toBe(201)
    expect(damaged.json()).toMatchObject({ document_status: 'received', tasks: [], supplier_issue: null })
    expect(await movesOf(doc.code)).toHaveLength(0)
    // cancelling is for open documents only (admins and supervisors)
    const open = await document([{ product: p, expected_qty: '1' }], 'po')
    const cancel = (id: number, payload?: object, token = admin) => api(token, 'POST', `/api/receiving/documents/${id}/cancel/`, payload)
    expect((await cancel(open.id, { reason: 'Duplicado' }, operator)).statusCode).toBe(403)
    // SPEC 12.6: cancelled with a reason, or not at all
    expect((await cancel(open.id)).json()).toMatchObject({ reason: ['This field is required.'] })
    expect((await cancel(open.id, { reason: '   ' })).json()).toMatchObject({ reason: ['This field may not be blank.'], codes: { reason: [{ code: 'blank' }] } })
    expect((await api(admin, 'GET', `/api/receiving/documents/${open.id}/`)).json()).toMatchObject({ status: 'open' })
    expect((await cancel(open.id, { reason: 'Duplicado' })).json()).toMatchObject({ status: 'cancelled', cancel_reason: 'Duplicado' })
    expect((await cancel(doc.id, { reason: 'Duplicado' })).statusCode).toBe(409)
  })
})
