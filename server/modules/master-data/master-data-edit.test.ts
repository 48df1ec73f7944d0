import { and, eq, gt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { uoms } from '../../db/schema/catalog'
import { locations, sites, warehouses } from '../../db/schema/core'
import { stockLines } from '../../db/schema/inventory'
import type { CompanyTable } from '../../http/crud'
import { gs1CheckDigit } from '../../../contracts/gs1/gs1'

/**
 * SPEC 12.9: create, update and deactivate every master-data resource, company-scoped, audited, with the refusals
 * (duplicate code, bad GTIN check digit, a location with stock, another company's reference).
 */
type Row = Record<string, unknown>
let seq = 0
const uniq = (p: string) => `${p}${Date.now().toString(36).toUpperCase()}${++seq}`
const gtin13 = () => {
  const body = '59' + String(Date.now()).slice(-6) + String(1000 + (++seq % 9000))
  return body + gs1CheckDigit(body)
}
const breakCheckDigit = (g: string) => g.slice(0, -1) + String((Number(g.at(-1)) + 1) % 10)

const kinds = await databaseKinds()

describe.each(kinds)('master data editing on %s', (kind) => {
  let t: TestApp
  let admin: string
  let supervisor: string
  let operator: string
  let acme: string
  const ids = { site: 0, warehouse: 0, uom: 0, acmeWarehouse: 0, acmeUom: 0 }

  beforeAll(async () => {
    t = await createTestApp(kind)
    const db = t.database.db
    const first = async (table: CompanyTable, companyId: number) =>
      (await db.select({ id: table.id }).from(table).where(eq(table.companyId, companyId)).orderBy(table.id).limit(1))[0].id as number
    ids.site = await first(sites, t.seed.companyId)
    ids.warehouse = await first(warehouses, t.seed.companyId)
    ids.uom = await first(uoms, t.seed.companyId)
    ids.acmeWarehouse = await first(warehouses, t.seed.otherCompanyId)
    ids.acmeUom = await first(uoms, t.seed.otherCompanyId)
    admin = (await t.login('admin')).access
    supervisor = (await t.login('supervisor')).access
    operator = (await t.login('operator')).access
    acme = (await t.login('acme.admin')).access
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: Row) => t.as(token, { method, url, payload })
  const history = async (entity: string, id: number) => {
    const res = await call(admin, 'GET', `/api/audit/?entity=${entity}&entity_id=${id}`)
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { results: { action: string; user: string; changes: Record<string, unknown> }[] }).results
  }

  // every resource a supervisor creates from the desktop: [audit entity, path, a valid body, a PATCH]
  const resources: [string, string, () => Row, Row][] = [
    ['sites', '/api/core/sites/', () => ({ code: uniq('S'), name: 'Site' }), { name: 'Site renamed' }],
    ['warehouses', '/api/core/warehouses/', () => ({ code: uniq('W'), name: 'WH', site: ids.site }), { timezone: 'Europe/Lisbon' }],
    [
      'locations',
      '/api/core/locations/',
      () => ({ code: uniq('L'), warehouse: ids.warehouse, capacity_pallets: 2, pick_sequence: 10 }),
      { capacity_pallets: 4, pick_sequence: 20 },
    ],
    ['uoms', '/api/product/uoms/', () => ({ code: uniq('U'), name: 'Unit' }), { name: 'Unit renamed' }],
    [
      'products',
      '/api/product/products/',
      () => ({ code: uniq('P'), name1: 'Product', uom: ids.uom, gtins: [gtin13()], shelf_life_days: 90, lot_tracked: true }),
      { name2: 'Second line', expiry_tracked: true },
    ],
    ['customers', '/api/partners/customers/', () => ({ code: uniq('C'), name: 'Customer', min_shelf_life_days: 30 }), { min_shelf_life_days: 45 }],
    ['suppliers', '/api/partners/suppliers/', () => ({ code: uniq('SU'), name: 'Supplier' }), { priority: 1 }],
    ['carriers', '/api/partners/carriers/', () => ({ code: uniq('CA'), name: 'Carrier' }), { name: 'Carrier renamed' }],
    ['skills', '/api/workforce/skills/', () => ({ code: uniq('SK'), name: 'Skill' }), { name: 'Skill renamed' }],
    ['parking_spots', '/api/workforce/parking-spots/', () => ({ code: uniq('PS'), name: 'Spot', warehouse: ids.warehouse }), { warehouse: null }],
    ['equipments', '/api/workforce/equipments/', () => ({ code: uniq('EQ'), name: 'Forklift' }), { status: 'down' }],
  ]

  describe.each(resources)('%s', (entity, path, body, patch) => {
    it('creates, updates, deactivates and reactivates, each in the audit trail with who did it', async () => {
      const created = await call(supervisor, 'POST', path, body())
      expect(created.statusCode, created.body).toBe(201)
      const row = created.json() as Row & { id: number }
      expect(row.is_active).toBe(true)
      const patched = await call(supervisor, 'PATCH', `${path}${row.id}/`, patch)
      expect(patched.statusCode, patched.body).toBe(200)
      expect(patched.json()).toMatchObject(patch)
      const off = await call(supervisor, 'PATCH', `${path}${row.id}/`, { is_active: false })
      expect(off.statusCode, off.body).toBe(200)
      expect((off.json() as Row).is_active).toBe(false)
      // a deactivated row is still read and listed (history refers to it)
      expect((await call(operator, 'GET', `${path}${row.id}/`)).statusCode).toBe(200)
      const on = await call(admin, 'PUT', `${path}${row.id}/`, { is_active: true })
      expect(on.statusCode, on.body).toBe(200)
      const h = await history(entity, row.id)
      expect(h.map((e) => e.action)).toEqual(['reactivate', 'deactivate', 'update', 'create'])
      expect(h.map((e) => e.user)).toEqual(['admin', 'supervisor', 'supervisor', 'supervisor'])
      const [field, value] = Object.entries(patch)[0]
      expect(h[2].changes[field]).toEqual([(row as Row)[field] ?? null, value])
      expect(h[1].changes.is_active).toEqual([true, false])
    })

    it('refuses an operator (403) and a duplicate code (400 on code), and writes nothing', async () => {
      const b = body()
      expect((await call(operator, 'POST', path, b)).statusCode).toBe(403)
      expect((await call(supervisor, 'POST', path, b)).statusCode).toBe(201)
      const again = await call(supervisor, 'POST', path, { ...b, gtins: undefined })
      expect(again.statusCode, again.body).toBe(400)
      expect(Object.keys(again.json() as Row).filter((k) => k !== 'codes')).toEqual(['code'])
    })
  })

  it("answers another company's record as 404 and refuses its references as 400 on the field", async () => {
    const mine = (await call(supervisor, 'POST', '/api/core/locations/', { code: uniq('L'), warehouse: ids.warehouse })).json() as { id: number }
    expect((await call(acme, 'PATCH', `/api/core/locations/${mine.id}/`, { is_active: false })).statusCode).toBe(404)
    const res = await call(supervisor, 'PATCH', `/api/core/locations/${mine.id}/`, { warehouse: ids.acmeWarehouse })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json() as Row).filter((k) => k !== 'codes')).toEqual(['warehouse'])
    const p = await call(supervisor, 'POST', '/api/product/products/', { code: uniq('P'), name1: 'x', uom: ids.acmeUom })
    expect(p.statusCode).toBe(400)
    expect(Object.keys(p.json() as Row).filter((k) => k !== 'codes')).toEqual(['uom'])
    expect(await history('locations', mine.id)).toHaveLength(1)
  })

  it('refuses to deactivate a location that holds stock, and deactivates it once empty of stock', async () => {
    const db = t.database.db
    const [line] = await db
      .select({ locationId: stockLines.locationId })
      .from(stockLines)
      .where(and(eq(stockLines.companyId, t.seed.companyId), gt(stockLines.qty, '0')))
      .limit(1)
    const res = await call(supervisor, 'PATCH', `/api/core/locations/${line.locationId}/`, { is_active: false, name: 'Changed' })
    expect(res.statusCode, res.body).toBe(400)
    expect(Object.keys(res.json() as Row).filter((k) => k !== 'codes')).toEqual(['is_active'])
    const [loc] = await db.select({ isActive: locations.isActive, name: locations.name }).from(locations).where(eq(locations.id, line.locationId))
    expect(loc.isActive).toBe(true)
    expect(loc.name).not.toBe('Changed')
    expect((await history('locations', line.locationId)).length).toBe(0)
  })

  describe('products and their GTINs', () => {
    it("the products list answers each product's packs with their GTINs, and its search finds a product by its own or a pack's GTIN", async () => {
      const [own, packGtin] = [gtin13(), gtin13()]
      const code = uniq('P')
      const res = await call(supervisor, 'POST', '/api/product/products/', {
        code,
        name1: 'GTIN on a pack',
        uom: ids.uom,
        gtins: [own],
        packs: [{ uom: ids.uom, qty_per_pack: '12', gtin: packGtin, packs_per_pallet: 40 }],
      })
      expect(res.statusCode, res.body).toBe(201)
      for (const g of [own, packGtin]) {
        const list = await call(operator, 'GET', `/api/product/products/?search=${g}`)
        expect(list.statusCode, list.body).toBe(200)
        const body = list.json() as { count: number; results: { code: string; gtins: string[]; packs: { gtin: string | null }[] }[] }
        expect(body.count, g).toBe(1)
        expect(body.results[0]).toMatchObject({ code, gtins: [own], packs: [{ gtin: packGtin }] })
      }
      // another company's list does not find it
      expect((await call(acme, 'GET', `/api/product/products/?search=${packGtin}`)).json()).toMatchObject({ count: 0 })
    })

    it('keeps several GTINs and finds the product by scanning any of them', async () => {
      const [a, b] = [gtin13(), gtin13()]
      const res = await call(supervisor, 'POST', '/api/product/products/', { code: uniq('P'), name1: 'Two GTINs', uom: ids.uom, gtins: [a, b] })
      expect(res.statusCode, res.body).toBe(201)
      const product = res.json() as { id: number; code: string; gtins: string[] }
      expect(product.gtins).toEqual([a, b])
      for (const g of [a, b]) {
        const scan = await call(operator, 'GET', `/api/inventory/scan/?code=${g}`)
        expect(scan.statusCode, scan.body).toBe(200)
        expect(scan.json()).toMatchObject({ kind: 'gtin', results: [{ product: { id: product.id, code: product.code } }] })
      }
      // replacing the list drops the old GTIN from the lookup
      const edited = await call(supervisor, 'PATCH', `/api/product/products/${product.id}/`, { gtins: [b] })
      expect((edited.json() as { gtins: string[] }).gtins).toEqual([b])
      expect((await call(operator, 'GET', `/api/inventory/scan/?code=${a}`)).json()).toMatchObject({ results: [] })
      // another company does not find it
      expect((await call(acme, 'GET', `/api/inventory/scan/?code=${b}`)).json()).toMatchObject({ results: [] })
    })

    it('refuses a bad check digit as 400 {"gtins": [...]} naming each bad one, and writes nothing', async () => {
      const good = gtin13()
      const bad = breakCheckDigit(gtin13())
      const code = uniq('P')
      const res = await call(supervisor, 'POST', '/api/product/products/', { code, name1: 'x', uom: ids.uom, gtins: [good, bad, '123'] })
      expect(res.statusCode).toBe(400)
      const errors = res.json() as Record<string, string[]>
      expect(Object.keys(errors).filter((k) => k !== 'codes')).toEqual(['gtins'])
      expect(errors.gtins).toHaveLength(2)
      expect(errors.gtins[0]).toContain(bad)
      expect((await call(operator, 'GET', `/api/product/products/?search=${code}`)).json()).toMatchObject({ count: 0 })
    })

    it("refuses a GTIN that is another product's, or another product's pack's, and rolls the product back", async () => {
      const g = gtin13()
      expect((await call(supervisor, 'POST', '/api/product/products/', { code: uniq('P'), name1: 'x', uom: ids.uom, gtins: [g] })).statusCode).toBe(201)
      const code = uniq('P')
      const res = await call(supervisor, 'POST', '/api/product/products/', { code, name1: 'y', uom: ids.uom, gtins: [g] })
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json() as Row).filter((k) => k !== 'codes')).toEqual(['gtins'])
      // the create and its GTINs are one transaction: no product without its GTIN was left behind
      expect((await call(operator, 'GET', `/api/product/products/?search=${code}`)).json()).toMatchObject({ count: 0 })
      const other = (await call(supervisor, 'POST', '/api/product/products/', { code: uniq('P'), name1: 'z', uom: ids.uom })).json() as { id: number }
      const pack = await call(supervisor, 'POST', '/api/product/product-packs/', { product: other.id, uom: ids.uom, qty_per_pack: '12', gtin: g, packs_per_pallet: 40 })
      expect(pack.statusCode).toBe(400)
      expect(Object.keys(pack.json() as Row).filter((k) => k !== 'codes')).toEqual(['gtin'])
    })

    it('edits a pack: units per pack and packs per pallet', async () => {
      const p = (await call(supervisor, 'POST', '/api/product/products/', { code: uniq('P'), name1: 'Packed', uom: ids.uom })).json() as { id: number }
      const res = await call(supervisor, 'POST', '/api/product/product-packs/', { product: p.id, uom: ids.uom, qty_per_pack: '6', gtin: gtin13(), packs_per_pallet: 80 })
      expect(res.statusCode, res.body).toBe(201)
      const pack = res.json() as { id: number }
      const edited = await call(supervisor, 'PATCH', `/api/product/product-packs/${pack.id}/`, { qty_per_pack: '12', packs_per_pallet: 40 })
      expect(edited.json()).toMatchObject({ qty_per_pack: '12.000', packs_per_pallet: 40, is_active: true })
      expect((await history('product_packs', pack.id)).map((e) => e.action)).toEqual(['update', 'create'])
    })
  })

  describe("a product's packs, edited with the product (its form)", () => {
    type Pack = { id: number; uom: { id: number; code: string }; qty_per_pack: string; gtin: string | null; packs_per_pallet: number | null }
    type P = { id: number; code: string; packs: Pack[] }
    const codes = (res: { json: () => unknown }) => Object.keys(res.json() as Row).filter((k) => k !== 'codes')
    let box = 0
    let layer = 0
    beforeAll(async () => {
      const db = t.database.db
      const [b] = await db.insert(uoms).values({ companyId: t.seed.companyId, code: uniq('BX'), name: 'Box' }).returning({ id: uoms.id })
      const [l] = await db.insert(uoms).values({ companyId: t.seed.companyId, code: uniq('LY'), name: 'Layer' }).returning({ id: uoms.id })
      box = b.id
      layer = l.id
    })

    it('creates a product with its packs, edits, adds and removes them in one PATCH, each change in the audit trail', async () => {
      const [g1, g2] = [gtin13(), gtin13()]
      const res = await call(supervisor, 'POST', '/api/product/products/', {
        code: uniq('P'),
        name1: 'Packed on the form',
        uom: ids.uom,
        packs: [{ uom: box, qty_per_pack: '12', gtin: g1, packs_per_pallet: 60 }],
      })
      expect(res.statusCode, res.body).toBe(201)
      const created = res.json() as P
      expect(created.packs).toMatchObject([{ uom: { id: box }, qty_per_pack: '12.000', gtin: g1, packs_per_pallet: 60, is_active: true }])
      // the pack is the packs list's too, and a scan of its GTIN finds the product
      const listed = (await call(operator, 'GET', `/api/product/product-packs/?product=${created.id}`)).json() as { results: Pack[] }
      expect(listed.results.map((p) => p.id)).toEqual([created.packs[0].id])
      expect((await call(operator, 'GET', `/api/inventory/scan/?code=${g1}`)).json()).toMatchObject({ results: [{ product: { id: created.id } }] })

      const edited = await call(supervisor, 'PATCH', `/api/product/products/${created.id}/`, {
        packs: [
          { id: created.packs[0].id, uom: box, qty_per_pack: '24', gtin: g1, packs_per_pallet: 30 },
          { uom: layer, qty_per_pack: '240', gtin: g2, packs_per_pallet: 5 },
        ],
      })
      expect(edited.statusCode, edited.body).toBe(200)
      const after = edited.json() as P
      expect(after.packs).toMatchObject([
        { id: created.packs[0].id, qty_per_pack: '24.000', packs_per_pallet: 30 },
        { uom: { id: layer }, qty_per_pack: '240.000', gtin: g2, packs_per_pallet: 5 },
      ])
      // a PATCH without `packs` keeps them
      expect(((await call(supervisor, 'PATCH', `/api/product/products/${created.id}/`, { name2: 'kept' })).json() as P).packs).toHaveLength(2)
      const removed = await call(supervisor, 'PATCH', `/api/product/products/${created.id}/`, { packs: [after.packs[1]].map((p) => ({ id: p.id, uom: layer, qty_per_pack: p.qty_per_pack, gtin: p.gtin })) })
      expect((removed.json() as P).packs.map((p) => p.id)).toEqual([after.packs[1].id])
      expect((await call(operator, 'GET', `/api/inventory/scan/?code=${g1}`)).json()).toMatchObject({ results: [] })

      const trail = await history('products', created.id)
      expect(trail.map((e) => e.action)).toEqual(['update', 'update', 'update', 'create'])
      expect(trail[0].user).toBe('supervisor')
      const [before, now] = trail[0].changes.packs as [Pack[], Pack[]]
      expect(before.map((p) => p.qty_per_pack)).toEqual(['24.000', '240.000'])
      expect(now.map((p) => p.qty_per_pack)).toEqual(['240.000'])
      expect(trail[3].changes.packs).toMatchObject([{ qty_per_pack: '12.000', gtin: g1 }])
    })

    it('refuses bad rows by row and field (units per pack, packs per pallet, check digit, a unit twice) and writes nothing', async () => {
      const code = uniq('P')
      const res = await call(supervisor, 'POST', '/api/product/products/', {
        code,
        name1: 'x',
        uom: ids.uom,
        packs: [
          { uom: box, qty_per_pack: '0', packs_per_pallet: 0 },
          { uom: layer, qty_per_pack: '6', gtin: breakCheckDigit(gtin13()), packs_per_pallet: 2.5 },
        ],
      })
      expect(res.statusCode).toBe(400)
      const body = res.json() as Record<string, string[]> & { codes: Record<string, ({ code: string } | null)[]> }
      expect(codes(res).sort()).toEqual(['packs.0.packs_per_pallet', 'packs.0.qty_per_pack', 'packs.1.gtin', 'packs.1.packs_per_pallet'])
      expect(body.codes['packs.0.qty_per_pack'][0]?.code).toBe('positive')
      expect(body.codes['packs.0.packs_per_pallet'][0]).toMatchObject({ code: 'min_value', params: { min: '1' } })
      expect(body.codes['packs.1.packs_per_pallet'][0]?.code).toBe('invalid_integer')
      expect(body.codes['packs.1.gtin'][0]?.code).toBe('invalid_gtin')
      // rows valid one by one, but a unit or a GTIN twice in the list
      const g = gtin13()
      const twice = await call(supervisor, 'POST', '/api/product/products/', {
        code,
        name1: 'x',
        uom: ids.uom,
        packs: [
          { uom: box, qty_per_pack: '6', gtin: g },
          { uom: box, qty_per_pack: '12', gtin: g },
        ],
      })
      const twiceCodes = (twice.json() as { codes: Record<string, ({ code: string } | null)[]> }).codes
      expect(codes(twice).sort()).toEqual(['packs.1.gtin', 'packs.1.uom'])
      expect(twiceCodes['packs.1.gtin'][0]?.code).toBe('gtin_listed_twice')
      expect(twiceCodes['packs.1.uom'][0]?.code).toBe('pack_unit_twice')
      expect((await call(operator, 'GET', `/api/product/products/?search=${code}`)).json()).toMatchObject({ count: 0 })
    })

    it("refuses a pack GTIN that another product or its pack owns, another product's pack, and another company's unit", async () => {
      const g = gtin13()
      const owner = (await call(supervisor, 'POST', '/api/product/products/', { code: uniq('P'), name1: 'owner', uom: ids.uom, packs: [{ uom: box, qty_per_pack: '6', gtin: g }] })).json() as P
      const own = gtin13()
      expect((await call(supervisor, 'POST', '/api/product/products/', { code: uniq('P'), name1: 'owns', uom: ids.uom, gtins: [own] })).statusCode).toBe(201)
      const other = (await call(supervisor, 'POST', '/api/product/products/', { code: uniq('P'), name1: 'other', uom: ids.uom })).json() as P
      const res = await call(supervisor, 'PATCH', `/api/product/products/${other.id}/`, {
        packs: [
          { uom: box, qty_per_pack: '6', gtin: g },
          { uom: layer, qty_per_pack: '60', gtin: own },
          { id: owner.packs[0].id, uom: ids.acmeUom, qty_per_pack: '1' },
        ],
      })
      expect(res.statusCode).toBe(400)
      const body = res.json() as Record<string, string[]> & { codes: Record<string, ({ code: string; params: Record<string, string> } | null)[]> }
      expect(codes(res).sort()).toEqual(['packs.0.gtin', 'packs.1.gtin', 'packs.2.id', 'packs.2.uom'])
      expect(body.codes['packs.0.gtin'][0]).toMatchObject({ code: 'gtin_taken', params: { gtin: g, code: owner.code } })
      expect(body.codes['packs.2.id'][0]?.code).toBe('pack_not_of_product')
      // nothing moved: the owner keeps its pack, the other product has none
      expect(((await call(operator, 'GET', `/api/product/products/${owner.id}/`)).json() as P).packs).toMatchObject([{ id: owner.packs[0].id, gtin: g }])
      expect(((await call(operator, 'GET', `/api/product/products/${other.id}/`)).json() as P).packs).toEqual([])
      // and an operator reads packs but does not edit them
      expect((await call(operator, 'PATCH', `/api/product/products/${other.id}/`, { packs: [] })).statusCode).toBe(403)
    })

    it('keeps a pack whose unit holds stock of the product (no removal, no new unit or units per pack); its pallet figure stays editable', async () => {
      const db = t.database.db
      const p = (await call(supervisor, 'POST', '/api/product/products/', { code: uniq('P'), name1: 'stocked', uom: ids.uom, packs: [{ uom: box, qty_per_pack: '12', packs_per_pallet: 50 }] })).json() as P
      const [boxRow] = await db.select({ code: uoms.code }).from(uoms).where(eq(uoms.id, box))
      const [loc] = await db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, t.seed.companyId)).limit(1)
      await db.insert(stockLines).values({ companyId: t.seed.companyId, productId: p.id, locationId: loc.id, qty: '3', uom: boxRow.code })
      const pack = p.packs[0]
      const url = `/api/product/products/${p.id}/`
      const removing = await call(supervisor, 'PATCH', url, { packs: [] })
      expect(removing.statusCode).toBe(400)
      expect((removing.json() as { codes: Record<string, { code: string; params: Record<string, string> }[]> }).codes.packs[0]).toMatchObject({ code: 'pack_stock_in_unit', params: { uom: boxRow.code } })
      const recount = await call(supervisor, 'PATCH', url, { packs: [{ id: pack.id, uom: box, qty_per_pack: '24' }] })
      expect(codes(recount)).toEqual(['packs.0.qty_per_pack'])
      const reunit = await call(supervisor, 'PATCH', url, { packs: [{ id: pack.id, uom: layer, qty_per_pack: '12' }] })
      expect(codes(reunit)).toEqual(['packs.0.uom'])
      const pallet = await call(supervisor, 'PATCH', url, { packs: [{ id: pack.id, uom: box, qty_per_pack: '12.000', packs_per_pallet: 40 }] })
      expect(pallet.statusCode, pallet.body).toBe(200)
      expect((pallet.json() as P).packs).toMatchObject([{ id: pack.id, qty_per_pack: '12.000', packs_per_pallet: 40 }])
      // once the stock is gone, the pack can go
      await db.update(stockLines).set({ qty: '0' }).where(eq(stockLines.productId, p.id))
      expect(((await call(supervisor, 'PATCH', url, { packs: [] })).json() as P).packs).toEqual([])
    })
  })
})
