import { randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pickFaces, replenishments } from '../../db/schema/inventory'
import { tasks } from '../../db/schema/tasks'
import { jobs } from '../../db/schema/jobs'
import { REPLENISHMENT_SWEEP_KIND, runScheduledSweep } from './replenishment-schedule'
import { users } from '../../db/schema/users'
import { removeStock, setStockStatus } from './stock.service'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { ledgerMismatches, processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** docs/requirements.md §20.2: a face below its minimum gets one refill from reserve stock, FEFO, in whole units. */
describe.each(kinds)('replenishment on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let supervisor: string
  let operator: string
  let acmeAdmin: string
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 0 })
    f = await processFixture(t)
    ;[supervisor, operator, acmeAdmin] = await Promise.all(['supervisor', 'operator', 'acme.admin'].map(async (u) => (await t.login(u)).access))
  })
  afterAll(async () => {
    await t?.close()
  })

  const post = (token: string, url: string, payload: object = {}) => t.as(token, { method: 'POST', url: `/api${url}`, payload })

  async function face(productId: number, locationId: number, min: string, max: string, unit = '1') {
    const [row] = await t.database.db
      .insert(pickFaces)
      .values({ companyId: t.seed.companyId, warehouseId: f.warehouseId, locationId, productId, minQty: min, maxQty: max, replenishUnit: unit === '1' ? 'unit' : 'pack', replenishQty: unit })
      .returning({ id: pickFaces.id })
    return row.id
  }
  const refillsOf = (faceId: number) =>
    t.database.db
      .select({ taskId: replenishments.taskId, qty: replenishments.qty, trigger: replenishments.trigger, sourceLineId: replenishments.sourceLineId, status: tasks.status, type: tasks.type, taskQty: tasks.qty, locationId: tasks.locationId })
      .from(replenishments)
      .innerJoin(tasks, eq(tasks.id, replenishments.taskId))
      .where(eq(replenishments.faceId, faceId))

  /**
   * A face (storage 0) of min 5, max 20, refilled in packs of 4, holding 8; in reserve: 3 expiring in 10 days (less
   * than a pack), 50 in 30 days, and earlier stock that is expired (storage 3) or blocked (storage 4).
   */
  async function scenario() {
    const p = await f.product(uniq('RP'))
    const onFace = await f.stock(p, f.storage[0], 8, { lot: 'FACE', expiryDate: inDays(60) })
    const little = await f.stock(p, f.storage[2], 3, { lot: 'LITTLE', expiryDate: inDays(10) })
    const reserve = await f.stock(p, f.storage[1], 50, { lot: 'RES', expiryDate: inDays(30) })
    await f.stock(p, f.storage[3], 50, { lot: 'OLD', expiryDate: '2025-01-01' })
    const blocked = await f.stock(p, f.storage[4], 50, { lot: 'BLK', expiryDate: inDays(5) })
    await setStockStatus(t.database.db, f.actor, { lineId: blocked, status: 'blocked', reason: 'damaged' })
    const faceId = await face(p, f.storage[0], '5', '20', '4')
    return { p, onFace, little, reserve, faceId }
  }

  it('a pick below the minimum creates one refill in the same transaction: FEFO, whole packs, up to the maximum; none twice while it is open', async () => {
    const s = await scenario()
    // 8 → 6: still above the minimum
    await removeStock(t.database.db, f.actor, { lineId: s.onFace, qty: '2', reason: 'pick' })
    expect(await refillsOf(s.faceId)).toEqual([])
    // 6 → 4: below it; 16 (four packs) bring it to 20 from the 50 (the 3 expiring first make no whole pack)
    await removeStock(t.database.db, f.actor, { lineId: s.onFace, qty: '2', reason: 'pick' })
    const [refill, ...more] = await refillsOf(s.faceId)
    expect(more).toEqual([])
    expect(refill).toMatchObject({ type: 'replenishment', status: 'open', qty: '16.000', taskQty: '16.000', trigger: 'min', sourceLineId: s.reserve, locationId: f.storage[1] })
    // another pick while it is open: no second task
    await removeStock(t.database.db, f.actor, { lineId: s.onFace, qty: '1', reason: 'pick' })
    expect(await refillsOf(s.faceId)).toHaveLength(1)
    // while it is open the face keeps its place and product (the task names them); its limits may change
    const moveFace = await t.as(supervisor, { method: 'PATCH', url: `/api/inventory/pick-faces/${s.faceId}/`, payload: { location: f.storage[7] } })
    expect(moveFace.statusCode).toBe(400)
    expect(moveFace.json()).toMatchObject({ location: [`This pick face has a refill under way (task ${refill.taskId}): finish or cancel it first.`], codes: { location: [{ code: 'pick_face_refill_open' }] } })
    expect((await t.as(supervisor, { method: 'PATCH', url: `/api/inventory/pick-faces/${s.faceId}/`, payload: { max_qty: '20' } })).statusCode).toBe(200)
    // once done, the next take below the minimum asks again (3 → 2: 18 is 4 packs plus 2: 16 again)
    expect((await post(supervisor, `/workforce/tasks/${refill.taskId}/done/`)).statusCode).toBe(200)
    await removeStock(t.database.db, f.actor, { lineId: s.onFace, qty: '1', reason: 'pick' })
    const after = await refillsOf(s.faceId)
    expect(after).toHaveLength(2)
    expect(after.find((r) => r.taskId !== refill.taskId)).toMatchObject({ status: 'open', qty: '16.000' })
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
  })

  it('takes the task through directed work like any other (type replenishment)', async () => {
    const s = await scenario()
    await removeStock(t.database.db, f.actor, { lineId: s.onFace, qty: '5', reason: 'pick' })
    const [refill] = await refillsOf(s.faceId)
    const list = await t.as(supervisor, { method: 'GET', url: `/api/workforce/tasks/?type=replenishment&page_size=100` })
    expect(list.statusCode, list.body).toBe(200)
    expect((list.json() as { results: { id: number }[] }).results.map((r) => r.id)).toContain(refill.taskId)
  })

  it('twenty concurrent picks that each take the face lower create exactly one task', async () => {
    const p = await f.product(uniq('RC'))
    const onFace = await Promise.all(Array.from({ length: 20 }, (_, i) => f.stock(p, f.storage[0], 2, { lot: `L${i}`, expiryDate: inDays(90) })))
    await f.stock(p, f.storage[1], 100, { lot: 'RES', expiryDate: inDays(100) })
    const faceId = await face(p, f.storage[0], '30', '40')
    // 40 on the face: each pick takes 1 of its own line, all at once; the face ends at 20, below 30 from the 11th on
    const results = await Promise.allSettled(onFace.map((lineId) => removeStock(t.database.db, f.actor, { lineId, qty: '1', reason: 'pick' })))
    expect(results.filter((r) => r.status === 'rejected')).toEqual([])
    const refills = await refillsOf(faceId)
    expect(refills).toHaveLength(1)
    expect(refills[0]).toMatchObject({ status: 'open', trigger: 'min' })
  })

  it('the sweep refills every face below its minimum once per command_id; none without reserve; supervisors only', async () => {
    const s = await scenario()
    // below the minimum without a take (the face was set up above its stock): only the sweep sees it
    const q = await f.product(uniq('RS'))
    await f.stock(q, f.storage[5], 1, { lot: 'Q' })
    await f.stock(q, f.storage[6], 9, { lot: 'QR' })
    const qFace = await face(q, f.storage[5], '2', '10')
    const empty = await f.product(uniq('RE'))
    const emptyFace = await face(empty, f.storage[7], '2', '10')
    const command_id = randomUUID()
    const res = await post(supervisor, '/inventory/replenishment/run/', { command_id, warehouse: f.warehouseId })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { created: number; tasks: { face: number; qty: string; source: { id: number } }[] }
    const mine = body.tasks.filter((x) => [s.faceId, qFace, emptyFace].includes(x.face))
    // the scenario's face holds 8 (above 5): nothing; q's face 1 < 2: 9 to reach 10 from its reserve; nothing in reserve for the empty one
    expect(mine).toEqual([expect.objectContaining({ face: qFace, qty: '9', source: expect.objectContaining({ id: f.storage[6] }) })])
    const again = await post(supervisor, '/inventory/replenishment/run/', { command_id, warehouse: f.warehouseId })
    expect(again.json()).toEqual(body)
    const second = await post(supervisor, '/inventory/replenishment/run/', { command_id: randomUUID(), warehouse: f.warehouseId })
    expect((second.json() as { tasks: { face: number }[] }).tasks.filter((x) => x.face === qFace)).toEqual([])
    expect((await post(operator, '/inventory/replenishment/run/', { command_id: randomUUID() })).statusCode).toBe(403)
    const foreign = await post(acmeAdmin, '/inventory/replenishment/run/', { command_id: randomUUID(), warehouse: f.warehouseId })
    expect(foreign.statusCode).toBe(400)
  })

  it('the refill brought to its face: the move (reason replenishment) and the task done, once; wrong face, too much, a foreign line refused with nothing done', async () => {
    const s = await scenario()
    await removeStock(t.database.db, f.actor, { lineId: s.onFace, qty: '4', reason: 'pick' })
    const [refill] = await refillsOf(s.faceId)
    const url = '/inventory/replenishment/confirm/'
    const refused = async (body: object, field: string) => {
      const res = await post(operator, url, { command_id: randomUUID(), task: refill.taskId, qty: '16', location: f.storage[0], ...body })
      expect(res.statusCode, res.body).toBe(400)
      return res.json().codes[field][0].code as string
    }
    expect(await refused({ location: f.storage[1] }, 'location')).toBe('refill_wrong_location')
    expect(await refused({ qty: '17' }, 'qty')).toBe('refill_qty_above')
    const other = await f.stock(await f.product(uniq('RX')), f.storage[1], 20)
    expect(await refused({ stock_line: other }, 'stock_line')).toBe('refill_stock_not_product')
    expect(await refused({ task: 999999 }, 'task')).toBe('refill_not_task')
    expect(await f.line(s.reserve)).toEqual({ qty: '50.000', reservedQty: '0.000' })

    // through the outbox's batch, as the handheld sends it
    const command_id = randomUUID()
    const body = { command_id, task: refill.taskId, qty: '16', location: f.storage[0] }
    const res = await post(operator, '/commands/batch/', { requests: [{ command_id, path: url, body }] })
    expect(res.statusCode, res.body).toBe(200)
    const [result] = (res.json() as { results: { status: number; data: { moved: string; move: number } }[] }).results
    expect(result.status).toBe(200)
    expect(result.data.moved).toBe('16')
    const again = await post(operator, url, body)
    expect(again.json()).toEqual(result.data)
    expect(await f.line(s.reserve)).toEqual({ qty: '34.000', reservedQty: '0.000' })
    const [task] = await t.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, refill.taskId))
    expect(task.status).toBe('done')
    const moves = await t.as(supervisor, { method: 'GET', url: `/api/inventory/moves/?search=TASK-${refill.taskId}&page_size=5` })
    expect((moves.json() as { results: { reason: string; qty: string }[] }).results.map((m) => [m.reason, m.qty])).toEqual([['replenishment', '16.000']])
    expect((await post(operator, url, { ...body, command_id: randomUUID() })).statusCode).toBe(409)
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
  })

  it('a scheduled sweep runs from the one job queue, queues the next run, and a replaced schedule or a repeated run does nothing', async () => {
    const put = (token: string, every_minutes: unknown) => t.as(token, { method: 'PUT', url: '/api/inventory/replenishment/schedule/', payload: { every_minutes } })
    expect((await put(operator, 15)).statusCode).toBe(403)
    const tooOften = await put(supervisor, 3)
    expect(tooOften.statusCode).toBe(400)
    expect(Object.keys(tooOften.json())).toEqual(['every_minutes'])
    const set = await put(supervisor, 15)
    expect(set.statusCode, set.body).toBe(200)
    const schedule = set.json() as { every_minutes: number; next_at: string }
    expect(schedule.every_minutes).toBe(15)
    expect(Math.abs(new Date(schedule.next_at).getTime() - (Date.now() + 15 * 60_000))).toBeLessThan(60_000)
    const queued = () =>
      t.database.db
        .select({ id: jobs.id, payload: jobs.payload, runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.kind, REPLENISHMENT_SWEEP_KIND), eq(jobs.companyId, t.seed.companyId), eq(jobs.state, 'queued')))
        .orderBy(desc(jobs.id))
    const [job] = await queued()
    expect(job.payload).toEqual({ due: schedule.next_at })
    expect(job.runAt.toISOString()).toBe(schedule.next_at)
    // another company sees its own schedule: none
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/api/inventory/replenishment/schedule/' })).json()).toMatchObject({ every_minutes: null })

    // a face below its minimum that no take has seen
    const q = await f.product(uniq('RQ'))
    await f.stock(q, f.storage[5], 1, { lot: 'Q' })
    await f.stock(q, f.storage[6], 9, { lot: 'QR' })
    const qFace = await face(q, f.storage[5], '2', '10')
    const company = t.seed.companyId
    // a run due at another time (a schedule replaced since) does nothing
    expect(await runScheduledSweep(t.database.db, { companyId: company, payload: { due: new Date(0).toISOString() } })).toBeNull()
    expect(await refillsOf(qFace)).toEqual([])
    // the due run sweeps, notes itself, and queues the next one 15 minutes on
    expect(await runScheduledSweep(t.database.db, { companyId: company, payload: job.payload })).toBeGreaterThanOrEqual(1)
    expect(await refillsOf(qFace)).toEqual([expect.objectContaining({ trigger: 'sweep', qty: '9.000' })])
    const after = (await t.as(supervisor, { method: 'GET', url: '/api/inventory/replenishment/schedule/' })).json() as { next_at: string; last_at: string; last_tasks: number }
    expect(new Date(after.next_at).getTime() - new Date(schedule.next_at).getTime()).toBe(15 * 60_000)
    expect(after.last_tasks).toBeGreaterThanOrEqual(1)
    expect(after.last_at).not.toBeNull()
    const [nextJob] = await queued()
    expect(nextJob.payload).toEqual({ due: after.next_at })
    // the same run again (its lease lost and run twice): nothing, no second chain
    expect(await runScheduledSweep(t.database.db, { companyId: company, payload: job.payload })).toBeNull()
    expect(await queued()).toHaveLength(2)
    // stopped: the queued run does nothing
    const off = await put(supervisor, null)
    expect(off.json()).toMatchObject({ every_minutes: null, next_at: null })
    expect(await runScheduledSweep(t.database.db, { companyId: company, payload: nextJob.payload })).toBeNull()
  })

  it("a wave's release tops off the faces its reservations leave below their minimum, before picking, at the top priority", async () => {
    const p = await f.product(uniq('RW'))
    const onFace = await f.stock(p, f.storage[0], 8, { lot: 'FACE', expiryDate: inDays(20) })
    const reserve = await f.stock(p, f.storage[1], 50, { lot: 'RES', expiryDate: inDays(30) })
    const faceId = await face(p, f.storage[0], '5', '20', '4')
    const [customer] = (await t.as(supervisor, { method: 'GET', url: '/api/partners/customers/?page_size=1' }).then((r) => r.json())).results as { id: number }[]
    const order = await post(supervisor, '/shipping/orders/', { code: uniq('SO'), customer: customer.id, lines: [{ product: p, qty: '6' }], priority: 8 })
    expect(order.statusCode, order.body).toBe(201)
    const wave = await post(supervisor, '/shipping/waves/', { code: uniq('WV'), orders: [(order.json() as { id: number }).id] })
    const rel = await post(supervisor, `/shipping/waves/${(wave.json() as { id: number }).id}/release/`, { command_id: randomUUID() })
    expect(rel.statusCode, rel.body).toBe(200)
    // FEFO reserves the face's 6 (it expires first): 2 left free, below 5; the face holds 8 of 20: three packs (12)
    expect(await f.line(onFace)).toEqual({ qty: '8.000', reservedQty: '6.000' })
    const body = rel.json() as { replenishments: { task: number; location: { id: number }; qty: string }[] }
    expect(body.replenishments).toEqual([expect.objectContaining({ location: expect.objectContaining({ id: f.storage[0] }), qty: '12' })])
    const [refill] = await refillsOf(faceId)
    expect(refill).toMatchObject({ trigger: 'wave', sourceLineId: reserve, qty: '12.000', status: 'open' })
    const [task] = await t.database.db.select({ priority: tasks.priority }).from(tasks).where(eq(tasks.id, refill.taskId))
    expect(task.priority).toBe(9)
    // the wave's pick on that face waits for the refill: directed work offers the refill, not the pick (nor its batch)
    const [pick] = await t.database.db.select({ id: tasks.id, waits: tasks.waitsForTaskId }).from(tasks).where(eq(tasks.reference, (order.json() as { code: string }).code))
    expect(pick.waits).toBe(refill.taskId)
    const shown = () => t.as(supervisor, { method: 'GET', url: `/api/workforce/tasks/${pick.id}/` }).then((r) => r.json() as { waits_for: number; waiting: boolean })
    expect(await shown()).toMatchObject({ waits_for: refill.taskId, waiting: true })
    // a fresh operator (the demo's holds tasks, and what one holds comes first), with the demo operator's password
    const [op] = await t.database.db.select().from(users).where(eq(users.username, 'operator'))
    const username = uniq('rw-op').toLowerCase()
    await t.database.db.insert(users).values({ companyId: t.seed.companyId, username, passwordHash: op.passwordHash, role: 'operator', defaultWarehouseId: f.warehouseId })
    const fresh = (await t.login(username)).access
    const next = (types: string[]) => post(fresh, '/workforce/tasks/next/', { warehouse: f.warehouseId, types })
    // the order is urgent (8): offered, its pick would come before the seed's picks (priority 0)
    const first = await next(['pick'])
    if (first.statusCode === 200) {
      const other = (first.json() as { task: { id: number; priority: number } }).task
      expect(other.id).not.toBe(pick.id)
      expect(other.priority).toBeLessThan(8)
      await t.database.db.update(tasks).set({ assigneeId: null }).where(eq(tasks.id, other.id))
    } else expect(first.statusCode).toBe(204)
    const offered = await next(['pick', 'replenishment'])
    expect(offered.statusCode, offered.body).toBe(200)
    expect((offered.json() as { task: { id: number } }).task.id).toBe(refill.taskId)
    expect((await post(fresh, `/workforce/tasks/${refill.taskId}/done/`)).statusCode).toBe(200)
    expect(await shown()).toMatchObject({ waits_for: refill.taskId, waiting: false })
    const then = await next(['pick'])
    expect(then.statusCode, then.body).toBe(200)
    const got = then.json() as { task: { id: number }; batch: { tasks: { id: number }[] } | null }
    expect([got.task.id, ...(got.batch?.tasks.map((x) => x.id) ?? [])]).toContain(pick.id)
  })

  it('the handheld reads a refill: the face, the source and its planned line, the product with its GTINs, the other lots there; 404 for another task or company', async () => {
    const s = await scenario()
    const other = await f.stock(s.p, f.storage[1], 5, { lot: 'RES2', expiryDate: inDays(40) })
    await f.stock(s.p, f.storage[1], 5, { lot: 'GONE', expiryDate: '2025-01-01' })
    await removeStock(t.database.db, f.actor, { lineId: s.onFace, qty: '4', reason: 'pick' })
    const [refill] = await refillsOf(s.faceId)
    const res = await t.as(operator, { method: 'GET', url: `/api/inventory/replenishment/tasks/${refill.taskId}/` })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      task: refill.taskId,
      status: 'open',
      face: { id: f.storage[0] },
      source: { id: f.storage[1] },
      source_line: s.reserve,
      product: { id: s.p },
      lot: 'RES',
      expiry: inDays(30),
      qty: '16',
    })
    expect(Array.isArray(body.product.gtins)).toBe(true)
    // the planned line first, the expired one left out
    expect(body.lines.map((l: { id: number; lot: string }) => [l.id, l.lot])).toEqual([
      [s.reserve, 'RES'],
      [other, 'RES2'],
    ])
    expect((await t.as(operator, { method: 'GET', url: `/api/inventory/replenishment/tasks/999999/` })).statusCode).toBe(404)
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/api/inventory/replenishment/tasks/${refill.taskId}/` })).statusCode).toBe(404)
  })
})
