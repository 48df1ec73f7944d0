/**
 * The single move (SPEC 3): takes `qty` out of a source line and/or puts it into a target, and writes the ledger row,
 * in the caller's transaction. Its steps, in order:
 *   1. plan without locks (a line's identity never changes; quantities are only trusted from the updates below),
 *   2. lock the lines in id order, so two moves between the same two lines in opposite directions can't deadlock,
 *   3. take from the source with a conditional UPDATE that re-checks version and availability on the locked row,
 *   4. put into the target line, or a new one when none matches (or it was emptied meanwhile),
 *   5. drop a line that reached zero, bump the counters (the last locks taken), write the move (with the day counter).
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { stockLines, stockMoveDayCounters, stockMoves } from '../../db/schema/inventory'
import { fieldError } from '../../http/errors'
import { bumpCounters, moveCounterBump } from './stock-counters'
import { planLocationTarget, type TargetPlan } from './stock-line-match'
import { type CheckedMoveInput, type Qty, type StockActor, type StockChange, type StockLine, type StockSource, type StockTarget, UNAVAILABLE_REFUSES } from './stock-model'
import { explainMiss } from './stock-tx'

type Source = { line: StockLine; deleted: boolean }

const inCompany = (actor: StockActor, id: number) => and(eq(stockLines.id, id), eq(stockLines.companyId, actor.companyId))

/** The source line as planned with: the caller's fresh read when it gave one, else an unlocked read. */
async function readSource(tx: Tx, actor: StockActor, from: StockSource, qty: Qty): Promise<StockLine> {
  const given = from.line
  const [line] = given && given.id === from.lineId && given.companyId === actor.companyId ? [given] : await tx.select().from(stockLines).where(inCompany(actor, from.lineId))
  if (!line) await explainMiss(tx, actor, from.lineId, from.expectedVersion, qty, 'take')
  return line
}

/** Blocked and quarantined stock is never picked, shipped or consumed (SPEC 10.9); it may still move or be counted. */
function refuseUnavailable(source: StockLine | undefined, input: CheckedMoveInput): void {
  if (source && source.status !== 'available' && UNAVAILABLE_REFUSES.has(input.reason)) {
    throw fieldError('stock_line', `Stock line ${source.id} is ${source.status}${source.statusReason ? ` (${source.statusReason})` : ''}; release it first.`)
  }
}

/** Two lines are locked in id order; one line needs no lock of its own: its conditional UPDATE takes it. */
async function lockInOrder(tx: Tx, actor: StockActor, ids: (number | undefined)[]): Promise<void> {
  const lockIds = ids.filter((id): id is number => id !== undefined).sort((a, b) => a - b)
  if (lockIds.length < 2) return
  await tx
    .select({ id: stockLines.id })
    .from(stockLines)
    .where(and(inArray(stockLines.id, lockIds), eq(stockLines.companyId, actor.companyId)))
    .orderBy(stockLines.id)
    .for('update')
}

async function takeFromSource(tx: Tx, actor: StockActor, from: StockSource, qty: Qty): Promise<Source> {
  const { lineId, expectedVersion, fromReserved } = from
  const enough = fromReserved ? sql`${stockLines.reservedQty} >= ${qty}::numeric` : sql`${stockLines.qty} - ${stockLines.reservedQty} >= ${qty}::numeric`
  const [line] = await tx
    .update(stockLines)
    .set({
      qty: sql`${stockLines.qty} - ${qty}::numeric`,
      reservedQty: fromReserved ? sql`${stockLines.reservedQty} - ${qty}::numeric` : undefined,
      version: sql`${stockLines.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(inCompany(actor, lineId), expectedVersion === undefined ? undefined : eq(stockLines.version, expectedVersion), enough))
    .returning()
  if (!line) await explainMiss(tx, actor, lineId, expectedVersion, qty, fromReserved ? 'take from reserved' : 'take')
  return { line, deleted: false }
}

/** Add to the target line; an explicit target line that can't take it says why (another product, stale, unknown). */
async function addToLine(tx: Tx, actor: StockActor, to: StockTarget, lineId: number, source: Source | undefined, qty: Qty): Promise<StockLine | undefined> {
  const explicit = 'lineId' in to ? to : undefined
  const [line] = await tx
    .update(stockLines)
    .set({ qty: sql`${stockLines.qty} + ${qty}::numeric`, version: sql`${stockLines.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        inCompany(actor, lineId),
        explicit?.expectedVersion === undefined ? undefined : eq(stockLines.version, explicit.expectedVersion),
        source ? eq(stockLines.productId, source.line.productId) : undefined,
      ),
    )
    .returning()
  if (!line && explicit) {
    const [exists] = await tx.select({ productId: stockLines.productId }).from(stockLines).where(inCompany(actor, explicit.lineId))
    if (exists && source && exists.productId !== source.line.productId) throw fieldError('to', 'The target line holds another product.')
    await explainMiss(tx, actor, explicit.lineId, explicit.expectedVersion, qty, 'add')
  }
  return line
}

/**
 * The ledger row of a change: what moved, from which line and location to which, why, and who did it; with `count`,
 * the day counter's bump in the same statement (one round trip less a move).
 */
async function writeMove(tx: Tx, actor: StockActor, input: CheckedMoveInput, source: Source | undefined, target: StockLine | undefined, count: boolean) {
  const line = source?.line ?? (target as StockLine)
  const insert = tx
    .insert(stockMoves)
    .values({
      companyId: actor.companyId,
      productId: line.productId,
      lot: target?.lot ?? line.lot,
      palletCode: target?.palletCode ?? line.palletCode,
      sscc: target?.sscc ?? line.sscc,
      fromLocationId: source?.line.locationId ?? null,
      toLocationId: target?.locationId ?? null,
      fromLineId: source?.line.id ?? null,
      toLineId: target?.id ?? null,
      qty: input.qty,
      reason: input.reason,
      reference: input.reference ?? '',
      reasonCode: input.reasonCode ?? null,
      note: input.note ?? '',
      userId: actor.userId,
    })
    .returning()
  if (!count) return (await insert)[0]
  const written = tx.$with('written').as(insert)
  const counted = tx.$with('counted').as(moveCounterBump(tx, actor.companyId, 1).returning({ moves: stockMoveDayCounters.moves }))
  const [move] = await tx.with(written, counted).select().from(written)
  return move
}

/** Apply one checked change in the caller's transaction (postStockMove opens it; postStockMovesInTx runs several). */
export async function applyMove(tx: Tx, actor: StockActor, input: CheckedMoveInput, opts: { countMove?: boolean } = {}): Promise<StockChange> {
  const { qty } = input
  const sourceBefore = input.from ? await readSource(tx, actor, input.from, qty) : undefined
  let plan: Partial<TargetPlan> = {}
  if (input.to && 'lineId' in input.to) plan = { targetLineId: input.to.lineId }
  else if (input.to) plan = await planLocationTarget(tx, actor, input.to, sourceBefore, qty)
  refuseUnavailable(sourceBefore, input)
  await lockInOrder(tx, actor, [input.from?.lineId, plan.targetLineId])

  let source = input.from ? await takeFromSource(tx, actor, input.from, qty) : undefined
  let target: StockLine | undefined
  let counterDelta = 0
  if (input.to && plan.targetLineId !== undefined) target = await addToLine(tx, actor, input.to, plan.targetLineId, source, qty)
  if (input.to && !target && plan.newLine) {
    ;[target] = await tx.insert(stockLines).values(plan.newLine).returning()
    counterDelta += 1
  }
  // a line that reached zero goes away (reserved_qty <= qty guarantees nothing is reserved on it)
  if (source && Number(source.line.qty) === 0) {
    await tx.delete(stockLines).where(eq(stockLines.id, source.line.id))
    source = { line: source.line, deleted: true }
    counterDelta -= 1
  }
  await bumpCounters(tx, actor.companyId, (source?.line ?? (target as StockLine)).productId, counterDelta)
  const move = await writeMove(tx, actor, input, source, target, opts.countMove !== false)
  return { moveId: move.id, from: source, to: target, move }
}
