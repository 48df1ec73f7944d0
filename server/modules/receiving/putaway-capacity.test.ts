import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productPacks, products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { stockLines } from '../../db/schema/inventory'
import { suppliers } from '../../db/schema/partners'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

/** docs/requirements.md §20.3: storage categories, putaway rules, and putaway that respects capacity. */
describe.each(kinds)('putaway capacity on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let supervisor: string
  let operator: string
  let acme: string
  let supplierId: number
  let dockId: number
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind)
    f = await processFixture(t)
    admin = (await t.login('admin')).access
    supervisor = (await t.login('supervisor')).access
    operator = (await t.login('operator')).access
    acme = (await t.login('acme.admin')).access
    const [s] = await t.database.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.companyId, t.seed.companyId)).limit(1)
    supplierId = s.id
    const [dock] = await t.database.db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.warehouseId, f.warehouseId), eq(locations.kind, 'dock')))
      .orderBy(asc(locations.code))
      .limit(1)
    dockId = dock.id
  })
  afterAll(async () => {
    await t?.close()
  })

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => t.as(token, { method, url, payload })

  async function category(body: object) {
    const res = await api(admin, 'POST', '/api/core/storage-categories/', { code: uniq('SC'), name: 'Category', ...body })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number; code: string }
  }

  /** A new empty storage location of the warehouse, with a category and a zone when given. */
  async function newLocation(opts: { storageClass?: string; capacityPallets?: number | null; categoryId?: number; zone?: string } = {}) {
    const [row] = await t.database.db
      .insert(locations)
      .values({
        companyId: t.seed.companyId,
        warehouseId: f.warehouseId,
        code: uniq('CAP'),
        kind: 'storage',
        storageClass: opts.storageClass ?? 'ambient',
        capacityPallets: opts.capacityPallets ?? null,
        storageCategoryId: opts.categoryId ?? null,
        zone: opts.zone ?? null,
      })
      .returning({ id: locations.id, code: locations.code })
    return row
  }

  /** A product weighing `kgPerUnit` a unit (a pack of one with that weight). */
  async function product(kgPerUnit?: string) {
    const id = await f.product(uniq('P'))
    if (kgPerUnit) {
      const [p] = await t.database.db.select({ uomId: products.uomId }).from(products).where(eq(products.id, id))
      await t.database.db.insert(productPacks).values({ companyId: t.seed.companyId, productId: id, uomId: p.uomId, qtyPerPack: '10', weightKg: String(Number(kgPerUnit) * 10) })
    }
    return id
  }

  /** A document of one line of `productId`, its draft received and palletised: answers its URL. */
  async function draft(productId: number, qty = '8', lot = 'L-1') {
    const code = uniq('ASN')
    const doc = (await api(admin, 'POST', '/api/receiving/documents/', { kind: 'asn', code, supplier: supplierId, lines: [{ product: productId, expected_qty: qty, lot }] })).json()
    const url = `/api/receiving/documents/${doc.id}`
    expect((await api(operator, 'PUT', `${url}/draft/`, { lines: [{ line: doc.lines[0].id, received_qty: qty }] })).statusCode).toBe(200)
    const pallet = (await api(operator, 'POST', `${url}/pallets/`)).json().pallets[0] as { pallet_code: string; sscc: string }
    return { url, code, pallet }
  }

  /** Receive one pallet of `productId` (onto the dock, its task pointing at `destination`): answers the pallet and its task. */
  async function receivePallet(productId: number, destination: number, qty = '8', lot = 'L-1') {
    const { url, code, pallet } = await draft(productId, qty, lot)
    const booked = await api(operator, 'POST', `${url}/receive/`, { idempotency_key: `rcv-${code}`, pallets: [{ pallet_code: pallet.pallet_code, location: destination }] })
    expect(booked.statusCode, booked.body).toBe(201)
    return { pallet, task: booked.json().tasks[0] as { id: number } }
  }

  const linesOf = (palletCode: string) => t.database.db.select().from(stockLines).where(eq(stockLines.palletCode, palletCode))

  it('storage categories: admins and supervisors write, operators read, another company sees none; a location takes one', async () => {
    const made = await category({ max_pallets: 2, max_weight_kg: '1500.5', allowed_storage_classes: ['ambient', 'ambient', 'chilled'], mixing: 'same_product' })
    const one = await api(operator, 'GET', `/api/core/storage-categories/${made.id}/`)
    expect(one.statusCode).toBe(200)
    expect(one.json()).toMatchObject({ max_pallets: 2, max_weight_kg: '1500.500', allowed_storage_classes: ['ambient', 'chilled'], mixing: 'same_product', is_active: true })
    expect((await api(operator, 'POST', '/api/core/storage-categories/', { code: uniq('SC'), name: 'x' })).statusCode).toBe(403)
    expect((await api(supervisor, 'PATCH', `/api/core/storage-categories/${made.id}/`, { mixing: 'any' })).json()).toMatchObject({ mixing: 'any' })
    const bad = await api(admin, 'POST', '/api/core/storage-categories/', { code: uniq('SC'), name: 'x', allowed_storage_classes: ['lava'], mixing: 'never' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['allowed_storage_classes.0', 'mixing']))

    // tenant isolation: another company neither reads it nor gives it to its locations
    expect((await api(acme, 'GET', `/api/core/storage-categories/${made.id}/`)).statusCode).toBe(404)
    expect((await api(acme, 'GET', '/api/core/storage-categories/?page_size=100')).json().results.some((c: { id: number }) => c.id === made.id)).toBe(false)
    const [theirs] = await t.database.db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, t.seed.otherCompanyId)).limit(1)
    expect((await api(acme, 'PATCH', `/api/core/locations/${theirs.id}/`, { storage_category: made.id })).json()).toMatchObject({ storage_category: [expect.stringMatching(/Invalid pk/)] })

    const loc = await newLocation()
    const set = await api(admin, 'PATCH', `/api/core/locations/${loc.id}/`, { storage_category: made.id })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json()).toMatchObject({ storage_category: { id: made.id, code: made.code } })
    const listed = (await api(operator, 'GET', `/api/core/locations/?storage_category=${made.id}`)).json()
    expect(listed.results.map((l: { id: number }) => l.id)).toEqual([loc.id])
    expect((await api(admin, 'PATCH', `/api/core/locations/${loc.id}/`, { storage_category: null })).json()).toMatchObject({ storage_category: null })
  })

  it('refuses a category whose limit is below what a location holds now, each on its field, and changes nothing', async () => {
    const cat = await category({})
    const loc = await newLocation({ categoryId: cat.id })
    const a = await product('50')
    const b = await product()
    await f.stock(a, loc.id, '10', { palletCode: uniq('PAL'), lot: 'X' })
    await f.stock(a, loc.id, '1', { palletCode: uniq('PAL'), lot: 'Y' })
    await f.stock(b, loc.id, '1', { palletCode: uniq('PAL') })
    const patch = (body: object) => api(admin, 'PATCH', `/api/core/storage-categories/${cat.id}/`, body)

    const res = await patch({ max_pallets: 2, max_weight_kg: '500', allowed_storage_classes: ['frozen'], mixing: 'same_product' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      max_pallets: [`Location ${loc.code} holds 3 pallets now, more than 2.`],
      max_weight_kg: [`Location ${loc.code} holds 550 kg now, more than 500 kg.`],
      allowed_storage_classes: [`Location ${loc.code} holds ambient products now.`],
      mixing: [`Location ${loc.code} holds more than one product now.`],
      codes: { max_pallets: [{ code: 'category_holds_pallets' }], max_weight_kg: [{ code: 'category_holds_weight' }], mixing: [{ code: 'category_holds_products' }] },
    })
    expect((await api(admin, 'GET', `/api/core/storage-categories/${cat.id}/`)).json()).toMatchObject({ max_pallets: null, max_weight_kg: null, allowed_storage_classes: [], mixing: 'any' })
    // the limits it does hold are accepted
    expect((await patch({ max_pallets: 3, max_weight_kg: '550', allowed_storage_classes: ['ambient'] })).statusCode).toBe(200)

    // a location is refused a category it would overflow, on its field
    const lots = await category({ mixing: 'same_lot' })
    const other = await newLocation()
    await f.stock(a, other.id, '1', { lot: 'X' })
    await f.stock(a, other.id, '1', { lot: 'Z' })
    const refused = await api(admin, 'PATCH', `/api/core/locations/${other.id}/`, { storage_category: lots.id })
    expect(refused.json()).toMatchObject({ storage_category: [`Location ${other.code} holds more than one lot now.`] })
    expect((await api(admin, 'GET', `/api/core/locations/${other.id}/`)).json()).toMatchObject({ storage_category: null })

    // a location's own pallet capacity below what it holds now (two lines: two pallets), on its field, nothing saved
    const small = await api(admin, 'PATCH', `/api/core/locations/${other.id}/`, { capacity_pallets: 1, name: 'changed' })
    expect(small.statusCode).toBe(400)
    expect(small.json()).toMatchObject({ capacity_pallets: [`Location ${other.code} holds 2 pallets now, more than 1.`], codes: { capacity_pallets: [{ code: 'category_holds_pallets' }] } })
    expect((await api(admin, 'GET', `/api/core/locations/${other.id}/`)).json()).toMatchObject({ capacity_pallets: null, name: expect.not.stringMatching(/^changed$/) })
    expect((await api(admin, 'PATCH', `/api/core/locations/${other.id}/`, { capacity_pallets: 2 })).statusCode).toBe(200)
  })

  it('refuses a putaway scan that would break each capacity rule, with its code, and moves nothing', async () => {
    const heavy = await product('100')
    const put = async (to: { id: number }, productId = heavy, lot = 'L-1') => {
      const suggested = await newLocation()
      const { pallet, task } = await receivePallet(productId, suggested.id, '8', lot)
      const res = await api(operator, 'POST', '/api/inventory/putaways/', { command_id: randomUUID(), task: task.id, pallet_code: pallet.pallet_code, to_location: to.id })
      return { res, pallet }
    }
    const refusedWith = async (to: { id: number; code: string }, code: string, text: RegExp, productId?: number, lot?: string) => {
      const { res, pallet } = await put(to, productId, lot)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ to_location: [expect.stringMatching(text)], codes: { to_location: [{ code }] } })
      expect((await linesOf(pallet.pallet_code)).map((l) => l.locationId)).toEqual([dockId])
    }

    // pallets: the category's limit, the smaller of it and the location's own
    const one = await category({ max_pallets: 1 })
    const full = await newLocation({ categoryId: one.id, capacityPallets: 5 })
    await f.stock(await product(), full.id, '1', { palletCode: uniq('PAL') })
    await refusedWith(full, 'putaway_location_full', new RegExp(`^Location ${full.code} is full \\(1 of 1 pallets\\)`))
    // weight: 8 units of 100 kg over 700 kg
    const light = await category({ max_weight_kg: '700' })
    await refusedWith(await newLocation({ categoryId: light.id }), 'putaway_location_too_heavy', /would hold 800 kg, more than its 700 kg/)
    // storage class
    const frozenOnly = await category({ allowed_storage_classes: ['frozen'] })
    await refusedWith(await newLocation({ categoryId: frozenOnly.id }), 'putaway_location_class_refused', /does not take ambient products/)
    // mixing: another product, or the same product's other lot
    const single = await category({ mixing: 'same_product' })
    const mixed = await newLocation({ categoryId: single.id })
    await f.stock(await product(), mixed.id, '1')
    await refusedWith(mixed, 'putaway_location_mixes_products', /holds a single product; this pallet would mix products/)
    const oneLot = await category({ mixing: 'same_lot' })
    const lotted = await newLocation({ categoryId: oneLot.id })
    await f.stock(heavy, lotted.id, '1', { lot: 'OTHER' })
    await refusedWith(lotted, 'putaway_location_mixes_lots', /holds a single lot; this pallet would mix lots/)

    // within every limit: accepted (same product and lot, 800 of 2000 kg, one pallet of two)
    const roomy = await category({ max_pallets: 2, max_weight_kg: '2000', allowed_storage_classes: ['ambient'], mixing: 'same_lot' })
    const fits = await newLocation({ categoryId: roomy.id })
    await f.stock(heavy, fits.id, '1', { lot: 'L-1' })
    const { res, pallet } = await put(fits)
    expect(res.statusCode, res.body).toBe(201)
    expect((await linesOf(pallet.pallet_code)).map((l) => l.locationId)).toEqual([fits.id])
  })

  it('putaway rules: suggestions try their locations in order, then their zone, skipping full ones and saying why', async () => {
    const p = await product('10')
    const one = await category({ max_pallets: 1 })
    const fullLoc = await newLocation({ categoryId: one.id })
    await f.stock(await product(), fullLoc.id, '1', { palletCode: uniq('PAL') })
    const light = await category({ max_weight_kg: '50' })
    const tooLight = await newLocation({ categoryId: light.id })
    const chilled = await newLocation({ storageClass: 'chilled' })
    const second = await newLocation({ categoryId: one.id })
    const zone = uniq('Z')
    const inZone = await newLocation({ zone })

    // roles and checks on the rule itself
    const body = { code: uniq('PR'), warehouse: f.warehouseId, product: p, sequence: 5, locations: [fullLoc.id, tooLight.id, chilled.id, second.id] }
    expect((await api(operator, 'POST', '/api/inventory/putaway-rules/', body)).statusCode).toBe(403)
    expect((await api(admin, 'POST', '/api/inventory/putaway-rules/', { ...body, locations: [] })).json()).toMatchObject({ locations: ['Give a preferred zone or at least one location.'] })
    expect((await api(admin, 'POST', '/api/inventory/putaway-rules/', { ...body, locations: [f.otherStorage[0]] })).json()).toMatchObject({ locations: [expect.stringMatching(/not in the rule's warehouse/)] })
    const made = await api(supervisor, 'POST', '/api/inventory/putaway-rules/', body)
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({ warehouse: { id: f.warehouseId }, product: { id: p }, sequence: 5, zone: null, locations: [{ id: fullLoc.id }, { id: tooLight.id }, { id: chilled.id }, { id: second.id }] })
    expect((await api(acme, 'GET', `/api/inventory/putaway-rules/${made.json().id}/`)).statusCode).toBe(404)
    expect((await api(operator, 'GET', `/api/inventory/putaway-rules/?product=${p}`)).json().count).toBe(1)

    const first = await draft(p, '8')
    const suggestions = (await api(operator, 'GET', `${first.url}/putaway-suggestions/`)).json().pallets
    expect(suggestions[0].location).toMatchObject({ id: second.id, reasons: expect.arrayContaining(['storage_class', 'rule_location', 'empty', 'has_room', 'fits_category']) })
    expect(suggestions[0].skipped).toEqual([
      { id: fullLoc.id, code: fullLoc.code, reasons: ['full'] },
      { id: tooLight.id, code: tooLight.code, reasons: ['too_heavy'] },
      { id: chilled.id, code: chilled.code, reasons: ['not_storage'] },
    ])

    // its locations all taken: the zone of a later rule comes next
    expect((await api(admin, 'POST', '/api/inventory/putaway-rules/', { code: uniq('PR'), warehouse: f.warehouseId, product: p, sequence: 9, zone })).statusCode).toBe(201)
    await f.stock(await product(), second.id, '1', { palletCode: uniq('PAL') })
    const again = (await api(operator, 'GET', `${(await draft(p, '8')).url}/putaway-suggestions/`)).json().pallets[0]
    expect(again.location).toMatchObject({ id: inZone.id, reasons: expect.arrayContaining(['rule_zone', 'empty']) })
    expect(again.skipped.map((s: { id: number; reasons: string[] }) => [s.id, s.reasons])).toEqual([
      [fullLoc.id, ['full']],
      [tooLight.id, ['too_heavy']],
      [chilled.id, ['not_storage']],
      [second.id, ['full']],
    ])
    // no rule for this product: no skips, and never a location its category refuses
    const plainDraft = await draft(await product('10'), '8')
    const plainRes = await api(operator, 'GET', `${plainDraft.url}/putaway-suggestions/`)
    expect(plainRes.statusCode, plainRes.body).toBe(200)
    const plain = plainRes.json().pallets[0]
    expect(plain.skipped).toEqual([])
    const offered = [plain.location, ...plain.alternatives].map((l: { id: number }) => l.id)
    expect(offered).not.toContain(fullLoc.id)
    expect(offered).not.toContain(second.id)
  })

  it('CSV: categories import and export; a location takes its category by code; both refused when what is held would overflow', async () => {
    const upload = (path: string, csv: string, dryRun = false) =>
      t.as(admin, { method: 'POST', url: `/api/${path}${dryRun ? '?dry_run=1' : ''}`, headers: { 'content-type': 'text/csv' }, payload: csv })
    const code = uniq('SCSV')
    const made = await upload('core/storage-categories/import/', `code,name,max_pallets,max_weight_kg,allowed_storage_classes,mixing\n${code},Pallet racks,2,1200.5,ambient chilled,same_product\n`)
    expect(made.statusCode, made.body).toBe(200)
    const exported = (await t.as(admin, { method: 'GET', url: '/api/core/storage-categories/export/' })).body.replace(/^\uFEFF/, '')
    expect(exported.split('\r\n')[0]).toBe('code,name,max_pallets,max_weight_kg,allowed_storage_classes,mixing,is_active')
    expect(exported).toContain(`${code},Pallet racks,2,1200.500,ambient chilled,same_product,true`)

    // a location given it by code; one holding two products is refused it, on its row
    const loc = await newLocation()
    const busy = await newLocation()
    await f.stock(await product(), busy.id, '1')
    await f.stock(await product(), busy.id, '1')
    const csv = `code,warehouse,storage_category\n${loc.code},${(await api(admin, 'GET', `/api/core/warehouses/${f.warehouseId}/`)).json().code},${code}\n${busy.code},${(await api(admin, 'GET', `/api/core/warehouses/${f.warehouseId}/`)).json().code},${code}\n`
    const preview = (await upload('core/locations/import/', csv, true)).json()
    expect(preview).toMatchObject({ error_rows: 1, errors: [{ code: busy.code, errors: { storage_category: [`Location ${busy.code} holds more than one product now.`] } }] })
    const fixed = await upload('core/locations/import/', csv.split('\n').slice(0, 2).join('\n') + '\n')
    expect(fixed.statusCode, fixed.body).toBe(200)
    expect((await api(admin, 'GET', `/api/core/locations/${loc.id}/`)).json()).toMatchObject({ storage_category: { code } })
    const locationsCsv = (await t.as(admin, { method: 'GET', url: '/api/core/locations/export/' })).body
    expect(locationsCsv.split('\r\n').find((l) => l.startsWith(`${loc.code},`))).toMatch(new RegExp(`,${code}$`))
    const [cat] = (await api(admin, 'GET', `/api/core/storage-categories/?search=${code}`)).json().results
    await t.database.db.update(locations).set({ storageCategoryId: cat.id }).where(eq(locations.id, busy.id))
    // the category's own import is refused a limit what its locations hold breaks
    const tight = (await upload('core/storage-categories/import/', `code,name,mixing\n${code},Pallet racks,same_product\n`, true)).json()
    expect(tight).toMatchObject({ error_rows: 1, errors: [{ errors: { mixing: [`Location ${busy.code} holds more than one product now.`] } }] })
    expect((await upload('core/storage-categories/import/', `code,name,mixing\n${code},Pallet racks,any\n`)).statusCode).toBe(200)
  })
})
