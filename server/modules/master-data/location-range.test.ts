import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { locations, warehouses } from '../../db/schema/core'

/** SPEC 12.3: `POST /api/core/locations/range/` creates every location a pattern names, or none. */
const kinds = await databaseKinds()

describe.each(kinds)('location ranges on %s', (kind) => {
  let t: TestApp
  let supervisor: string
  let operator: string
  let warehouse = 0
  let acmeWarehouse = 0
  const count = async (prefix: string) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(locations)
        .where(and(eq(locations.companyId, t.seed.companyId), like(locations.code, `${prefix}%`)))
    )[0].n

  beforeAll(async () => {
    t = await createTestApp(kind)
    const wh = async (companyId: number) => (await t.database.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.companyId, companyId)).limit(1))[0].id
    warehouse = await wh(t.seed.companyId)
    acmeWarehouse = await wh(t.seed.otherCompanyId)
    supervisor = (await t.login('supervisor')).access
    operator = (await t.login('operator')).access
  })
  afterAll(async () => {
    await t?.close()
  })
  const post = (token: string, payload: Record<string, unknown>) => t.as(token, { method: 'POST', url: '/api/core/locations/range/', payload })

  it("creates the issue's 6,000 locations with their fields, each audited", async () => {
    const res = await post(supervisor, { warehouse, pattern: 'Q{01-12}-{01-20}-{01-05}-{01-05}', kind: 'picking', storage_class: 'chilled', capacity_pallets: 2, pick_sequence: 7 })
    expect(res.statusCode, res.body).toBe(201)
    const out = res.json() as { created: number; first: string; last: string; ids: number[] }
    expect(out).toMatchObject({ created: 6000, first: 'Q01-01-01-01', last: 'Q12-20-05-05' })
    expect(new Set(out.ids).size).toBe(6000)
    expect(await count('Q')).toBe(6000)
    const one = await t.as(supervisor, { method: 'GET', url: `/api/core/locations/${out.ids[5]}/` })
    expect(one.json()).toMatchObject({ code: 'Q01-01-02-01', kind: 'picking', storage_class: 'chilled', capacity_pallets: 2, pick_sequence: 7, is_active: true, warehouse: { id: warehouse } })
    const audit = await t.as(supervisor, { method: 'GET', url: `/api/audit/?entity=locations&entity_id=${out.ids.at(-1)}` })
    expect(audit.json()).toMatchObject({ count: 1, results: [{ action: 'create', user: 'supervisor', note: 'range Q{01-12}-{01-20}-{01-05}-{01-05}' }] })
  })

  it('refuses a range that would create an existing code, naming it, and creates none of the others', async () => {
    expect((await post(supervisor, { warehouse, pattern: 'X{01-02}-{01-03}' })).statusCode).toBe(201)
    const res = await post(supervisor, { warehouse, pattern: 'X{01-04}-{01-03}' })
    expect(res.statusCode).toBe(400)
    const errors = res.json() as Record<string, string[]>
    expect(Object.keys(errors).filter((k) => k !== 'codes')).toEqual(['pattern'])
    expect(errors.pattern[0]).toMatch(/^6 of these locations already exist: X01-01, X01-02/)
    expect(await count('X')).toBe(6)
  })

  it.each([
    ['no run', 'A01-01'],
    ['ends of different widths', 'A{1-12}'],
    ['backwards', 'A{12-01}'],
    ['an unclosed brace', 'A{01-12'],
    ['a space', 'A {01-12}'],
    ['more than 100,000 locations', 'B{01-99}-{001-999}-{01-02}'],
    ['codes longer than 64 characters', 'C'.repeat(63) + '{01-02}'],
  ])('refuses %s as 400 on pattern, creating nothing', async (_label, pattern) => {
    const res = await post(supervisor, { warehouse, pattern })
    expect(res.statusCode, res.body).toBe(400)
    expect(Object.keys(res.json() as object).filter((k) => k !== 'codes')).toEqual(['pattern'])
  })

  it("refuses another company's warehouse (400 on warehouse) and an operator (403)", async () => {
    const res = await post(supervisor, { warehouse: acmeWarehouse, pattern: 'Y{01-02}' })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json() as object).filter((k) => k !== 'codes')).toEqual(['warehouse'])
    expect((await post(operator, { warehouse, pattern: 'Y{01-02}' })).statusCode).toBe(403)
    expect(await count('Y')).toBe(0)
  })
})
