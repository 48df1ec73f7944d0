import { and, eq, gt, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { products } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { auditLog } from '../../db/schema/audit'
import { pickFaces, stockLines } from '../../db/schema/inventory'

/** docs/requirements.md §20.1: pick faces, their API, checks, tenant isolation and CSV round trip. */
const kinds = await databaseKinds()

type Face = { id: number; location: { id: number; code: string }; warehouse: { id: number; code: string }; product: { id: number; code: string; name1: string }; min_qty: string; max_qty: string; replenish_unit: string; replenish_qty: string; is_active: boolean; on_hand: string }
type Coded = { code: string; params: Record<string, string> } | null

describe.each(kinds)('pick faces on %s', (kind) => {
  let t: TestApp
  let admin: string
  let supervisor: string
  let operator: string
  let acme: string
  // a location and product with available stock, two more locations and products of the company, another company's
  let stocked: { locationId: number; productId: number; warehouseId: number; qty: number }
  let locs: { id: number; code: string; warehouseId: number }[]
  let prods: { id: number; code: string }[]
  let inactiveLoc: { id: number; code: string }
  let otherLoc: number
  let otherProd: number

  beforeAll(async () => {
    t = await createTestApp(kind)
    const db = t.database.db
    const c = t.seed.companyId
    const [line] = await db
      .select({ locationId: stockLines.locationId, productId: stockLines.productId })
      .from(stockLines)
      .where(and(eq(stockLines.companyId, c), eq(stockLines.status, 'available'), gt(stockLines.qty, '0')))
      .limit(1)
    const [sum] = await db
      .select({ qty: stockLines.qty, warehouseId: locations.warehouseId })
      .from(stockLines)
      .innerJoin(locations, eq(locations.id, stockLines.locationId))
      .where(and(eq(stockLines.locationId, line.locationId), eq(stockLines.productId, line.productId), eq(stockLines.status, 'available')))
    const all = await db
      .select({ qty: stockLines.qty })
      .from(stockLines)
      .where(and(eq(stockLines.locationId, line.locationId), eq(stockLines.productId, line.productId), eq(stockLines.status, 'available')))
    stocked = { ...line, warehouseId: sum.warehouseId, qty: all.reduce((s, r) => s + Number(r.qty), 0) }
    locs = await db.select({ id: locations.id, code: locations.code, warehouseId: locations.warehouseId }).from(locations).where(and(eq(locations.companyId, c), eq(locations.isActive, true))).orderBy(locations.code).limit(4)
    prods = await db.select({ id: products.id, code: products.code }).from(products).where(eq(products.companyId, c)).orderBy(products.code).limit(4)
    const [inactive] = await db.insert(locations).values({ companyId: c, warehouseId: locs[0].warehouseId, code: `PF-OFF-${kind}`, name: 'Off', isActive: false }).returning({ id: locations.id, code: locations.code })
    inactiveLoc = inactive
    otherLoc = (await db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, t.seed.otherCompanyId)).limit(1))[0].id
    otherProd = (await db.select({ id: products.id }).from(products).where(eq(products.companyId, t.seed.otherCompanyId)).limit(1))[0].id
    admin = (await t.login('admin')).access
    supervisor = (await t.login('supervisor')).access
    operator = (await t.login('operator')).access
    acme = (await t.login('acme.admin')).access
  })
  afterAll(async () => {
    await t?.close()
  })

  const post = (body: Record<string, unknown>, token = supervisor) => t.as(token, { method: 'POST', url: '/api/inventory/pick-faces/', payload: body })
  const patch = (id: number, body: Record<string, unknown>, token = supervisor) => t.as(token, { method: 'PATCH', url: `/api/inventory/pick-faces/${id}/`, payload: body })
  const get = (url: string, token = operator) => t.as(token, { method: 'GET', url })
  const codesOf = (body: Record<string, unknown>, field: string) => ((body.codes as Record<string, Coded[]> | undefined)?.[field] ?? []).map((c) => c?.code)

  it('creates a face with its warehouse taken from the location and the stock it holds, a maximum below that stock allowed', async () => {
    const res = await post({ location: stocked.locationId, product: stocked.productId, min_qty: '0', max_qty: 0.001, replenish_unit: 'pack', replenish_qty: '6' })
    // a maximum below what the location holds now is allowed: a refill is only not due
    expect(res.statusCode, res.body).toBe(201)
    const face = res.json() as Face
    expect(face).toMatchObject({ location: { id: stocked.locationId }, product: { id: stocked.productId }, warehouse: { id: stocked.warehouseId }, min_qty: '0.000', max_qty: '0.001', replenish_unit: 'pack', replenish_qty: '6.000', is_active: true })
    expect(Number(face.on_hand)).toBeCloseTo(stocked.qty, 3)
    expect(Number(face.on_hand)).toBeGreaterThan(0.001)
  })

  it('refuses a minimum above the maximum, a maximum or replenishment quantity of 0, and names each by field and code', async () => {
    const a = await post({ location: locs[0].id, product: prods[0].id, min_qty: '10', max_qty: '5' })
    expect(a.statusCode).toBe(400)
    expect(codesOf(a.json(), 'min_qty')).toEqual(['pick_face_min_above_max'])
    const b = await post({ location: locs[0].id, product: prods[0].id, min_qty: '0', max_qty: '0', replenish_qty: '0' })
    expect(b.statusCode).toBe(400)
    expect(Object.keys(b.json())).toEqual(expect.arrayContaining(['max_qty', 'replenish_qty']))
    expect(codesOf(b.json(), 'max_qty')).toEqual(['positive'])
    expect(codesOf(b.json(), 'replenish_qty')).toEqual(['positive'])
    expect(await t.database.db.select({ id: pickFaces.id }).from(pickFaces).where(and(eq(pickFaces.locationId, locs[0].id), eq(pickFaces.productId, prods[0].id)))).toEqual([])
  })

  it('refuses an inactive location, another company’s location or product, and a second face for the same location × product', async () => {
    const inactive = await post({ location: inactiveLoc.id, product: prods[0].id, min_qty: '1', max_qty: '5' })
    expect(inactive.statusCode).toBe(400)
    expect(codesOf(inactive.json(), 'location')).toEqual(['pick_face_location_inactive'])
    const foreignLoc = await post({ location: otherLoc, product: prods[0].id, min_qty: '1', max_qty: '5' })
    expect(foreignLoc.statusCode).toBe(400)
    expect(codesOf(foreignLoc.json(), 'location')).toEqual(['does_not_exist'])
    const foreignProd = await post({ location: locs[1].id, product: otherProd, min_qty: '1', max_qty: '5' })
    expect(foreignProd.statusCode).toBe(400)
    expect(codesOf(foreignProd.json(), 'product')).toEqual(['does_not_exist'])
    expect((await post({ location: locs[1].id, product: prods[1].id, min_qty: '1', max_qty: '5' })).statusCode).toBe(201)
    const dup = await post({ location: locs[1].id, product: prods[1].id, min_qty: '2', max_qty: '8' })
    expect(dup.statusCode).toBe(400)
    expect(codesOf(dup.json(), 'location')).toEqual(['pick_face_exists'])
    // a warehouse sent with the face must be the location's; another company's warehouse is unknown
    const [elsewhere] = await t.database.db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.companyId, t.seed.companyId), ne(warehouses.id, locs[3].warehouseId))).limit(1)
    const otherWh = await post({ location: locs[3].id, warehouse: elsewhere.id, product: prods[3].id, min_qty: '1', max_qty: '5' })
    expect(otherWh.statusCode).toBe(400)
    expect(codesOf(otherWh.json(), 'location')).toEqual(['pick_face_location_other_warehouse'])
    const [foreignWh] = await t.database.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.companyId, t.seed.otherCompanyId)).limit(1)
    expect(codesOf((await post({ location: locs[3].id, warehouse: foreignWh.id, product: prods[3].id, min_qty: '1', max_qty: '5' })).json(), 'warehouse')).toEqual(['does_not_exist'])
    expect((await get(`/api/inventory/pick-faces/?location=${locs[3].id}&product=${prods[3].id}`)).json()).toMatchObject({ count: 0 })
    const same = await post({ location: locs[3].id, warehouse: locs[3].warehouseId, product: prods[3].id, min_qty: '1', max_qty: '5' })
    expect(same.statusCode, same.body).toBe(201)
  })

  it('reads, lists, searches, filters, updates (checking the minimum against the stored maximum) and deletes, with an audit trail', async () => {
    const created = (await post({ location: locs[2].id, product: prods[2].id, min_qty: '4', max_qty: '20' }, admin)).json() as Face
    expect(created.warehouse.id).toBe(locs[2].warehouseId)
    expect((await get(`/api/inventory/pick-faces/${created.id}/`)).json()).toMatchObject({ id: created.id, on_hand: expect.any(String) })
    const byProduct = (await get(`/api/inventory/pick-faces/?product=${prods[2].id}`)).json() as { count: number; results: Face[] }
    expect(byProduct.results.map((f) => f.id)).toContain(created.id)
    expect(byProduct.results.every((f) => f.product.id === prods[2].id)).toBe(true)
    const byLocation = (await get(`/api/inventory/pick-faces/?location=${locs[2].id}&warehouse=${locs[2].warehouseId}`)).json() as { results: Face[] }
    expect(byLocation.results.map((f) => f.id)).toEqual([created.id])
    const search = (await get(`/api/inventory/pick-faces/?search=${encodeURIComponent(locs[2].code)}&ordering=-max_qty`)).json() as { results: Face[] }
    expect(search.results.map((f) => f.id)).toContain(created.id)
    expect((await get(`/api/inventory/pick-faces/?search=${encodeURIComponent(prods[2].code)}`)).json().results.map((f: Face) => f.id)).toContain(created.id)

    const tooHigh = await patch(created.id, { min_qty: '21' })
    expect(tooHigh.statusCode).toBe(400)
    expect(codesOf(tooHigh.json(), 'min_qty')).toEqual(['pick_face_min_above_max'])
    const ok = await patch(created.id, { min_qty: '5', is_active: false })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ min_qty: '5.000', max_qty: '20.000', is_active: false })
    const audit = await t.database.db.select({ action: auditLog.action, changes: auditLog.changes }).from(auditLog).where(and(eq(auditLog.entity, 'pick_faces'), eq(auditLog.entityId, created.id))).orderBy(auditLog.id)
    expect(audit.map((a) => a.action)).toEqual(['create', 'deactivate'])
    expect(audit[1].changes).toEqual({ min_qty: ['4.000', '5.000'], is_active: [true, false] })

    expect((await t.as(supervisor, { method: 'DELETE', url: `/api/inventory/pick-faces/${created.id}/` })).statusCode).toBe(204)
    expect((await get(`/api/inventory/pick-faces/${created.id}/`)).statusCode).toBe(404)
  })

  it('a face moved to a location of another warehouse takes that warehouse; lists order by stock on hand; an unknown unit is refused', async () => {
    const db = t.database.db
    const [far] = await db
      .select({ id: locations.id, warehouseId: locations.warehouseId })
      .from(locations)
      .where(and(eq(locations.companyId, t.seed.companyId), eq(locations.isActive, true), ne(locations.warehouseId, locs[0].warehouseId)))
      .limit(1)
    const face = (await post({ location: locs[0].id, product: prods[3].id, min_qty: '1', max_qty: '2' })).json() as Face
    if (far) {
      const moved = await patch(face.id, { location: far.id })
      expect(moved.statusCode, moved.body).toBe(200)
      expect((moved.json() as Face).warehouse.id).toBe(far.warehouseId)
    }
    const listed = (await get('/api/inventory/pick-faces/?ordering=-on_hand&page_size=100')).json() as { results: Face[] }
    const hands = listed.results.map((f) => Number(f.on_hand))
    expect(hands).toEqual([...hands].sort((a, b) => b - a))
    const unit = await patch(face.id, { replenish_unit: 'crate' })
    expect(unit.statusCode).toBe(400)
    expect(Object.keys(unit.json())).toContain('replenish_unit')
    expect((await get('/api/inventory/pick-faces/?ordering=nope')).statusCode).toBe(400)
  })

  it('lets operators read but not write, and keeps companies apart', async () => {
    const face = (await post({ location: locs[3].id, product: prods[3].id, min_qty: '1', max_qty: '3' })).json() as Face
    expect((await post({ location: locs[3].id, product: prods[0].id, min_qty: '1', max_qty: '3' }, operator)).statusCode).toBe(403)
    expect((await patch(face.id, { min_qty: '2' }, operator)).statusCode).toBe(403)
    expect((await t.as(operator, { method: 'DELETE', url: `/api/inventory/pick-faces/${face.id}/` })).statusCode).toBe(403)
    expect((await get('/api/inventory/pick-faces/', operator)).statusCode).toBe(200)
    // another company sees none of them, cannot read, change or delete one, nor use this company's ids
    expect((await get('/api/inventory/pick-faces/', acme)).json().count).toBe(0)
    expect((await get(`/api/inventory/pick-faces/${face.id}/`, acme)).statusCode).toBe(404)
    expect((await patch(face.id, { min_qty: '2' }, acme)).statusCode).toBe(404)
    expect((await t.as(acme, { method: 'DELETE', url: `/api/inventory/pick-faces/${face.id}/` })).statusCode).toBe(404)
    const foreign = await post({ location: locs[3].id, product: prods[3].id, min_qty: '1', max_qty: '3' }, acme)
    expect(foreign.statusCode).toBe(400)
    expect(Object.keys(foreign.json())).toEqual(expect.arrayContaining(['location']))
    expect((await t.as(acme, { method: 'GET', url: '/api/inventory/pick-faces/export/' })).body.trim().split(/\r?\n/)).toHaveLength(1)
  })

  it('exports every face as CSV and imports the file back unchanged; a bad file is previewed row by row and refused whole', async () => {
    const csv = (await t.as(supervisor, { method: 'GET', url: '/api/inventory/pick-faces/export/' }))
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    const text = csv.body.replace(/^\uFEFF/, '')
    const lines = text.trim().split(/\r?\n/)
    expect(lines[0]).toBe('location,product,min_qty,max_qty,replenish_unit,replenish_qty,is_active')
    const before = await t.database.db.select().from(pickFaces).where(eq(pickFaces.companyId, t.seed.companyId)).orderBy(pickFaces.id)
    expect(lines).toHaveLength(before.length + 1)
    const upload = (body: string, dryRun: boolean, token = supervisor) =>
      t.as(token, { method: 'POST', url: `/api/inventory/pick-faces/import/${dryRun ? '?dry_run=1' : ''}`, headers: { 'content-type': 'text/csv' }, payload: body })
    const back = await upload(text, false)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json()).toMatchObject({ rows: before.length, created: 0, updated: before.length, error_rows: 0 })
    const after = await t.database.db.select().from(pickFaces).where(eq(pickFaces.companyId, t.seed.companyId)).orderBy(pickFaces.id)
    const strip = (r: (typeof before)[number]) => ({ ...r, updatedAt: null })
    expect(after.map(strip)).toEqual(before.map(strip))
    expect((await upload(text, false, operator)).statusCode).toBe(403)

    // one new face, one unknown location, a minimum above the maximum, a pair twice
    const bad = [
      'location,product,min_qty,max_qty,replenish_unit',
      `${locs[0].code},${prods[0].code},1,10,layer`,
      `NOPE-LOC,${prods[0].code},1,10,unit`,
      `${locs[0].code},${prods[1].code},9,3,unit`,
      `${locs[0].code},${prods[0].code},2,12,unit`,
    ].join('\n')
    const preview = await upload(bad, true)
    expect(preview.statusCode, preview.body).toBe(200)
    const p = preview.json() as { created: number; error_rows: number; errors: { row: number; errors: Record<string, string[]>; codes: Record<string, Coded[]> }[] }
    expect(p).toMatchObject({ created: 1, error_rows: 3 })
    expect(p.errors.map((e) => [e.row, Object.keys(e.errors), Object.values(e.codes).flat().map((c) => c?.code)])).toEqual([
      [3, ['location'], ['import_no_code']],
      [4, ['min_qty'], ['pick_face_min_above_max']],
      [5, ['location'], ['pick_face_import_duplicate']],
    ])
    const refused = await upload(bad, false)
    expect(refused.statusCode).toBe(400)
    expect(await t.database.db.select().from(pickFaces).where(eq(pickFaces.companyId, t.seed.companyId))).toHaveLength(before.length)
    const good = await upload(bad.split('\n').slice(0, 2).join('\n'), false)
    expect(good.json()).toMatchObject({ created: 1, updated: 0 })
    const [made] = await t.database.db.select().from(pickFaces).where(and(eq(pickFaces.locationId, locs[0].id), eq(pickFaces.productId, prods[0].id)))
    expect(made).toMatchObject({ warehouseId: locs[0].warehouseId, minQty: '1.000', maxQty: '10.000', replenishUnit: 'layer', replenishQty: '1.000', isActive: true })
  })
})
