import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tasks } from '../../db/schema/tasks'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'

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

  it('two operators starting one task at once: one wins', async () => {
    const id = await newTask('open')
    const results = await Promise.all([act(operator, id, 'start'), act(operator2, id, 'start'), act(operator, id, 'start')])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409])
  })
})
