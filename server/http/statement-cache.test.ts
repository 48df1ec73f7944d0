import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/support/test-app'
import { databaseKinds } from '../../tests/support/test-db'
import { products } from '../db/schema/catalog'
import { locations, warehouses } from '../db/schema/core'
import { tasks } from '../db/schema/tasks'
import { users } from '../db/schema/users'
import { equipments } from '../db/schema/workforce'
import { receiveStock, stockLineCount } from '../modules/inventory/stock.service'
import { listStock, stockLineRows, stockOrder } from '../modules/inventory/inventory.service'
import { stockLines } from '../db/schema/inventory'
import type { Db } from '../db/client'
import { pageParams } from './pagination'
import { prepareNamed, StatementCache, statementKey, statementName } from './statement-cache'

describe('StatementCache', () => {
  it('builds once per key and forgets the least recently used beyond its size', () => {
    const cache = new StatementCache(2)
    let builds = 0
    const build = (v: string) => () => {
      builds++
      return { v }
    }
    const a = cache.get('a', build('a'))
    expect(cache.get('a', build('other'))).toBe(a)
    cache.get('b', build('b'))
    cache.get('a', build('a')) // a is now the most recent
    cache.get('c', build('c')) // b goes
    expect(builds).toBe(3)
    expect(cache.size).toBe(2)
    expect(cache.get('a', build('a2')).v).toBe('a')
    expect(cache.get('b', build('b2')).v).toBe('b2')
    expect(builds).toBe(4)
  })

  it('keeps nothing when building throws', () => {
    const cache = new StatementCache()
    expect(() =>
      cache.get('k', () => {
        throw new Error('bad ordering')
      }),
    ).toThrow('bad ordering')
    expect(cache.size).toBe(0)
    expect(cache.get('k', () => 1)).toBe(1)
  })

  it('keys by every part, in order', () => {
    expect(statementKey('list', 1, { a: '1' })).not.toBe(statementKey('list', 2, { a: '1' }))
    expect(statementKey('list', 1, { a: '1' })).not.toBe(statementKey('list', 1, { a: '2' }))
    expect(statementKey('list', 1, { a: '1' })).toBe(statementKey('list', 1, { a: '1' }))
  })
})

describe('prepareNamed', () => {
  const query = (sqlText: string) => ({ toSQL: () => ({ sql: sqlText }), prepare: (name: string) => name })

  it('names a statement after its SQL text, never its parameters, within PostgreSQL 63-byte names', () => {
    const a = prepareNamed(query('select * from stock_lines where company_id = $1 limit $2'))
    expect(a).toBe(statementName('select * from stock_lines where company_id = $1 limit $2'))
    expect(a).toMatch(/^q[0-9a-f]{24}$/)
    // the same shape for another company or page is the same statement; another shape is another one
    expect(prepareNamed(query('select * from stock_lines where company_id = $1 limit $2'))).toBe(a)
    expect(prepareNamed(query('select * from stock_lines where company_id = $1 order by id limit $2'))).not.toBe(a)
  })
})

const kinds = await databaseKinds()

// The same request asked again runs the statement built the first time: its answers must still follow the data,
// the company and the user, never the first answer.
describe.each(kinds)('lists asked again on %s', (kind) => {
  let t: TestApp
  let admin: string
  let operator: string
  let acme: string
  const get = async (url: string, token = admin) => {
    const res = await t.as(token, { method: 'GET', url })
    expect(res.statusCode, url).toBe(200)
    return res.json() as { count: number; results: { id: number; code?: string; reference?: string }[] } & Record<string, number>
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    admin = (await t.login('admin')).access
    operator = (await t.login('operator')).access
    acme = (await t.login('acme.admin')).access
  })
  afterAll(async () => {
    await t?.close()
  })

  it('a list asked again counts and pages the rows as they are now', async () => {
    const db = t.database.db
    const url = '/api/core/locations/?page_size=1&ordering=-code'
    const before = await get(url)
    const built = t.app.deps.statements.size
    const [wh] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.companyId, t.seed.companyId)).limit(1)
    await db.insert(locations).values({ companyId: t.seed.companyId, warehouseId: wh.id, code: 'ZZZ-STATEMENT-CACHE', name: 'added after the first list' })
    const after = await get(url)
    expect(t.app.deps.statements.size).toBe(built) // the same statement ran again
    expect(after.count).toBe(before.count + 1)
    expect(after.results[0].code).toBe('ZZZ-STATEMENT-CACHE')
    // another company asking the same query string gets its own rows
    const other = await get(url, acme)
    expect(other.count).toBe(await db.$count(locations, eq(locations.companyId, t.seed.otherCompanyId)))
    expect(other.results[0].code).not.toBe('ZZZ-STATEMENT-CACHE')
  })

  it("assignee=me answers each user's own tasks", async () => {
    const db = t.database.db
    const idOf = async (username: string) => (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id
    const [adminId, operatorId] = [await idOf('admin'), await idOf('operator')]
    await db.insert(tasks).values([
      { companyId: t.seed.companyId, type: 'count', status: 'open', assigneeId: adminId, reference: 'CACHE-ADMIN' },
      { companyId: t.seed.companyId, type: 'count', status: 'open', assigneeId: operatorId, reference: 'CACHE-OPERATOR' },
    ])
    const url = '/api/workforce/tasks/?page_size=100&assignee=me&search=CACHE-'
    expect((await get(url)).results.map((r) => r.reference)).toEqual(['CACHE-ADMIN'])
    expect((await get(url, operator)).results.map((r) => r.reference)).toEqual(['CACHE-OPERATOR'])
    expect((await get(url)).results.map((r) => r.reference)).toEqual(['CACHE-ADMIN'])
  })

  it('the equipment tally and the stock list follow their data', async () => {
    const db = t.database.db
    const tally = await get('/api/workforce/equipment/status/')
    const [one] = await db
      .select({ id: equipments.id, status: equipments.status })
      .from(equipments)
      .where(and(eq(equipments.companyId, t.seed.companyId), eq(equipments.status, 'available')))
      .limit(1)
    await db.update(equipments).set({ status: 'down' }).where(eq(equipments.id, one.id))
    const again = await get('/api/workforce/equipment/status/')
    expect(again.available).toBe(tally.available - 1)
    expect(again.down).toBe(tally.down + 1)

    const first = await get('/api/inventory/stock/?page_size=5&ordering=-qty')
    const second = await get('/api/inventory/stock/?page_size=5&ordering=-qty&page=2')
    expect(second.count).toBe(first.count)
    expect(second.results.map((r) => r.id)).not.toEqual(first.results.map((r) => r.id))
    expect((await get('/api/inventory/stock/?page_size=5&ordering=-qty', acme)).count).toBe(await stockLineCount(db, t.seed.otherCompanyId))
    // a new line, the largest of all, heads the same list asked again, and is counted
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.companyId, t.seed.companyId)).limit(1)
    const [location] = await db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, t.seed.companyId)).limit(1)
    const { to } = await receiveStock(db, { companyId: t.seed.companyId, userId: null }, { productId: product.id, locationId: location.id, qty: '999999', lot: 'CACHE-LOT' })
    const now = await get('/api/inventory/stock/?page_size=5&ordering=-qty')
    expect(now.count).toBe(first.count + 1)
    expect(now.results[0].id).toBe(to?.id)
  })
})

// On PostgreSQL the cached list statements are prepared once per connection under their name, so the server plans
// the page query once instead of on every request (SPEC 17.5).
describe.runIf(kinds.includes('postgres'))('named statements on postgres', () => {
  let t: TestApp
  afterAll(async () => {
    await t?.close()
  })

  it('the stock list, asked for two later pages, leaves one prepared statement per shape on the connection', async () => {
    t ??= await createTestApp('postgres')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const pg = (await import('pg')).default
    // one connection, so the session that prepared is the session asked
    const pool = new pg.Pool({ connectionString: t.database.url, max: 1 })
    try {
      const db = drizzle(pool)
      const shape = (offset: number) => db.select({ id: products.id }).from(products).where(eq(products.companyId, t.seed.companyId)).orderBy(products.id).limit(5).offset(offset)
      const first = await prepareNamed(shape(5)).execute()
      const second = await prepareNamed(shape(10)).execute()
      expect(first.length).toBe(5)
      expect(second[0].id).toBeGreaterThan(first[4].id)
      const { rows } = await pool.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements')
      expect(rows.map((r) => r.name)).toEqual([statementName(shape(5).toSQL().sql)])
    } finally {
      await pool.end()
    }
  })

  it('the stock list asks one statement per request, and PostgreSQL keeps its plan instead of planning every run', async () => {
    t ??= await createTestApp('postgres')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const pg = (await import('pg')).default
    const pool = new pg.Pool({ connectionString: t.database.url, max: 1 })
    try {
      const db = drizzle(pool) as unknown as Db
      const statements = new StatementCache()
      const companyId = t.seed.companyId
      const sent: string[] = []
      const query = pool.query.bind(pool)
      pool.query = ((config: { text?: string }, ...rest: unknown[]) => {
        sent.push(typeof config === 'string' ? config : (config.text ?? ''))
        return (query as (...a: unknown[]) => unknown)(config, ...rest)
      }) as typeof pool.query
      // PostgreSQL plans a prepared statement for its parameters five times, then keeps a generic plan if it costs
      // no more: with the page size a parameter it always cost more, and every run was planned again
      for (let i = 0; i < 8; i++) {
        const { rows, count } = await listStock(db, companyId, {}, pageParams({ page_size: '5' }), statements)
        expect(rows.length).toBe(5)
        expect(count).toBe(await stockLineCount(t.database.db, companyId))
      }
      expect(sent.length).toBe(8) // the page and its count in one statement
      const { rows } = await pool.query<{ generic_plans: string; custom_plans: string }>('SELECT generic_plans, custom_plans FROM pg_prepared_statements')
      expect(rows.length).toBe(1)
      expect(Number(rows[0].generic_plans)).toBeGreaterThanOrEqual(2)
      expect(Number(rows[0].custom_plans)).toBeLessThanOrEqual(5)
      // a later page: the same count, other rows; past the last page, no rows and still the count (a 404 upstream)
      const first = await listStock(db, companyId, {}, pageParams({ page_size: '5' }), statements)
      const second = await listStock(db, companyId, {}, pageParams({ page_size: '5', page: '2' }), statements)
      expect(second.count).toBe(first.count)
      expect(second.rows[0].id).not.toBe(first.rows[0].id)
      const beyond = await listStock(db, companyId, {}, pageParams({ page_size: '100', page: String(Math.ceil(first.count / 100) + 1) }), statements)
      expect(beyond).toEqual({ rows: [], count: first.count })
      // the rows named without Drizzle's mapping are the rows Drizzle maps, value for value
      for (const ordering of [undefined, '-qty', 'expiry_date']) {
        const page = await listStock(db, companyId, { ordering }, pageParams({ page_size: '20' }), statements)
        const mapped = await stockLineRows(db)
          .where(inArray(stockLines.id, page.rows.map((r) => r.id)))
          .orderBy(...stockOrder(ordering))
        const named = page.rows.map((r) => {
          const { total: _, ...row } = r as typeof r & { total?: number }
          return row
        })
        expect(named).toStrictEqual(mapped)
      }
    } finally {
      await pool.end()
    }
  })
})
