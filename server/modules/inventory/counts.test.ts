import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { countEntries, stockLines, stockMoves } from '../../db/schema/inventory'
import { users } from '../../db/schema/users'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { moveStock, receiveStock } from './stock.service'
import { type StockActor } from './stock-model'

const kinds = await databaseKinds()

describe.each(kinds)('cycle counts and inventory settings on %s', (kind) => {
  let t: TestApp
  let admin: string
  let supervisor: string
  let operator: string
  let operator2: string
  let actor: StockActor
  let productIds: number[]
  let locs: number[]
  const post = (token: string, url: string, payload: unknown = {}) => t.as(token, { method: 'POST', url: `/api${url}`, payload: payload as Record<string, unknown> })
  const get = (token: string, url: string) => t.as(token, { method: 'GET', url: `/api${url}` })
  const lineQty = async (id: number) => (await t.database.db.select({ qty: stockLines.qty }).from(stockLines).where(eq(stockLines.id, id)))[0]?.qty
  const countMoves = async (reference: string) => (await t.database.db.select().from(stockMoves).where(and(eq(stockMoves.reference, reference), eq(stockMoves.reason, 'count')))).length
  /** an otherwise empty location holding one line of `qty` */
  async function stocked(i: number, qty: string) {
    const db = t.database.db
    await db.execute(sql`DELETE FROM stock_lines WHERE location_id = ${locs[i]} AND NOT EXISTS (SELECT 1 FROM stock_moves WHERE from_line_id = stock_lines.id OR to_line_id = stock_lines.id)`)
    const { to } = await receiveStock(db, actor, { productId: productIds[0], locationId: locs[i], qty, lot: `CNT-${i}` })
    return to!.id
  }
  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 0, products: 20, locations: 40 })
    const db = t.database.db
    ;[admin, supervisor, operator, operator2] = await Promise.all(['admin', 'supervisor', 'operator', 'operator2'].map(async (u) => (await t.login(u)).access))
    const [a] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
    actor = { companyId: t.seed.companyId, userId: a.id }
    productIds = (await db.select({ id: products.id }).from(products).where(eq(products.companyId, actor.companyId)).orderBy(asc(products.id)).limit(3)).map((p) => p.id)
    locs = (await db.select({ id: locations.id }).from(locations).where(and(eq(locations.companyId, actor.companyId), eq(locations.isActive, true))).orderBy(asc(locations.id)).limit(20)).map((l) => l.id)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('settings: defaults for everyone to read, admins change them (audited)', async () => {
    expect((await get(operator, '/inventory/settings/')).json()).toEqual({ near_expiry_days: 30, count_tolerance_percent: '0.000', count_tolerance_qty: '0.000', blind_counts: true, blind_receiving: true })
    expect((await t.as(supervisor, { method: 'PATCH', url: '/api/inventory/settings/', payload: { near_expiry_days: 10 } })).statusCode).toBe(403)
    const bad = await t.as(admin, { method: 'PATCH', url: '/api/inventory/settings/', payload: { count_tolerance_percent: '101' } })
    expect(bad.statusCode).toBe(400)
    const res = await t.as(admin, { method: 'PATCH', url: '/api/inventory/settings/', payload: { count_tolerance_percent: '10', near_expiry_days: 45 } })
    expect(res.json()).toMatchObject({ count_tolerance_percent: '10.000', near_expiry_days: 45, blind_counts: true })
    const audit = (await get(admin, `/audit/?entity=inventory_settings&entity_id=${actor.companyId}`)).json()
    expect(JSON.stringify(audit)).toContain('near_expiry_days')
  })

  it('plans by locations: one count task each; blind sheets hide the system quantity; within tolerance posts at once', async () => {
    const line = await stocked(0, '100')
    await stocked(1, '50')
    expect((await post(operator, '/inventory/counts/', { locations: [locs[0]] })).statusCode).toBe(403)
    const plan = await post(supervisor, '/inventory/counts/', { name: 'weekly', locations: [locs[0], locs[1]] })
    expect(plan.statusCode, plan.body).toBe(201)
    const p = plan.json()
    expect(p).toMatchObject({ status: 'open', blind: true, locations_total: 2, locations_pending: 2 })
    expect(p.locations.every((l: { task: number | null }) => l.task !== null)).toBe(true)
    const tasks = (await get(admin, `/workforce/tasks/?type=count&page_size=100`)).json()
    expect(tasks.results.filter((x: { reference: string }) => x.reference === p.code)).toHaveLength(2)
    const sheet = (await get(operator, `/inventory/counts/${p.id}/locations/${locs[0]}/`)).json()
    expect(sheet).toMatchObject({ blind: true, expected: null, status: 'pending' })
    // 98 of 100: 2% is within the 10% tolerance
    const sub = await post(operator, `/inventory/counts/${p.id}/locations/${locs[0]}/`, { entries: [{ product: productIds[0], lot: 'CNT-0', qty: '98' }] })
    expect(sub.statusCode, sub.body).toBe(200)
    expect(sub.json()).toMatchObject({ status: 'approved', round: 1, recount: false })
    expect(JSON.stringify(sub.json())).not.toContain('100')
    expect(await lineQty(line)).toBe('98.000')
    expect(await countMoves(p.code)).toBe(1)
  })

  it('beyond tolerance → recount by someone else; approval posts exactly the variance even after stock moved; reject posts nothing', async () => {
    const line = await stocked(2, '50')
    await stocked(3, '20')
    const p = (await post(supervisor, '/inventory/counts/', { locations: [locs[2], locs[3]] })).json()
    const first = await post(operator, `/inventory/counts/${p.id}/locations/${locs[2]}/`, { entries: [{ product: productIds[0], lot: 'CNT-2', qty: '40' }] })
    expect(first.json()).toMatchObject({ status: 'recount', recount: true })
    expect(await lineQty(line)).toBe('50.000')
    // the same operator may not recount
    expect((await post(operator, `/inventory/counts/${p.id}/locations/${locs[2]}/`, { entries: [] })).statusCode).toBe(403)
    // stock moves after the count: 5 leave the location
    await moveStock(t.database.db, actor, { lineId: line, toLocationId: locs[10], qty: '5' })
    const detail = (await get(supervisor, `/inventory/counts/${p.id}/`)).json()
    const l2 = detail.locations.find((l: { location: { id: number } }) => l.location.id === locs[2])
    expect(l2.variances).toEqual([expect.objectContaining({ stock_line: line, snapshot_qty: '50.000', moved_qty: '-5.000', expected_qty: '45.000', counted_qty: '40.000', variance: '-10.000', beyond_tolerance: true })])
    expect(l2.moves_since).toHaveLength(1)
    const approved = await post(supervisor, `/inventory/counts/${p.id}/locations/${locs[2]}/approve/`, { note: 'checked' })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json()).toMatchObject({ status: 'approved', review_note: 'checked', reviewed_by: { username: 'supervisor' } })
    expect(await lineQty(line)).toBe('35.000') // 50 − 5 moved − 10 variance: the move is not overwritten
    // reject: nothing posted
    const l3 = await post(operator, `/inventory/counts/${p.id}/locations/${locs[3]}/`, { entries: [{ product: productIds[0], lot: 'CNT-3', qty: '1' }] })
    expect(l3.json().status).toBe('recount')
    const rejected = await post(supervisor, `/inventory/counts/${p.id}/locations/${locs[3]}/reject/`, { note: 'miscount' })
    expect(rejected.json().status).toBe('rejected')
    expect(await countMoves(p.code)).toBe(1)
    expect((await get(supervisor, `/inventory/counts/${p.id}/`)).json()).toMatchObject({ status: 'closed', locations_done: 2 })
  })

  it('a recount that confirms the variance posts it; found stock is booked; the same command_id applies once', async () => {
    const line = await stocked(4, '20')
    const p = (await post(supervisor, '/inventory/counts/', { pattern: '*', locations: [locs[4]] })).json()
    const body = { entries: [{ product: productIds[0], lot: 'CNT-4', qty: '15' }, { product: productIds[1], lot: 'NEW', qty: '3' }] }
    expect((await post(operator, `/inventory/counts/${p.id}/locations/${locs[4]}/`, body)).json().status).toBe('recount')
    const id = randomUUID()
    const second = await post(operator2, `/inventory/counts/${p.id}/locations/${locs[4]}/`, { ...body, command_id: id })
    expect(second.json()).toMatchObject({ status: 'approved', round: 2 })
    const again = await post(operator2, `/inventory/counts/${p.id}/locations/${locs[4]}/`, { ...body, command_id: id })
    expect(again.json()).toEqual(second.json())
    expect(await lineQty(line)).toBe('15.000')
    const found = await t.database.db.select().from(stockLines).where(and(eq(stockLines.locationId, locs[4]), eq(stockLines.lot, 'NEW')))
    expect(found.map((f) => f.qty)).toEqual(['3.000'])
    expect(await countMoves(p.code)).toBe(2)
    const entries = await t.database.db.select().from(countEntries).where(eq(countEntries.round, 2))
    expect(entries.filter((e) => e.lot === 'CNT-4')).toHaveLength(1)
  })

  it('approves many locations awaiting review at once', async () => {
    const ids = []
    for (let i = 5; i < 10; i++) ids.push(await stocked(i, '10'))
    const p = (await post(supervisor, '/inventory/counts/', { locations: locs.slice(5, 10) })).json()
    for (let i = 5; i < 10; i++) await post(operator, `/inventory/counts/${p.id}/locations/${locs[i]}/`, { entries: [{ product: productIds[0], lot: `CNT-${i}`, qty: '7' }] })
    const res = await post(supervisor, `/inventory/counts/${p.id}/approve/`, {})
    expect(res.json()).toEqual({ approved: 5, moves: 5 })
    for (const id of ids) expect(await lineQty(id)).toBe('7.000')
    const list = (await get(operator, '/inventory/counts/?status=closed')).json()
    expect(list.results.map((x: { id: number }) => x.id)).toContain(p.id)
  })

  it('approving all at once posts each kind of variance as one location at a time would, or nothing at all', async () => {
    const db = t.database.db
    const [short, over, found, gone] = [14, 15, 16, 17]
    const ids = { short: await stocked(short, '10'), over: await stocked(over, '10'), found: await stocked(found, '10'), gone: await stocked(gone, '10') }
    const p = (await post(supervisor, '/inventory/counts/', { locations: [short, over, found, gone].map((i) => locs[i]) })).json()
    const count = (i: number, entries: unknown[]) => post(operator, `/inventory/counts/${p.id}/locations/${locs[i]}/`, { entries })
    await count(short, [{ product: productIds[0], lot: `CNT-${short}`, qty: '7' }])
    await count(over, [{ product: productIds[0], lot: `CNT-${over}`, qty: '12' }])
    await count(found, [{ product: productIds[0], lot: `CNT-${found}`, qty: '10' }, { product: productIds[1], lot: 'FOUND-16', qty: '5' }])
    await count(gone, [{ product: productIds[0], lot: `CNT-${gone}`, qty: '6' }])
    // the counted line leaves before the approval: approving everything is refused and posts nothing
    await moveStock(db, actor, { lineId: ids.gone, toLocationId: locs[18] })
    const refused = await post(supervisor, `/inventory/counts/${p.id}/approve/`, {})
    expect(refused.statusCode).toBe(400)
    expect(await countMoves(p.code)).toBe(0)
    expect([await lineQty(ids.short), await lineQty(ids.over)]).toEqual(['10.000', '10.000'])

    const res = await post(supervisor, `/inventory/counts/${p.id}/approve/`, { locations: [short, over, found].map((i) => locs[i]) })
    expect(res.json()).toEqual({ approved: 3, moves: 3 })
    expect([await lineQty(ids.short), await lineQty(ids.over), await lineQty(ids.found)]).toEqual(['7.000', '12.000', '10.000'])
    const foundLine = await db.select({ qty: stockLines.qty }).from(stockLines).where(and(eq(stockLines.locationId, locs[found]), eq(stockLines.lot, 'FOUND-16')))
    expect(foundLine.map((l) => l.qty)).toEqual(['5.000'])
    const moves = await db.select().from(stockMoves).where(and(eq(stockMoves.reference, p.code), eq(stockMoves.reason, 'count'))).orderBy(asc(stockMoves.id))
    expect(moves.map((m) => [m.fromLocationId, m.toLocationId, m.qty])).toEqual([
      [locs[short], null, '3.000'],
      [null, locs[over], '2.000'],
      [null, locs[found], '5.000'],
    ])
    // the ledger's day counters still add up to its rows (the batch bumps them once)
    const [{ rows, counted }] = (
      await db.execute<{ rows: number; counted: number }>(
        sql`SELECT (SELECT count(*)::int FROM stock_moves WHERE company_id = ${actor.companyId}) AS rows, (SELECT coalesce(sum(moves), 0)::int FROM stock_move_day_counters WHERE company_id = ${actor.companyId}) AS counted`,
      )
    ).rows
    expect(Number(counted)).toBe(Number(rows))
    const detail = (await get(supervisor, `/inventory/counts/${p.id}/`)).json()
    const status = Object.fromEntries(detail.locations.map((l: { location: { id: number } | number; status: string }) => [typeof l.location === 'number' ? l.location : l.location.id, l.status]))
    expect([status[locs[short]], status[locs[over]], status[locs[found]], status[locs[gone]]]).toEqual(['approved', 'approved', 'approved', 'recount'])
  })
})
