import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { suppliers } from '../../db/schema/partners'
import { users } from '../../db/schema/users'
import { createTask } from '../workforce/tasks.service'
import { keptRollups, recomputedRollups } from './rollups.service'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** docs/requirements.md §21.2, §21.3: the indicators' API, its refusals, who sees what, and the targets. */
describe.each(kinds)('GET /api/analytics/kpis/ on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let supervisor: string
  let operator: string
  let acme: string
  let operatorId: number
  let supervisorId: number
  let supplierId: number

  beforeAll(async () => {
    t = await createTestApp(kind)
    f = await processFixture(t)
    ;[supervisor, operator, acme] = await Promise.all(['supervisor', 'operator', 'acme.admin'].map(async (u) => (await t.login(u)).access))
    const ids = await t.database.db.select({ id: users.id, username: users.username }).from(users).where(eq(users.companyId, t.seed.companyId))
    operatorId = ids.find((u) => u.username === 'operator')!.id
    supervisorId = ids.find((u) => u.username === 'supervisor')!.id
    const [s] = await t.database.db.select({ id: suppliers.id }).from(suppliers).where(and(eq(suppliers.companyId, t.seed.companyId))).limit(1)
    supplierId = s.id
  })
  afterAll(async () => {
    await t?.close()
  })

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => t.as(token, { method, url, payload })
  const kpis = async (token: string, query = '') => {
    const res = await api(token, 'GET', `/api/analytics/kpis/?from=${day(-1)}&to=${day(1)}${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  /** An operator receives a pallet through the API, puts it away, and picks from it. */
  async function work() {
    const product = await f.product(`KPI-${kind}-${Date.now()}`)
    const doc = (await api(supervisor, 'POST', '/api/receiving/documents/', { kind: 'asn', code: `KPI-${kind}-${Date.now()}`, supplier: supplierId, lines: [{ product, expected_qty: '8' }] })).json()
    const url = `/api/receiving/documents/${doc.id}`
    expect((await api(operator, 'PUT', `${url}/draft/`, { lines: [{ line: doc.lines[0].id, received_qty: '8' }] })).statusCode).toBe(200)
    const pallet = (await api(operator, 'POST', `${url}/pallets/`)).json().pallets[0] as { pallet_code: string; sscc: string }
    const dest = f.storage[f.storage.length - 1]
    const booked = await api(operator, 'POST', `${url}/receive/`, { idempotency_key: `kpi-receive-${kind}-${doc.id}`, pallets: [{ pallet_code: pallet.pallet_code, location: dest }] })
    expect(booked.statusCode, booked.body).toBe(201)
    const task = booked.json().tasks[0] as { id: number }
    const put = await api(operator, 'POST', '/api/inventory/putaways/', { task: task.id, sscc: pallet.sscc, to_location: dest })
    expect(put.statusCode, put.body).toBe(201)
    // a pick is a pick task done (a wave's stop)
    const pick = await createTask(t.database.db, { companyId: t.seed.companyId, warehouseId: f.warehouseId, type: 'pick', locationId: dest, productId: product, qty: '2', reference: `SO-KPI-${doc.id}` })
    expect((await api(operator, 'POST', `/api/workforce/tasks/${pick}/start/`)).statusCode).toBe(200)
    const done = await api(operator, 'POST', `/api/workforce/tasks/${pick}/done/`)
    expect(done.statusCode, done.body).toBe(200)
  }

  it('counts an operator’s receipt, putaway and pick, and the dock-to-stock time, as they happen', async () => {
    const before = await kpis(supervisor, `&operator=${operatorId}`)
    await work()
    const after = await kpis(supervisor, `&operator=${operatorId}`)
    expect(after.totals.received - before.totals.received).toBe(1)
    expect(after.totals.put_away - before.totals.put_away).toBe(1)
    expect(after.totals.picked - before.totals.picked).toBe(1)
    expect(after.dock_to_stock.count - before.dock_to_stock.count).toBe(1)
    expect(after.dock_to_stock.p50_hours).toBe(0.25)
    expect(after.totals.pick_hours).toBeGreaterThanOrEqual(1)
    expect(after.by_operator.map((o: { operator: { username: string } }) => o.operator.username)).toEqual(['operator'])
    expect(after.by_day.length).toBeGreaterThanOrEqual(1)
    // the operator reads the same figures of their own, without naming themselves
    const own = await kpis(operator)
    expect(own.operator).toBe(operatorId)
    expect(own.totals).toEqual(after.totals)
  })

  it('after the demo’s history (receipts and done tasks of every type) and the work above, kept = recomputed', async () => {
    const kept = await keptRollups(t.database.db, t.seed.companyId)
    expect(kept).toEqual(await recomputedRollups(t.database.db, t.seed.companyId))
    expect([...new Set(kept.map((r) => r.kind))]).toEqual(expect.arrayContaining(['exception', 'lines.receipt', 'lines.putaway', 'dock_to_stock', 'task.pick', 'task.putaway', 'task.count']))
  })

  it('refuses a bad range with DRF-shaped 400s, and another company’s warehouse', async () => {
    const bad = async (query: string) => {
      const res = await api(supervisor, 'GET', `/api/analytics/kpis/?${query}`)
      expect(res.statusCode).toBe(400)
      return res.json()
    }
    expect(await bad('from=2026-03-10&to=2026-03-09')).toMatchObject({ to: ['Ensure this date is on or after from.'] })
    expect(await bad('from=2025-01-01&to=2026-01-02')).toMatchObject({ to: ['Ensure the range is at most 366 days.'] })
    expect(await bad('from=2026-02-30&to=2026-03-01')).toHaveProperty('from')
    expect(await bad('to=2026-03-01')).toHaveProperty('from')
    const acmeWarehouse = (await processFixture(t, t.seed.otherCompanyId, 'acme.admin')).warehouseId
    expect(await bad(`from=2026-03-01&to=2026-03-02&warehouse=${acmeWarehouse}`)).toMatchObject({ warehouse: [`Invalid pk "${acmeWarehouse}" - object does not exist.`] })
    // 366 days, both ends included, is allowed
    expect((await api(supervisor, 'GET', '/api/analytics/kpis/?from=2025-01-01&to=2026-01-01')).statusCode).toBe(200)
  })

  it('keeps each company to its own figures; an operator reads only their own', async () => {
    const theirs = await kpis(acme)
    await work()
    const again = await kpis(acme)
    expect(again.totals).toEqual(theirs.totals)
    // naming our operator from the other company finds nothing of ours
    expect((await kpis(acme, `&operator=${operatorId}`)).totals.picked).toBe(0)
    expect((await api(operator, 'GET', `/api/analytics/kpis/?from=${day(-1)}&to=${day(1)}&operator=${supervisorId}`)).statusCode).toBe(403)
    expect((await api(operator, 'GET', `/api/analytics/kpis/?from=${day(-1)}&to=${day(1)}&operator=${operatorId}`)).statusCode).toBe(200)
  })

  it('keeps targets per company, set by supervisors, returned with the figures', async () => {
    expect((await api(operator, 'PATCH', '/api/analytics/targets/', { pick_accuracy_pct: '99.9' })).statusCode).toBe(403)
    const set = await api(supervisor, 'PATCH', '/api/analytics/targets/', { pick_accuracy_pct: '99.9', dock_to_stock_hours: '3.5' })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json()).toMatchObject({ pick_accuracy_pct: '99.9', dock_to_stock_hours: '3.5', on_time_shipping_pct: null })
    expect((await kpis(operator)).targets).toMatchObject({ pick_accuracy_pct: '99.9', dock_to_stock_hours: '3.5' })
    expect((await kpis(acme)).targets.pick_accuracy_pct).toBeNull()
    expect((await api(supervisor, 'PATCH', '/api/analytics/targets/', { pick_accuracy_pct: '101' })).statusCode).toBe(400)
    const cleared = await api(supervisor, 'PATCH', '/api/analytics/targets/', { dock_to_stock_hours: null })
    expect(cleared.json()).toMatchObject({ pick_accuracy_pct: '99.9', dock_to_stock_hours: null })
  })
})
