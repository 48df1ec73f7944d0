/**
 * The stock service: the ONLY way stock changes (SPEC 3). Receiving, putaway, moves, picking, shipping, copack
 * consumption and production, adjustments and counts all call the functions below; none writes stock_lines directly.
 *
 * Every change is one transaction that
 *   1. takes quantity from a source line (a conditional UPDATE: `qty - reserved_qty >= n`, optional `version = v`),
 *   2. puts it into a target line (a given line, or the line in the target location with the same product, lot,
 *      pallet, SSCC, expiry, owner and unit, or a new line),
 *   3. writes one row in the stock_moves ledger.
 * So for every line, qty = Σ moves into it − Σ moves out of it, quantities never go negative (CHECK constraints back
 * this up), and two concurrent changes can't lose an update: the conditional UPDATE takes the row lock and re-checks
 * its condition on the newest row version (PostgreSQL), and PGlite runs transactions one at a time.
 *
 * Optimistic concurrency: each line has a `version`, bumped on every change. Pass `expectedVersion` (the version the
 * user saw) and a line that changed since answers 409 {detail}, never a wrong total.
 *
 * Quantities are decimal strings with up to 3 places ('12', '0.5', '3.250'): exact, never floats.
 * A line that reaches zero is deleted (its moves stay in the ledger).
 *
 * Errors are ApiErrors, so routes can let them through: 400 {"qty": [...]} for a bad or too large quantity,
 * 400 {"<field>": [...]} for a reference outside the company, 404 for an unknown line, 409 for a stale version.
 *
 * Each function takes `db` (opens its own transaction, retried on deadlock) or a `tx` from your own
 * `db.transaction(...)` (joins it through a savepoint), so a caller can change stock and its own rows atomically.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { type StockMoveReason, STOCK_MOVE_REASONS, stockLines, stockMoves } from '../../db/schema/inventory'
import { fieldError } from '../../http/errors'
import { isValidSscc } from '../../../contracts/gs1/gs1'
import { fromMilli, toMilli } from '../../kernel/qty-math'
import { bumpMoveCounter } from './stock-counters'
import { type LineAttributes, type Qty, QTY_RE, type StockActor, type StockChange, type StockLine, type StockMoveInput, checkMoveInput, parseQty } from './stock-model'
import { applyMove } from './stock-single-move'
import { explainMiss, inTransaction } from './stock-tx'

// The stock service's public face for other modules (ADR 0009): the commands below, and the parts it is built from
// that they call (the batched run, reservations, FEFO, counters), each kept in a file of its own by job.
export type { LineAttributes, Qty, StockActor, StockChange, StockLine, StockMove, StockMoveInput, StockSource, StockTarget } from './stock-model'
export { parseQty } from './stock-model'
export { bumpMoveCounter, recountStockLines, recountStockMoves, stockLineCount, stockLineCountQuery, stockProductLineCounts } from './stock-counters'
export { postStockMovesInTx } from './stock-line-deltas'
export { changeReservations, moveReservation, releaseStock, reserveStock, type ReservationPlace } from './stock-reservations'
export { FEFO_ORDER, fefoEligible } from './stock-fefo'
export { refillFacesForWave } from './replenishment'

export { STOCK_MOVE_REASONS, type StockMoveReason }
/**
 * The one function that changes stock: takes `qty` out of `from` and/or puts it into `to`, and writes the move.
 * The helpers below (receiveStock, moveStock, removeStock, adjustStock) are thin shapes over it.
 */
export async function postStockMove(db: DbOrTx, actor: StockActor, input: StockMoveInput): Promise<StockChange> {
  const checked = checkMoveInput(input)
  return inTransaction(db, (tx) => applyMove(tx, actor, checked))
}

/** Stock enters a location: receipt (default), produce, or a found quantity. Adds to the matching line or creates one. */
export function receiveStock(
  db: DbOrTx,
  actor: StockActor,
  input: { productId: number; locationId: number; qty: Qty | number; reason?: 'receipt' | 'produce' | 'adjust' | 'count'; reference?: string; reasonCode?: string | null; note?: string } & LineAttributes,
): Promise<StockChange> {
  const { productId, locationId, qty, reason = 'receipt', reference, reasonCode, note, ...attrs } = input
  return postStockMove(db, actor, { reason, qty, reference, reasonCode, note, to: { locationId, productId, ...attrs } })
}

/**
 * Stock changes place: putaway, move (default) or pick to a staging location. Without `qty` the whole unreserved
 * quantity moves. `palletCode` (and the other attributes) may change on the way, e.g. when picking onto a new pallet.
 */
export async function moveStock(
  db: DbOrTx,
  actor: StockActor,
  input: {
    lineId: number
    toLocationId: number
    /** the target location's code, when the caller has just read it in this transaction (StockTarget's locationCode) */
    toLocationCode?: string
    qty?: Qty | number
    expectedVersion?: number
    fromReserved?: boolean
    reason?: 'putaway' | 'move' | 'pick' | 'replenishment'
    reference?: string
    note?: string
  } & LineAttributes,
): Promise<StockChange> {
  const { lineId, toLocationId, toLocationCode, qty, expectedVersion, fromReserved, reason = 'move', reference, note, ...attrs } = input
  if (qty !== undefined) {
    return postStockMove(db, actor, { reason, qty, reference, note, from: { lineId, expectedVersion, fromReserved }, to: { locationId: toLocationId, locationCode: toLocationCode, ...attrs } })
  }
  return inTransaction(db, async (tx) => {
    const [line] = await tx
      .select({ available: sql<string>`(${stockLines.qty} - ${stockLines.reservedQty})::text` })
      .from(stockLines)
      .where(and(eq(stockLines.id, lineId), eq(stockLines.companyId, actor.companyId)))
      .for('update')
    if (!line) return explainMiss(tx, actor, lineId, expectedVersion, '0', 'move')
    return applyMove(tx, actor, { reason, qty: parseQty(line.available), reference, note, from: { lineId, expectedVersion, fromReserved }, to: { locationId: toLocationId, locationCode: toLocationCode, ...attrs } })
  })
}

/** Stock leaves: consume (default), ship, pick out of the warehouse, or a lost quantity. */
export function removeStock(
  db: DbOrTx,
  actor: StockActor,
  input: {
    lineId: number
    qty: Qty | number
    expectedVersion?: number
    fromReserved?: boolean
    reason?: 'consume' | 'ship' | 'pick' | 'adjust' | 'count'
    reference?: string
    /** why, in the user's words (e.g. a pick that overrides the FEFO lot), kept on the move */
    note?: string
  },
): Promise<StockChange> {
  const { lineId, qty, expectedVersion, fromReserved, reason = 'consume', reference, note } = input
  return postStockMove(db, actor, { reason, qty, reference, note, from: { lineId, expectedVersion, fromReserved }, to: undefined })
}

/**
 * Set a line to a counted quantity (reason 'count' or 'adjust'): writes the difference as a move in or out.
 * Returns null when the line already holds that quantity. Counting below the reserved quantity is a 400.
 */
export async function adjustStock(
  db: DbOrTx,
  actor: StockActor,
  input: { lineId: number; countedQty: Qty | number; expectedVersion?: number; reason?: 'adjust' | 'count'; reference?: string; reasonCode?: string | null; note?: string },
): Promise<StockChange | null> {
  const counted = countedQty(input.countedQty)
  return inTransaction(db, async (tx) => {
    const [line] = await tx
      .select()
      .from(stockLines)
      .where(and(eq(stockLines.id, input.lineId), eq(stockLines.companyId, actor.companyId)))
      .for('update')
    if (!line) return explainMiss(tx, actor, input.lineId, input.expectedVersion, counted, 'count')
    return adjustLockedLine(tx, actor, { ...input, line })
  })
}

function countedQty(value: Qty | number): Qty {
  const counted = String(value).trim()
  if (!QTY_RE.test(counted)) throw fieldError('counted_qty', 'Enter a number with at most 3 decimal places.')
  return counted
}

/**
 * adjustStock for a line the caller has just read and locked (`SELECT ... FOR UPDATE` in this transaction, with what
 * else its answer needs), in the caller's transaction and without a savepoint of its own: a refusal leaves the
 * transaction to be rolled back whole (the API's adjustment command, whose runOnce does so). The line read is the
 * move's source as read: nothing is read twice.
 */
export async function adjustLockedLine(
  tx: Tx,
  actor: StockActor,
  input: { line: StockLine; countedQty: Qty | number; expectedVersion?: number; reason?: 'adjust' | 'count'; reference?: string; reasonCode?: string | null; note?: string },
): Promise<StockChange | null> {
  const counted = countedQty(input.countedQty)
  const { line, expectedVersion, reason = 'adjust', reference, reasonCode, note } = input
  if (expectedVersion !== undefined && line.version !== expectedVersion) return explainMiss(tx, actor, line.id, expectedVersion, counted, 'count')
  if (toMilli(counted) < toMilli(line.reservedQty)) throw fieldError('counted_qty', 'The counted quantity is below the reserved quantity; release the reservation first.')
  const delta = toMilli(counted) - toMilli(line.qty)
  if (delta === 0n) return null
  const qty = fromMilli(delta < 0n ? -delta : delta)
  const lineId = line.id
  return applyMove(tx, actor, delta < 0n ? { reason, qty, reference, reasonCode, note, from: { lineId, line } } : { reason, qty, reference, reasonCode, note, to: { lineId } })
}

/**
 * Block (status `blocked` or `quarantine`) or release (`available`) a line, and with it every line of its pallet
 * (SPEC 10.7: "whole pallet when the line has one"). No quantity changes; each line gets a ledger row from itself to
 * itself (reason block/release, the status as reason code, the reason as note: who, when, why), its version bumped.
 * A stale `expectedVersion` on the given line is a 409; a line already in that status is a 400.
 */
export async function setStockStatus(
  db: DbOrTx,
  actor: StockActor,
  input: { lineId: number; status: 'available' | 'blocked' | 'quarantine'; reason: string; expectedVersion?: number },
): Promise<{ lines: StockLine[]; moveIds: number[] }> {
  return inTransaction(db, async (tx) => {
    const [line] = await tx
      .select()
      .from(stockLines)
      .where(and(eq(stockLines.id, input.lineId), eq(stockLines.companyId, actor.companyId)))
    if (!line || (input.expectedVersion !== undefined && line.version !== input.expectedVersion)) {
      return explainMiss(tx, actor, input.lineId, input.expectedVersion, '0', 'block')
    }
    const release = input.status === 'available'
    const scope = line.palletCode !== null ? and(eq(stockLines.companyId, actor.companyId), eq(stockLines.palletCode, line.palletCode)) : and(eq(stockLines.companyId, actor.companyId), eq(stockLines.id, line.id))
    const locked = await tx.select().from(stockLines).where(scope).orderBy(stockLines.id).for('update')
    const [again] = locked.filter((l) => l.id === line.id)
    if (!again || (input.expectedVersion !== undefined && again.version !== input.expectedVersion)) {
      return explainMiss(tx, actor, input.lineId, input.expectedVersion, '0', 'block')
    }
    const changing = locked.filter((l) => (release ? l.status !== 'available' : l.status !== input.status))
    if (!changing.length) throw fieldError('status', release ? 'The stock is not blocked.' : `The stock is already ${input.status}.`)
    const lines = await tx
      .update(stockLines)
      .set({ status: input.status, statusReason: release ? null : input.reason, version: sql`${stockLines.version} + 1`, updatedAt: sql`now()` })
      .where(inArray(stockLines.id, changing.map((l) => l.id)))
      .returning()
    const moves = await tx
      .insert(stockMoves)
      .values(
        lines.map((l) => ({
          companyId: actor.companyId,
          productId: l.productId,
          lot: l.lot,
          palletCode: l.palletCode,
          sscc: l.sscc,
          fromLocationId: l.locationId,
          toLocationId: l.locationId,
          fromLineId: l.id,
          toLineId: l.id,
          qty: l.qty,
          reason: release ? ('release' as const) : ('block' as const),
          reasonCode: input.status,
          note: input.reason,
          userId: actor.userId,
        })),
      )
      .returning({ id: stockMoves.id })
    await bumpMoveCounter(tx, actor.companyId, moves.length)
    return { lines: lines.sort((a, b) => a.id - b.id), moveIds: moves.map((m) => m.id) }
  })
}

/** Whether any stock line of the company carries this SSCC. */
export async function ssccInStock(db: DbOrTx, companyId: number, sscc: string): Promise<boolean> {
  const [used] = await db
    .select({ id: stockLines.id })
    .from(stockLines)
    .where(and(eq(stockLines.companyId, companyId), eq(stockLines.sscc, sscc)))
    .limit(1)
  return used !== undefined
}

/**
 * Give every line of a pallet one SSCC (the first pallet label of a pallet without a valid one). The pallet's lines
 * are locked first, so two concurrent first prints agree: a valid SSCC a line already carries is returned as is;
 * otherwise `allocate` (the printing module's allocator, in this transaction) supplies a new one, and each line gets it
 * with its version bumped. No quantity moves, so the ledger is untouched.
 */
export async function setPalletSscc(db: DbOrTx, companyId: number, palletCode: string, allocate: (tx: Tx) => Promise<string>): Promise<string> {
  return inTransaction(db, async (tx) => {
    const lines = await tx
      .select({ sscc: stockLines.sscc })
      .from(stockLines)
      .where(and(eq(stockLines.companyId, companyId), eq(stockLines.palletCode, palletCode)))
      .for('update')
    const already = lines.map((l) => l.sscc).find((s): s is string => s !== null && isValidSscc(s))
    if (already) return already
    const sscc = await allocate(tx)
    await tx
      .update(stockLines)
      .set({ sscc, version: sql`${stockLines.version} + 1`, updatedAt: new Date() })
      .where(and(eq(stockLines.companyId, companyId), eq(stockLines.palletCode, palletCode)))
    return sscc
  })
}

/**
 * Copy product code and name and location code onto the stock lines again (they are the stock list's sort keys).
 * Call after renaming a product or a location; with no argument, every line of the company.
 */
export async function refreshStockSortKeys(db: DbOrTx, companyId: number, only: { productId?: number; locationId?: number } = {}): Promise<void> {
  await db.execute(sql`
    UPDATE ${stockLines} s SET product_code = p.code, product_name1 = p.name1, location_code = l.code
    FROM ${products} p, ${locations} l
    WHERE p.id = s.product_id AND l.id = s.location_id AND s.company_id = ${companyId}
      ${only.productId ? sql`AND s.product_id = ${only.productId}` : sql``} ${only.locationId ? sql`AND s.location_id = ${only.locationId}` : sql``}
      AND (s.product_code IS DISTINCT FROM p.code OR s.product_name1 IS DISTINCT FROM p.name1 OR s.location_code IS DISTINCT FROM l.code)`)
}

/**
 * Whether any stock lies at a location (or of a product) of the company: master data asks before deactivating
 * (SPEC 12.5: a location with stock cannot be deactivated; a pack whose unit stock is counted in keeps its unit and
 * units per pack).
 */
export async function hasStockAt(db: DbOrTx, companyId: number, at: { locationId?: number; productId?: number; uom?: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: stockLines.id })
    .from(stockLines)
    .where(
      and(
        eq(stockLines.companyId, companyId),
        at.locationId !== undefined ? eq(stockLines.locationId, at.locationId) : undefined,
        at.productId !== undefined ? eq(stockLines.productId, at.productId) : undefined,
        at.uom !== undefined ? eq(stockLines.uom, at.uom) : undefined,
        sql`${stockLines.qty} > 0`,
      ),
    )
    .limit(1)
  return row !== undefined
}

/** A decimal as the database writes it, without its trailing zeros ('1000.000' → '1000', '2.500' → '2.5'). */
const plainQty = (q: string) => (q.includes('.') ? q.replace(/\.?0+$/, '') : q)

/**
 * Where a product's stock lies, for a refusal that says how much is where (master data refuses to deactivate a
 * product with stock, docs/requirements.md §5): the total per unit, the number of locations, and the locations
 * holding most, largest first (at most `limit`).
 */
export async function stockOfProduct(db: DbOrTx, companyId: number, productId: number, limit = 5): Promise<{ totals: string[]; locations: number; largest: { code: string; qty: string }[] }> {
  const rows = await db
    .select({ code: locations.code, uom: stockLines.uom, qty: sql<string>`sum(${stockLines.qty})::text` })
    .from(stockLines)
    .innerJoin(locations, eq(locations.id, stockLines.locationId))
    .where(and(eq(stockLines.companyId, companyId), eq(stockLines.productId, productId), sql`${stockLines.qty} > 0`))
    .groupBy(locations.code, stockLines.uom)
    .orderBy(sql`sum(${stockLines.qty}) DESC`, locations.code)
  const totals = new Map<string, number>()
  // thousandths as integers: exact sums of 3-place decimals
  for (const r of rows) totals.set(r.uom, (totals.get(r.uom) ?? 0) + Math.round(Number(r.qty) * 1000))
  return {
    totals: [...totals].map(([uom, milli]) => `${plainQty((milli / 1000).toFixed(3))} ${uom}`),
    locations: new Set(rows.map((r) => r.code)).size,
    largest: rows.slice(0, limit).map((r) => ({ code: r.code, qty: `${plainQty(r.qty)} ${r.uom}` })),
  }
}
