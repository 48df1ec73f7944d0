import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations, warehouses } from '../../db/schema/core'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import type { NextTask } from '../../../contracts/tasks/tasks.contract'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { createTask } from './tasks.service'

const kinds = await databaseKinds()

/**
 * 'Próxima tarefa' (SPEC 19.4) on a warehouse of its own: three aisles of ten bays (aisle pitch 3 m, bay 1.2 m) with a
 * dock in front of aisle 1, so the walk is known; each test closes what the previous one left.
 */
describe.each(kinds)('the next task on %s', (kind) => {
  let t: TestApp
  let warehouseId: number
  let otherWarehouseId: number
  const loc = new Map<string, number>()
  const operators: { id: number; username: string; token: string }[] = []
  let supervisor: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    const db = t.database.db
    const companyId = t.seed.companyId
    const [site] = await db.execute<{ site_id: number }>(sql`select site_id from warehouses where company_id = ${companyId} limit 1`).then((r) => r.rows)
    const made = await db
      .insert(warehouses)
      .values([
        { companyId, siteId: site.site_id, code: 'WNT', name: 'Next task' },
        { companyId, siteId: site.site_id, code: 'WNT2', name: 'Next task 2' },
      ])
      .returning({ id: warehouses.id })
    warehouseId = made[0].id
    otherWarehouseId = made[1].id
    const rows: (typeof locations.$inferInsert)[] = [{ companyId, warehouseId, code: 'NT-DOCK', kind: 'dock', x: 0, y: -2 }]
    for (let aisle = 1; aisle <= 3; aisle++)
      for (let bay = 1; bay <= 10; bay++)
        rows.push({ companyId, warehouseId, code: `NT${aisle}-${String(bay).padStart(2, '0')}`, aisle, bay, level: 1, x: aisle * 3, y: bay * 1.2 })
    rows.push({ companyId, warehouseId: otherWarehouseId, code: 'NT-ELSEWHERE', aisle: 1, bay: 1, level: 1, x: 3, y: 1.2 })
    for (const r of await db.insert(locations).values(rows).returning({ id: locations.id, code: locations.code })) loc.set(r.code, r.id)
    // twenty operators beside the demo's, with the demo operator's password
    const [op] = await db.select().from(users).where(eq(users.username, 'operator'))
    const made2 = await db
      .insert(users)
      .values(Array.from({ length: 20 }, (_, i) => ({ companyId, username: `nt-op${i + 1}`, passwordHash: op.passwordHash, role: 'operator' as const, defaultWarehouseId: warehouseId })))
      .returning({ id: users.id, username: users.username })
    for (const u of made2) operators.push({ ...u, token: (await t.login(u.username)).access })
    supervisor = (await t.login('supervisor')).access
  })
  afterAll(async () => {
    await t?.close()
  })

  const reset = () =>
    t.database.db
      .update(tasks)
      .set({ status: 'cancelled' })
      .where(and(inArray(tasks.warehouseId, [warehouseId, otherWarehouseId]), inArray(tasks.status, ['open', 'pending', 'in_progress'])))
  const newTask = (code: string, over: { type?: 'pick' | 'count' | 'putaway' | 'exception'; priority?: number; dueAt?: Date | null; batchId?: number | null; warehouse?: number } = {}) =>
    createTask(t.database.db, {
      companyId: t.seed.companyId,
      warehouseId: over.warehouse ?? warehouseId,
      type: over.type ?? 'pick',
      locationId: loc.get(code) as number,
      qty: '1',
      reference: `NT-${randomUUID().slice(0, 8)}`,
      priority: over.priority ?? 0,
      dueAt: over.dueAt ?? null,
      batchId: over.batchId ?? null,
    })
  const next = (token: string, body?: Record<string, unknown>) => t.as(token, { method: 'POST', url: '/api/workforce/tasks/next/', ...(body ? { payload: body } : {}) })
  const nextOk = async (token: string, body?: Record<string, unknown>) => {
    const res = await next(token, body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as NextTask
  }

  it('takes the highest priority, then the earliest due, then the nearest, then the oldest; assigns it; answers it again while held', async () => {
    await reset()
    const [a, b] = operators
    const far = await newTask('NT3-10')
    const near = await newTask('NT1-02')
    // priority beats distance and due time
    const urgent = await newTask('NT3-09', { priority: 5, dueAt: new Date(Date.now() + 3_600_000) })
    const first = await nextOk(a.token)
    expect(first).toMatchObject({ task: { id: urgent, assignee: { id: a.id }, status: 'open', priority: 5 }, batch: null, resumed: false })
    // asked again while held: the same task, resumed
    expect(await nextOk(a.token)).toMatchObject({ task: { id: urgent }, resumed: true })
    // an earlier due time beats distance at equal priority
    const dueSoon = await newTask('NT3-08', { dueAt: new Date(Date.now() + 600_000) })
    expect((await nextOk(b.token)).task.id).toBe(dueSoon)
    // at equal priority and due: the nearest to the operator's scanned location, metres over the layout
    const c = operators[2]
    const fromFront = await nextOk(c.token, { location: 'NT1-01' })
    expect(fromFront.task.id).toBe(near)
    expect(fromFront.distance_m).toBeCloseTo(1.2, 5)
    const d = operators[3]
    expect((await nextOk(d.token, { location: loc.get('NT3-10') })).task.id).toBe(far)
    // nothing left for a fifth operator
    expect((await next(operators[4].token)).statusCode).toBe(204)
    const rows = await t.database.db.select({ id: tasks.id, assigneeId: tasks.assigneeId, status: tasks.status }).from(tasks).where(inArray(tasks.id, [far, near, urgent, dueSoon]))
    expect(new Map(rows.map((r) => [r.id, r.assigneeId]))).toEqual(new Map([[urgent, a.id], [dueSoon, b.id], [near, c.id], [far, d.id]]))
    expect(rows.every((r) => r.status === 'open')).toBe(true)
  })

  it('measures from where the operator last finished a task when no location is sent, and starts from the dock otherwise', async () => {
    await reset()
    const op = operators[5]
    // from the dock (in front of aisle 1), the task in aisle 1 is nearer than the one in aisle 3
    const a1 = await newTask('NT1-05')
    const a3 = await newTask('NT3-01')
    const fromDock = await nextOk(op.token)
    expect(fromDock.task.id).toBe(a1)
    expect((await t.as(op.token, { method: 'POST', url: `/api/workforce/tasks/${a1}/done/` })).statusCode).toBe(200)
    expect(a3).toBeGreaterThan(a1)
    // standing at NT1-05 now: aisle 1's far end is nearer than aisle 2's front, which is the nearer from the dock
    await reset()
    const far1 = await newTask('NT1-10')
    const front2 = await newTask('NT2-01')
    const other = operators[12]
    expect((await nextOk(other.token)).task.id).toBe(front2)
    await reset()
    const far1b = await newTask('NT1-10')
    await newTask('NT2-01')
    const fromLast = await nextOk(op.token)
    expect(fromLast.task.id).toBe(far1b)
    expect(fromLast.distance_m).toBeCloseTo(6, 5)
    expect(far1).toBeLessThan(far1b)
  })

  it('brings a pick batch whole, in path order, and never splits it between two operators', async () => {
    await reset()
    const batch = 900_000 + Math.floor(Math.random() * 10_000)
    const stops = [await newTask('NT2-01', { batchId: batch }), await newTask('NT2-05', { batchId: batch }), await newTask('NT3-02', { batchId: batch })]
    const single = await newTask('NT2-02')
    const [a, b] = [operators[6], operators[7]]
    const [ra, rb] = await Promise.all([nextOk(a.token, { location: 'NT2-01' }), nextOk(b.token, { location: 'NT2-01' })])
    const withBatch = ra.batch ? ra : rb
    const other = ra.batch ? rb : ra
    expect(withBatch.batch?.id).toBe(batch)
    expect(withBatch.batch?.tasks.map((x) => x.id)).toEqual(stops)
    expect(withBatch.task.id).toBe(stops[0])
    expect(other.task.id).toBe(single)
    const owners = await t.database.db.select({ assigneeId: tasks.assigneeId }).from(tasks).where(eq(tasks.batchId, batch))
    expect(new Set(owners.map((o) => o.assigneeId)).size).toBe(1)
  })

  it('twenty operators asking at once never get the same task, and each gets one while any is left', async () => {
    await reset()
    const made: number[] = []
    for (let i = 0; i < 15; i++) made.push(await newTask(`NT${(i % 3) + 1}-${String((i % 10) + 1).padStart(2, '0')}`, { priority: i % 2 }))
    const answers = await Promise.all(operators.map((op) => next(op.token, { location: 'NT1-01' })))
    const given = answers.filter((r) => r.statusCode === 200).map((r) => (r.json() as NextTask).task.id)
    expect(answers.filter((r) => r.statusCode === 204)).toHaveLength(5)
    expect(given).toHaveLength(15)
    expect(new Set(given).size).toBe(15)
    expect(new Set(given)).toEqual(new Set(made))
    const rows = await t.database.db.select({ id: tasks.id, assigneeId: tasks.assigneeId }).from(tasks).where(inArray(tasks.id, made))
    expect(new Set(rows.map((r) => r.assigneeId)).size).toBe(15)
  })

  it('keeps to the warehouse and the kinds asked for; never directs exceptions; refuses an unknown warehouse or location', async () => {
    await reset()
    const op = operators[8]
    await newTask('NT-ELSEWHERE', { warehouse: otherWarehouseId })
    await newTask('NT1-01', { type: 'exception' })
    const count = await newTask('NT1-03', { type: 'count' })
    const pick = await newTask('NT1-02', { type: 'pick' })
    expect((await nextOk(op.token, { types: ['count'] })).task.id).toBe(count)
    expect((await nextOk(operators[9].token, { types: ['pick', 'putaway'] })).task.id).toBe(pick)
    // only the exception and the other warehouse's task are left: nothing for this warehouse
    expect((await next(operators[10].token)).statusCode).toBe(204)
    expect((await nextOk(operators[10].token, { warehouse: otherWarehouseId })).task.location?.code).toBe('NT-ELSEWHERE')
    const badWarehouse = await next(op.token, { warehouse: 999_999 })
    expect(badWarehouse.statusCode).toBe(400)
    expect(badWarehouse.json()).toMatchObject({ warehouse: [expect.any(String)], codes: { warehouse: [{ code: 'does_not_exist' }] } })
    const badLocation = await next(operators[11].token, { location: 'NO-SUCH-PLACE' })
    expect(badLocation.statusCode).toBe(400)
    expect(badLocation.json()).toMatchObject({ location: [expect.any(String)], codes: { location: [{ code: 'task_take_no_location' }] } })
    const badType = await next(op.token, { types: ['exception'] })
    expect(badType.statusCode).toBe(400)
    expect(Object.keys(badType.json()).some((k) => k.startsWith('types'))).toBe(true)
    // a supervisor's list shows who holds what
    const listed = await t.as(supervisor, { method: 'GET', url: `/api/workforce/tasks/${count}/` })
    expect(listed.json()).toMatchObject({ assignee: { id: op.id }, priority: 0, due_at: null, batch: null })
  })
})
