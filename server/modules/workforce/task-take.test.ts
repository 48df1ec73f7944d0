import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations } from '../../db/schema/core'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { assignTask, createTask } from './tasks.service'

const kinds = await databaseKinds()

type TaskBody = { id: number; type: string; status: string; location: { id: number; code: string } | null; assignee: { id: number; username: string } | null; reference: string }
type Refusal = { detail: string; code?: string; params?: Record<string, string>; assignee?: string[]; codes?: Record<string, { code: string }[]> }

describe.each(kinds)('taking a free task by its location, and tasks offered to all but one, on %s', (kind) => {
  let t: TestApp
  let operator: string
  let operator2: string
  let supervisor: string
  let operatorId: number
  let operator2Id: number
  // each test gets its own location, free of any other task
  const freeLocations: { id: number; code: string; warehouseId: number }[] = []

  beforeAll(async () => {
    t = await createTestApp(kind)
    operator = (await t.login('operator')).access
    operator2 = (await t.login('operator2')).access
    supervisor = (await t.login('supervisor')).access
    const db = t.database.db
    const ids = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, ['operator', 'operator2']))
    operatorId = ids.find((u) => u.username === 'operator')!.id
    operator2Id = ids.find((u) => u.username === 'operator2')!.id
    const locs = await db
      .select({ id: locations.id, code: locations.code, warehouseId: locations.warehouseId })
      .from(locations)
      .where(eq(locations.companyId, t.seed.companyId))
      .orderBy(locations.code)
      .limit(8)
    expect(locs.length).toBe(8)
    // the demo's own tasks there are closed, so each test knows every free task at its location
    await db.update(tasks).set({ status: 'cancelled' }).where(inArray(tasks.locationId, locs.map((l) => l.id)))
    freeLocations.push(...locs)
  })
  afterAll(async () => {
    await t?.close()
  })

  const newTask = (location: { id: number; warehouseId: number }, over: { type?: 'count' | 'pick'; reference?: string; excludedUserId?: number | null } = {}) =>
    createTask(t.database.db, {
      companyId: t.seed.companyId,
      warehouseId: location.warehouseId,
      type: over.type ?? 'count',
      locationId: location.id,
      reference: over.reference ?? `TAKE-${randomUUID().slice(0, 8)}`,
      excludedUserId: over.excludedUserId ?? null,
    })
  const take = (token: string, body: Record<string, unknown>) => t.as(token, { method: 'POST', url: '/api/workforce/tasks/take/', payload: body })
  const freeList = async (token: string, search: string) => {
    const res = await t.as(token, { method: 'GET', url: `/api/workforce/tasks/?assignee=none&status=open,pending&page_size=100&search=${encodeURIComponent(search)}` })
    expect(res.statusCode).toBe(200)
    return (res.json() as { results: TaskBody[] }).results
  }

  it('assigns the caller the oldest free task at a scanned location, of the given type, in the task list shape', async () => {
    const loc = freeLocations[0]
    const oldest = await newTask(loc, { type: 'count', reference: 'TAKE-OLDEST' })
    const pick = await newTask(loc, { type: 'pick', reference: 'TAKE-PICK' })
    const younger = await newTask(loc, { type: 'count', reference: 'TAKE-YOUNGER' })
    // the oldest of the given type
    const byType = await take(operator, { location: loc.code, type: 'pick' })
    expect(byType.statusCode, byType.body).toBe(200)
    expect(byType.json()).toMatchObject({ id: pick, type: 'pick', status: 'open', location: { id: loc.id, code: loc.code }, assignee: { id: operatorId, username: 'operator' } })
    const listed = await t.as(operator, { method: 'GET', url: `/api/workforce/tasks/${pick}/` })
    expect(Object.keys(byType.json()).sort()).toEqual(Object.keys(listed.json()).sort())
    // by code, then by id: the oldest first
    const first = await take(operator2, { location: loc.code })
    expect(first.json()).toMatchObject({ id: oldest, assignee: { username: 'operator2' } })
    const second = await take(operator, { location: loc.id })
    expect(second.json()).toMatchObject({ id: younger, assignee: { username: 'operator' } })
    // nothing free is left: 404, coded
    const none = await take(operator, { location: loc.code })
    expect(none.statusCode).toBe(404)
    expect(none.json()).toMatchObject({ code: 'task_take_none_free', params: { location: loc.code } })
    const noneOfType = await take(operator, { location: loc.code, type: 'count' })
    expect(noneOfType.json()).toMatchObject({ code: 'task_take_none_free_type', params: { location: loc.code } })
  })

  it('refuses an unknown location, another company’s location and bad input clearly, never a 5xx', async () => {
    const unknown = await take(operator, { location: 'NO-SUCH-LOC' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'task_take_no_location', params: { code: 'NO-SUCH-LOC' } })
    const [acmeLoc] = await t.database.db.select({ id: locations.id, code: locations.code }).from(locations).where(eq(locations.companyId, t.seed.otherCompanyId)).limit(1)
    expect((await take(operator, { location: acmeLoc.id })).json()).toMatchObject({ code: 'print_no_location' })
    for (const body of [{}, { location: '' }, { location: -3 }, { location: 1.5 }, { location: 99_999_999_999 }, { location: 'A'.repeat(101) }, { location: ['A'] }, { location: 'X', command_id: 'nope' }]) {
      const res = await take(operator, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/workforce/tasks/take/', payload: { location: 'A' } })).statusCode).toBe(401)
  })

  it('a command_id sent again answers the first result and takes nothing more', async () => {
    const loc = freeLocations[1]
    const a = await newTask(loc)
    const b = await newTask(loc)
    const command_id = randomUUID()
    const first = await take(operator, { location: loc.code, command_id })
    const again = await take(operator, { location: loc.code, command_id })
    expect(first.json()).toMatchObject({ id: a })
    expect(again.json()).toMatchObject({ id: a })
    const [left] = await t.database.db.select({ assigneeId: tasks.assigneeId }).from(tasks).where(eq(tasks.id, b))
    expect(left.assigneeId).toBeNull()
  })

  it('two operators scanning the same location at once: one gets its one free task, the other is told it is gone', async () => {
    const loc = freeLocations[2]
    const only = await newTask(loc)
    const answers = await Promise.all([operator, operator2, operator, operator2, operator, operator2].map((token) => take(token, { location: loc.code })))
    const won = answers.filter((r) => r.statusCode === 200)
    expect(won).toHaveLength(1)
    expect(won[0].json()).toMatchObject({ id: only })
    for (const lost of answers.filter((r) => r.statusCode !== 200)) {
      expect([404, 409]).toContain(lost.statusCode)
      expect((lost.json() as Refusal).code).toMatch(/^task_take_(none_free|taken)$/)
    }
    const [row] = await t.database.db.select({ assigneeId: tasks.assigneeId }).from(tasks).where(eq(tasks.id, only))
    expect([operatorId, operator2Id]).toContain(row.assigneeId)
  })

  it('three free tasks and six operators at once: three winners, three different tasks', async () => {
    const loc = freeLocations[3]
    const ids = [await newTask(loc), await newTask(loc), await newTask(loc)]
    const answers = await Promise.all([operator, operator2, operator, operator2, operator, operator2].map((token) => take(token, { location: loc.code })))
    const won = answers.filter((r) => r.statusCode === 200).map((r) => (r.json() as TaskBody).id)
    expect(won.sort((x, y) => x - y)).toEqual(ids)
    const free = await t.database.db.$count(tasks, and(eq(tasks.locationId, loc.id), isNull(tasks.assigneeId)))
    expect(free).toBe(0)
  })

  it.skipIf(kind !== 'postgres')('the free task taken while the scan waits for it: 409 task_take_taken', async () => {
    const loc = freeLocations[4]
    const id = await newTask(loc)
    const db = t.database.db
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let held!: () => void
    const holding = new Promise<void>((resolve) => (held = resolve))
    // another server process assigns the task and has not committed yet
    const other = db.transaction(async (tx) => {
      await tx.update(tasks).set({ assigneeId: operator2Id }).where(eq(tasks.id, id))
      held()
      await gate
    })
    await holding
    const scan = take(operator, { location: loc.code })
    // the scan's UPDATE waits for the other transaction's row lock
    for (;;) {
      const waiting = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)
      if (Number(waiting.rows[0].n) > 0) break
      await new Promise((resolve) => setImmediate(resolve))
    }
    release()
    await other
    const res = await scan
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json()).toMatchObject({ code: 'task_take_taken', params: { location: loc.code } })
  })

  it('a task offered to all but one operator: not free to that one, who can neither take, start, finish nor be assigned it', async () => {
    const loc = freeLocations[5]
    const recount = await newTask(loc, { reference: 'TAKE-RECOUNT', excludedUserId: operatorId })
    // listed as free to others, not to the excluded operator
    expect((await freeList(operator2, 'TAKE-RECOUNT')).map((r) => r.id)).toEqual([recount])
    expect((await freeList(supervisor, 'TAKE-RECOUNT')).map((r) => r.id)).toEqual([recount])
    expect(await freeList(operator, 'TAKE-RECOUNT')).toEqual([])
    // the handheld's offline cache does not offer it to them either
    const cache = await t.as(operator, { method: 'GET', url: '/api/workforce/handheld/cache/' })
    expect((cache.json() as { tasks: TaskBody[] }).tasks.map((r) => r.id)).not.toContain(recount)
    const cache2 = await t.as(operator2, { method: 'GET', url: '/api/workforce/handheld/cache/' })
    expect((cache2.json() as { tasks: TaskBody[] }).tasks.map((r) => r.id)).toContain(recount)
    // taking by scanning its location: there is nothing free for them there
    const scanned = await take(operator, { location: loc.code })
    expect(scanned.statusCode).toBe(404)
    expect(scanned.json()).toMatchObject({ code: 'task_take_none_free' })
    // starting or finishing it by id: 409, coded, naming them
    for (const action of ['start', 'done']) {
      const res = await t.as(operator, { method: 'POST', url: `/api/workforce/tasks/${recount}/${action}/` })
      expect(res.statusCode, action).toBe(409)
      expect(res.json()).toMatchObject({ code: 'task_excluded_user', params: { user: 'operator' } })
    }
    // assigning it to them: 400 on the assignee, coded
    await expect(assignTask(t.database.db, t.seed.companyId, recount, operatorId)).rejects.toMatchObject({
      statusCode: 400,
      body: { assignee: [expect.stringMatching(/every operator but operator/)] },
    })
    const [row] = await t.database.db.select({ assigneeId: tasks.assigneeId, status: tasks.status }).from(tasks).where(eq(tasks.id, recount))
    expect(row).toEqual({ assigneeId: null, status: 'open' })
    // the database refuses it too
    await expect(t.database.db.update(tasks).set({ assigneeId: operatorId }).where(eq(tasks.id, recount))).rejects.toThrow()
    // anyone else takes it by scanning
    const other = await take(operator2, { location: loc.code })
    expect(other.json()).toMatchObject({ id: recount, assignee: { username: 'operator2' } })
    expect((await t.as(operator2, { method: 'POST', url: `/api/workforce/tasks/${recount}/start/` })).statusCode).toBe(200)
  })

  it('the excluded operator is skipped for the next free task at the location, and assigning to others works', async () => {
    const loc = freeLocations[6]
    const notForOperator = await newTask(loc, { excludedUserId: operatorId })
    const forAnyone = await newTask(loc)
    expect((await take(operator, { location: loc.code })).json()).toMatchObject({ id: forAnyone, assignee: { username: 'operator' } })
    await assignTask(t.database.db, t.seed.companyId, notForOperator, operator2Id)
    const [row] = await t.database.db.select({ assigneeId: tasks.assigneeId }).from(tasks).where(eq(tasks.id, notForOperator))
    expect(row.assigneeId).toBe(operator2Id)
  })
})
