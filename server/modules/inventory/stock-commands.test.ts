import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { stockLines, stockMoves } from '../../db/schema/inventory'
import { users } from '../../db/schema/users'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { moveStock, receiveStock } from './stock.service'
import { reserveStock } from './stock-reservations'
import { type StockActor } from './stock-model'

const kinds = await databaseKinds()

/** Lines whose qty differs from Σ moves in − Σ moves out (must be none). */
async function ledgerMismatches(t: TestApp, companyId: number) {
  const r = await t.database.db.execute<{ id: number }>(sql`
    SELECT l.id FROM stock_lines l
    LEFT JOIN (SELECT to_line_id AS id, sum(qty) AS s FROM stock_moves GROUP BY 1) i ON i.id = l.id
    LEFT JOIN (SELECT from_line_id AS id, sum(qty) AS s FROM stock_moves GROUP BY 1) o ON o.id = l.id
    WHERE l.company_id = ${companyId} AND l.qty <> coalesce(i.s, 0) - coalesce(o.s, 0)`)
  return r.rows
}

describe.each(kinds)('stock commands and the ledger on %s', (kind) => {
  let t: TestApp
  let admin: string
  let supervisor: string
  let operator: string
  let actor: StockActor
  let productIds: number[]
  let locationIds: number[]
  let pallet = 0
  const post = (token: string, url: string, payload: unknown) => t.as(token, { method: 'POST', url: `/api${url}`, payload: payload as Record<string, unknown> })
  const get = (token: string, url: string) => t.as(token, { method: 'GET', url: `/api${url}` })
  /** a two-line pallet (two products) in locationIds[0] */
  async function newPallet(qty = '10') {
    const code = `PAL-T-${kind}-${++pallet}`
    await receiveStock(t.database.db, actor, { productId: productIds[0], locationId: locationIds[0], qty, lot: `LOT-${pallet}`, palletCode: code })
    await receiveStock(t.database.db, actor, { productId: productIds[1], locationId: locationIds[0], qty: '2.5', lot: `LOT-${pallet}`, palletCode: code })
    return code
  }
  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 30, products: 20, locations: 60 })
    const db = t.database.db
    admin = (await t.login('admin')).access
    supervisor = (await t.login('supervisor')).access
    operator = (await t.login('operator')).access
    const [a] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
    actor = { companyId: t.seed.companyId, userId: a.id }
    productIds = (await db.select({ id: products.id }).from(products).where(eq(products.companyId, actor.companyId)).orderBy(asc(products.id)).limit(6)).map((p) => p.id)
    locationIds = (
      await db
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.companyId, actor.companyId), eq(locations.isActive, true)))
        .orderBy(asc(locations.id))
        .limit(55)
    ).map((l) => l.id)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('moves a whole pallet by its code: every line goes, the ledger says who, why, from and to', async () => {
    const code = await newPallet()
    const res = await post(operator, '/inventory/moves/', { pallet_code: code, to_location: locationIds[1], note: 'aisle cleanup' })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    expect(body.lines).toHaveLength(2)
    expect(body.lines.every((l: { location: { id: number }; pallet_code: string; status: string }) => l.location.id === locationIds[1] && l.pallet_code === code && l.status === 'available')).toBe(true)
    expect(body.moves).toHaveLength(2)
    expect(body.moves[0]).toMatchObject({ reason: 'move', user: { username: 'operator' }, note: 'aisle cleanup', pallet_code: code, from_location: { id: locationIds[0] }, to_location: { id: locationIds[1] } })
    const ledger = (await get(admin, `/inventory/moves/?pallet_code=${code}`)).json()
    expect(ledger.count).toBe(4) // two receipts, two moves
    expect(ledger.results.map((m: { reason: string }) => m.reason)).toEqual(['move', 'move', 'receipt', 'receipt'])
    const stock = (await get(admin, `/inventory/stock/?pallet_code__exact=${code}`)).json()
    expect(stock.results.map((l: { location: { id: number } }) => l.location.id)).toEqual([locationIds[1], locationIds[1]])
    // the answer is built from the rows the move wrote: it is what the ledger and the stock list read back
    expect(body.moves).toEqual(ledger.results.slice(0, 2).reverse())
    expect(body.lines).toEqual([...stock.results].sort((x: { id: number }, y: { id: number }) => x.id - y.id))
  })

  it("a move's answer, near expiry and part of a line: what the ledger and the stock list read back", async () => {
    const code = `PAL-X-${kind}-${++pallet}`
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    const received = await receiveStock(t.database.db, actor, { productId: productIds[2], locationId: locationIds[0], qty: '8', lot: 'LOT-X', expiryDate: soon, palletCode: code })
    const res = await post(operator, '/inventory/moves/', { stock_line: received.to!.id, qty: '3', to_location: locationIds[1] })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    expect(body.lines).toHaveLength(1)
    expect(body.lines[0]).toMatchObject({ qty: '3.000', near_expiry: true, expired: false, expiry_date: soon })
    const ledger = (await get(admin, `/inventory/moves/?pallet_code=${code}`)).json()
    expect(body.moves).toEqual(ledger.results.slice(0, 1))
    const stock = (await get(admin, `/inventory/stock/?pallet_code__exact=${code}`)).json()
    expect(body.lines).toEqual(stock.results.filter((l: { id: number }) => l.id === body.lines[0].id))
  })

  it('moves part of a line; more than is free or an inactive location is a 400 naming the field', async () => {
    const code = await newPallet('10')
    const [line] = await t.database.db.select().from(stockLines).where(and(eq(stockLines.palletCode, code), eq(stockLines.productId, productIds[0])))
    await reserveStock(t.database.db, actor, { lineId: line.id, qty: '4' })
    const tooMuch = await post(operator, '/inventory/moves/', { stock_line: line.id, qty: '6.001', to_location: locationIds[2] })
    expect(tooMuch.statusCode).toBe(400)
    expect(Object.keys(tooMuch.json()).filter((key) => key !== 'codes')).toEqual(['qty'])
    await t.database.db.execute(sql`UPDATE locations SET is_active = false WHERE id = ${locationIds[50]}`)
    const inactive = await post(operator, '/inventory/moves/', { stock_line: line.id, qty: '1', to_location: locationIds[50] })
    expect(inactive.statusCode).toBe(400)
    expect(Object.keys(inactive.json()).filter((key) => key !== 'codes')).toEqual(['to_location'])
    const ok = await post(operator, '/inventory/moves/', { stock_line: line.id, qty: '6', to_location: locationIds[2], expected_version: line.version + 1 })
    expect(ok.statusCode, ok.body).toBe(201)
    expect(ok.json().lines[0]).toMatchObject({ qty: '6.000', location: { id: locationIds[2] } })
    // the pallet now holds reserved stock: a whole-pallet move is refused rather than breaking the reservation
    const reserved = await post(operator, '/inventory/moves/', { pallet_code: code, to_location: locationIds[3] })
    expect(reserved.statusCode).toBe(400)
    expect(Object.keys(reserved.json()).filter((key) => key !== 'codes')).toEqual(['pallet_code'])
  })

  it('a stale expected_version is a 409 with the line as it is now', async () => {
    const code = await newPallet()
    const [line] = await t.database.db.select().from(stockLines).where(and(eq(stockLines.palletCode, code), eq(stockLines.productId, productIds[0])))
    await moveStock(t.database.db, actor, { lineId: line.id, toLocationId: locationIds[4], qty: '1' })
    const res = await post(operator, '/inventory/moves/', { stock_line: line.id, qty: '1', to_location: locationIds[4], expected_version: line.version })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ line: { id: line.id, version: line.version + 1, qty: '9.000' } })
    expect(res.json().detail).toContain('changed')
  })

  it('the same command_id twice, then 20 at once: applied once, the same answer each time', async () => {
    const code = await newPallet()
    const id = randomUUID()
    const first = await post(operator, '/inventory/moves/', { command_id: id, pallet_code: code, to_location: locationIds[5] })
    expect(first.statusCode, first.body).toBe(201)
    const again = await post(operator, '/inventory/moves/', { command_id: id, pallet_code: code, to_location: locationIds[5] })
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    // another user, or another command, with the same id: refused
    expect((await post(supervisor, '/inventory/moves/', { command_id: id, pallet_code: code, to_location: locationIds[5] })).statusCode).toBe(409)
    expect((await post(operator, `/inventory/stock/${first.json().lines[0].id}/block/`, { command_id: id, reason: 'x' })).statusCode).toBe(409)

    const code2 = await newPallet()
    const id2 = randomUUID()
    const all = await Promise.all(Array.from({ length: 20 }, () => post(operator, '/inventory/moves/', { command_id: id2, pallet_code: code2, to_location: locationIds[6] })))
    expect(all.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 201))
    expect(new Set(all.map((r) => r.body)).size).toBe(1)
    const moves = await t.database.db.select().from(stockMoves).where(and(eq(stockMoves.palletCode, code2), eq(stockMoves.reason, 'move')))
    expect(moves).toHaveLength(2)
    expect(await ledgerMismatches(t, actor.companyId)).toEqual([])
  })

  it('a line move and an adjustment claim their id with their first read: 20 at once apply once; a line or place not found is refused the same way again', async () => {
    const received = await receiveStock(t.database.db, actor, { productId: productIds[5], locationId: locationIds[8], qty: '50', lot: `LOT-SC-${kind}` })
    const lineId = received.to!.id
    const moveId = randomUUID()
    const moves = await Promise.all(Array.from({ length: 20 }, () => post(operator, '/inventory/moves/', { command_id: moveId, stock_line: lineId, qty: '3', to_location: locationIds[9] })))
    expect(moves.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 201))
    expect(new Set(moves.map((r) => r.body)).size).toBe(1)
    const adjustId = randomUUID()
    const adjustments = await Promise.all(Array.from({ length: 20 }, () => post(supervisor, '/inventory/adjustments/', { command_id: adjustId, stock_line: lineId, qty: '40', reason_code: 'correction' })))
    expect(adjustments.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 201))
    expect(new Set(adjustments.map((r) => r.body)).size).toBe(1)
    const ledger = await t.database.db.select().from(stockMoves).where(eq(stockMoves.fromLineId, lineId))
    expect(ledger.map((m) => [m.reason, m.qty])).toEqual([
      ['move', '3.000'],
      ['adjust', '7.000'],
    ])
    // the claiming statement finds no line (or no destination): refused, stored, and answered again as stored
    for (const [url, body] of [
      ['/inventory/adjustments/', { stock_line: 2_000_000_000, qty: '1', reason_code: 'correction' }],
      ['/inventory/moves/', { stock_line: lineId, qty: '1', to_location: 2_000_000_000 }],
    ] as const) {
      const id = randomUUID()
      const first = await post(supervisor, url, { command_id: id, ...body })
      expect(first.statusCode, first.body).toBe(400)
      const again = await post(supervisor, url, { command_id: id, ...body })
      expect(again.statusCode).toBe(400)
      expect(again.json()).toEqual(first.json())
      // the id is taken: another kind of command with it is a 409
      expect((await post(supervisor, `/inventory/stock/${lineId}/block/`, { command_id: id, reason: 'x' })).statusCode).toBe(409)
    }
    expect(await ledgerMismatches(t, actor.companyId)).toEqual([])
  })

  it('50 concurrent moves of one pallet to different places: one wins, the others 409 or 400, nothing duplicated', async () => {
    const code = await newPallet()
    const all = await Promise.all(locationIds.slice(7, 57).filter((l) => l !== locationIds[50]).map((to) => post(operator, '/inventory/moves/', { pallet_code: code, from_location: locationIds[0], to_location: to })))
    const codes = all.map((r) => r.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(1)
    expect(codes.every((c) => c === 201 || c === 409 || c === 400)).toBe(true)
    const moves = await t.database.db.select().from(stockMoves).where(and(eq(stockMoves.palletCode, code), eq(stockMoves.reason, 'move')))
    expect(moves).toHaveLength(2)
    const lines = await t.database.db.select().from(stockLines).where(eq(stockLines.palletCode, code))
    expect(lines.map((l) => l.qty).sort()).toEqual(['10.000', '2.500'])
    expect(new Set(lines.map((l) => l.locationId)).size).toBe(1)
    expect(await ledgerMismatches(t, actor.companyId)).toEqual([])
  })

  it('adjusts (admins and supervisors only): a line to a new quantity, and stock found; the reason code and note are in the ledger', async () => {
    const code = await newPallet('10')
    const [line] = await t.database.db.select().from(stockLines).where(and(eq(stockLines.palletCode, code), eq(stockLines.productId, productIds[0])))
    const denied = await post(operator, '/inventory/adjustments/', { stock_line: line.id, qty: '8', reason_code: 'damaged' })
    expect(denied.statusCode).toBe(403)
    const res = await post(supervisor, '/inventory/adjustments/', { stock_line: line.id, qty: '7.5', reason_code: 'damaged', note: 'forklift' })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ line: { id: line.id, qty: '7.500' }, move: { reason: 'adjust', reason_code: 'damaged', note: 'forklift', qty: '2.500', from_location: { id: locationIds[0] }, to_location: null } })
    const same = await post(supervisor, '/inventory/adjustments/', { stock_line: line.id, qty: '7.5', reason_code: 'correction' })
    expect(same.json()).toMatchObject({ move: null, line: { qty: '7.500' } })
    const found = await post(admin, '/inventory/adjustments/', { product: productIds[2], location: locationIds[3], qty: '3', lot: 'FOUND-1', expiry_date: '2030-01-31', reason_code: 'found', note: 'behind the rack' })
    expect(found.statusCode, found.body).toBe(201)
    expect(found.json()).toMatchObject({ line: { lot: 'FOUND-1', qty: '3.000', expiry_date: '2030-01-31', location: { id: locationIds[3] } }, move: { reason: 'adjust', reason_code: 'found', to_location: { id: locationIds[3] } } })
    const bad = await post(admin, '/inventory/adjustments/', { product: productIds[2], qty: '3', reason_code: 'stolen' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json())).toContain('reason_code')
    const emptied = await post(admin, '/inventory/adjustments/', { stock_line: found.json().line.id, qty: '0', reason_code: 'lost' })
    expect(emptied.json()).toMatchObject({ line: null, move: { reason_code: 'lost', qty: '3.000' } })
    const ledger = (await get(admin, `/inventory/moves/?reason=adjust&product=${productIds[2]}`)).json()
    expect(ledger.results.map((m: { reason_code: string }) => m.reason_code)).toEqual(['lost', 'found'])
    expect(await ledgerMismatches(t, actor.companyId)).toEqual([])
  })

  it("an adjustment's answer is what the ledger and the stock list read back; sent again it answers the first result, a refusal too", async () => {
    const code = `PAL-A-${kind}-${++pallet}`
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    const received = await receiveStock(t.database.db, actor, { productId: productIds[3], locationId: locationIds[7], qty: '8', lot: 'LOT-A', expiryDate: soon, palletCode: code })
    const lineId = received.to!.id
    for (const [qty, id] of [['5.5', randomUUID()], ['9', randomUUID()]] as const) {
      const res = await post(supervisor, '/inventory/adjustments/', { command_id: id, stock_line: lineId, qty, reason_code: 'correction', note: 'recount' })
      expect(res.statusCode, res.body).toBe(201)
      const body = res.json()
      const ledger = (await get(admin, `/inventory/moves/?pallet_code=${code}`)).json()
      expect(body.move).toEqual(ledger.results[0])
      const stock = (await get(admin, `/inventory/stock/?pallet_code__exact=${code}`)).json()
      expect(body.line).toEqual(stock.results[0])
      expect(body.line).toMatchObject({ near_expiry: true, expired: false })
      const again = await post(supervisor, '/inventory/adjustments/', { command_id: id, stock_line: lineId, qty: '1', reason_code: 'lost' })
      expect(again.json()).toEqual(body)
    }
    // a refusal (a stale version) is stored: sent again, the same refusal, even once the version would fit
    const refusedId = randomUUID()
    const stale = await post(supervisor, '/inventory/adjustments/', { command_id: refusedId, stock_line: lineId, qty: '4', expected_version: 1, reason_code: 'correction' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ line: { id: lineId, qty: '9.000' } })
    const version = stale.json().line.version
    const replay = await post(supervisor, '/inventory/adjustments/', { command_id: refusedId, stock_line: lineId, qty: '4', expected_version: version, reason_code: 'correction' })
    expect(replay.statusCode).toBe(409)
    expect(replay.json()).toEqual(stale.json())
    const [line] = await t.database.db.select().from(stockLines).where(eq(stockLines.id, lineId))
    expect(line.qty).toBe('9.000')
    expect(await ledgerMismatches(t, actor.companyId)).toEqual([])
  })

  it('40 concurrent requests on one line (30 adjustments and moves, each its own command_id, 10 of the ids sent twice) stay exact', async () => {
    const code = `PAL-C-${kind}-${++pallet}`
    const received = await receiveStock(t.database.db, actor, { productId: productIds[4], locationId: locationIds[8], qty: '100', lot: 'LOT-C', palletCode: code })
    const lineId = received.to!.id
    const ids = Array.from({ length: 30 }, () => randomUUID())
    const sends = ids.flatMap((id, i) => {
      const body =
        i % 3 === 0
          ? { url: '/inventory/adjustments/', payload: { command_id: id, stock_line: lineId, qty: String(90 + i), reason_code: 'correction' } }
          : { url: '/inventory/moves/', payload: { command_id: id, stock_line: lineId, qty: '1', to_location: locationIds[9 + (i % 2)] } }
      // every third id twice: applied once, both answers the same
      return i % 3 === 1 ? [body, body] : [body]
    })
    const answers = await Promise.all(sends.map((c) => post(admin, c.url, c.payload)))
    for (const a of answers) expect([201, 400, 409], a.body).toContain(a.statusCode)
    const byId = new Map<string, string[]>()
    answers.forEach((a, i) => byId.set(sends[i].payload.command_id, [...(byId.get(sends[i].payload.command_id) ?? []), `${a.statusCode} ${a.body}`]))
    for (const bodies of byId.values()) expect(new Set(bodies).size).toBe(1)
    // one ledger row per command that changed stock, none for a refusal or a replay
    const applied = [...byId.values()].filter((b) => b[0].startsWith('201') && !b[0].includes('"move":null')).length
    const rows = await t.database.db.select({ id: stockMoves.id }).from(stockMoves).where(and(eq(stockMoves.palletCode, code), sql`${stockMoves.reason} IN ('adjust', 'move')`))
    expect(rows).toHaveLength(applied)
    expect(await ledgerMismatches(t, actor.companyId)).toEqual([])
    const [counted] = (
      await t.database.db.execute<{ rows: number; counted: number }>(
        sql`SELECT (SELECT count(*)::int FROM stock_moves WHERE company_id = ${actor.companyId}) AS rows, (SELECT coalesce(sum(moves), 0)::int FROM stock_move_day_counters WHERE company_id = ${actor.companyId}) AS counted`,
      )
    ).rows
    expect(counted.counted).toBe(counted.rows)
  })

  it('blocks the whole pallet: never reserved or picked; released again; both in the ledger with who and why', async () => {
    const code = await newPallet()
    const lines = await t.database.db.select().from(stockLines).where(eq(stockLines.palletCode, code)).orderBy(stockLines.id)
    const res = await post(operator, `/inventory/stock/${lines[1].id}/block/`, { reason: 'wet cartons' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().lines.map((l: { status: string; status_reason: string }) => [l.status, l.status_reason])).toEqual([
      ['blocked', 'wet cartons'],
      ['blocked', 'wet cartons'],
    ])
    expect(res.json().moves[0]).toMatchObject({ reason: 'block', reason_code: 'blocked', note: 'wet cartons', user: { username: 'operator' } })
    await expect(reserveStock(t.database.db, actor, { lineId: lines[0].id, qty: '1' })).rejects.toMatchObject({ statusCode: 400 })
    await expect(moveStock(t.database.db, actor, { lineId: lines[0].id, toLocationId: locationIds[9], qty: '1', reason: 'pick' })).rejects.toMatchObject({ statusCode: 400 })
    // it may still move (to a quarantine area, say), and stays blocked there
    const moved = await post(operator, '/inventory/moves/', { pallet_code: code, to_location: locationIds[9] })
    expect(moved.json().lines.every((l: { status: string }) => l.status === 'blocked')).toBe(true)
    expect((await get(admin, `/inventory/stock/?status=blocked&pallet_code__exact=${code}`)).json().count).toBe(2)
    const again = await post(operator, `/inventory/stock/${moved.json().lines[0].id}/block/`, { reason: 'again' })
    expect(again.statusCode).toBe(400)
    const stale = await post(operator, `/inventory/stock/${moved.json().lines[0].id}/release/`, { reason: 'dried', expected_version: moved.json().lines[0].version + 5 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().line).toMatchObject({ id: moved.json().lines[0].id, status: 'blocked' })
    const released = await post(supervisor, `/inventory/stock/${moved.json().lines[0].id}/release/`, { reason: 'dried' })
    expect(released.json().lines.map((l: { status: string }) => l.status)).toEqual(['available', 'available'])
    await reserveStock(t.database.db, actor, { lineId: moved.json().lines[0].id, qty: '1' })
    const ledger = (await get(admin, `/inventory/moves/?pallet_code=${code}&reason=block,release`)).json()
    expect(ledger.results.map((m: { reason: string; note: string }) => `${m.reason}:${m.note}`)).toEqual(['release:dried', 'release:dried', 'block:wet cartons', 'block:wet cartons'])
    expect(await ledgerMismatches(t, actor.companyId)).toEqual([])
  })

  it('lists the ledger newest first with exact counts: unfiltered and by date from the day counters, filters through their indexes', async () => {
    const [{ n }] = (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_moves WHERE company_id = ${actor.companyId}`)).rows
    const all = (await get(admin, '/inventory/moves/?page_size=5')).json()
    expect(all.count).toBe(Number(n))
    expect(all.results).toHaveLength(5)
    const times = all.results.map((m: { created_at: string; id: number }) => m.created_at)
    expect([...times].sort().reverse()).toEqual(times)
    const today = new Date().toISOString().slice(0, 10)
    const [{ n: todays }] = (
      await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_moves WHERE company_id = ${actor.companyId} AND created_at >= ${today}::date AND created_at < ${today}::date + 1`)
    ).rows
    expect((await get(admin, `/inventory/moves/?date_from=${today}&date_to=${today}`)).json().count).toBe(Number(todays))
    expect((await get(admin, '/inventory/moves/?date_from=2000-01-01&date_to=2000-01-02')).json().count).toBe(0)
    const byProduct = (await get(admin, `/inventory/moves/?product=${productIds[1]}&page_size=100`)).json()
    expect(byProduct.count).toBeGreaterThan(0)
    expect(byProduct.results.every((m: { product: { id: number } }) => m.product.id === productIds[1])).toBe(true)
    const byLocation = (await get(admin, `/inventory/moves/?location=${locationIds[1]}&page_size=100`)).json()
    expect(byLocation.results.every((m: { from_location: { id: number } | null; to_location: { id: number } | null }) => m.from_location?.id === locationIds[1] || m.to_location?.id === locationIds[1])).toBe(true)
    expect((await get(admin, '/inventory/moves/?reason=teleport')).statusCode).toBe(400)
    expect((await get(admin, '/inventory/moves/?ordering=qty')).statusCode).toBe(400)
    const byUser = (await get(admin, `/inventory/moves/?user=${actor.userId}&search=LOT-1`)).json()
    expect(byUser.results.every((m: { lot: string; user: { id: number } }) => m.lot === 'LOT-1' && m.user.id === actor.userId)).toBe(true)
    // another company sees none of it
    const acme = (await t.login('acme.admin')).access
    expect((await get(acme, `/inventory/moves/?product=${productIds[1]}`)).json().count).toBe(0)
  })
})
