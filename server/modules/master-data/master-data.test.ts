import { type SQL, and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { productPacks, products, uoms } from '../../db/schema/catalog'
import { companies, locations, sites, warehouses } from '../../db/schema/core'
import { carriers, customers, suppliers } from '../../db/schema/partners'
import { users } from '../../db/schema/users'
import { equipments, parkingSpots, skills } from '../../db/schema/workforce'
import type { CompanyTable } from '../../http/crud'
import { gs1CheckDigit } from '../../../contracts/gs1/gs1'

/**
 * Every master-data endpoint, table-driven: one spec per resource, the same checks for all
 * (SPEC 7: happy path, pagination edges, search, each ordering, 401, 403, isolation, DRF-shaped validation).
 */

type Row = Record<string, unknown>
type Page = { count: number; next: string | null; previous: string | null; results: Row[] }
type Kind = 'text' | 'num' | 'bool' | 'time'
type Ctx = {
  demoId: number
  acmeId: number
  siteId: number
  warehouseId: number
  uomId: number
  productId: number
  acmeSiteId: number
  acmeWarehouseId: number
  acmeUomId: number
  acmeProductId: number
}

type Spec = {
  name: string
  path: string
  table: CompanyTable | 'companies'
  /** allowed ordering fields: value kind and where the value is in a result row */
  ordering: Record<string, [Kind, string]>
  /** a search term is taken from this field of a row; every hit must contain it in one of `searchFields` */
  searchFrom: string
  searchFields: string[]
  /** admin only (users, companies) instead of admin and supervisor */
  adminOnly?: boolean
  /** a valid POST body; `key` makes it unique (code, username...) */
  create?: (c: Ctx, key: string) => Row
  patch: (c: Ctx) => Row
  canDelete: boolean
  /** [label, body, field that must carry the error]; POSTed, or PATCHed when the resource has no create */
  invalid: (c: Ctx) => [string, Row, string][]
  /** the field that is unique per company */
  unique?: { field: string }
}

let seq = 0
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++seq}`
function gtin13(): string {
  const body = ('789' + String(Date.now()).slice(-6) + String(100 + (++seq % 900))).slice(0, 12)
  return body + gs1CheckDigit(body)
}
const badGtin = () => {
  const good = gtin13()
  return good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10)
}
const MISSING = 'This field is required.'

const codeName = (name: string, path: string, table: CompanyTable, extra: Partial<Spec> = {}): Spec => ({
  name,
  path,
  table,
  ordering: { id: ['num', 'id'], code: ['text', 'code'], name: ['text', 'name'] },
  searchFrom: 'code',
  searchFields: ['code', 'name'],
  create: (_c, key) => ({ code: key, name: `Name ${key}` }),
  patch: () => ({ name: 'Renamed in a test' }),
  canDelete: true,
  invalid: () => [
    ['missing code', { name: 'x' }, 'code'],
    ['blank name', { code: uniq('X'), name: '  ' }, 'name'],
  ],
  unique: { field: 'code' },
  ...extra,
})

const SPECS: Spec[] = [
  {
    name: 'companies',
    path: '/api/core/companies/',
    table: 'companies',
    ordering: { id: ['num', 'id'], code: ['text', 'code'], name: ['text', 'name'] },
    searchFrom: 'code',
    searchFields: ['code', 'name'],
    adminOnly: true,
    patch: () => ({ logo_url: 'https://example.com/logo.png' }),
    canDelete: false,
    invalid: () => [
      ['bad GS1 prefix', { gs1_prefix: '12ab' }, 'gs1_prefix'],
      ['bad logo url', { logo_url: 'not a url' }, 'logo_url'],
      ['blank name', { name: '' }, 'name'],
    ],
  },
  {
    name: 'sites',
    path: '/api/core/sites/',
    table: sites,
    ordering: { id: ['num', 'id'], code: ['text', 'code'], name: ['text', 'name'] },
    searchFrom: 'code',
    searchFields: ['code', 'name'],
    create: (_c, key) => ({ code: key, name: `Site ${key}` }),
    patch: () => ({ name: 'Site renamed' }),
    canDelete: true,
    invalid: () => [
      ['missing code', { name: 'x' }, 'code'],
      ['bad code characters', { code: 'a b', name: 'x' }, 'code'],
    ],
    unique: { field: 'code' },
  },
  {
    name: 'warehouses',
    path: '/api/core/warehouses/',
    table: warehouses,
    ordering: { id: ['num', 'id'], code: ['text', 'code'], name: ['text', 'name'], site__code: ['text', 'site.code'], timezone: ['text', 'timezone'] },
    searchFrom: 'code',
    searchFields: ['code', 'name', 'site.code'],
    create: (c, key) => ({ code: key, name: `WH ${key}`, site: c.siteId, timezone: 'Europe/Lisbon' }),
    patch: () => ({ timezone: 'America/Manaus' }),
    canDelete: true,
    invalid: (c) => [
      ['missing site', { code: uniq('W'), name: 'x' }, 'site'],
      ['bad timezone', { code: uniq('W'), name: 'x', site: c.siteId, timezone: 'Mars/Olympus' }, 'timezone'],
      ['unknown site', { code: uniq('W'), name: 'x', site: 99_999_999 }, 'site'],
    ],
    unique: { field: 'code' },
  },
  {
    name: 'locations',
    path: '/api/core/locations/',
    table: locations,
    ordering: {
      id: ['num', 'id'],
      code: ['text', 'code'],
      name: ['text', 'name'],
      warehouse__code: ['text', 'warehouse.code'],
      kind: ['text', 'kind'],
      storage_class: ['text', 'storage_class'],
      is_active: ['bool', 'is_active'],
    },
    searchFrom: 'code',
    searchFields: ['code', 'name'],
    create: (c, key) => ({ code: key, warehouse: c.warehouseId, kind: 'picking', storage_class: 'chilled' }),
    patch: () => ({ is_active: false, kind: 'quarantine' }),
    canDelete: true,
    invalid: (c) => [
      ['missing warehouse', { code: uniq('L') }, 'warehouse'],
      ['unknown warehouse', { code: uniq('L'), warehouse: 99_999_999 }, 'warehouse'],
      ["another company's warehouse", { code: uniq('L'), warehouse: c.acmeWarehouseId }, 'warehouse'],
      ['bad kind', { code: uniq('L'), warehouse: c.warehouseId, kind: 'attic' }, 'kind'],
    ],
    unique: { field: 'code' },
  },
  codeName('uoms', '/api/product/uoms/', uoms),
  {
    name: 'products',
    path: '/api/product/products/',
    table: products,
    ordering: {
      id: ['num', 'id'],
      code: ['text', 'code'],
      variant: ['text', 'variant'],
      name1: ['text', 'name1'],
      uom__code: ['text', 'uom.code'],
      storage_class: ['text', 'storage_class'],
    },
    searchFrom: 'code',
    searchFields: ['code', 'name1', 'variant'],
    create: (c, key) => ({ code: key, name1: `Product ${key}`, uom: c.uomId, storage_class: 'frozen' }),
    patch: () => ({ name1: 'Renamed product', variant: 'V2' }),
    canDelete: true,
    invalid: (c) => [
      ['missing uom', { code: uniq('P'), name1: 'x' }, 'uom'],
      ['unknown uom', { code: uniq('P'), name1: 'x', uom: 99_999_999 }, 'uom'],
      ["another company's uom", { code: uniq('P'), name1: 'x', uom: c.acmeUomId }, 'uom'],
      ['bad storage class', { code: uniq('P'), name1: 'x', uom: c.uomId, storage_class: 'lukewarm' }, 'storage_class'],
    ],
    // code and variant are unique together; the error is reported on code
    unique: { field: 'code' },
  },
  {
    name: 'product-packs',
    path: '/api/product/product-packs/',
    table: productPacks,
    ordering: {
      id: ['num', 'id'],
      product__code: ['text', 'product.code'],
      uom__code: ['text', 'uom.code'],
      qty_per_pack: ['num', 'qty_per_pack'],
      gtin: ['text', 'gtin'],
      weight_kg: ['num', 'weight_kg'],
    },
    searchFrom: 'product.code',
    searchFields: ['product.code', 'product.name1', 'gtin'],
    create: (c) => ({ product: c.productId, uom: c.uomId, qty_per_pack: '12.5', gtin: gtin13(), length_mm: 100, weight_kg: 1.25 }),
    patch: () => ({ qty_per_pack: '6.000', weight_kg: '2.000' }),
    canDelete: true,
    invalid: (c) => [
      ['missing product', { uom: c.uomId, qty_per_pack: '1' }, 'product'],
      ['bad GTIN check digit', { product: c.productId, uom: c.uomId, qty_per_pack: '1', gtin: badGtin() }, 'gtin'],
      ['zero quantity', { product: c.productId, uom: c.uomId, qty_per_pack: '0' }, 'qty_per_pack'],
      ['four decimals', { product: c.productId, uom: c.uomId, qty_per_pack: '1.2345' }, 'qty_per_pack'],
      ['unknown product', { product: 99_999_999, uom: c.uomId, qty_per_pack: '1' }, 'product'],
    ],
    unique: { field: 'gtin' },
  },
  codeName('customers', '/api/partners/customers/', customers, {
    ordering: { id: ['num', 'id'], code: ['text', 'code'], name: ['text', 'name'], email: ['text', 'email'] },
    create: (_c, key) => ({ code: key, name: `Customer ${key}`, email: `${key.toLowerCase()}@example.com` }),
    invalid: () => [
      ['missing code', { name: 'x' }, 'code'],
      ['bad email', { code: uniq('C'), name: 'x', email: 'not-an-email' }, 'email'],
    ],
  }),
  codeName('suppliers', '/api/partners/suppliers/', suppliers, {
    ordering: { id: ['num', 'id'], code: ['text', 'code'], name: ['text', 'name'], edi: ['text', 'edi'], priority: ['num', 'priority'], email: ['text', 'email'] },
    create: (_c, key) => ({ code: key, name: `Supplier ${key}`, edi: 'EDI-X', priority: 2, email: 'q@example.com' }),
    patch: () => ({ priority: 5, edi: '' }),
    invalid: () => [
      ['missing name', { code: uniq('F') }, 'name'],
      ['bad email', { code: uniq('F'), name: 'x', email: 'a@b' }, 'email'],
      ['priority out of range', { code: uniq('F'), name: 'x', priority: 9 }, 'priority'],
    ],
  }),
  codeName('carriers', '/api/partners/carriers/', carriers),
  codeName('skills', '/api/workforce/skills/', skills),
  {
    name: 'parking-spots',
    path: '/api/workforce/parking-spots/',
    table: parkingSpots,
    ordering: { id: ['num', 'id'], code: ['text', 'code'], name: ['text', 'name'] },
    searchFrom: 'code',
    searchFields: ['code', 'name'],
    create: (c, key) => ({ code: key, name: `Spot ${key}`, warehouse: c.warehouseId }),
    patch: () => ({ warehouse: null }),
    canDelete: true,
    invalid: (c) => [
      ['missing name', { code: uniq('PK') }, 'name'],
      ["another company's warehouse", { code: uniq('PK'), name: 'x', warehouse: c.acmeWarehouseId }, 'warehouse'],
    ],
    unique: { field: 'code' },
  },
  {
    name: 'equipments',
    path: '/api/workforce/equipments/',
    table: equipments,
    ordering: { id: ['num', 'id'], code: ['text', 'code'], name: ['text', 'name'], kind: ['text', 'kind'], status: ['text', 'status'] },
    searchFrom: 'code',
    searchFields: ['code', 'name', 'kind'],
    create: (c, key) => ({ code: key, name: `Forklift ${key}`, kind: 'forklift', status: 'down', warehouse: c.warehouseId }),
    patch: () => ({ status: 'busy' }),
    canDelete: true,
    invalid: () => [
      ['bad status', { code: uniq('EQ'), name: 'x', status: 'broken' }, 'status'],
      ['unknown warehouse', { code: uniq('EQ'), name: 'x', warehouse: 99_999_999 }, 'warehouse'],
      ['warehouse not a number', { code: uniq('EQ'), name: 'x', warehouse: 'WH-SP1' }, 'warehouse'],
    ],
    unique: { field: 'code' },
  },
  {
    name: 'users',
    path: '/api/users/users/',
    table: users,
    ordering: { id: ['num', 'id'], username: ['text', 'username'], role: ['text', 'role'], is_active: ['bool', 'is_active'], last_login_at: ['time', 'last_login_at'] },
    searchFrom: 'username',
    searchFields: ['username', 'first_name', 'last_name', 'email'],
    adminOnly: true,
    create: (c, key) => ({ username: key.toLowerCase(), password: 'a-long-password', role: 'operator', email: `${key.toLowerCase()}@example.com`, default_warehouse: c.warehouseId }),
    patch: () => ({ role: 'supervisor', first_name: 'Patched' }),
    canDelete: false,
    invalid: (c) => [
      ['missing password', { username: uniq('u').toLowerCase() }, 'password'],
      ['short password', { username: uniq('u').toLowerCase(), password: 'short' }, 'password'],
      ['bad email', { username: uniq('u').toLowerCase(), password: 'a-long-password', email: 'x@' }, 'email'],
      ['bad role', { username: uniq('u').toLowerCase(), password: 'a-long-password', role: 'root' }, 'role'],
      ["another company's warehouse", { username: uniq('u').toLowerCase(), password: 'a-long-password', default_warehouse: c.acmeWarehouseId }, 'default_warehouse'],
    ],
    unique: { field: 'username' },
  },
]

function valueAt(row: Row, path: string): unknown {
  let cur: unknown = row
  for (const key of path.split('.')) cur = cur && typeof cur === 'object' ? (cur as Row)[key] : undefined
  return cur
}

/** The path and query of a `next`/`previous` link, for inject. */
const relative = (link: string) => {
  const u = new URL(link)
  return u.pathname + u.search
}

const kinds = await databaseKinds()

describe.each(kinds)('master data on %s', (kind) => {
  let t: TestApp
  let c: Ctx
  const tokens: Record<string, string> = {}

  beforeAll(async () => {
    t = await createTestApp(kind)
    const db = t.database.db
    const first = async (table: CompanyTable, companyId: number, extra?: SQL) => {
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.companyId, companyId), extra))
        .orderBy(table.id)
        .limit(1)
      return row.id as number
    }
    const { companyId: demoId, otherCompanyId: acmeId } = t.seed
    c = {
      demoId,
      acmeId,
      siteId: await first(sites, demoId),
      warehouseId: await first(warehouses, demoId),
      uomId: await first(uoms, demoId, eq(uoms.code, 'UN')),
      productId: await first(products, demoId),
      acmeSiteId: await first(sites, acmeId),
      acmeWarehouseId: await first(warehouses, acmeId),
      acmeUomId: await first(uoms, acmeId),
      acmeProductId: await first(products, acmeId),
    }
    // Variety, so that every ordering field has at least two distinct values to order
    await db.update(warehouses).set({ timezone: 'Europe/Lisbon' }).where(and(eq(warehouses.companyId, demoId), eq(warehouses.code, 'WH-RJ1')))
    await db.update(locations).set({ storageClass: 'frozen', isActive: false }).where(eq(locations.id, await first(locations, demoId)))
    await db.update(users).set({ isActive: false }).where(eq(users.username, 'operator3'))
    for (const u of ['admin', 'supervisor', 'operator', 'acme.admin', 'acme.operator']) tokens[u] = (await t.login(u)).access
  })
  afterAll(async () => {
    await t?.close()
  })

  const req = (user: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Row) =>
    user === null ? t.app.inject({ method, url, payload }) : t.as(tokens[user], { method, url, payload })
  const list = async (user: string, url: string): Promise<Page> => {
    const res = await req(user, 'GET', url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as Page
  }
  const withQuery = (path: string, q: string) => `${path}?${q}`

  /** Sorted copy of the values, in the database's own collation for text (PGlite and a server may differ). */
  async function sortedCopy(kindOf: Kind, values: unknown[], descending: boolean): Promise<unknown[]> {
    if (kindOf === 'text') {
      if (!values.length) return []
      const rows = sql.join(
        values.map((v, i) => sql`(${i}::int, ${v === null ? null : String(v)}::text)`),
        sql`, `,
      )
      const order = descending ? sql`v desc nulls first, i` : sql`v asc nulls last, i`
      const res = (await t.database.db.execute(sql`select v from (values ${rows}) as t(i, v) order by ${order}`)) as unknown as { rows: { v: string | null }[] }
      return res.rows.map((r) => r.v)
    }
    const key = (v: unknown): number => (kindOf === 'bool' ? (v ? 1 : 0) : kindOf === 'time' ? Date.parse(String(v)) : Number(v))
    // PostgreSQL puts nulls last ascending and first descending
    const copy = [...values].sort((a, b) => {
      if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
      return key(a) - key(b)
    })
    return descending ? copy.reverse() : copy
  }

  describe.each(SPECS)('$name', (spec) => {
    const writer = spec.adminOnly ? 'admin' : 'supervisor'
    const demoIds = async (): Promise<number[]> => {
      if (spec.table === 'companies') return [c.demoId]
      const table = spec.table
      const rows = await t.database.db.select({ id: table.id }).from(table).where(eq(table.companyId, c.demoId))
      return rows.map((r) => r.id as number)
    }
    const someDemoRow = async (): Promise<Row> => (await list('admin', withQuery(spec.path, 'page_size=5'))).results[0]

    it('lists and gets by id, with and without the trailing slash', async () => {
      const page = await list('admin', spec.path)
      expect(page.count).toBeGreaterThan(0)
      expect(page.results.length).toBe(Math.min(page.count, 20))
      const row = page.results[0]
      const one = await req('admin', 'GET', `${spec.path}${row.id}/`)
      expect(one.statusCode).toBe(200)
      expect(one.json()).toEqual(row)
      expect((await req('admin', 'GET', spec.path.slice(0, -1))).statusCode).toBe(200)
      expect((await req('admin', 'GET', `${spec.path}${row.id}`)).json()).toEqual(row)
      for (const id of ['99999999', 'abc', '0', '99999999999']) {
        const missing = await req('admin', 'GET', `${spec.path}${id}/`)
        expect(missing.statusCode, id).toBe(404)
        expect(missing.json()).toMatchObject({ detail: expect.any(String) })
      }
    })

    it('paginates: page 0 and a page past the end are 404, page_size is clamped to 100, next/previous link', async () => {
      const zero = await req('admin', 'GET', withQuery(spec.path, 'page=0'))
      expect(zero.statusCode).toBe(404)
      expect(zero.json()).toMatchObject({ detail: expect.any(String) })
      const { count } = await list('admin', spec.path)
      const past = await req('admin', 'GET', withQuery(spec.path, `page=${Math.ceil(count / 100) + 1}&page_size=100`))
      expect(past.statusCode).toBe(404)
      expect(past.json()).toMatchObject({ detail: expect.any(String) })
      const big = await list('admin', withQuery(spec.path, 'page_size=1000'))
      expect(big.results.length).toBe(Math.min(count, 100))
      if (count > 100) expect(new URL(big.next ?? '').searchParams.get('page_size')).toBe('1000')

      const firstPage = await list('admin', withQuery(spec.path, 'page_size=1'))
      expect(firstPage.previous).toBeNull()
      if (count === 1) {
        expect(firstPage.next).toBeNull()
        return
      }
      expect(new URL(firstPage.next ?? '').searchParams.get('page')).toBe('2')
      const second = await list('admin', relative(firstPage.next ?? ''))
      expect(second.results[0].id).not.toBe(firstPage.results[0].id)
      // DRF drops page=1 from the previous link
      expect(new URL(second.previous ?? '').searchParams.get('page')).toBeNull()
      expect(new URL(second.previous ?? '').searchParams.get('page_size')).toBe('1')
      expect((await list('admin', relative(second.previous ?? ''))).results[0].id).toBe(firstPage.results[0].id)
      if (count === 2) expect(second.next).toBeNull()
      else expect(new URL(second.next ?? '').searchParams.get('page')).toBe('3')
      const last = await list('admin', withQuery(spec.path, `page_size=1&page=${count}`))
      expect(last.next).toBeNull()
    })

    it('searches case-insensitively over its key fields', async () => {
      const page = await list('admin', withQuery(spec.path, 'page_size=100'))
      const sample = page.results[Math.min(2, page.results.length - 1)]
      const source = String(valueAt(sample, spec.searchFrom))
      const term = source === source.toLowerCase() ? source.toUpperCase() : source.toLowerCase()
      const found = await list('admin', withQuery(spec.path, `page_size=100&search=${encodeURIComponent(term)}`))
      expect(found.count).toBeGreaterThan(0)
      expect(found.results.map((r) => r.id)).toContain(sample.id)
      for (const r of found.results) {
        const hay = spec.searchFields.map((f) => String(valueAt(r, f) ?? '').toLowerCase())
        expect(hay.some((h) => h.includes(term.toLowerCase())), JSON.stringify(r)).toBe(true)
      }
      const none = await list('admin', withQuery(spec.path, 'search=zz-no-such-thing-zz'))
      expect(none).toEqual({ count: 0, next: null, previous: null, results: [] })
    })

    it.each(Object.keys(spec.ordering))('orders by %s, ascending and descending', async (field) => {
      const [kindOf, path] = spec.ordering[field]
      const asc = (await list('admin', withQuery(spec.path, `page_size=100&ordering=${field}`))).results.map((r) => valueAt(r, path))
      const desc = (await list('admin', withQuery(spec.path, `page_size=100&ordering=-${field}`))).results.map((r) => valueAt(r, path))
      expect(asc).toEqual(await sortedCopy(kindOf, asc, false))
      expect(desc).toEqual(await sortedCopy(kindOf, desc, true))
      // the test data holds at least two distinct values, so the two directions must start differently
      if (asc.length > 1) expect(asc[0]).not.toEqual(desc[0])
    })

    it('refuses an ordering field off the allow-list with 400 {"ordering": [...]}', async () => {
      for (const bad of ['password_hash', '-company_id', `${Object.keys(spec.ordering)[0]},nope`]) {
        const res = await req('admin', 'GET', withQuery(spec.path, `ordering=${bad}`))
        expect(res.statusCode).toBe(400)
        expect(res.json()).toMatchObject({ ordering: [expect.any(String)] })
      }
    })

    it('answers 401 without a token', async () => {
      const row = await someDemoRow()
      for (const [method, url] of [
        ['GET', spec.path],
        ['GET', `${spec.path}${row.id}/`],
        ['POST', spec.path],
        ['PATCH', `${spec.path}${row.id}/`],
        ['DELETE', `${spec.path}${row.id}/`],
      ] as const) {
        const res = await req(null, method, url, method === 'POST' || method === 'PATCH' ? {} : undefined)
        expect(res.statusCode, `${method} ${url}`).toBe(401)
        expect(res.json()).toMatchObject({ detail: expect.any(String) })
      }
    })

    it('refuses writes from an operator (and from a supervisor when admin-only) with 403 {detail}', async () => {
      const row = await someDemoRow()
      const before = await req('admin', 'GET', `${spec.path}${row.id}/`)
      const denied = spec.adminOnly ? ['operator', 'supervisor'] : ['operator']
      for (const user of denied) {
        const attempts: [string, Promise<{ statusCode: number; json(): unknown }>][] = [
          ['PATCH', req(user, 'PATCH', `${spec.path}${row.id}/`, spec.patch(c))],
        ]
        if (spec.create) attempts.push(['POST', req(user, 'POST', spec.path, spec.create(c, uniq('DENY')))])
        if (spec.canDelete) attempts.push(['DELETE', req(user, 'DELETE', `${spec.path}${row.id}/`)])
        for (const [label, pending] of attempts) {
          const res = await pending
          expect(res.statusCode, `${user} ${label}`).toBe(403)
          expect(res.json()).toMatchObject({ detail: expect.any(String) })
        }
      }
      // a method the resource does not have is 405, whoever asks
      if (!spec.create) expect((await req('admin', 'POST', spec.path, {})).statusCode).toBe(405)
      if (!spec.canDelete) expect((await req('admin', 'DELETE', `${spec.path}${row.id}/`)).statusCode).toBe(405)
      expect((await req('admin', 'GET', `${spec.path}${row.id}/`)).json()).toEqual(before.json())
    })

    it("keeps companies apart: acme never lists DEMO rows, and DEMO ids answer 404 (GET, PATCH, DELETE)", async () => {
      const demo = new Set(await demoIds())
      const seen: number[] = []
      for (let page = 1; ; page++) {
        const p = await list('acme.admin', withQuery(spec.path, `page_size=100&page=${page}`))
        seen.push(...p.results.map((r) => r.id as number))
        if (!p.next) break
      }
      expect(seen.length).toBeGreaterThan(0)
      expect(seen.filter((id) => demo.has(id))).toEqual([])
      // searching for a DEMO row's key finds nothing from acme either
      const row = await someDemoRow()
      const term = encodeURIComponent(String(valueAt(row, spec.searchFrom)))
      const searched = await list('acme.admin', withQuery(spec.path, `search=${term}&page_size=100`))
      expect(searched.results.filter((r) => demo.has(r.id as number))).toEqual([])

      const before = await req('admin', 'GET', `${spec.path}${row.id}/`)
      for (const user of ['acme.admin', 'acme.operator']) {
        const res = await req(user, 'GET', `${spec.path}${row.id}/`)
        expect(res.statusCode).toBe(404)
        expect(res.json()).toMatchObject({ detail: expect.any(String) })
      }
      const patched = await req('acme.admin', 'PATCH', `${spec.path}${row.id}/`, spec.patch(c))
      expect(patched.statusCode).toBe(404)
      expect(patched.json()).toMatchObject({ detail: expect.any(String) })
      const deleted = await req('acme.admin', 'DELETE', `${spec.path}${row.id}/`)
      expect(deleted.statusCode).toBe(spec.canDelete ? 404 : 405)
      expect((await req('admin', 'GET', `${spec.path}${row.id}/`)).json()).toEqual(before.json())
    })

    it('answers invalid bodies with DRF-shaped 400s on the right field', async () => {
      const row = await someDemoRow()
      for (const [label, body, field] of spec.invalid(c)) {
        const res = spec.create ? await req(writer, 'POST', spec.path, body) : await req(writer, 'PATCH', `${spec.path}${row.id}/`, body)
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400)
        const errors = res.json() as Record<string, unknown>
        expect(errors[field], `${label}: ${res.body}`).toEqual([expect.any(String)])
        if (label.startsWith('missing')) expect(errors[field]).toEqual([MISSING])
      }
      if (spec.create) {
        const empty = await req(writer, 'POST', spec.path, {})
        expect(empty.statusCode).toBe(400)
        // each field's message, and beside them its code (ADR 0015)
        const { codes, ...fields } = empty.json() as Record<string, unknown>
        for (const [field, messages] of Object.entries(fields)) {
          expect(messages).toEqual([MISSING])
          expect((codes as Record<string, unknown>)[field]).toEqual([{ code: 'required', params: {} }])
        }
        const notJson = await t.as(tokens[writer], { method: 'POST', url: spec.path, payload: '{oops', headers: { 'content-type': 'application/json' } })
        expect(notJson.statusCode).toBe(400)
        expect(notJson.json()).toMatchObject({ detail: expect.any(String) })
      }
    })

    if (spec.unique && spec.create) {
      const unique = spec.unique
      const create = spec.create
      it(`refuses a duplicate ${unique.field} with 400 on ${unique.field}`, async () => {
        const first = await req(writer, 'POST', spec.path, create(c, uniq('DUP')))
        expect(first.statusCode, first.body).toBe(201)
        const value = valueAt(first.json() as Row, unique.field)
        const res = await req(writer, 'POST', spec.path, { ...create(c, uniq('DUP')), [unique.field]: value })
        expect(res.statusCode, res.body).toBe(400)
        expect(res.json()).toEqual({ [unique.field]: [expect.any(String)], codes: { [unique.field]: [expect.anything()] } })
        // the same value is free in another company (usernames are global: login asks no company)
        if (spec.name !== 'users') {
          const acme = await req('acme.admin', 'POST', spec.path, { ...create(c, uniq('DUP')), [unique.field]: value, ...acmeRefs(spec, c) })
          expect(acme.statusCode, acme.body).toBe(201)
        }
        // and a PATCH onto another row's value is refused the same way
        const second = await req(writer, 'POST', spec.path, create(c, uniq('DUP')))
        expect(second.statusCode, second.body).toBe(201)
        const patch = await req(writer, 'PATCH', `${spec.path}${(second.json() as Row).id}/`, { [unique.field]: value })
        expect(patch.statusCode, patch.body).toBe(400)
        expect(patch.json()).toEqual({ [unique.field]: [expect.any(String)], codes: { [unique.field]: [expect.anything()] } })
      })
    }

    it('creates, patches and deletes (a roundtrip)', async () => {
      if (!spec.create) {
        // companies: PATCH only, then put it back
        const row = await someDemoRow()
        const patched = await req(writer, 'PATCH', `${spec.path}${row.id}/`, spec.patch(c))
        expect(patched.statusCode, patched.body).toBe(200)
        expect(patched.json()).toMatchObject(spec.patch(c))
        await req(writer, 'PATCH', `${spec.path}${row.id}/`, { logo_url: row.logo_url as string | null })
        return
      }
      const created = await req(writer, 'POST', spec.path, spec.create(c, uniq('RT')))
      expect(created.statusCode, created.body).toBe(201)
      const body = created.json() as Row
      expect(body).not.toHaveProperty('password')
      expect(body).not.toHaveProperty('password_hash')
      expect((await req('operator', 'GET', `${spec.path}${body.id}/`)).json()).toEqual(body)
      const patched = await req(writer, 'PATCH', `${spec.path}${body.id}/`, spec.patch(c))
      expect(patched.statusCode, patched.body).toBe(200)
      expect(patched.json()).toMatchObject(spec.patch(c))
      expect((await req('admin', 'GET', `${spec.path}${body.id}/`)).json()).toEqual(patched.json())
      if (spec.canDelete) {
        expect((await req(writer, 'DELETE', `${spec.path}${body.id}/`)).statusCode).toBe(204)
        expect((await req('admin', 'GET', `${spec.path}${body.id}/`)).statusCode).toBe(404)
        expect((await req(writer, 'DELETE', `${spec.path}${body.id}/`)).statusCode).toBe(404)
      }
    })
  })

  it('refuses to delete a row still referenced, saying why, and deletes nothing', async () => {
    const db = t.database.db
    const cases: [string, number, RegExp][] = [
      ['/api/product/uoms/', c.uomId, /products|product packs/],
      ['/api/core/warehouses/', c.warehouseId, /locations|parking spots|equipments|users/],
      ['/api/core/sites/', c.siteId, /warehouses|users/],
      ['/api/product/products/', c.productId, /product packs/],
    ]
    const counts = async () => ({
      uoms: (await db.select({ id: uoms.id }).from(uoms)).length,
      products: (await db.select({ id: products.id }).from(products)).length,
      warehouses: (await db.select({ id: warehouses.id }).from(warehouses)).length,
      locations: (await db.select({ id: locations.id }).from(locations)).length,
      packs: (await db.select({ id: productPacks.id }).from(productPacks)).length,
    })
    const before = await counts()
    for (const [path, id, by] of cases) {
      const res = await req('admin', 'DELETE', `${path}${id}/`)
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400)
      const detail = (res.json() as { detail?: string }).detail ?? ''
      expect(detail).toMatch(/referenced/)
      expect(detail).toMatch(by)
      expect((await req('admin', 'GET', `${path}${id}/`)).statusCode).toBe(200)
    }
    expect(await counts()).toEqual(before)
  })

  it('scopes the companies list to the own company, and PATCH on it is admin-only', async () => {
    const mine = await list('acme.admin', '/api/core/companies/')
    expect(mine.count).toBe(1)
    expect(mine.results[0]).toMatchObject({ id: c.acmeId, code: 'ACME' })
    const [acme] = await t.database.db.select({ name: companies.name }).from(companies).where(eq(companies.id, c.acmeId))
    expect(mine.results[0].name).toBe(acme.name)
  })
})

/** An acme copy of a create body must point at acme's own rows. */
function acmeRefs(spec: Spec, c: Ctx): Row {
  const body = spec.create?.(c, 'X') ?? {}
  const out: Row = {}
  if ('warehouse' in body) out.warehouse = c.acmeWarehouseId
  if ('default_warehouse' in body) out.default_warehouse = c.acmeWarehouseId
  if ('uom' in body) out.uom = c.acmeUomId
  if ('site' in body) out.site = c.acmeSiteId
  if ('product' in body) out.product = c.acmeProductId
  return out
}
