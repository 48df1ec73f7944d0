import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema/audit'
import { customers } from '../../db/schema/partners'
import { orderReservations, pickBatches } from '../../db/schema/picking'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import { markTaskShort } from '../workforce/tasks.service'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'
import type { BatchAssignOut, PickProgress } from '../../../contracts/shipping/pick-progress.contract'

const kinds = await databaseKinds()

/** docs/requirements.md §19.6: the supervisor's view of the waves being picked, and a batch handed to someone else. */
describe.each(kinds)('pick progress on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let supervisor: string
  let operator: string
  let operator2: string
  let acmeAdmin: string
  let customerId: number
  const ids: Record<string, number> = {}
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 0 })
    f = await processFixture(t)
    ;[admin, supervisor, operator, operator2, acmeAdmin] = await Promise.all(['admin', 'supervisor', 'operator', 'operator2', 'acme.admin'].map(async (u) => (await t.login(u)).access))
    const db = t.database.db
    for (const u of await db.select({ id: users.id, username: users.username }).from(users)) ids[u.username] = u.id
    customerId = (await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, t.seed.companyId)).orderBy(asc(customers.id)).limit(1))[0].id
    await db.update(customers).set({ minShelfLifeDays: 0 }).where(eq(customers.id, customerId))
  })
  afterAll(async () => {
    await t?.close()
  })

  const post = (token: string, url: string, payload: object = {}) => t.as(token, { method: 'POST', url: `/api${url}`, payload })
  const get = (token: string, url: string) => t.as(token, { method: 'GET', url: `/api${url}` })

  /** Three orders released on a cart of two totes: B01 holds O1 (A 2, B 1) and O2 (A 3, C 2), B02 holds O3 (B 1). */
  async function released() {
    const [a, b, c] = await Promise.all([f.product(uniq('PA')), f.product(uniq('PB')), f.product(uniq('PC'))])
    await f.stock(a, f.storage[0], 10)
    await f.stock(b, f.storage[1], 10)
    await f.stock(c, f.storage[2], 10)
    const order = async (lines: { product: number; qty: string }[]) => {
      const res = await post(admin, '/shipping/orders/', { code: uniq('SO'), customer: customerId, ship_date: '2026-12-01', lines })
      expect(res.statusCode, res.body).toBe(201)
      return res.json() as { id: number; code: string }
    }
    const o1 = await order([{ product: a, qty: '2' }, { product: b, qty: '1' }])
    const o2 = await order([{ product: a, qty: '3' }, { product: c, qty: '2' }])
    const o3 = await order([{ product: b, qty: '1' }])
    const w = (await post(admin, '/shipping/waves/', { code: uniq('WV'), orders: [o1.id, o2.id, o3.id] })).json() as { id: number; code: string }
    const rel = await post(supervisor, `/shipping/waves/${w.id}/release/`, { command_id: randomUUID(), totes: 2 })
    expect(rel.statusCode, rel.body).toBe(200)
    const batches = (rel.json() as { batches: { id: number; code: string }[] }).batches
    const stopsOf = async (batchId: number) =>
      (await t.database.db.select().from(tasks).where(eq(tasks.batchId, batchId)).orderBy(asc(tasks.id))).map((x) => ({ id: x.id, qty: x.qty, status: x.status, assigneeId: x.assigneeId }))
    return { w, o1, o2, o3, b1: batches[0], b2: batches[1], stopsOf }
  }

  const progressOf = async (waveId: number, token = supervisor) => {
    const res = await get(token, `/shipping/pick-progress/?wave=${waveId}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as PickProgress
  }

  it('answers per batch the stops picked of total, units, exceptions, operator, cart and time since the start', async () => {
    const s = await released()
    const before = await progressOf(s.w.id)
    expect(before.waves).toHaveLength(1)
    expect(before.waves[0]).toMatchObject({ id: s.w.id, code: s.w.code, stops: 5, done: 0, exceptions: 0, warehouse: { id: f.warehouseId } })
    expect(before.waves[0].batches.map((b) => [b.code, b.status, b.orders, b.totes, b.stops, b.done, b.units, b.assignee, b.started_at, b.elapsed_seconds])).toEqual([
      [s.b1.code, 'open', 2, 2, 4, 0, '8', null, null, null],
      [s.b2.code, 'open', 1, 2, 1, 0, '1', null, null, null],
    ])

    // the operator picks B01's first stop; a count makes another short by 1 (ADR 0011 §4); a cart is bound to it
    const stops = await s.stopsOf(s.b1.id)
    expect((await post(operator, `/workforce/tasks/${stops[0].id}/start/`)).statusCode).toBe(200)
    expect((await post(operator, `/workforce/tasks/${stops[0].id}/done/`)).statusCode).toBe(200)
    await markTaskShort(t.database.db, t.seed.companyId, stops[3].id, '1')
    await t.database.db.update(pickBatches).set({ cart: 'C07' }).where(eq(pickBatches.id, s.b1.id))

    const after = await progressOf(s.w.id)
    const serverNow = Date.parse(after.now)
    expect(Math.abs(serverNow - Date.now())).toBeLessThan(60_000)
    const [b1, b2] = after.waves[0].batches
    expect(b1).toMatchObject({ code: s.b1.code, status: 'in_progress', stops: 4, done: 1, exceptions: 1, cart: 'C07', assignee: { id: ids.operator, username: 'operator' } })
    expect(b1.units).toBe('7')
    expect(b1.units_done).toBe(String(Number(stops[0].qty)))
    expect(b1.started_at).not.toBeNull()
    expect(b1.elapsed_seconds).toBeGreaterThanOrEqual(0)
    expect(b1.elapsed_seconds).toBe(Math.max(0, Math.floor((serverNow - Date.parse(b1.started_at as string)) / 1000)))
    expect(b2).toMatchObject({ status: 'open', done: 0, assignee: null, cart: null })
    expect(after.waves[0]).toMatchObject({ stops: 5, done: 1, exceptions: 1 })

    // next task hands the whole of B02 to operator2 before a stop starts: the view says whose it is
    const [b2stop] = await s.stopsOf(s.b2.id)
    await t.database.db.update(tasks).set({ assigneeId: ids.operator2 }).where(eq(tasks.id, b2stop.id))
    expect((await progressOf(s.w.id)).waves[0].batches[1].assignee).toEqual({ id: ids.operator2, username: 'operator2' })

    // filters: the warehouse; a wave with nothing open or in progress is not listed
    const byWarehouse = (await get(admin, `/shipping/pick-progress/?warehouse=${f.warehouseId}`)).json() as PickProgress
    expect(byWarehouse.waves.map((w) => w.id)).toContain(s.w.id)
    const elsewhere = (await get(admin, `/shipping/pick-progress/?warehouse=${f.otherWarehouseId}`)).json() as PickProgress
    expect(elsewhere.waves.map((w) => w.id)).not.toContain(s.w.id)
    await t.database.db.update(pickBatches).set({ status: 'done' }).where(inArray(pickBatches.id, [s.b1.id, s.b2.id]))
    expect((await progressOf(s.w.id)).waves).toEqual([])
  })

  it('refuses operators (403) and shows no other company its waves', async () => {
    const s = await released()
    expect((await get(operator, '/shipping/pick-progress/')).statusCode).toBe(403)
    expect((await post(operator, `/shipping/batches/${s.b1.id}/assign/`, { command_id: randomUUID(), user: ids.operator })).statusCode).toBe(403)
    const acme = (await get(acmeAdmin, '/shipping/pick-progress/')).json() as PickProgress
    expect(acme.waves).toEqual([])
    expect((await get(acmeAdmin, `/shipping/pick-progress/?wave=${s.w.id}`)).json()).toMatchObject({ waves: [] })
    const res = await post(acmeAdmin, `/shipping/batches/${s.b1.id}/assign/`, { command_id: randomUUID(), user: ids['acme.operator'] })
    expect(res.statusCode).toBe(404)
    expect((await get(admin, '/shipping/pick-progress/?wave=abc')).statusCode).toBe(400)
  })

  it('reassigns: only the unfinished stops move, once per command_id, with an audit entry', async () => {
    const s = await released()
    const stops = await s.stopsOf(s.b1.id)
    await post(operator, `/workforce/tasks/${stops[0].id}/start/`)
    await post(operator, `/workforce/tasks/${stops[0].id}/done/`)
    await post(operator, `/workforce/tasks/${stops[1].id}/start/`)
    const command_id = randomUUID()
    const res = await post(supervisor, `/shipping/batches/${s.b1.id}/assign/`, { command_id, user: ids.operator2 })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as BatchAssignOut
    expect(body).toMatchObject({ moved: 3, command_id, batch: { id: s.b1.id, status: 'in_progress', done: 1, assignee: { id: ids.operator2, username: 'operator2' } } })
    const moved = await s.stopsOf(s.b1.id)
    expect(moved.map((x) => [x.status, x.assigneeId])).toEqual([
      ['done', ids.operator],
      ['in_progress', ids.operator2],
      ['open', ids.operator2],
      ['open', ids.operator2],
    ])
    // B02 is untouched
    expect((await s.stopsOf(s.b2.id)).map((x) => x.assigneeId)).toEqual([null])
    // the same command_id: the first answer again, nothing applied twice
    await t.database.db.update(tasks).set({ assigneeId: ids.operator }).where(eq(tasks.id, moved[2].id))
    const again = await post(supervisor, `/shipping/batches/${s.b1.id}/assign/`, { command_id, user: ids.operator2 })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(res.json())
    expect((await s.stopsOf(s.b1.id))[2].assigneeId).toBe(ids.operator)
    const trail = await t.database.db
      .select({ changes: auditLog.changes, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pick_batches'), eq(auditLog.entityId, s.b1.id)))
    expect(trail).toEqual([{ changes: { assignee: [ids.operator, ids.operator2] }, userId: ids.supervisor }])
  })

  it('gives a batch back to the pool: its stops nobody\'s and open; the batch open again when nothing was picked', async () => {
    const s = await released()
    const [b2stop] = await s.stopsOf(s.b2.id)
    await post(operator, `/workforce/tasks/${b2stop.id}/start/`)
    const res = await post(admin, `/shipping/batches/${s.b2.id}/assign/`, { command_id: randomUUID(), user: null })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ moved: 1, batch: { status: 'open', assignee: null, started_at: null } })
    expect(await s.stopsOf(s.b2.id)).toEqual([{ id: b2stop.id, qty: b2stop.qty, status: 'open', assigneeId: null }])
    const [batch] = await t.database.db.select().from(pickBatches).where(eq(pickBatches.id, s.b2.id))
    expect(batch).toMatchObject({ status: 'open', assigneeId: null, startedAt: null })
    // directed work offers it again (§19.4)
    const next = await post(operator2, '/workforce/tasks/next/', { types: ['pick'] })
    expect(next.statusCode, next.body).toBe(200)

    // a batch with a stop done stays in progress, nobody's
    const stops = await s.stopsOf(s.b1.id)
    await post(operator, `/workforce/tasks/${stops[0].id}/start/`)
    await post(operator, `/workforce/tasks/${stops[0].id}/done/`)
    const back = await post(admin, `/shipping/batches/${s.b1.id}/assign/`, { command_id: randomUUID(), user: null })
    expect(back.json()).toMatchObject({ batch: { status: 'in_progress', assignee: null } })
    expect((await s.stopsOf(s.b1.id)).map((x) => [x.status, x.assigneeId])).toEqual([
      ['done', ids.operator],
      ['open', null],
      ['open', null],
      ['open', null],
    ])
  })

  it('refuses a batch done, an unknown or other company\'s user and an inactive one, with message codes', async () => {
    const s = await released()
    const acmeUser = await post(admin, `/shipping/batches/${s.b1.id}/assign/`, { command_id: randomUUID(), user: ids['acme.operator'] })
    expect(acmeUser.statusCode).toBe(400)
    expect(acmeUser.json()).toMatchObject({ user: [`Invalid pk "${ids['acme.operator']}" - object does not exist.`], codes: { user: [{ code: 'does_not_exist' }] } })
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, ids.operator3))
    try {
      const inactive = await post(admin, `/shipping/batches/${s.b1.id}/assign/`, { command_id: randomUUID(), user: ids.operator3 })
      expect(inactive.statusCode).toBe(400)
      expect(inactive.json()).toMatchObject({ user: ['User operator3 is inactive: a batch goes to an active user.'], codes: { user: [{ code: 'shipping_batch_assign_inactive', params: { user: 'operator3' } }] } })
    } finally {
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, ids.operator3))
    }
    expect((await post(admin, `/shipping/batches/${s.b1.id}/assign/`, { command_id: 'x', user: ids.operator })).statusCode).toBe(400)
    expect((await post(admin, '/shipping/batches/999999/assign/', { command_id: randomUUID(), user: ids.operator })).statusCode).toBe(404)
    await t.database.db.update(pickBatches).set({ status: 'done' }).where(eq(pickBatches.id, s.b1.id))
    const done = await post(admin, `/shipping/batches/${s.b1.id}/assign/`, { command_id: randomUUID(), user: ids.operator })
    expect(done.statusCode).toBe(409)
    expect(done.json()).toMatchObject({ code: 'shipping_batch_assign_status', params: { batch: s.b1.code, status: 'done' } })
    // nothing moved
    expect((await s.stopsOf(s.b1.id)).every((x) => x.assigneeId === null)).toBe(true)
    expect(await t.database.db.select().from(orderReservations).where(eq(orderReservations.batchId, s.b1.id))).toHaveLength(4)
  })
})
