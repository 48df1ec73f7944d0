/**
 * A wave's pick path (SPEC 18.3): the stops are the locations its lines take stock from, in the planner's order,
 * never longer than the code order; a location without a layout comes last; another company's wave is a 404.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations } from '../../db/schema/core'
import { carriers, customers } from '../../db/schema/partners'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

type Stop = { sequence: number; location: { id: number; code: string }; placed: boolean; aisle: number | null; lines: { order_code: string; qty: string }[] }

describe.each(kinds)('pick paths on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let operator: string
  let customerId: number
  let carrierId: number
  let ambient: number[]
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-PP-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind)
    f = await processFixture(t)
    admin = (await t.login('admin')).access
    operator = (await t.login('operator')).access
    const db = t.database.db
    customerId = (await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, t.seed.companyId)).limit(1))[0].id
    carrierId = (await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.companyId, t.seed.companyId)).limit(1))[0].id
    // ambient storage only: the test products are ambient
    const rows = await db.select({ id: locations.id }).from(locations).where(and(inArray(locations.id, f.storage), eq(locations.storageClass, 'ambient'))).orderBy(locations.code)
    ambient = rows.map((r) => r.id)
    expect(ambient.length).toBeGreaterThan(8)
  })
  afterAll(async () => {
    await t?.close()
  })

  async function wave(lines: { product: number; qty: string }[][]) {
    const orders: number[] = []
    for (const l of lines) {
      const res = await t.as(admin, { method: 'POST', url: '/api/shipping/orders/', payload: { code: uniq('SO'), customer: customerId, carrier: carrierId, warehouse: f.warehouseId, lines: l } })
      expect(res.statusCode, res.body).toBe(201)
      orders.push(res.json().id)
    }
    const res = await t.as(admin, { method: 'POST', url: '/api/shipping/waves/', payload: { code: uniq('W'), orders } })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().id as number
  }

  it("orders the wave's stops over the layout: never longer than code order, each stop with its lines", async () => {
    // stock spread over locations far apart in code order and in the aisles
    const picked = [ambient[0], ambient[Math.floor(ambient.length / 2)], ambient[ambient.length - 1], ambient[3], ambient[Math.floor(ambient.length / 3)]]
    const products: number[] = []
    for (const loc of picked) {
      const p = await f.product(uniq('P'))
      await f.stock(p, loc, 5)
      products.push(p)
    }
    const id = await wave([products.slice(0, 3).map((product) => ({ product, qty: '2' })), products.slice(3).map((product) => ({ product, qty: '1' }))])
    const res = await t.as(operator, { method: 'GET', url: `/api/shipping/waves/${id}/pick-path/` })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { metres: number; baseline_metres: number; stops: Stop[]; unplaced: number; warehouse: { id: number }; strategy: string; start: unknown; end: unknown }
    expect(body.warehouse.id).toBe(f.warehouseId)
    // the demo warehouse's dock and staging area have positions (SPEC 18.1): the walk starts at one, ends at the other
    expect(body.start).toMatchObject({ location: { code: expect.stringMatching(/-DOCK-01$/) }, x: 0, y: -3 })
    expect(body.end).toMatchObject({ location: { code: expect.stringMatching(/-STAGE-01$/) }, x: 9, y: -3 })
    expect(body.stops.map((s) => s.location.id).sort()).toEqual([...picked].sort())
    expect(body.stops.map((s) => s.sequence)).toEqual([1, 2, 3, 4, 5])
    expect(body.stops.every((s) => s.placed && s.aisle !== null)).toBe(true)
    expect(body.unplaced).toBe(0)
    expect(body.metres).toBeGreaterThan(0)
    expect(body.metres).toBeLessThanOrEqual(body.baseline_metres)
    expect(body.stops.flatMap((s) => s.lines).map((l) => l.qty).sort()).toEqual(['1', '1', '2', '2', '2'])
  })

  it('visits a location without a layout last, and leaves it out of the metres', async () => {
    const n = ambient.length
    const [a, b, c] = [ambient[1], ambient[Math.floor(n / 2) + 1], ambient[n - 2]]
    await t.database.db.update(locations).set({ aisle: null, x: null, y: null, layoutSource: 'manual' }).where(eq(locations.id, a))
    const ps = [await f.product(uniq('P')), await f.product(uniq('P')), await f.product(uniq('P'))]
    await f.stock(ps[0], a, 3)
    await f.stock(ps[1], b, 3)
    await f.stock(ps[2], c, 3)
    const id = await wave([ps.map((product) => ({ product, qty: '1' }))])
    const body = (await t.as(admin, { method: 'GET', url: `/api/shipping/waves/${id}/pick-path/` })).json() as { stops: Stop[]; unplaced: number; metres: number; baseline_metres: number }
    expect(body.unplaced).toBe(1)
    expect(body.stops.at(-1)).toMatchObject({ location: { id: a }, placed: false })
    expect(body.metres).toBeLessThanOrEqual(body.baseline_metres)
    await t.database.db.update(locations).set({ layoutSource: 'rule' }).where(eq(locations.id, a))
    await t.as(admin, { method: 'POST', url: `/api/core/warehouses/${f.warehouseId}/layout/apply/` })
  })

  it('answers an empty path for a wave with nothing left to pick', async () => {
    const p = await f.product(uniq('P'))
    const id = await wave([[{ product: p, qty: '1' }]])
    const body = (await t.as(admin, { method: 'GET', url: `/api/shipping/waves/${id}/pick-path/` })).json()
    expect(body).toMatchObject({ stops: [], metres: 0, baseline_metres: 0, unplaced: 0 })
  })

  it("is a 404 for another company's wave and for ids that name no wave", async () => {
    const p = await f.product(uniq('P'))
    const id = await wave([[{ product: p, qty: '1' }]])
    const acme = (await t.login('acme.admin')).access
    expect((await t.as(acme, { method: 'GET', url: `/api/shipping/waves/${id}/pick-path/` })).statusCode).toBe(404)
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999', '2147483647']) {
      const res = await t.as(admin, { method: 'GET', url: `/api/shipping/waves/${bad}/pick-path/` })
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(404)
    }
    // a NUL byte is refused before any lookup (SPEC 15.8)
    expect((await t.as(admin, { method: 'GET', url: '/api/shipping/waves/%00/pick-path/' })).statusCode).toBe(400)
  })
})
