/**
 * The handheld's picking on the shipping model (SPEC 11.9): suggestions carry the location's pick sequence; a draft
 * pick keeps why another lot was taken; a short pick becomes an exception task for a supervisor, once per command_id;
 * the desktop and the handheld share the draft, so Finish books what the handheld picked.
 */
import { eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations } from '../../db/schema/core'
import { carriers, customers } from '../../db/schema/partners'
import { tasks } from '../../db/schema/tasks'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

describe.each(kinds)('handheld picking on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let operator: string
  let customerId: number
  let carrierId: number
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-HH-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind)
    f = await processFixture(t)
    admin = (await t.login('admin')).access
    operator = (await t.login('operator')).access
    const db = t.database.db
    customerId = (await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, t.seed.companyId)).limit(1))[0].id
    carrierId = (await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.companyId, t.seed.companyId)).limit(1))[0].id
  })
  afterAll(async () => {
    await t?.close()
  })

  const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.as(token, { method, url, payload })

  async function salesOrder(lines: { product: number; qty: string }[]) {
    const res = await api(admin, 'POST', '/api/shipping/orders/', { code: uniq('SO'), customer: customerId, carrier: carrierId, lines })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number; code: string; lines: { id: number }[] }
  }

  it("suggestions carry each location's pick sequence", async () => {
    const p = await f.product(uniq('P'))
    await t.database.db.update(locations).set({ pickSequence: 7 }).where(eq(locations.id, f.storage[0]))
    await f.stock(p, f.storage[0], 2, { lot: 'A' })
    await f.stock(p, f.storage[1], 2, { lot: 'B' })
    const order = await salesOrder([{ product: p, qty: '3' }])
    const res = await api(operator, 'GET', `/api/shipping/orders/${order.id}/pick-suggestions/`)
    expect(res.statusCode, res.body).toBe(200)
    const bySeq = Object.fromEntries(res.json().lines[0].suggestions.map((s: { location: { id: number }; pick_sequence: number | null }) => [s.location.id, s.pick_sequence]))
    expect(bySeq[f.storage[0]]).toBe(7)
    expect(bySeq[f.storage[1]]).toBeNull()
  })

  it('a short pick: an exception task for a supervisor, once per command_id; the draft keeps the other lot\'s reason; Finish books what was picked', async () => {
    const p = await f.product(uniq('P'))
    const a = await f.stock(p, f.storage[0], 2, { lot: 'L-A' })
    const order = await salesOrder([{ product: p, qty: '5' }])
    const line = order.lines[0].id
    const draft = await api(operator, 'PUT', `/api/shipping/orders/${order.id}/draft/`, { picks: [{ line, stock_line: a, qty: '2', override_reason: 'Lote mais acessível' }] })
    expect(draft.statusCode, draft.body).toBe(200)
    expect(draft.json().draft.picks).toEqual([{ line, stock_line: a, qty: '2', override_reason: 'Lote mais acessível' }])

    const command_id = randomUUID()
    const body = { command_id, order: order.id, line, location: f.storage[0], expected: '5', picked: '2', reason: 'Faltou no local' }
    const res = await api(operator, 'POST', '/api/shipping/short-picks/', body)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ order: order.id, line, missing: '3', command_id })
    const again = await api(operator, 'POST', '/api/shipping/short-picks/', body)
    expect(again.json().task).toBe(res.json().task)
    const [task] = await t.database.db.select().from(tasks).where(eq(tasks.id, res.json().task))
    expect(task).toMatchObject({ type: 'exception', status: 'open', productId: p, locationId: f.storage[0], qty: '3.000', warehouseId: f.warehouseId })
    expect(task.reference).toContain(order.code)
    expect(task.reference).toContain('Faltou no local')
    const exceptions = await t.database.db.select().from(tasks).where(eq(tasks.reference, task.reference))
    expect(exceptions).toHaveLength(1)
    // the supervisor sees it in the tasks list
    const supervisor = (await t.login('supervisor')).access
    const list = await api(supervisor, 'GET', `/api/workforce/tasks/?type=exception&page_size=200`)
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().results.map((r: { id: number }) => r.id)).toContain(task.id)

    // Finish from the saved draft (the desktop or the handheld): books the 2 picked, the order closes short
    const shipped = await api(operator, 'POST', `/api/shipping/orders/${order.id}/ship/`, { idempotency_key: `ship-${randomUUID()}`, carrier: carrierId })
    expect(shipped.statusCode, shipped.body).toBe(201)
    expect(shipped.json().picks).toMatchObject([{ stock_line: a, qty: '2.000', lot: 'L-A' }])
  })

  it('refuses what does not fit, DRF-shaped', async () => {
    const p = await f.product(uniq('P'))
    const order = await salesOrder([{ product: p, qty: '5' }])
    const line = order.lines[0].id
    const post = (payload: object) => api(operator, 'POST', '/api/shipping/short-picks/', payload)
    const base = { order: order.id, line, expected: '5', picked: '1', reason: 'x' }
    expect((await post({ ...base, reason: ' ' })).json()).toMatchObject({ reason: ['This field may not be blank.'] })
    expect((await post({ ...base, picked: '5' })).json()).toMatchObject({ picked: ['A short pick picks less than expected.'] })
    const other = await salesOrder([{ product: p, qty: '1' }])
    expect((await post({ ...base, line: other.lines[0].id })).statusCode).toBe(400)
    expect((await post({ ...base, order: 99999999 })).statusCode).toBe(404)
    await api(admin, 'POST', `/api/shipping/orders/${order.id}/cancel/`, { reason: 'no' })
    const closed = await post(base)
    expect(closed.statusCode).toBe(409)
  })
})
