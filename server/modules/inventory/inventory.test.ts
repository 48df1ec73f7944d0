import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { makeSscc } from '../../db/demo-data/stock.seed'
import { productPacks, products, uoms } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { stockLines } from '../../db/schema/inventory'
import { likeEscape, pageParams } from '../../http/pagination'
import { GS } from '../../../contracts/gs1/gs1'
import { listStock, listStockByProducts, stockOrder, stockSearchCondition } from './inventory.service'
import { receiveStock, removeStock } from './stock.service'
import { type StockActor } from './stock-model'

const kinds = await databaseKinds()

type Line = {
  id: number
  product: { id: number; code: string; name1: string; uom: string }
  location: { id: number; code: string }
  lot: string | null
  pallet_code: string | null
  sscc: string | null
  qty: string
  reserved_qty: string
  uom: string
  expiry_date: string | null
  owner: { name: string } | null
  version: number
}
type Page = { count: number; next: string | null; previous: string | null; results: Line[] }
type Scan = { code: string; kind: string | null; results: { product: { code: string }; total_qty: string; uom: string; locations_count: number; lines: Line[] }[] }

/** The value an ordering key sorts by, as the database compares it. */
const ORDER_VALUE: Record<string, (l: Line) => string | number | null> = {
  id: (l) => l.id,
  product__code: (l) => l.product.code,
  product__name1: (l) => l.product.name1,
  location__code: (l) => l.location.code,
  lot: (l) => l.lot,
  pallet_code: (l) => l.pallet_code,
  sscc: (l) => l.sscc,
  qty: (l) => Number(l.qty),
  reserved_qty: (l) => Number(l.reserved_qty),
  uom: (l) => l.uom,
  expiry_date: (l) => l.expiry_date,
  owner: (l) => l.owner?.name ?? null,
  owner__name: (l) => l.owner?.name ?? null,
}

/** PostgreSQL order: ascending puts nulls last, descending first; ties by id in the same direction. Codes here are ASCII. */
function pgCompare(key: string, desc: boolean) {
  const get = ORDER_VALUE[key]
  return (a: Line, b: Line) => {
    const x = get(a)
    const y = get(b)
    let c: number
    if (x === null && y === null) c = 0
    else if (x === null) c = desc ? -1 : 1
    else if (y === null) c = desc ? 1 : -1
    else c = (x < y ? -1 : x > y ? 1 : 0) * (desc ? -1 : 1)
    return c || (desc ? b.id - a.id : a.id - b.id)
  }
}

describe.each(kinds)('inventory API on %s', (kind) => {
  let t: TestApp
  let token: string
  let acmeToken: string
  let actor: StockActor
  const sscc = makeSscc('7891234', 3, 999_000_001)
  let gtin13 = ''
  let gtin14 = ''
  let gtinProductCode = ''
  const get = async <T = Page>(url: string, as = token) => {
    const res = await t.as(as, { method: 'GET', url })
    return { status: res.statusCode, body: res.json() as T }
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    token = (await t.login('admin')).access
    acmeToken = (await t.login('acme.admin')).access
    const db = t.database.db
    actor = { companyId: t.seed.companyId, userId: null }
    const [un] = await db.select({ id: uoms.id }).from(uoms).where(and(eq(uoms.companyId, actor.companyId), eq(uoms.code, 'UN')))
    const [p] = await db.insert(products).values({ companyId: actor.companyId, code: 'ZZTEST-1', name1: 'Parafuso Sextavado Zincado', uomId: un.id }).returning({ id: products.id })
    const locs = await db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, actor.companyId)).orderBy(asc(locations.id)).limit(37)
    // 37 lines of one product, with every column varied (nulls included) so each ordering has something to sort
    for (let i = 0; i < 37; i++) {
      await receiveStock(db, actor, {
        productId: p.id,
        locationId: locs[i].id,
        qty: `${(i * 7) % 23}.${(i * 131) % 1000}`.replace(/^0\.0+$/, '1'),
        lot: i % 5 === 4 ? null : `ZLOT-${i % 3}`,
        palletCode: i === 0 ? sscc : i % 4 === 3 ? null : `ZPAL-${String(i).padStart(3, '0')}`,
        sscc: i === 0 ? sscc : null,
        expiryDate: i % 3 === 0 ? null : `2027-0${1 + (i % 9)}-1${i % 10}`,
        ownerName: i % 4 === 0 ? null : ['Alfa', 'Beta', 'Gama'][i % 3],
      })
    }
    await db.execute(sql`UPDATE stock_lines SET reserved_qty = trunc(qty / 3) WHERE product_id = ${p.id} AND id % 2 = 0`)
    // a product with a unit GTIN-13 and a case GTIN-14 (the seed gives every third product a case), with stock
    const [pack] = await db
      .select({ productId: productPacks.productId, gtin: productPacks.gtin, code: products.code })
      .from(productPacks)
      .innerJoin(products, eq(products.id, productPacks.productId))
      .where(and(eq(productPacks.companyId, actor.companyId), sql`length(${productPacks.gtin}) = 14`))
      .orderBy(asc(productPacks.id))
      .limit(1)
    gtin14 = pack.gtin as string
    gtinProductCode = pack.code
    const [unit] = await db.select({ gtin: productPacks.gtin }).from(productPacks).where(and(eq(productPacks.productId, pack.productId), sql`length(${productPacks.gtin}) = 13`))
    gtin13 = unit.gtin as string
    await receiveStock(db, actor, { productId: pack.productId, locationId: locs[0].id, qty: 5, lot: 'GTIN-LOT' })
    await receiveStock(db, actor, { productId: pack.productId, locationId: locs[1].id, qty: 7, lot: 'GTIN-LOT' })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('lists lines in the documented shape; the unfiltered count is exact (maintained counter)', async () => {
    const { status, body } = await get('/api/inventory/stock/?page_size=5')
    expect(status).toBe(200)
    const total = await t.database.db.$count(stockLines, eq(stockLines.companyId, actor.companyId))
    expect(body.count).toBe(total)
    expect(body.results).toHaveLength(5)
    expect(body.next).toContain('page=2')
    const line = body.results[0]
    expect(Object.keys(line).sort()).toEqual(['expired', 'expiry_date', 'id', 'location', 'lot', 'near_expiry', 'owner', 'pallet_code', 'product', 'qty', 'reserved_qty', 'sscc', 'status', 'status_reason', 'uom', 'version'])
    expect(line.qty).toMatch(/^\d+\.\d{3}$/)
    expect(Object.keys(line.product).sort()).toEqual(['code', 'id', 'name1', 'uom'])
    // the same on the alias and without the trailing slash; page_size=1 for the dashboard
    expect((await get('/api/inventory/stock-items/?page_size=1')).body.count).toBe(total)
    expect((await get('/api/inventory/stock?page_size=1')).body.count).toBe(total)
    expect((await t.app.inject({ method: 'GET', url: '/api/inventory/stock/' })).statusCode).toBe(401)
  })

  it('searches product code, product name, lot, pallet code and location code, with exact counts', async () => {
    const zz = await get('/api/inventory/stock/?search=zztest&page_size=100')
    expect(zz.body.count).toBe(37)
    expect(zz.body.results).toHaveLength(37)
    const byName = await get('/api/inventory/stock/?search=SEXTAVADO&page_size=100')
    expect(byName.body.count).toBe(37)
    const byLot = await get('/api/inventory/stock/?search=zlot-1&page_size=100')
    expect(byLot.body.count).toBeGreaterThan(0)
    expect(byLot.body.results.every((l) => l.lot === 'ZLOT-1')).toBe(true)
    const expectedLot = await t.database.db.$count(stockLines, and(eq(stockLines.companyId, actor.companyId), eq(stockLines.lot, 'ZLOT-1')))
    expect(byLot.body.count).toBe(expectedLot)
    const byPallet = await get('/api/inventory/stock/?search=ZPAL-01')
    expect(byPallet.body.count).toBe(zz.body.results.filter((l) => l.pallet_code?.startsWith('ZPAL-01')).length)
    expect(byPallet.body.count).toBeGreaterThan(3)
    expect(byPallet.body.results.every((l) => l.pallet_code?.startsWith('ZPAL-01'))).toBe(true)
    const loc = zz.body.results[0].location.code
    const byLocation = await get(`/api/inventory/stock/?search=${encodeURIComponent(loc)}&page_size=100`)
    expect(byLocation.body.results.some((l) => l.location.code === loc)).toBe(true)
    expect(byLocation.body.results.every((l) => l.location.code.includes(loc) || l.lot?.includes(loc) || l.pallet_code?.includes(loc) || l.product.code.includes(loc))).toBe(true)
    // terms are ANDed
    const both = await get('/api/inventory/stock/?search=zztest%20zlot-2&page_size=100')
    expect(both.body.count).toBe(zz.body.results.filter((l) => l.lot === 'ZLOT-2').length)
    // LIKE wildcards are literal; nothing found is a count of 0
    expect((await get('/api/inventory/stock/?search=%25%25')).body.count).toBe(0)
    expect((await get('/api/inventory/stock/?search=no-such-thing-anywhere')).body).toMatchObject({ count: 0, results: [] })
  })

  it('orders by every column, both ways, with a stable tie-break', async () => {
    for (const key of Object.keys(ORDER_VALUE)) {
      for (const desc of [false, true]) {
        const { status, body } = await get(`/api/inventory/stock/?search=zztest&page_size=100&ordering=${desc ? '-' : ''}${key}`)
        expect(status, key).toBe(200)
        const expected = [...body.results].sort(pgCompare(key, desc)).map((l) => l.id)
        expect(body.results.map((l) => l.id), `${desc ? '-' : ''}${key}`).toEqual(expected)
      }
    }
    const multi = await get('/api/inventory/stock/?search=zztest&page_size=100&ordering=lot,-qty')
    const byLot = pgCompare('lot', false)
    const byQtyDesc = (a: Line, b: Line) => Number(b.qty) - Number(a.qty) || a.id - b.id
    const expected = [...multi.body.results].sort((a, b) => (ORDER_VALUE.lot(a) === ORDER_VALUE.lot(b) ? byQtyDesc(a, b) : byLot(a, b))).map((l) => l.id)
    expect(multi.body.results.map((l) => l.id)).toEqual(expected)
    const bad = await get<Record<string, string[]>>('/api/inventory/stock/?ordering=password')
    expect(bad.status).toBe(400)
    expect(bad.body.ordering[0]).toMatch(/Invalid ordering/)
  })

  it('pages through a search: pages add up, beyond the last page is 404', async () => {
    const ids: number[] = []
    for (let page = 1; page <= 4; page++) {
      const { body } = await get(`/api/inventory/stock/?search=zztest&page_size=10&page=${page}&ordering=-qty`)
      expect(body.count).toBe(37)
      ids.push(...body.results.map((l) => l.id))
      if (page === 4) expect(body.next).toBeNull()
    }
    expect(new Set(ids).size).toBe(37)
    expect((await get('/api/inventory/stock/?search=zztest&page_size=10&page=5')).status).toBe(404)
  })

  it('a search that finds whole products counts from the product counters and pages product by product, as exact as counting', async () => {
    const db = t.database.db
    const c = actor.companyId
    const [noun] = await db.select({ name1: products.name1 }).from(products).where(and(eq(products.companyId, c), sql`${products.name1} LIKE 'Chocolate %'`)).limit(1)
    expect(noun, 'the demo data has chocolate').toBeDefined()
    const where = (search: string) => and(eq(stockLines.companyId, c), stockSearchCondition(c, search))
    const searches = ['Chocolate', 'chocolate light', 'P0000', 'sextavado', 'zlot-1', 'zztest zlot-2']
    const orderings = [undefined, '-product__code', 'product__name1', '-product__name1', '-qty', 'expiry_date', 'location__code', 'product__code,-qty']
    for (const search of searches) {
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(stockLines).where(where(search))
      for (const ordering of orderings) {
        for (const page of [1, 2, 3]) {
          const p = pageParams({ page: String(page), page_size: '7' })
          const expected = await db.select({ id: stockLines.id }).from(stockLines).where(where(search)).orderBy(...stockOrder(ordering)).limit(7).offset(p.offset)
          const got = await listStock(db, c, { search, ordering }, p)
          const what = `${search} ${ordering ?? '(default)'} page ${page}`
          expect(got.count, what).toBe(n)
          expect(got.rows.map((r) => r.id), what).toEqual(expected.map((r) => r.id))
        }
      }
    }
    // the product path answers the name and code searches; a term that also matches lots leaves it to counting
    expect(await listStockByProducts(db, c, ['Chocolate'], undefined, pageParams({}))).toBeDefined()
    expect(await listStockByProducts(db, c, ['sextavado'], '-qty', pageParams({}))).toBeDefined()
    expect(await listStockByProducts(db, c, ['zlot-1'], undefined, pageParams({}))).toBeUndefined()
    // the counters follow every change: a new line of a matched product is counted at once
    const before = (await get('/api/inventory/stock/?search=sextavado')).body.count
    const [zz] = await db.select({ id: products.id }).from(products).where(eq(products.code, 'ZZTEST-1'))
    const [loc] = await db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, c)).orderBy(asc(locations.id)).offset(40).limit(1)
    const received = await receiveStock(db, actor, { productId: zz.id, locationId: loc.id, qty: 3, lot: 'COUNTER-CHECK' })
    expect((await get('/api/inventory/stock/?search=sextavado')).body.count).toBe(before + 1)
    await removeStock(db, actor, { lineId: received.to!.id, qty: 3, reason: 'pick' })
    expect((await get('/api/inventory/stock/?search=sextavado')).body.count).toBe(before)
  })

  it("matches a term on the product's search text exactly as code ILIKE or name ILIKE would (ADR 0003, amended 2026-12-01)", async () => {
    const db = t.database.db
    const c = actor.companyId
    // accents and cases (ILIKE lowercases both sides), LIKE's own characters escaped, a term that isn't there
    const [zz] = await db.select({ name1: products.name1 }).from(products).where(eq(products.code, 'ZZTEST-1'))
    await db.update(products).set({ name1: 'Pão de Açúcar ÇÃOZQ Straße' }).where(eq(products.code, 'ZZTEST-1'))
    for (const term of ['Chocolate', 'CHOCOLATE', 'p0000', 'zztest-1', 'pão', 'AÇÚCAR', 'ção', 'STRASSE', 'straße', '%', '_', '\\', 'sextavado', 'no-such-thing']) {
      const p = `%${likeEscape(term)}%`
      const byIlike = await db.execute<{ id: number }>(sql`SELECT id FROM products WHERE company_id = ${c} AND (code ILIKE ${p} OR name1 ILIKE ${p}) ORDER BY id`)
      const bySearchText = await db.execute<{ id: number }>(sql`SELECT id FROM products WHERE company_id = ${c} AND search_text LIKE lower(${p}) ORDER BY id`)
      expect(bySearchText.rows.map((r) => Number(r.id)), term).toEqual(byIlike.rows.map((r) => Number(r.id)))
    }
    const found = (await get('/api/inventory/stock/?search=%C3%A7%C3%A3ozq&page_size=100')).body
    expect(found.count).toBe(37)
    await db.update(products).set({ name1: zz.name1 }).where(eq(products.code, 'ZZTEST-1'))
  })

  it('filters by product, location, lot, sscc and pallet code (prefix on stock-items, or exact)', async () => {
    const zz = (await get('/api/inventory/stock/?search=zztest&page_size=100')).body.results
    const productId = zz[0].product.id
    expect((await get(`/api/inventory/stock/?product=${productId}`)).body.count).toBe(37)
    const locationId = zz[0].location.id
    const atLocation = (await get(`/api/inventory/stock/?location=${locationId}&page_size=100`)).body
    expect(atLocation.results.every((l) => l.location.id === locationId)).toBe(true)
    expect(atLocation.count).toBe(await t.database.db.$count(stockLines, eq(stockLines.locationId, locationId)))
    expect((await get('/api/inventory/stock/?lot=ZLOT-0&product=' + productId)).body.count).toBe(zz.filter((l) => l.lot === 'ZLOT-0').length)
    const prefix = await get('/api/inventory/stock-items/?pallet_code=zpal-00&page_size=10')
    expect(prefix.body.count).toBe(zz.filter((l) => l.pallet_code?.startsWith('ZPAL-00')).length)
    expect(prefix.body.results.every((l) => l.pallet_code?.startsWith('ZPAL-00'))).toBe(true)
    const exact = await get('/api/inventory/stock-items/?pallet_code__exact=ZPAL-001')
    expect(exact.body.results.map((l) => l.pallet_code)).toEqual(['ZPAL-001'])
    expect((await get(`/api/inventory/stock-items/?pallet_code=${sscc}`)).body.results.map((l) => l.sscc)).toEqual([sscc])
    expect((await get(`/api/inventory/stock/?sscc=${sscc}`)).body.count).toBe(1)
  })

  it('sorts by the new code after a product or location is renamed', async () => {
    const first = (await get('/api/inventory/stock/?ordering=product__code&page_size=1')).body.results[0]
    const renamed = await t.as(token, { method: 'PATCH', url: `/api/product/products/${first.product.id}/`, payload: { code: 'ZZZ-RENAMED' } })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const last = (await get('/api/inventory/stock/?ordering=-product__code&page_size=1')).body.results[0]
    expect(last.product.code).toBe('ZZZ-RENAMED')
    const loc = await t.as(token, { method: 'PATCH', url: `/api/core/locations/${first.location.id}/`, payload: { code: '0-FIRST' } })
    expect(loc.statusCode, loc.body).toBe(200)
    expect((await get('/api/inventory/stock/?ordering=location__code&page_size=1')).body.results[0].location.code).toBe('0-FIRST')
    await t.as(token, { method: 'PATCH', url: `/api/product/products/${first.product.id}/`, payload: { code: first.product.code } })
    await t.as(token, { method: 'PATCH', url: `/api/core/locations/${first.location.id}/`, payload: { code: first.location.code } })
  })

  it("keeps companies apart: lists, counts, searches and scans never show another company's stock", async () => {
    const acme = await get('/api/inventory/stock/?page_size=100', acmeToken)
    expect(acme.body.count).toBe(await t.database.db.$count(stockLines, eq(stockLines.companyId, t.seed.otherCompanyId)))
    const acmeProducts = new Set((await t.database.db.select({ id: products.id }).from(products).where(eq(products.companyId, t.seed.otherCompanyId))).map((p) => p.id))
    expect(acme.body.results.every((l) => acmeProducts.has(l.product.id))).toBe(true)
    expect((await get('/api/inventory/stock/?search=zztest', acmeToken)).body.count).toBe(0)
    expect((await get<Scan>(`/api/inventory/scan/?code=ZZTEST-1`, acmeToken)).body).toMatchObject({ kind: null, results: [] })
    expect((await get<Scan>(`/api/inventory/scan/?code=${sscc}`, acmeToken)).body.results).toEqual([])
  })

  describe('scan', () => {
    const scan = (code: string) => get<Scan>(`/api/inventory/scan/?code=${encodeURIComponent(code)}`)

    it('a product code: one result with total, unit, distinct locations and lines', async () => {
      const { status, body } = await scan('ZZTEST-1')
      expect(status).toBe(200)
      expect(body.kind).toBe('product')
      expect(body.results).toHaveLength(1)
      const r = body.results[0]
      expect(r.product.code).toBe('ZZTEST-1')
      expect(r.uom).toBe('UN')
      expect(r.lines).toHaveLength(37)
      expect(r.locations_count).toBe(new Set(r.lines.map((l) => l.location.id)).size)
      const [{ total }] = (await t.database.db.execute<{ total: string }>(sql`SELECT sum(qty)::numeric(14,3)::text AS total FROM stock_lines WHERE product_id = ${r.lines[0].product.id}`)).rows
      expect(r.total_qty).toBe(total)
      // lower case is accepted too
      expect((await scan('zztest-1')).body.kind).toBe('product')
    })

    it('a GTIN-13 of the unit and a GTIN-14 of the case name the product', async () => {
      for (const code of [gtin13, gtin14, `(01)${gtin14}`, `]C101${gtin14}`]) {
        const { body } = await scan(code)
        expect(body.kind, code).toBe('gtin')
        expect(body.results.map((r) => r.product.code)).toEqual([gtinProductCode])
        expect(Number(body.results[0].total_qty)).toBeGreaterThanOrEqual(12)
        expect(body.results[0].locations_count).toBeGreaterThanOrEqual(2)
      }
      // GTIN + lot narrows to that lot
      const withLot = await scan(`(01)${gtin14}(10)GTIN-LOT`)
      expect(withLot.body.results[0]).toMatchObject({ total_qty: '12.000', locations_count: 2 })
    })

    it('a lot', async () => {
      const { body } = await scan('ZLOT-2')
      expect(body.kind).toBe('lot')
      expect(body.results.map((r) => r.product.code)).toContain('ZZTEST-1')
      expect(body.results.flatMap((r) => r.lines).every((l) => l.lot === 'ZLOT-2')).toBe(true)
    })

    it('a pallet code, and an SSCC plain, bracketed, as an element string, GS-separated or behind ]C1', async () => {
      const pallet = await scan('ZPAL-005')
      expect(pallet.body.kind).toBe('pallet')
      expect(pallet.body.results[0].lines.map((l) => l.pallet_code)).toEqual(['ZPAL-005'])
      for (const code of [sscc, `(00)${sscc}`, `00${sscc}`, `]C100${sscc}`, `]C1${GS}00${sscc}${GS}10ZLOT-0`]) {
        const { status, body } = await scan(code)
        expect(status, code).toBe(200)
        expect(body.kind, code).toBe('pallet')
        expect(body.results[0].lines.map((l) => l.sscc)).toEqual([sscc])
      }
    })

    it('a location code: every product in it', async () => {
      const loc = (await get('/api/inventory/stock/?search=zztest&ordering=id')).body.results[0].location
      const { body } = await scan(loc.code)
      expect(body.kind).toBe('location')
      expect(body.results.length).toBeGreaterThanOrEqual(1)
      expect(body.results.flatMap((r) => r.lines).every((l) => l.location.id === loc.id)).toBe(true)
    })

    it('an unknown code is an empty 200; a blank or 1,000-character code is a 400 on code; POST works too', async () => {
      expect((await scan('NOPE-404')).body).toMatchObject({ code: 'NOPE-404', kind: null, gs1: null, results: [], truncated: false })
      // a valid SSCC nobody holds is unknown too
      expect((await scan(makeSscc('7891234', 9, 123))).body.results).toEqual([])
      const long = await scan('X'.repeat(1000))
      expect(long.status).toBe(400)
      expect(Object.keys(long.body).filter((k) => k !== 'codes')).toEqual(['code'])
      const blank = await get<Record<string, string[]>>('/api/inventory/scan/?code=%20')
      expect(blank.status).toBe(400)
      expect(blank.body.code).toBeDefined()
      const missing = await get<Record<string, string[]>>('/api/inventory/scan/')
      expect(missing.status).toBe(400)
      expect(missing.body.code).toBeDefined()
      const post = await t.as(token, { method: 'POST', url: '/api/inventory/scan/', payload: { code: `(00)${sscc}` } })
      expect(post.statusCode).toBe(200)
      expect(post.json()).toMatchObject({ kind: 'pallet', gs1: { '00': sscc } })
      const postLong = await t.as(token, { method: 'POST', url: '/api/inventory/scan/', payload: { code: 'X'.repeat(1000) } })
      expect(postLong.statusCode).toBe(400)
      expect(postLong.json()).toHaveProperty('code')
    })
  })
})
