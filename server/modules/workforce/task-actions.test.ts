import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { assignTask, cancelTasks, countNotDone, createTask } from './tasks.service'

const kinds = await databaseKinds()

describe.each(kinds)('task start/done on %s', (kind) => {
  let t: TestApp
  let operator: string
  let operator2: string
  beforeAll(async () => {
    t = await createTestApp(kind)
    operator = (await t.login('operator')).access
    operator2 = (await t.login('operator2')).access
  })
  afterAll(async () => {
    await t?.close()
  })

  const newTask = async (status: 'open' | 'pending' | 'in_progress' | 'done' | 'cancelled' = 'open', companyId = t.seed.companyId) => {
    const [row] = await t.database.db.insert(tasks).values({ companyId, type: 'pick', status, qty: '2', reference: `T-${kind}` }).returning({ id: tasks.id })
    return row.id
  }
  const act = (token: string, id: number, action: 'start' | 'done') => t.as(token, { method: 'POST', url: `/api/workforce/tasks/${id}/${action}/` })

  it('open → in_progress → done, by an operator, with assignee and times', async () => {
    const id = await newTask('open')
    const started = await act(operator, id, 'start')
    expect(started.statusCode, started.body).toBe(200)
    expect(started.json()).toMatchObject({ id, status: 'in_progress', assignee: { username: 'operator' }, started_at: expect.any(String), finished_at: null, qty: '2.000' })
    const again = await act(operator2, id, 'start')
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ detail: expect.stringMatching(/in_progress/), status: 'in_progress' })
    const done = await act(operator, id, 'done')
    expect(done.statusCode).toBe(200)
    expect(done.json()).toMatchObject({ status: 'done', finished_at: expect.any(String), assignee: { username: 'operator' } })
    expect((await act(operator, id, 'done')).statusCode).toBe(409)
    expect((await act(operator, id, 'start')).statusCode).toBe(409)
    // the task list shows it done, and the daily series counts it today
    const listed = await t.as(operator, { method: 'GET', url: `/api/workforce/tasks/${id}/` })
    expect(listed.json()).toMatchObject({ status: 'done' })
  })

  it('pending starts; open finishes directly; cancelled and done do neither', async () => {
    const pending = await newTask('pending')
    expect((await act(operator2, pending, 'start')).json()).toMatchObject({ status: 'in_progress', assignee: { username: 'operator2' } })
    const open = await newTask('open')
    const direct = await act(operator2, open, 'done')
    expect(direct.json()).toMatchObject({ status: 'done', assignee: { username: 'operator2' }, started_at: expect.any(String), finished_at: expect.any(String) })
    const cancelled = await newTask('cancelled')
    expect((await act(operator, cancelled, 'start')).statusCode).toBe(409)
    expect((await act(operator, cancelled, 'done')).statusCode).toBe(409)
    const pendingDone = await newTask('pending')
    expect((await act(operator, pendingDone, 'done')).statusCode).toBe(409)
  })

  it("answers 404 for an unknown task and another company's, 401 without a token", async () => {
    expect((await act(operator, 99_999_999, 'start')).statusCode).toBe(404)
    const acmeTask = await newTask('open', t.seed.otherCompanyId)
    expect((await act(operator, acmeTask, 'start')).statusCode).toBe(404)
    expect((await act(operator, acmeTask, 'done')).statusCode).toBe(404)
    const [row] = await t.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, acmeTask))
    expect(row.status).toBe('open')
    expect((await t.app.inject({ method: 'POST', url: `/api/workforce/tasks/${acmeTask}/start/` })).statusCode).toBe(401)
    expect((await t.as(operator, { method: 'POST', url: '/api/workforce/tasks/abc/start/' })).statusCode).toBe(404)
  })

  // SPEC 13.4: task 1112 of the demo, assigned to a supervisor, was started by an operator and silently became theirs
  it("someone else's task is not taken silently: 409 naming the assignee, then a confirmed take-over, recorded", async () => {
    const supervisorId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'supervisor')))[0].id
    const id = await newTask('open')
    await assignTask(t.database.db, t.seed.companyId, id, supervisorId)
    for (const action of ['start', 'done'] as const) {
      const refused = await act(operator, id, action)
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toMatchObject({ code: 'assigned_to_other', assignee: { id: supervisorId, username: 'supervisor' }, detail: expect.stringMatching(/supervisor/) })
    }
    const [still] = await t.database.db.select({ status: tasks.status, assigneeId: tasks.assigneeId }).from(tasks).where(eq(tasks.id, id))
    expect(still).toEqual({ status: 'open', assigneeId: supervisorId })

    const taken = await t.as(operator, { method: 'POST', url: `/api/workforce/tasks/${id}/start/`, payload: { take_over: true } })
    expect(taken.statusCode, taken.body).toBe(200)
    expect(taken.json()).toMatchObject({ status: 'in_progress', assignee: { username: 'operator' } })
    const history = await t.as(operator, { method: 'GET', url: `/api/audit/?entity=tasks&entity_id=${id}` })
    expect(history.json().results).toEqual([expect.objectContaining({ action: 'update', user: 'operator', note: 'take_over from supervisor' })])
    // the assignee finishing their own task needs no confirmation; an unassigned task neither
    expect((await act(operator, id, 'done')).statusCode).toBe(200)
    expect((await act(operator2, await newTask('open'), 'start')).statusCode).toBe(200)
    expect((await t.as(operator, { method: 'POST', url: `/api/workforce/tasks/${id}/start/`, payload: { take_over: 'yes' } })).statusCode).toBe(400)
  })

  it('two operators starting one task at once: one wins', async () => {
    const id = await newTask('open')
    const results = await Promise.all([act(operator, id, 'start'), act(operator2, id, 'start'), act(operator, id, 'start')])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409])
  })
  // ADR 0009: the tasks service is the one writer of `tasks`; copack, receiving and shipping call it
  describe('the tasks service', () => {
    const read = async (id: number) => (await t.database.db.select().from(tasks).where(eq(tasks.id, id)))[0]
    const userId = async (username: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id

    it('creates an open task, or one already done by someone (started and finished now)', async () => {
      const open = await createTask(t.database.db, { companyId: t.seed.companyId, warehouseId: null, type: 'putaway', qty: '3', reference: `S-${kind}` })
      expect(await read(open)).toMatchObject({ status: 'open', type: 'putaway', assigneeId: null, qty: '3.000', reference: `S-${kind}`, startedAt: null, finishedAt: null })
      const by = await userId('operator')
      const done = await createTask(t.database.db, { companyId: t.seed.companyId, warehouseId: null, type: 'pick', status: 'done', assigneeId: by })
      expect(await read(done)).toMatchObject({ status: 'done', assigneeId: by, reference: '', startedAt: expect.any(Date), finishedAt: expect.any(Date) })
    })

    it('assigns an unfinished task of the company, and refuses a finished one (409) or another company’s (404)', async () => {
      const by = await userId('operator2')
      const id = await newTask('pending')
      await assignTask(t.database.db, t.seed.companyId, id, by)
      expect((await read(id)).assigneeId).toBe(by)
      await assignTask(t.database.db, t.seed.companyId, id, null)
      expect((await read(id)).assigneeId).toBeNull()
      const done = await newTask('done')
      await expect(assignTask(t.database.db, t.seed.companyId, done, by)).rejects.toMatchObject({ statusCode: 409, body: { status: 'done' } })
      const acme = await newTask('open', t.seed.otherCompanyId)
      await expect(assignTask(t.database.db, t.seed.companyId, acme, by)).rejects.toMatchObject({ statusCode: 404 })
      expect((await read(acme)).assigneeId).toBeNull()
    })

    it('cancels only the unfinished tasks it is given and counts those not done', async () => {
      const [open, running, done, other] = [await newTask('open'), await newTask('in_progress'), await newTask('done'), await newTask('open')]
      expect(await countNotDone(t.database.db, [open, running, done])).toBe(2)
      await cancelTasks(t.database.db, [open, running, done])
      expect((await read(open)).status).toBe('cancelled')
      expect((await read(running)).finishedAt).toEqual(expect.any(Date))
      expect((await read(done)).status).toBe('done')
      expect((await read(other)).status).toBe('open')
      expect(await countNotDone(t.database.db, [open, running, done])).toBe(2)
      expect(await countNotDone(t.database.db, [done])).toBe(0)
      expect(await countNotDone(t.database.db, [])).toBe(0)
    })
  })
})
