import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { stockLines, stockMoves } from '../../db/schema/inventory'
import { users } from '../../db/schema/users'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { rng } from '../../db/demo-data/random'
import { adjustStock, moveStock, postStockMove, receiveStock, removeStock } from './stock.service'
import { postStockMovesInTx } from './stock-line-deltas'
import { releaseStock, reserveStock } from './stock-reservations'
import { type StockActor } from './stock-model'
import { stockLineCount, stockProductLineCounts } from './stock-counters'

const kinds = await databaseKinds()

/** Lines whose qty differs from Σ moves in − Σ moves out (must be none). */
async function ledgerMismatches(t: TestApp, companyId: number) {
  const r = await t.database.db.execute<{ id: number; qty: string; ledger: string }>(sql`
    SELECT l.id, l.qty::text AS qty, (coalesce(i.s, 0) - coalesce(o.s, 0))::text AS ledger
    FROM stock_lines l
    LEFT JOIN (SELECT to_line_id AS id, sum(qty) AS s FROM stock_moves GROUP BY 1) i ON i.id = l.id
    LEFT JOIN (SELECT from_line_id AS id, sum(qty) AS s FROM stock_moves GROUP BY 1) o ON o.id = l.id
    WHERE l.company_id = ${companyId} AND l.qty <> coalesce(i.s, 0) - coalesce(o.s, 0)`)
  return r.rows
}

describe.each(kinds)('stock service on %s', (kind) => {
  let t: TestApp
  let actor: StockActor
  let productIds: number[]
  let locationIds: number[]
  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 50 })
    const db = t.database.db
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
    actor = { companyId: t.seed.companyId, userId: admin.id }
    productIds = (await db.select({ id: products.id }).from(products).where(eq(products.companyId, actor.companyId)).orderBy(asc(products.id)).limit(5)).map((p) => p.id)
    locationIds = (await db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, actor.companyId)).orderBy(asc(locations.id)).limit(8)).map((l) => l.id)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('receives into a new line, then adds to the same goods in the same place; exact decimals', async () => {
    const db = t.database.db
    const a = await receiveStock(db, actor, { productId: productIds[0], locationId: locationIds[0], qty: '10.125', lot: 'RCV-1', palletCode: 'PAL-RCV-1', expiryDate: '2027-01-31', reference: 'PO-1' })
    expect(a.to).toMatchObject({ qty: '10.125', lot: 'RCV-1', version: 1, expiryDate: '2027-01-31' })
    const b = await receiveStock(db, actor, { productId: productIds[0], locationId: locationIds[0], qty: '0.875', lot: 'RCV-1', palletCode: 'PAL-RCV-1', expiryDate: '2027-01-31' })
    expect(b.to?.id).toBe(a.to?.id)
    expect(b.to).toMatchObject({ qty: '11.000', version: 2 })
    const [move] = await db.select().from(stockMoves).where(eq(stockMoves.id, a.moveId))
    expect(move).toMatchObject({ reason: 'receipt', qty: '10.125', toLineId: a.to?.id, fromLineId: null, reference: 'PO-1', userId: actor.userId })
  })

  it('moves part of a line, then the rest (the emptied line goes, its history stays)', async () => {
    const db = t.database.db
    const { to: line } = await receiveStock(db, actor, { productId: productIds[1], locationId: locationIds[1], qty: 30, lot: 'MV-1' })
    const part = await moveStock(db, actor, { lineId: line!.id, toLocationId: locationIds[2], qty: '12.5', reason: 'putaway', expectedVersion: 1 })
    expect(part.from).toMatchObject({ deleted: false, line: { qty: '17.500', version: 2 } })
    expect(part.to).toMatchObject({ locationId: locationIds[2], lot: 'MV-1', qty: '12.500' })
    const rest = await moveStock(db, actor, { lineId: line!.id, toLocationId: locationIds[2] })
    expect(rest.from?.deleted).toBe(true)
    expect(rest.to).toMatchObject({ id: part.to?.id, qty: '30.000' })
    expect(await db.select().from(stockLines).where(eq(stockLines.id, line!.id))).toEqual([])
    expect(await ledgerMismatches(t, actor.companyId)).toEqual([])
  })

  it('never goes negative: a move or removal beyond the available quantity is a 400 on qty', async () => {
    const db = t.database.db
    const { to: line } = await receiveStock(db, actor, { productId: productIds[2], locationId: locationIds[3], qty: 5 })
    await expect(removeStock(db, actor, { lineId: line!.id, qty: '5.001' })).rejects.toMatchObject({ statusCode: 400, body: { qty: [expect.stringMatching(/Not enough stock/)] } })
    await reserveStock(db, actor, { lineId: line!.id, qty: 3 })
    // reserved stock is not available to a plain move...
    await expect(moveStock(db, actor, { lineId: line!.id, toLocationId: locationIds[4], qty: 3 })).rejects.toMatchObject({ statusCode: 400 })
    // ...but picking what was reserved takes it and lowers the reservation
    const pick = await removeStock(db, actor, { lineId: line!.id, qty: 2, fromReserved: true, reason: 'pick' })
    expect(pick.from?.line).toMatchObject({ qty: '3.000', reservedQty: '1.000' })
    await expect(releaseStock(db, actor, { lineId: line!.id, qty: 2 })).rejects.toMatchObject({ statusCode: 400 })
    await releaseStock(db, actor, { lineId: line!.id, qty: 1 })
    await expect(adjustStock(db, actor, { lineId: line!.id, countedQty: '-1' })).rejects.toMatchObject({ statusCode: 400 })
    await expect(postStockMove(db, actor, { reason: 'adjust', qty: '0', from: { lineId: line!.id } })).rejects.toMatchObject({ statusCode: 400, body: { qty: [expect.any(String)] } })
    await expect(postStockMove(db, actor, { reason: 'adjust', qty: 1.0001, from: { lineId: line!.id } })).rejects.toMatchObject({ statusCode: 400 })
    const [after] = await db.select({ qty: stockLines.qty }).from(stockLines).where(eq(stockLines.id, line!.id))
    expect(after.qty).toBe('3.000')
  })

  it('a stale version is a 409 and changes nothing; an unknown line is a 404', async () => {
    const db = t.database.db
    const { to: line } = await receiveStock(db, actor, { productId: productIds[3], locationId: locationIds[5], qty: 8 })
    await removeStock(db, actor, { lineId: line!.id, qty: 1, expectedVersion: 1 })
    await expect(removeStock(db, actor, { lineId: line!.id, qty: 1, expectedVersion: 1 })).rejects.toMatchObject({ statusCode: 409, body: { detail: expect.stringMatching(/changed/) } })
    await expect(moveStock(db, actor, { lineId: line!.id, toLocationId: locationIds[6], expectedVersion: 1 })).rejects.toMatchObject({ statusCode: 409 })
    await expect(adjustStock(db, actor, { lineId: line!.id, countedQty: 2, expectedVersion: 1 })).rejects.toMatchObject({ statusCode: 409 })
    await expect(reserveStock(db, actor, { lineId: line!.id, qty: 1, expectedVersion: 1 })).rejects.toMatchObject({ statusCode: 409 })
    const [after] = await db.select({ qty: stockLines.qty, version: stockLines.version }).from(stockLines).where(eq(stockLines.id, line!.id))
    expect(after).toEqual({ qty: '7.000', version: 2 })
    await expect(removeStock(db, actor, { lineId: 2_000_000_000, qty: 1 })).rejects.toMatchObject({ statusCode: 404 })
    // emptied by someone else while we held version 2: still a 409, not a 404
    await removeStock(db, actor, { lineId: line!.id, qty: 7 })
    await expect(removeStock(db, actor, { lineId: line!.id, qty: 1, expectedVersion: 2 })).rejects.toMatchObject({ statusCode: 409 })
  })

  it('adjusts to a counted quantity in either direction, and not at all when it matches', async () => {
    const db = t.database.db
    const { to: line } = await receiveStock(db, actor, { productId: productIds[4], locationId: locationIds[7], qty: '4.5' })
    const up = await adjustStock(db, actor, { lineId: line!.id, countedQty: '6', reason: 'count', reference: 'INV-1' })
    expect(up?.to).toMatchObject({ qty: '6.000' })
    const down = await adjustStock(db, actor, { lineId: line!.id, countedQty: '1.25', reason: 'count' })
    expect(down?.from?.line.qty).toBe('1.250')
    expect(await adjustStock(db, actor, { lineId: line!.id, countedQty: '1.250' })).toBeNull()
    expect(await ledgerMismatches(t, actor.companyId)).toEqual([])
  })

  it('posts several changes in one transaction as one by one: emptied lines go with their counters; one refused change refuses them all', async () => {
    const db = t.database.db
    const receive = async (qty: string, lot: string) => (await receiveStock(db, actor, { productId: productIds[3], locationId: locationIds[6], qty, lot })).to!
    const [a, b, c] = [await receive('10', 'TX-A'), await receive('5', 'TX-B'), await receive('4', 'TX-C')]
    await reserveStock(db, actor, { lineId: c.id, qty: 2 })
    const linesBefore = await stockLineCount(db, actor.companyId)
    const productBefore = (await stockProductLineCounts(db, actor.companyId)).get(productIds[3])
    // B to zero; A twice (the second change sees the first); C up
    const changes = await db.transaction((tx) =>
      postStockMovesInTx(tx, actor, [
        { reason: 'count', qty: '5', from: { lineId: b.id }, reference: 'TX-1' },
        { reason: 'count', qty: '2', to: { lineId: a.id }, reference: 'TX-1' },
        { reason: 'count', qty: '3', from: { lineId: a.id }, reference: 'TX-1' },
        { reason: 'count', qty: '1', to: { lineId: c.id }, reference: 'TX-1' },
      ]),
    )
    expect(changes.map((ch) => [ch.from?.line.id ?? ch.to?.id, ch.from?.line.qty ?? ch.to?.qty, ch.from?.deleted ?? null])).toEqual([
      [b.id, '0.000', true],
      [a.id, '12.000', null],
      [a.id, '9.000', false],
      [c.id, '5.000', null],
    ])
    const moves = await db.select().from(stockMoves).where(eq(stockMoves.reference, 'TX-1')).orderBy(asc(stockMoves.id))
    expect(moves.map((m) => m.id)).toEqual(changes.map((ch) => ch.moveId))
    expect(moves.map((m) => [m.fromLineId, m.toLineId, m.fromLocationId, m.toLocationId, m.qty, m.userId])).toEqual([
      [b.id, null, locationIds[6], null, '5.000', actor.userId],
      [null, a.id, null, locationIds[6], '2.000', actor.userId],
      [a.id, null, locationIds[6], null, '3.000', actor.userId],
      [null, c.id, null, locationIds[6], '1.000', actor.userId],
    ])
    expect(await db.$count(stockLines, eq(stockLines.id, b.id))).toBe(0)
    expect(await stockLineCount(db, actor.companyId)).toBe(linesBefore - 1)
    expect((await stockProductLineCounts(db, actor.companyId)).get(productIds[3])).toBe((productBefore ?? 0) - 1)
    // C holds 5 with 2 reserved: taking 4 is refused, and the change on A before it is rolled back with it
    await expect(
      db.transaction((tx) =>
        postStockMovesInTx(tx, actor, [
          { reason: 'count', qty: '1', to: { lineId: a.id }, reference: 'TX-2' },
          { reason: 'count', qty: '4', from: { lineId: c.id }, reference: 'TX-2' },
        ]),
      ),
    ).rejects.toMatchObject({ statusCode: 400, body: { qty: [expect.any(String)] } })
    await expect(db.transaction((tx) => postStockMovesInTx(tx, actor, [{ reason: 'count', qty: '1', to: { lineId: b.id }, reference: 'TX-2' }]))).rejects.toMatchObject({ statusCode: 404 })
    expect(await db.$count(stockMoves, eq(stockMoves.reference, 'TX-2'))).toBe(0)
    const [after] = await db.select({ qty: stockLines.qty }).from(stockLines).where(eq(stockLines.id, a.id))
    expect(after.qty).toBe('9.000')
    expect(await ledgerMismatches(t, actor.companyId)).toEqual([])
  })

  it('keeps companies apart: another company cannot touch a line or use a location', async () => {
    const db = t.database.db
    const other: StockActor = { companyId: t.seed.otherCompanyId, userId: null }
    const { to: line } = await receiveStock(db, actor, { productId: productIds[0], locationId: locationIds[0], qty: 1, lot: 'ISO' })
    await expect(removeStock(db, other, { lineId: line!.id, qty: 1 })).rejects.toMatchObject({ statusCode: 404 })
    await expect(receiveStock(db, other, { productId: productIds[0], locationId: locationIds[0], qty: 1 })).rejects.toMatchObject({ statusCode: 400, body: { location: [expect.any(String)] } })
  })

  it('keeps every line equal to the sum of its moves after 200 concurrent moves, and the line counter exact', async () => {
    const db = t.database.db
    // 6 lines of one product spread over 4 locations; moves shuffle stock among them while some removals and receipts run too
    const locs = locationIds.slice(0, 4)
    const seedLines: { id: number }[] = []
    for (let i = 0; i < 6; i++) seedLines.push((await receiveStock(db, actor, { productId: productIds[0], locationId: locs[i % 4], qty: 500, lot: `BURST-${i % 2}` })).to!)
    const r = rng(7)
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, async (_, i) => {
        // pick a current line of the burst (lines come and go as they empty and merge)
        const live = await db
          .select({ id: stockLines.id, locationId: stockLines.locationId })
          .from(stockLines)
          .where(and(eq(stockLines.companyId, actor.companyId), eq(stockLines.productId, productIds[0]), sql`${stockLines.lot} LIKE 'BURST-%'`))
          .orderBy(asc(stockLines.id))
        const line = live.length ? r.pick(live) : { id: seedLines[0].id, locationId: locs[0] }
        const qty = `${r.int(1, 9)}.${r.int(0, 999)}`
        if (i % 10 === 0) return removeStock(db, actor, { lineId: line.id, qty, reason: 'pick' })
        if (i % 10 === 1) return receiveStock(db, actor, { productId: productIds[0], locationId: r.pick(locs), qty, lot: 'BURST-0' })
        return moveStock(db, actor, { lineId: line.id, toLocationId: r.pick(locs.filter((l) => l !== line.locationId)), qty })
      }),
    )
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    // the only acceptable failures: not enough stock left, a line emptied meanwhile, or moving onto itself
    for (const f of failures) expect([400, 404]).toContain((f.reason as { statusCode?: number }).statusCode)
    expect(results.length - failures.length).toBeGreaterThan(100)
    expect(await ledgerMismatches(t, actor.companyId)).toEqual([])
    // conservation over the whole company, emptied (deleted) lines included: stock on hand = Σ in − Σ out
    const totals = await db.execute<{ onHand: string; ledger: string }>(sql`
      SELECT (SELECT coalesce(sum(qty), 0) FROM stock_lines WHERE company_id = ${actor.companyId})::text AS "onHand",
        ((SELECT coalesce(sum(qty), 0) FROM stock_moves WHERE company_id = ${actor.companyId} AND to_line_id IS NOT NULL)
          - (SELECT coalesce(sum(qty), 0) FROM stock_moves WHERE company_id = ${actor.companyId} AND from_line_id IS NOT NULL))::text AS ledger`)
    expect(totals.rows[0].onHand).toBe(totals.rows[0].ledger)
    expect(await stockLineCount(db, actor.companyId)).toBe((await db.$count(stockLines, eq(stockLines.companyId, actor.companyId))))
    // and every product's line counter
    const perProduct = await db.execute<{ product_id: number; n: number }>(
      sql`SELECT product_id, count(*)::int AS n FROM stock_lines WHERE company_id = ${actor.companyId} GROUP BY product_id`,
    )
    expect(await stockProductLineCounts(db, actor.companyId)).toEqual(new Map(perProduct.rows.map((r) => [Number(r.product_id), Number(r.n)])))
    const negatives = await db.$count(stockLines, sql`${stockLines.qty} < 0 OR ${stockLines.reservedQty} > ${stockLines.qty}`)
    expect(negatives).toBe(0)
  })
})
