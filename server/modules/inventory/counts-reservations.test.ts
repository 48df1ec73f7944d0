import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stockMoves } from '../../db/schema/inventory'
import { tasks } from '../../db/schema/tasks'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { ledgerMismatches, processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'
import { moveStock } from './stock.service'
import { reserveStock } from './stock-reservations'

const kinds = await databaseKinds()

/** A date `days` from today (UTC, as the database's current_date). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * ADR 0011 §4: physical truth wins. A count that finds less than a line holds reserved is approved; the reservation
 * moves to other eligible stock by FEFO or its pick is marked short with an exception task, in the same transaction.
 */
describe.each(kinds)('counts over reserved stock on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let supervisor: string
  let operator: string
  let operator2: string
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`
  const post = (token: string, url: string, payload: unknown = {}) => t.as(token, { method: 'POST', url: `/api${url}`, payload: payload as Record<string, unknown> })

  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 0 })
    f = await processFixture(t)
    ;[admin, supervisor, operator, operator2] = await Promise.all(['admin', 'supervisor', 'operator', 'operator2'].map(async (u) => (await t.login(u)).access))
  })
  afterAll(async () => {
    await t?.close()
  })

  /** A released copack order taking `qty` of `component` (its pick tasks exist); answers its code. */
  async function releasedOrder(component: number, qty: string): Promise<string> {
    const result = await f.product(uniq('R'))
    expect((await post(admin, '/manufacturing/boms/', { product: result, components: [{ product: component, qty_per_unit: qty }] })).statusCode).toBe(201)
    const code = uniq('CP')
    const created = await post(admin, '/manufacturing/copack-orders/', { code, result_product: result, result_qty: 1 })
    expect(created.statusCode, created.body).toBe(201)
    const reserved = await post(admin, `/manufacturing/copack-orders/${created.json().id}/reserve/`)
    expect(reserved.statusCode, reserved.body).toBe(200)
    return code
  }

  /** Plan a blind count of two locations, count `first` in `counted` (the other as it is), recount `second`: in review. */
  async function countToReview(counted: number, other: number, entry: { product: number; lot: string; pallet_code?: string }, first: string, second: string, otherEntries: unknown[]) {
    const plan = await post(supervisor, '/inventory/counts/', { name: uniq('count'), locations: [counted, other], blind: true })
    expect(plan.statusCode, plan.body).toBe(201)
    const p = plan.json() as { id: number; code: string }
    const c1 = await post(operator, `/inventory/counts/${p.id}/locations/${counted}/`, { entries: [{ ...entry, qty: first }] })
    expect(c1.json()).toMatchObject({ status: 'recount' })
    const c2 = await post(operator, `/inventory/counts/${p.id}/locations/${other}/`, { entries: otherEntries })
    expect(c2.statusCode, c2.body).toBe(200)
    const r = await post(operator2, `/inventory/counts/${p.id}/locations/${counted}/`, { entries: [{ ...entry, qty: second }] })
    expect(r.json()).toMatchObject({ status: 'review', round: 2 })
    return p
  }

  const countMoves = (reference: string) => t.database.db.select().from(stockMoves).where(and(eq(stockMoves.reference, reference), eq(stockMoves.reason, 'count'))).orderBy(asc(stockMoves.id))
  const reservationsOf = (orderCode: string) =>
    t.database.db.execute<{ line: number; qty: string; status: string; task: number | null }>(
      sql`SELECT r.stock_line_id AS line, r.qty::text AS qty, r.status, r.task_id AS task FROM copack_reservations r JOIN copack_orders o ON o.id = r.order_id WHERE o.code = ${orderCode} ORDER BY r.id`,
    )

  it('moves the reservation to other eligible stock by FEFO when the count finds less than is reserved', async () => {
    const c = await f.product(uniq('C'))
    const counted = await f.stock(c, f.storage[0], 100, { lot: 'L-SOON', palletCode: uniq('PAL'), expiryDate: inDays(30) })
    // not eligible: expired, blocked
    await f.stock(c, f.storage[4], 100, { lot: 'L-OLD', expiryDate: inDays(-3) })
    const other = await f.stock(c, f.storage[2], 50, { lot: 'L-LATER', expiryDate: inDays(90) })
    const later = await f.stock(c, f.storage[3], 50, { lot: 'L-LATEST', expiryDate: inDays(200) })
    const bystander = await f.product(uniq('B'))
    await f.stock(bystander, f.storage[1], 10, { lot: 'B1' })
    const order = await releasedOrder(c, '80')
    expect(await f.line(counted)).toMatchObject({ qty: '100.000', reservedQty: '80.000' })
    const [pallet] = (await t.database.db.execute<{ pallet_code: string }>(sql`SELECT pallet_code FROM stock_lines WHERE id = ${counted}`)).rows

    const p = await countToReview(f.storage[0], f.storage[1], { product: c, lot: 'L-SOON', pallet_code: pallet.pallet_code }, '50', '40', [{ product: bystander, lot: 'B1', qty: '10' }])
    const approved = await post(supervisor, `/inventory/counts/${p.id}/locations/${f.storage[0]}/approve/`, { note: 'physical truth' })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json()).toMatchObject({ status: 'approved' })

    // the variance posted exactly: 60 out of the counted line, nothing else in the count's name
    expect((await countMoves(p.code)).map((m) => [m.fromLineId, m.toLineId, m.qty])).toEqual([[counted, null, '60.000']])
    expect(await ledgerMismatches(t, f.actor.companyId)).toEqual([])
    // 40 stay reserved where they are; the other 40 went to the next line by FEFO (not the expired one)
    expect(await f.line(counted)).toMatchObject({ qty: '40.000', reservedQty: '40.000' })
    expect(await f.line(other)).toMatchObject({ qty: '50.000', reservedQty: '40.000' })
    expect(await f.line(later)).toMatchObject({ reservedQty: '0.000' })
    const res = (await reservationsOf(order)).rows
    expect(res.map((r) => [r.line, r.qty, r.status])).toEqual([
      [counted, '40.000', 'active'],
      [other, '40.000', 'active'],
    ])
    // the first pick now takes 40; a new pick takes the moved 40 where they are
    const picks = await t.database.db.select().from(tasks).where(and(eq(tasks.reference, order), eq(tasks.type, 'pick'))).orderBy(asc(tasks.id))
    expect(picks.map((x) => [x.locationId, x.qty, x.shortQty, x.status])).toEqual([
      [f.storage[0], '40.000', null, 'open'],
      [f.storage[2], '40.000', null, 'open'],
    ])
    expect(res[1].task).toBe(picks[1].id)
  })

  it('marks the pick short and opens an exception task when no other stock can hold the reservation', async () => {
    const c = await f.product(uniq('C'))
    const pallet = uniq('PAL')
    const counted = await f.stock(c, f.storage[5], 100, { lot: 'ONLY', palletCode: pallet, expiryDate: inDays(30) })
    // blocked stock never takes a reservation
    const blocked = await f.stock(c, f.storage[7], 100, { lot: 'HELD' })
    await t.database.db.execute(sql`UPDATE stock_lines SET status = 'blocked' WHERE id = ${blocked}`)
    const bystander = await f.product(uniq('B'))
    await f.stock(bystander, f.storage[6], 10)
    const order = await releasedOrder(c, '80')

    const p = await countToReview(f.storage[5], f.storage[6], { product: c, lot: 'ONLY', pallet_code: pallet }, '35', '30', [{ product: bystander, qty: '10' }])
    const approved = await post(supervisor, `/inventory/counts/${p.id}/approve/`, { locations: [f.storage[5]], note: '' })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json()).toEqual({ approved: 1, moves: 1 })

    expect((await countMoves(p.code)).map((m) => [m.fromLineId, m.qty])).toEqual([[counted, '70.000']])
    expect(await ledgerMismatches(t, f.actor.companyId)).toEqual([])
    expect(await f.line(counted)).toMatchObject({ qty: '30.000', reservedQty: '30.000' })
    expect(await f.line(blocked)).toMatchObject({ reservedQty: '0.000' })
    expect((await reservationsOf(order)).rows.map((r) => [r.line, r.qty, r.status])).toEqual([[counted, '30.000', 'active']])
    const [pick] = await t.database.db.select().from(tasks).where(and(eq(tasks.reference, order), eq(tasks.type, 'pick')))
    expect([pick.qty, pick.shortQty, pick.status]).toEqual(['30.000', '50.000', 'open'])
    // the supervisor sees it: an exception task naming the order, product, lot, pallet and location
    const list = (await t.as(supervisor, { method: 'GET', url: `/api/workforce/tasks/?type=exception&is_closed=false&page_size=100&search=${order}` })).json()
    const exception = list.results.find((x: { reference: string }) => x.reference.includes(order))
    expect(exception, JSON.stringify(list.results)).toMatchObject({ type: 'exception', status: 'open', qty: '50.000', location: { id: f.storage[5] }, product: { id: c } })
    expect(exception.reference).toContain('lot ONLY')
    expect(exception.reference).toContain(`pallet ${pallet}`)
    expect(exception.reference).toContain(p.code)
    // the pick task shows it is short
    const pickOut = (await t.as(supervisor, { method: 'GET', url: `/api/workforce/tasks/${pick.id}/` })).json()
    expect(pickOut).toMatchObject({ qty: '30.000', short_qty: '50.000' })
  })

  it('a reservation no order claims moves by FEFO too, and what cannot move is released with an exception task', async () => {
    const c = await f.product(uniq('C'))
    const counted = await f.stock(c, f.storage[8], 20, { lot: 'X1' })
    const other = await f.stock(c, f.storage[9], 5, { lot: 'X2' })
    await reserveStock(t.database.db, f.actor, { lineId: counted, qty: '15' })
    const bystander = await f.product(uniq('B'))
    await f.stock(bystander, f.storage[10], 1)
    const p = await countToReview(f.storage[8], f.storage[10], { product: c, lot: 'X1' }, '4', '2', [{ product: bystander, qty: '1' }])
    const approved = await post(supervisor, `/inventory/counts/${p.id}/locations/${f.storage[8]}/approve/`, { note: '' })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(await f.line(counted)).toMatchObject({ qty: '2.000', reservedQty: '2.000' })
    expect(await f.line(other)).toMatchObject({ reservedQty: '5.000' })
    const [exception] = await t.database.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.type, 'exception'), eq(tasks.productId, c)))
    expect([exception.qty, exception.locationId]).toEqual(['8.000', f.storage[8]])
    expect(await ledgerMismatches(t, f.actor.companyId)).toEqual([])
  })

  it('a count of a line that lost stock since is refused naming the product, lot, pallet and location, and posts nothing', async () => {
    const c = await f.product(uniq('C'))
    const pallet = uniq('PAL')
    const counted = await f.stock(c, f.storage[11], 10, { lot: 'GONE', palletCode: pallet })
    const bystander = await f.product(uniq('B'))
    await f.stock(bystander, f.storage[12], 1)
    const p = await countToReview(f.storage[11], f.storage[12], { product: c, lot: 'GONE', pallet_code: pallet }, '5', '4', [{ product: bystander, qty: '1' }])
    // 8 of the 10 leave after the count: the count's 6 out can no longer be taken
    await moveStock(t.database.db, f.actor, { lineId: counted, toLocationId: f.storage[13], qty: '8' })
    const refused = await post(supervisor, `/inventory/counts/${p.id}/locations/${f.storage[11]}/approve/`, { note: '' })
    expect(refused.statusCode).toBe(400)
    const body = refused.json()
    const text = JSON.stringify(body)
    expect(Object.keys(body)).toEqual(['non_field_errors', 'codes'])
    const [codeRow] = (await t.database.db.execute<{ code: string }>(sql`SELECT code FROM products WHERE id = ${c}`)).rows
    for (const part of [codeRow.code, 'GONE', pallet]) expect(text).toContain(part)
    expect(body.codes.non_field_errors[0].code).toBe('count_line_short')
    expect(await countMoves(p.code)).toEqual([])
    expect(await f.line(counted)).toMatchObject({ qty: '2.000' })
  })
})
