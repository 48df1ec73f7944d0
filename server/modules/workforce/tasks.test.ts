import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { stockLines } from '../../db/schema/inventory'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import { equipments } from '../../db/schema/workforce'

const kinds = await databaseKinds()

type Task = { id: number; type: string; status: string; assignee: { id: number; username: string } | null; created_at: string; finished_at: string | null; reference: string }
type Page = { count: number; next: string | null; results: Task[] }

describe.each(kinds)('tasks, metrics and dashboard on %s', (kind) => {
  let t: TestApp
  let token: string
  let acmeToken: string
  let adminId: number
  const get = async <T = Page>(url: string, as = token) => {
    const res = await t.as(as, { method: 'GET', url })
    return { status: res.statusCode, body: res.json() as T }
  }
  const countTasks = (where?: ReturnType<typeof and>) => t.database.db.$count(tasks, and(eq(tasks.companyId, t.seed.companyId), where))

  beforeAll(async () => {
    t = await createTestApp(kind)
    token = (await t.login('admin')).access
    acmeToken = (await t.login('acme.admin')).access
    ;[{ id: adminId }] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
    await t.database.db.insert(tasks).values([
      { companyId: t.seed.companyId, type: 'count', status: 'in_progress', assigneeId: adminId, reference: 'MINE-1', startedAt: new Date() },
      { companyId: t.seed.companyId, type: 'count', status: 'open', assigneeId: adminId, reference: 'MINE-2' },
    ])
  })
  afterAll(async () => {
    await t?.close()
  })

  it('lists tasks paged, newest first, in the documented shape', async () => {
    const { status, body } = await get('/api/workforce/tasks/?page_size=5')
    expect(status).toBe(200)
    expect(body.count).toBe(await countTasks())
    expect(body.count).toBeGreaterThan(500)
    expect(body.results).toHaveLength(5)
    const times = body.results.map((r) => r.created_at)
    expect([...times].sort().reverse()).toEqual(times)
    expect(Object.keys(body.results[0]).sort()).toEqual(['assignee', 'batch', 'created_at', 'due_at', 'finished_at', 'id', 'location', 'priority', 'product', 'qty', 'reference', 'short_qty', 'started_at', 'status', 'type', 'waiting', 'waits_for', 'warehouse'])
    const asc = await get('/api/workforce/tasks/?page_size=5&ordering=created_at')
    expect(asc.body.results.map((r) => r.created_at)).toEqual(asc.body.results.map((r) => r.created_at).sort())
    expect((await get('/api/workforce/tasks/?ordering=nope')).status).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: '/api/workforce/tasks/' })).statusCode).toBe(401)
  })

  it('filters by status (one or a comma list), is_closed, type and assignee', async () => {
    for (const s of ['open', 'pending', 'in_progress', 'done', 'cancelled'] as const) {
      const { body } = await get(`/api/workforce/tasks/?page_size=1&status=${s}`)
      expect(body.count, s).toBe(await countTasks(eq(tasks.status, s)))
    }
    const two = await get('/api/workforce/tasks/?page_size=100&status=open,pending')
    expect(two.body.count).toBe(await countTasks(inArray(tasks.status, ['open', 'pending'])))
    expect(two.body.results.every((r) => r.status === 'open' || r.status === 'pending')).toBe(true)
    const notClosed = await get('/api/workforce/tasks/?page_size=1&is_closed=false')
    expect(notClosed.body.count).toBe(await countTasks(notInArray(tasks.status, ['done', 'cancelled'])))
    expect((await get('/api/workforce/tasks/?page_size=1&is_closed=true')).body.count).toBe(await countTasks(inArray(tasks.status, ['done', 'cancelled'])))
    const bad = await get<Record<string, string[]>>('/api/workforce/tasks/?status=open,weird')
    expect(bad.status).toBe(400)
    expect(bad.body.status[0]).toMatch(/weird/)
    const mine = await get('/api/workforce/tasks/?assignee=me&status=open,in_progress&page_size=100')
    expect(mine.body.results.every((r) => r.assignee?.id === adminId)).toBe(true)
    expect(mine.body.results.map((r) => r.reference).sort()).toEqual(expect.arrayContaining(['MINE-1', 'MINE-2']))
    expect((await get(`/api/workforce/tasks/?assignee=${adminId}&page_size=1`)).body.count).toBe(await countTasks(eq(tasks.assigneeId, adminId)))
    expect((await get('/api/workforce/tasks/?assignee=bogus')).status).toBe(400)
    const counts = await get('/api/workforce/tasks/?type=count&page_size=100')
    expect(counts.body.results.every((r) => r.type === 'count')).toBe(true)
    expect((await get('/api/workforce/tasks/?search=MINE-2')).body.results.map((r) => r.reference)).toEqual(['MINE-2'])
  })

  it('answers a task by id, and another company’s id is a 404', async () => {
    const [acmeTask] = await t.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.companyId, t.seed.otherCompanyId)).limit(1)
    const [ownTask] = await t.database.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.companyId, t.seed.companyId)).limit(1)
    expect((await get<Task>(`/api/workforce/tasks/${ownTask.id}/`)).body.id).toBe(ownTask.id)
    expect((await get(`/api/workforce/tasks/${acmeTask.id}/`)).status).toBe(404)
    const acme = await get('/api/workforce/tasks/?page_size=1', acmeToken)
    expect(acme.body.count).toBe(await t.database.db.$count(tasks, eq(tasks.companyId, t.seed.otherCompanyId)))
  })

  it('daily metrics: 14 days by default, up to 90, one point per day ending today, empty days as zeros', async () => {
    const def = await get<{ date: string; done: number; open: number }[]>('/api/workforce/tasks/metrics/daily/')
    expect(def.status).toBe(200)
    expect(def.body).toHaveLength(14)
    const dates = def.body.map((d) => d.date)
    for (let i = 1; i < dates.length; i++) expect(Date.parse(dates[i]) - Date.parse(dates[i - 1])).toBe(86_400_000)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date())
    expect(dates.at(-1)).toBe(today)
    expect(def.body.some((d) => d.done > 0)).toBe(true)
    const ninety = await get<{ date: string; done: number; open: number }[]>('/api/workforce/tasks/metrics/daily?days=90')
    expect(ninety.body).toHaveLength(90)
    // the demo history covers 30 days: the first 50 of 90 days have nothing
    expect(ninety.body.slice(0, 50).every((d) => d.done === 0 && d.open === 0)).toBe(true)
    // every done task finished in the window is counted once
    const doneInWindow = ninety.body.reduce((s, d) => s + d.done, 0)
    expect(doneInWindow).toBe(await countTasks(and(eq(tasks.status, 'done'), sql`${tasks.finishedAt} >= now() - interval '89 days'`)))
    // today's open point is the current backlog (open, pending, in progress)
    expect(ninety.body.at(-1)?.open).toBe(await countTasks(notInArray(tasks.status, ['done', 'cancelled'])))
    for (const bad of ['0', '91', 'abc', '1.5']) expect((await get(`/api/workforce/tasks/metrics/daily/?days=${bad}`)).status, bad).toBe(400)
    const acme = await get<{ done: number }[]>('/api/workforce/tasks/metrics/daily/?days=30', acmeToken)
    expect(acme.body.reduce((s, d) => s + d.done, 0)).toBeLessThan(doneInWindow)
  })

  it('equipment status counts available, busy and down for the company', async () => {
    const { status, body } = await get<Record<string, number>>('/api/workforce/equipment/status/')
    expect(status).toBe(200)
    const db = t.database.db
    for (const s of ['available', 'busy', 'down'] as const) {
      expect(body[s], s).toBe(await db.$count(equipments, and(eq(equipments.companyId, t.seed.companyId), eq(equipments.status, s))))
    }
    const acme = await get<Record<string, number>>('/api/workforce/equipment/status/', acmeToken)
    expect(acme.body.available + acme.body.busy + acme.body.down).toBe(await db.$count(equipments, eq(equipments.companyId, t.seed.otherCompanyId)))
  })

  it('the six dashboard counts answer with page_size=1 (SPEC 2.4, 4)', async () => {
    const db = t.database.db
    const c = t.seed.companyId
    const count = async (url: string) => (await get(url)).body.count
    expect(await count('/api/users/users/?page_size=1')).toBe(await db.$count(users, eq(users.companyId, c)))
    expect(await count('/api/product/products/?page_size=1')).toBe(await db.$count(products, eq(products.companyId, c)))
    expect(await count('/api/inventory/stock/?page_size=1')).toBe(await db.$count(stockLines, eq(stockLines.companyId, c)))
    expect(await count('/api/core/locations/?page_size=1')).toBe(await db.$count(locations, eq(locations.companyId, c)))
    expect(await count('/api/workforce/tasks/?page_size=1&status=open')).toBe(await countTasks(eq(tasks.status, 'open')))
    expect(await count('/api/workforce/tasks/?page_size=1&status=pending')).toBe(await countTasks(eq(tasks.status, 'pending')))
    expect(await count('/api/workforce/tasks/?page_size=1&is_closed=false')).toBeGreaterThan(0)
  })
})
