/**
 * Several changes in one caller's transaction (SPEC 10.2: approving a count of 1,000 locations), and the fast path
 * for runs of changes that each only add to or take from one given line.
 */
import { refillFacesAfterTake } from './replenishment'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { stockLines, stockMoves } from '../../db/schema/inventory'
import { bumpCountersMany, bumpMoveCounter } from './stock-counters'
import { type CheckedMoveInput, type StockActor, type StockChange, type StockLine, type StockMoveInput, UNAVAILABLE_REFUSES, checkMoveInput } from './stock-model'
import { applyMove } from './stock-single-move'
import { explainMiss } from './stock-tx'

/**
 * Several changes in the caller's transaction, in order, without a savepoint each and with the ledger's day counter
 * bumped once: for a caller whose whole transaction succeeds or fails together (approving a count of 1,000
 * locations, SPEC 10.2). Each change is checked and applied as `postStockMove` does it.
 *
 * A run of changes that each only add to or take from one given line (a count's variance on a line it found) is
 * applied with a few statements for the whole run: one UPDATE of every line with its own condition, one INSERT of
 * the moves. One statement per move was the approval's cost (1,000 locations: 2,000 statements, 26 s on the
 * embedded database with 1,000,000 lines). A run holds each line once and ends before any other change, so the
 * result is the one the changes give applied one by one.
 */
export async function postStockMovesInTx(tx: Tx, actor: StockActor, inputs: StockMoveInput[]): Promise<StockChange[]> {
  if (inputs.length === 1) {
    // one change (a move command): the single move, its day counter written with its ledger row
    const checked = checkMoveInput(inputs[0])
    if (!lineDelta(checked)) return [await applyMove(tx, actor, checked)]
  }
  const changes: StockChange[] = []
  let run: LineDelta[] = []
  const inRun = new Set<number>()
  const flush = async () => {
    if (run.length) changes.push(...(await applyLineDeltas(tx, actor, run)))
    run = []
    inRun.clear()
  }
  for (const input of inputs) {
    const checked = checkMoveInput(input)
    const delta = lineDelta(checked)
    if (delta && !inRun.has(delta.lineId)) {
      run.push(delta)
      inRun.add(delta.lineId)
      continue
    }
    await flush()
    if (delta) {
      run.push(delta)
      inRun.add(delta.lineId)
    } else changes.push(await applyMove(tx, actor, checked, { countMove: false, refill: false }))
  }
  await flush()
  if (changes.length) await bumpMoveCounter(tx, actor.companyId, changes.length)
  // the pick faces the changes took from, below their minimum: refilled in this transaction, asked once (§20.2)
  await refillFacesAfterTake(
    tx,
    actor,
    changes.flatMap((c) => (c.from ? [{ locationId: c.from.line.locationId, productId: c.from.line.productId }] : [])),
  )
  return changes
}

/** A change that only adds `qty` to a given line (sign 1) or takes it from one (sign -1). */
type LineDelta = { input: CheckedMoveInput; lineId: number; sign: 1 | -1 }

/** The change as a LineDelta when it is one: no version to check, no reserved quantity, no rule on the line's status. */
function lineDelta(input: CheckedMoveInput): LineDelta | undefined {
  const { from, to } = input
  if (from && !to && from.expectedVersion === undefined && !from.fromReserved && !UNAVAILABLE_REFUSES.has(input.reason)) return { input, lineId: from.lineId, sign: -1 }
  if (to && !from && 'lineId' in to && to.expectedVersion === undefined) return { input, lineId: to.lineId, sign: 1 }
  return undefined
}

/**
 * Apply changes on distinct lines (LineDelta) with one statement each for locking, updating and writing the moves,
 * plus deleting the lines that reach zero and their counters: the same checks and rows as `applyMove`'s, one by one.
 */
async function applyLineDeltas(tx: Tx, actor: StockActor, deltas: LineDelta[]): Promise<StockChange[]> {
  const changes: StockChange[] = []
  // bounded statements: a million-entry count still sends arrays and VALUES lists of a few thousand
  for (let i = 0; i < deltas.length; i += 2000) changes.push(...(await applyLineDeltaChunk(tx, actor, deltas.slice(i, i + 2000))))
  return changes
}

async function applyLineDeltaChunk(tx: Tx, actor: StockActor, deltas: LineDelta[]): Promise<StockChange[]> {
  // integers and validated decimals only, so the arrays are passed as one literal each
  const ids = `{${deltas.map((d) => d.lineId).join(',')}}`
  const amounts = `{${deltas.map((d) => (d.sign < 0 ? '-' : '') + d.input.qty).join(',')}}`
  const lineIds = sql`${ids}::int[]`
  const delta = sql`(${amounts}::numeric[])[array_position(${lineIds}, ${stockLines.id})]`
  // locked in id order, as applyMove locks two lines, so two approvals (or a move) can't deadlock on them
  await tx
    .select({ id: stockLines.id })
    .from(stockLines)
    .where(and(sql`${stockLines.id} = ANY(${lineIds})`, eq(stockLines.companyId, actor.companyId)))
    .orderBy(stockLines.id)
    .for('update')
  // taking re-checks availability on each locked row, as applyMove's conditional UPDATE does
  const updated = await tx
    .update(stockLines)
    .set({ qty: sql`${stockLines.qty} + ${delta}`, version: sql`${stockLines.version} + 1`, updatedAt: sql`now()` })
    .where(and(sql`${stockLines.id} = ANY(${lineIds})`, eq(stockLines.companyId, actor.companyId), sql`${stockLines.qty} + ${delta} >= ${stockLines.reservedQty}`))
    .returning()
  const byId = new Map(updated.map((l) => [l.id, l]))
  const miss = deltas.find((d) => !byId.has(d.lineId))
  if (miss) await explainMiss(tx, actor, miss.lineId, undefined, miss.input.qty, miss.sign < 0 ? 'take' : 'add')
  // a line that reached zero goes away (reserved_qty <= qty guarantees nothing is reserved on it)
  const emptied = updated.filter((l) => Number(l.qty) === 0)
  if (emptied.length) {
    await tx.delete(stockLines).where(inArray(stockLines.id, emptied.map((l) => l.id)))
    const perProduct = new Map<number, number>()
    for (const l of emptied) perProduct.set(l.productId, (perProduct.get(l.productId) ?? 0) - 1)
    await bumpCountersMany(tx, actor.companyId, perProduct)
  }
  const rows = deltas.map(({ input, lineId, sign }) => {
    const line = byId.get(lineId) as StockLine
    return {
      companyId: actor.companyId,
      productId: line.productId,
      lot: line.lot,
      palletCode: line.palletCode,
      sscc: line.sscc,
      fromLocationId: sign < 0 ? line.locationId : null,
      toLocationId: sign > 0 ? line.locationId : null,
      fromLineId: sign < 0 ? lineId : null,
      toLineId: sign > 0 ? lineId : null,
      qty: input.qty,
      reason: input.reason,
      reference: input.reference ?? '',
      reasonCode: input.reasonCode ?? null,
      note: input.note ?? '',
      userId: actor.userId,
    }
  })
  const moves = await tx.insert(stockMoves).values(rows).returning({ id: stockMoves.id, fromLineId: stockMoves.fromLineId, toLineId: stockMoves.toLineId })
  // each line is once in the run: its move is the one naming it
  const moveOf = new Map(moves.map((m) => [(m.fromLineId ?? m.toLineId) as number, m.id]))
  return deltas.map(({ lineId, sign }) => {
    const line = byId.get(lineId) as StockLine
    const moveId = moveOf.get(lineId) as number
    return sign < 0 ? { moveId, from: { line, deleted: Number(line.qty) === 0 } } : { moveId, to: line }
  })
}
