/**
 * Reservations (SPEC 10.4, ADR 0011): part of a line's free quantity held for an order; not a move, the stock stays
 * put. A reservation can be moved to other eligible stock (FEFO) when its line no longer covers it.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { locations } from '../../db/schema/core'
import { stockLines } from '../../db/schema/inventory'
import { fieldError, notFound } from '../../http/errors'
import { fromMilli3, toMilli } from '../../kernel/qty-math'
import { fefoEligible } from './stock-fefo'
import { type Qty, type StockActor, type StockLine, parseQty } from './stock-model'
import { explainMiss, inTransaction } from './stock-tx'

/** Reserve part of a line's available quantity (qty − reserved) for an order. Not a move: the stock stays put. */
export async function reserveStock(db: DbOrTx, actor: StockActor, input: { lineId: number; qty: Qty | number; expectedVersion?: number }): Promise<StockLine> {
  return changeReservation(db, actor, input, 1)
}

/** Give back a reservation (an order cancelled, or picked by other means). */
export async function releaseStock(db: DbOrTx, actor: StockActor, input: { lineId: number; qty: Qty | number; expectedVersion?: number }): Promise<StockLine> {
  return changeReservation(db, actor, input, -1)
}

async function changeReservation(db: DbOrTx, actor: StockActor, input: { lineId: number; qty: Qty | number; expectedVersion?: number }, sign: 1 | -1): Promise<StockLine> {
  const qty = parseQty(input.qty)
  return inTransaction(db, async (tx) => {
    const [line] = await tx
      .update(stockLines)
      .set({
        reservedQty: sign > 0 ? sql`${stockLines.reservedQty} + ${qty}::numeric` : sql`${stockLines.reservedQty} - ${qty}::numeric`,
        version: sql`${stockLines.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(stockLines.id, input.lineId),
          eq(stockLines.companyId, actor.companyId),
          input.expectedVersion === undefined ? undefined : eq(stockLines.version, input.expectedVersion),
          sign > 0 ? sql`${stockLines.qty} - ${stockLines.reservedQty} >= ${qty}::numeric` : sql`${stockLines.reservedQty} >= ${qty}::numeric`,
          sign > 0 ? eq(stockLines.status, 'available') : undefined,
        ),
      )
      .returning()
    if (!line && sign > 0) {
      const [held] = await tx
        .select({ status: stockLines.status })
        .from(stockLines)
        .where(and(eq(stockLines.id, input.lineId), eq(stockLines.companyId, actor.companyId), sql`${stockLines.status} <> 'available'`))
      if (held) throw fieldError('stock_line', `Stock line ${input.lineId} is ${held.status}; blocked and quarantined stock is never reserved.`)
    }
    if (!line) return explainMiss(tx, actor, input.lineId, input.expectedVersion, qty, sign > 0 ? 'reserve' : 'release')
    return line
  })
}

/** Where a moved reservation went (moveReservation): a line of the same product that holds part of it now. */
export type ReservationPlace = { lineId: number; locationId: number; lot: string | null; palletCode: string | null; expiryDate: string | null; qty: Qty }

/**
 * Move `qty` of a line's reservation to other eligible stock (ADR 0011 §3 and its §4 amendment): the same
 * product and unit in the same warehouse, in active locations outside quarantine, `fefoEligible` (available, not
 * expired, something free), in FEFO_ORDER; the candidates are locked in id order, as a copack reserve locks them.
 * The line gives the whole `qty` back; what no other line can hold stays unplaced (released): the caller decides
 * what becomes of it (a pick marked short, an exception for a supervisor).
 */
export async function moveReservation(tx: Tx, actor: StockActor, input: { lineId: number; qty: Qty }): Promise<{ placed: ReservationPlace[]; unplaced: Qty }> {
  const [line] = await tx
    .select({ id: stockLines.id, productId: stockLines.productId, uom: stockLines.uom, warehouseId: locations.warehouseId })
    .from(stockLines)
    .innerJoin(locations, eq(locations.id, stockLines.locationId))
    .where(and(eq(stockLines.id, input.lineId), eq(stockLines.companyId, actor.companyId)))
  if (!line) throw notFound(`Stock line ${input.lineId} not found.`)
  await changeReservation(tx, actor, { lineId: line.id, qty: input.qty }, -1)
  const candidates = await tx
    .select({
      id: stockLines.id,
      locationId: stockLines.locationId,
      lot: stockLines.lot,
      palletCode: stockLines.palletCode,
      expiryDate: stockLines.expiryDate,
      createdAt: stockLines.createdAt,
      free: sql<string>`(${stockLines.qty} - ${stockLines.reservedQty})::text`,
    })
    .from(stockLines)
    .where(
      and(
        eq(stockLines.companyId, actor.companyId),
        eq(stockLines.productId, line.productId),
        eq(stockLines.uom, line.uom),
        sql`${stockLines.id} <> ${line.id}`,
        sql`${stockLines.locationId} IN (SELECT ${locations.id} FROM ${locations} WHERE ${locations.warehouseId} = ${line.warehouseId} AND ${locations.isActive} AND ${locations.kind} <> 'quarantine')`,
        fefoEligible(),
      ),
    )
    .orderBy(asc(stockLines.id))
    .for('update')
  candidates.sort((a, b) => (a.expiryDate !== b.expiryDate ? (a.expiryDate === null ? 1 : b.expiryDate === null ? -1 : a.expiryDate < b.expiryDate ? -1 : 1) : a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id))
  let remaining = toMilli(input.qty)
  const placed: ReservationPlace[] = []
  for (const c of candidates) {
    if (remaining <= 0n) break
    const free = toMilli(c.free)
    const take = free < remaining ? free : remaining
    if (take <= 0n) continue
    await changeReservation(tx, actor, { lineId: c.id, qty: fromMilli3(take) }, 1)
    placed.push({ lineId: c.id, locationId: c.locationId, lot: c.lot, palletCode: c.palletCode, expiryDate: c.expiryDate, qty: fromMilli3(take) })
    remaining -= take
  }
  return { placed, unplaced: fromMilli3(remaining) }
}

/**
 * Reserve (sign 1) or give back (sign -1) many lines' quantities at once, inside the caller's transaction: one
 * conditional UPDATE for all of them (a released wave's thousands of reservations, docs/requirements.md §19.3), with
 * the same conditions as reserveStock / releaseStock line by line. The caller locks the lines first (in id order);
 * a line the UPDATE misses (not enough free, not available, gone) is refused as reserveStock refuses it, and the
 * caller's transaction rolls back with it: never a partial reservation.
 */
export async function changeReservations(tx: Tx, actor: StockActor, items: readonly { lineId: number; qty: Qty }[], sign: 1 | -1): Promise<void> {
  const byLine = new Map<number, bigint>()
  for (const i of items) byLine.set(i.lineId, (byLine.get(i.lineId) ?? 0n) + toMilli(parseQty(i.qty)))
  for (const [id, q] of byLine) if (q <= 0n) byLine.delete(id)
  if (!byLine.size) return
  const ids = [...byLine.keys()].sort((a, b) => a - b)
  const qtys = ids.map((id) => fromMilli3(byLine.get(id) as bigint))
  const updated = await tx.execute<{ id: number }>(sql`
    UPDATE ${stockLines} AS s SET
      reserved_qty = s.reserved_qty ${sign > 0 ? sql`+` : sql`-`} v.qty,
      version = s.version + 1,
      updated_at = now()
    FROM (SELECT unnest(${`{${ids.join(',')}}`}::int[]) AS id, unnest(${`{${qtys.join(',')}}`}::numeric[]) AS qty) AS v
    WHERE s.id = v.id AND s.company_id = ${actor.companyId}
      AND ${sign > 0 ? sql`s.status = 'available' AND s.qty - s.reserved_qty >= v.qty` : sql`s.reserved_qty >= v.qty`}
    RETURNING s.id`)
  if (updated.rows.length === ids.length) return
  const done = new Set(updated.rows.map((r) => Number(r.id)))
  const missed = ids.find((id) => !done.has(id)) as number
  const qty = fromMilli3(byLine.get(missed) as bigint)
  if (sign > 0) {
    const [held] = await tx
      .select({ status: stockLines.status })
      .from(stockLines)
      .where(and(eq(stockLines.id, missed), eq(stockLines.companyId, actor.companyId), sql`${stockLines.status} <> 'available'`))
    if (held) throw fieldError('stock_line', `Stock line ${missed} is ${held.status}; blocked and quarantined stock is never reserved.`)
  }
  return explainMiss(tx, actor, missed, undefined, qty, sign > 0 ? 'reserve' : 'release')
}
