/**
 * Wave planning (SPEC 19.2) through the real API: the candidates (open, in no wave, something left), taken by
 * priority then due time (the carrier's cut-off, SPEC 19.1), grouped, cut at the limits, weighed from the product
 * packs, zoned and walked by the FEFO suggestions; left out as too big or with nothing available; nothing saved.
 * The rules' 400s, the roles, and the order's priority and the carrier's cut-off on their own endpoints.
 */
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productPacks, uoms } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { salesOrders } from '../../db/schema/documents'
import { stockLines } from '../../db/schema/inventory'
import { customers } from '../../db/schema/partners'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'
import type { WavePlan } from '../../../contracts/shipping/wave-plan.contract'

const kinds = await databaseKinds()

describe.each(kinds)('wave planning on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let supervisor: string
  let operator: string
  let customerId: number
  let uomId: number
  let ambient: number[]
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-WP-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind)
    f = await processFixture(t)
    admin = (await t.login('admin')).access
    supervisor = (await t.login('supervisor')).access
    operator = (await t.login('operator')).access
    const db = t.database.db
    customerId = (await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, t.seed.companyId)).limit(1))[0].id
    uomId = (await db.select({ id: uoms.id }).from(uoms).where(and(eq(uoms.companyId, t.seed.companyId), eq(uoms.code, 'UN'))))[0].id
    const rows = await db.select({ id: locations.id }).from(locations).where(and(inArray(locations.id, f.storage), eq(locations.storageClass, 'ambient'))).orderBy(locations.code)
    ambient = rows.map((r) => r.id)
    expect(ambient.length).toBeGreaterThan(8)
  })
  afterAll(async () => {
    await t?.close()
  })

  async function carrier(cutoff: string | null = null) {
    const res = await t.as(admin, { method: 'POST', url: '/api/partners/carriers/', payload: { code: uniq('C'), name: 'Carrier', cutoff_time: cutoff } })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().id as number
  }

  /** A product with a pack of `per` units weighing `kg` (and measuring l × w × h mm), `stock` units at `location`. */
  async function product(opts: { stock?: number; location?: number; kg?: string; per?: string; mm?: [number, number, number] } = {}) {
    const p = await f.product(uniq('P'))
    if (opts.kg || opts.mm)
      await t.database.db.insert(productPacks).values({
        companyId: t.seed.companyId,
        productId: p,
        uomId,
        qtyPerPack: opts.per ?? '1',
        weightKg: opts.kg ?? null,
        lengthMm: opts.mm?.[0] ?? null,
        widthMm: opts.mm?.[1] ?? null,
        heightMm: opts.mm?.[2] ?? null,
      })
    if (opts.stock) await f.stock(p, opts.location ?? ambient[0], opts.stock)
    return p
  }

  async function order(body: Record<string, unknown>) {
    const res = await t.as(admin, { method: 'POST', url: '/api/shipping/orders/', payload: { code: uniq('SO'), customer: customerId, warehouse: f.warehouseId, ...body } })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number; code: string; priority: number }
  }

  async function plan(token: string, rules: Record<string, unknown>) {
    return t.as(token, { method: 'POST', url: '/api/shipping/waves/plan/', payload: { warehouse: f.warehouseId, ...rules } })
  }

  const mine = (body: WavePlan, carrierId: number) => body.proposals.filter((p) => p.key.carrier?.id === carrierId)

  it('takes orders by priority then due time, cuts waves at the limits, weighs them from the packs and saves nothing', async () => {
    const c = await carrier('14:00')
    // 2 kg and 0.001 m³ a unit (a pack of 6 weighing 12 kg, 100 × 100 × 600 mm)
    const heavy = await product({ stock: 50, location: ambient[0], kg: '12', per: '6', mm: [100, 100, 600] })
    const light = await product({ stock: 50, location: ambient[ambient.length - 1] })
    const empty = await product()
    const later = await order({ carrier: c, ship_date: '2026-12-10', lines: [{ product: heavy, qty: '3' }] })
    const urgent = await order({ carrier: c, ship_date: '2026-12-12', priority: 5, lines: [{ product: light, qty: '1' }] })
    const sooner = await order({ carrier: c, ship_date: '2026-12-09', lines: [{ product: heavy, qty: '1' }, { product: light, qty: '2' }] })
    const nothing = await order({ carrier: c, ship_date: '2026-12-09', lines: [{ product: empty, qty: '1' }] })
    const big = await order({ carrier: c, ship_date: '2026-12-09', lines: [{ product: heavy, qty: '40' }] })
    const before = await t.database.db.select({ id: stockLines.id, reserved: stockLines.reservedQty }).from(stockLines).where(inArray(stockLines.productId, [heavy, light]))

    const res = await plan(supervisor, { group_by: ['carrier'], max_orders: 2, max_weight: 50, totes: 1 })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as WavePlan
    expect(body.warehouse.id).toBe(f.warehouseId)
    const waves = mine(body, c)
    expect(waves.map((w) => w.orders.map((o) => o.code))).toEqual([[urgent.code, sooner.code], [later.code]])
    const [first, second] = waves
    expect(first.key).toEqual({ carrier: { id: c, code: expect.any(String), name: 'Carrier' } })
    expect(first.orders[1]).toMatchObject({ priority: 0, due_at: '2026-12-09T14:00', ship_date: '2026-12-09', lines: 2, units: 3, weight: 2, volume: 0.001, stops: 2 })
    expect(first).toMatchObject({ lines: 3, units: 4, weight: 2, volume: 0.001 })
    expect(second).toMatchObject({ lines: 1, units: 3, weight: 6, volume: 0.003 })
    // one order per tote: a batch per order, each walked from the dock to the staging area
    expect(first.batches.map((b) => b.orders)).toEqual([[urgent.id], [sooner.id]])
    expect(first.batches.every((b) => b.metres > 0)).toBe(true)
    expect(first.metres).toBeCloseTo(first.batches[0].metres + first.batches[1].metres, 1)
    const left = new Map(body.left_out.map((l) => [l.order.id, l.reason]))
    expect(left.get(nothing.id)).toBe('nothing_available')
    expect(left.get(big.id)).toBe('too_big')
    // nothing saved: no wave, nothing reserved
    const orders = await t.database.db.select({ waveId: salesOrders.waveId }).from(salesOrders).where(inArray(salesOrders.id, [later.id, urgent.id, sooner.id]))
    expect(orders.every((o) => o.waveId === null)).toBe(true)
    expect(await t.database.db.select({ id: stockLines.id, reserved: stockLines.reservedQty }).from(stockLines).where(inArray(stockLines.productId, [heavy, light]))).toEqual(before)
    // with more totes the same wave is one batch
    const one = mine((await plan(admin, { group_by: ['carrier'], max_orders: 2, max_weight: 50, totes: 8 })).json(), c)[0]
    expect(one.batches.map((b) => b.orders)).toEqual([[urgent.id, sooner.id]])
  })

  it('batches a proposal by proximity: orders picked in the same place share a cart, whatever their arrival', async () => {
    const c = await carrier()
    const near = ambient[0]
    const far = ambient[ambient.length - 1]
    const placed = await t.database.db.select({ id: locations.id, x: locations.x, y: locations.y }).from(locations).where(inArray(locations.id, [near, far]))
    expect(placed.every((p) => p.x !== null && p.y !== null)).toBe(true)
    // arrival order alternates the two places: carts of 2 in that order would each walk to both
    const os = []
    for (const at of [near, far, near, far]) os.push(await order({ carrier: c, ship_date: '2026-12-20', lines: [{ product: await product({ stock: 5, location: at }), qty: '1' }] }))
    const [wave] = mine((await plan(supervisor, { group_by: ['carrier'], totes: 2 })).json(), c)
    const ids = (list: number[]) => [...list].sort((x, y) => x - y)
    expect(ids(wave.orders.map((o) => o.id))).toEqual(ids(os.map((o) => o.id)))
    const carts = wave.batches.map((b) => ids(b.orders))
    expect(carts).toHaveLength(2)
    expect(carts).toContainEqual(ids([os[0].id, os[2].id]))
    expect(carts).toContainEqual(ids([os[1].id, os[3].id]))
    expect(wave.metres).toBeCloseTo(wave.batches[0].metres + wave.batches[1].metres, 1)
  })

  it('groups by zone (where most lines are picked), ship date and priority; the horizon keeps what ships by then', async () => {
    const c = await carrier()
    const [x, y] = [ambient[2], ambient[5]]
    await t.database.db.update(locations).set({ zone: 'ZX', layoutSource: 'manual' }).where(eq(locations.id, x))
    await t.database.db.update(locations).set({ zone: 'ZY', layoutSource: 'manual' }).where(eq(locations.id, y))
    const px = [await product({ stock: 10, location: x }), await product({ stock: 10, location: x })]
    const py = await product({ stock: 10, location: y })
    const inX = await order({ carrier: c, ship_date: '2026-12-01', lines: px.map((product) => ({ product, qty: '1' })) })
    const mostlyX = await order({ carrier: c, ship_date: '2026-12-01', lines: [...px, py].map((product) => ({ product, qty: '1' })) })
    const inY = await order({ carrier: c, ship_date: '2026-12-01', lines: [{ product: py, qty: '1' }] })
    const undated = await order({ carrier: c, priority: 2, lines: [{ product: py, qty: '1' }] })
    const afterHorizon = await order({ carrier: c, ship_date: '2027-01-15', lines: [{ product: py, qty: '1' }] })

    const res = await plan(admin, { group_by: ['carrier', 'zone', 'ship_date', 'priority'], horizon: '2026-12-31' })
    expect(res.statusCode, res.body).toBe(200)
    const waves = mine(res.json(), c)
    expect(waves.map((w) => [w.key.zone, w.key.ship_date, w.key.priority, w.orders.map((o) => o.id)])).toEqual([
      ['ZY', null, 2, [undated.id]],
      ['ZX', '2026-12-01', 0, [inX.id, mostlyX.id]],
      ['ZY', '2026-12-01', 0, [inY.id]],
    ])
    expect((res.json() as WavePlan).proposals.flatMap((p) => p.orders.map((o) => o.id))).not.toContain(afterHorizon.id)
    await t.database.db.update(locations).set({ layoutSource: 'rule' }).where(inArray(locations.id, [x, y]))
    await t.as(admin, { method: 'POST', url: `/api/core/warehouses/${f.warehouseId}/layout/apply/` })
  })

  it('never proposes an order already in a wave, or one with nothing left to ship', async () => {
    const c = await carrier()
    const p = await product({ stock: 5, location: ambient[1] })
    const waved = await order({ carrier: c, lines: [{ product: p, qty: '1' }] })
    const free = await order({ carrier: c, lines: [{ product: p, qty: '1' }] })
    expect((await t.as(admin, { method: 'POST', url: '/api/shipping/waves/', payload: { code: uniq('W'), orders: [waved.id] } })).statusCode).toBe(201)
    const body = (await plan(admin, { group_by: ['carrier'] })).json() as WavePlan
    const ids = [...body.proposals.flatMap((w) => w.orders), ...body.left_out.map((l) => l.order)].map((o) => o.id)
    expect(ids).toContain(free.id)
    expect(ids).not.toContain(waved.id)
    expect(body.candidates).toBe(ids.length)
  })

  it('answers 400 on bad rules, 403 to operators', async () => {
    const acmeWarehouse = await (async () => {
      const acme = (await t.login('acme.admin')).access
      const res = await t.as(acme, { method: 'GET', url: '/api/core/warehouses/' })
      return (res.json() as { results: { id: number }[] }).results[0].id
    })()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ warehouse: acmeWarehouse }, 'warehouse', `Invalid pk "${acmeWarehouse}" - object does not exist.`],
      [{ max_lines: -1 }, 'max_lines', 'Ensure this value is greater than or equal to 1.'],
      [{ max_orders: 0 }, 'max_orders', 'Ensure this value is greater than or equal to 1.'],
      [{ max_weight: -5 }, 'max_weight', 'Ensure this value is greater than 0.'],
      [{ max_volume: 0 }, 'max_volume', 'Ensure this value is greater than 0.'],
      [{ totes: 0 }, 'totes', 'Ensure this value is greater than or equal to 1.'],
      [{ totes: 2.5 }, 'totes', 'A valid integer is required.'],
      [{ group_by: ['customer'] }, 'group_by.0', 'Choose one of: carrier, ship_date, zone, priority.'],
      [{ horizon: '2026-13-01' }, 'horizon', 'Date has wrong format. Use YYYY-MM-DD.'],
    ]
    for (const [rules, field, message] of cases) {
      const res = await plan(admin, rules)
      expect(res.statusCode, `${JSON.stringify(rules)}: ${res.body}`).toBe(400)
      expect(res.json()[field], JSON.stringify(rules)).toEqual([message])
    }
    const missing = await t.as(admin, { method: 'POST', url: '/api/shipping/waves/plan/', payload: {} })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().warehouse).toEqual(['This field is required.'])
    expect((await plan(operator, {})).statusCode).toBe(403)
  })

  it("keeps an order's priority (0-9) and a carrier's cut-off (HH:MM), refusing bad ones by code", async () => {
    const p = await product()
    const created = await order({ priority: 3, lines: [{ product: p, qty: '1' }] })
    expect(created.priority).toBe(3)
    const patched = await t.as(admin, { method: 'PATCH', url: `/api/shipping/orders/${created.id}/`, payload: { priority: 7 } })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(patched.json().priority).toBe(7)
    const row = (await t.as(admin, { method: 'GET', url: `/api/shipping/orders/?search=${created.code}` })).json().results[0]
    expect(row.priority).toBe(7)
    expect((await order({ lines: [{ product: p, qty: '1' }] })).priority).toBe(0)
    for (const [bad, message, code] of [
      [10, 'Ensure this value is less than or equal to 9.', 'max_value'],
      [-1, 'Ensure this value is greater than or equal to 0.', 'min_value'],
      [1.5, 'A valid integer is required.', 'invalid_integer'],
    ] as const) {
      const res = await t.as(admin, { method: 'POST', url: '/api/shipping/orders/', payload: { code: uniq('SO'), customer: customerId, priority: bad, lines: [{ product: p, qty: '1' }] } })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().priority).toEqual([message])
      expect(res.json().codes.priority[0].code).toBe(code)
    }

    const c = await carrier('07:30')
    const read = await t.as(admin, { method: 'GET', url: `/api/partners/carriers/${c}/` })
    expect(read.json().cutoff_time).toBe('07:30')
    for (const bad of ['24:00', '7:30', '12:60', 'noon']) {
      const res = await t.as(admin, { method: 'PATCH', url: `/api/partners/carriers/${c}/`, payload: { cutoff_time: bad } })
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400)
      expect(res.json().cutoff_time).toEqual(['Enter a time as HH:MM (00:00 to 23:59).'])
      expect(res.json().codes.cutoff_time[0].code).toBe('invalid_time_hhmm')
    }
    const cleared = await t.as(admin, { method: 'PATCH', url: `/api/partners/carriers/${c}/`, payload: { cutoff_time: '' } })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(cleared.json().cutoff_time).toBeNull()
    const set = await t.as(admin, { method: 'PATCH', url: `/api/partners/carriers/${c}/`, payload: { cutoff_time: '23:59' } })
    expect(set.json().cutoff_time).toBe('23:59')
  })
})
