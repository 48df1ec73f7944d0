/**
 * The single move (SPEC 3): takes `qty` out of a source line and/or puts it into a target, and writes the ledger row,
 * in the caller's transaction. Its steps, in order:
 *   1. plan without locks (a line's identity never changes; quantities are only trusted from the updates below),
 *   2. lock the lines in id order, so two moves between the same two lines in opposite directions can't deadlock,
 *   3. take from the source with a conditional UPDATE that re-checks version and availability on the locked row,
 *   4. put into the target line, or a new one when none matches (or it was emptied meanwhile),
 *   5. drop a line that reached zero, bump the counters (the last locks taken), write the move (with the day counter).
 */
import { refillFacesAfterTake } from './replenishment'
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { keptStatement } from '../../http/statement-cache'
import { pickFaces, stockLines, stockMoveDayCounters, stockMoves } from '../../db/schema/inventory'
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
  await lockTwo(tx, { first: lockIds[0], second: lockIds[1], company: actor.companyId })
}

const lockTwo = keptStatement((db) =>
  db
    .select({ id: stockLines.id })
    .from(stockLines)
    .where(and(inArray(stockLines.id, [sql.placeholder('first'), sql.placeholder('second')]), eq(stockLines.companyId, sql.placeholder('company'))))
    .orderBy(stockLines.id)
    .for('update'),
)

async function takeFromSource(tx: Tx, actor: StockActor, from: StockSource, qty: Qty): Promise<Source> {
  const { lineId, expectedVersion, fromReserved } = from
  const [line] = await takes[expectedVersion === undefined ? 0 : 1][fromReserved ? 1 : 0](tx, { line: lineId, company: actor.companyId, version: expectedVersion ?? null, qty })
  if (!line) await explainMiss(tx, actor, lineId, expectedVersion, qty, fromReserved ? 'take from reserved' : 'take')
  return { line, deleted: false }
}

/** The conditional UPDATE that takes from a line (placeholders line, company, version, qty). */
function takeStatement(db: DbOrTx, versioned: boolean, fromReserved: boolean) {
  const qty = sql`${sql.placeholder('qty')}::numeric`
  const enough = fromReserved ? sql`${stockLines.reservedQty} >= ${qty}` : sql`${stockLines.qty} - ${stockLines.reservedQty} >= ${qty}`
  return db
    .update(stockLines)
    .set({
      qty: sql`${stockLines.qty} - ${qty}`,
      reservedQty: fromReserved ? sql`${stockLines.reservedQty} - ${qty}` : undefined,
      version: sql`${stockLines.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(stockLines.id, sql.placeholder('line')), eq(stockLines.companyId, sql.placeholder('company')), versioned ? eq(stockLines.version, sql.placeholder('version')) : undefined, enough))
    .returning()
}

/** The conditional UPDATE that takes from a line, by whether it checks a version and takes reserved stock. */
const takes = [false, true].map((versioned) => [false, true].map((fromReserved) => keptStatement((db) => takeStatement(db, versioned, fromReserved))))

/**
 * The take and the add to the line a location target matched (locked with the source, planLocationTarget), in one
 * statement: the add runs only when the take took. No row: the take found the source short or stale (explainMiss
 * says which); `added` null: the matched line is gone (emptied meanwhile), the move starts a new line.
 */
const takeAndAdds = [false, true].map((versioned) =>
  [false, true].map((fromReserved) =>
    keptStatement((db) => {
      const took = db.$with('took').as(takeStatement(db, versioned, fromReserved))
      const added = db.$with('added').as(
        db
          .update(stockLines)
          .set({ qty: sql`${stockLines.qty} + ${sql.placeholder('qty')}::numeric`, version: sql`${stockLines.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(stockLines.id, sql.placeholder('target')), eq(stockLines.companyId, sql.placeholder('company')), eq(stockLines.productId, sql.placeholder('product')), sql`EXISTS (SELECT 1 FROM ${took})`))
          .returning(),
      )
      return db.with(took, added).select().from(took).leftJoin(added, sql`true`)
    }),
  ),
)

/** takeFromSource and addToLine of a matched (not given) target line in one round trip. */
async function takeAndAdd(tx: Tx, actor: StockActor, from: StockSource, targetLineId: number, product: number, qty: Qty): Promise<{ source: Source; target: StockLine | undefined }> {
  const { lineId, expectedVersion, fromReserved } = from
  const [row] = await takeAndAdds[expectedVersion === undefined ? 0 : 1][fromReserved ? 1 : 0](tx, { line: lineId, company: actor.companyId, version: expectedVersion ?? null, qty, target: targetLineId, product })
  if (!row) await explainMiss(tx, actor, lineId, expectedVersion, qty, fromReserved ? 'take from reserved' : 'take')
  return { source: { line: row.took, deleted: false }, target: row.added ?? undefined }
}

/** The UPDATE that adds to a line, by whether it checks a version and that the line holds the source's product. */
const adds = [false, true].map((versioned) =>
  [false, true].map((sameProduct) =>
    keptStatement((db) =>
      db
        .update(stockLines)
        .set({ qty: sql`${stockLines.qty} + ${sql.placeholder('qty')}::numeric`, version: sql`${stockLines.version} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(stockLines.id, sql.placeholder('line')),
            eq(stockLines.companyId, sql.placeholder('company')),
            versioned ? eq(stockLines.version, sql.placeholder('version')) : undefined,
            sameProduct ? eq(stockLines.productId, sql.placeholder('product')) : undefined,
          ),
        )
        .returning(),
    ),
  ),
)

/** Add to the target line; an explicit target line that can't take it says why (another product, stale, unknown). */
async function addToLine(tx: Tx, actor: StockActor, to: StockTarget, lineId: number, source: Source | undefined, qty: Qty): Promise<StockLine | undefined> {
  const explicit = 'lineId' in to ? to : undefined
  const versioned = explicit?.expectedVersion !== undefined
  const [line] = await adds[versioned ? 1 : 0][source ? 1 : 0](tx, { line: lineId, company: actor.companyId, version: explicit?.expectedVersion ?? null, product: source?.line.productId ?? null, qty })
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
  const values = {
    company: actor.companyId,
    product: line.productId,
    lot: target?.lot ?? line.lot,
    pallet: target?.palletCode ?? line.palletCode,
    sscc: target?.sscc ?? line.sscc,
    fromLocation: source?.line.locationId ?? null,
    toLocation: target?.locationId ?? null,
    fromLine: source?.line.id ?? null,
    toLine: target?.id ?? null,
    qty: input.qty,
    reason: input.reason,
    reference: input.reference ?? '',
    reasonCode: input.reasonCode ?? null,
    note: input.note ?? '',
    user: actor.userId,
  }
  if (!count) {
    const [move] = await writeMoveOnly(tx, values)
    return { ...move, faces: undefined }
  }
  const [move] = await writeCountedMove(tx, values)
  return move
}

// the single move's statements, built once (keptStatement): every change of stock sends them
const insertMove = (db: DbOrTx) =>
  db
    .insert(stockMoves)
    .values({
      companyId: sql.placeholder('company'),
      productId: sql.placeholder('product'),
      lot: sql.placeholder('lot'),
      palletCode: sql.placeholder('pallet'),
      sscc: sql.placeholder('sscc'),
      fromLocationId: sql.placeholder('fromLocation'),
      toLocationId: sql.placeholder('toLocation'),
      fromLineId: sql.placeholder('fromLine'),
      toLineId: sql.placeholder('toLine'),
      qty: sql.placeholder('qty'),
      reason: sql.placeholder('reason'),
      reference: sql.placeholder('reference'),
      reasonCode: sql.placeholder('reasonCode'),
      note: sql.placeholder('note'),
      userId: sql.placeholder('user'),
    })
    .returning()
const writeMoveOnly = keptStatement(insertMove)
/**
 * The ledger row with the day counter's bump and, for a take, the active pick faces at the source's place (the
 * refill's lookup, §20.2: most takes leave no face, and this answers so without a round trip of its own).
 */
const writeCountedMove = keptStatement((db) => {
  const written = db.$with('written').as(insertMove(db))
  const counted = db.$with('counted').as(moveCounterBump(db, sql.placeholder('company'), 1).returning({ moves: stockMoveDayCounters.moves }))
  const columns = Object.fromEntries(Object.keys(getTableColumns(stockMoves)).map((k) => [k, written[k as keyof typeof written]])) as unknown as { [K in keyof typeof stockMoves.$inferSelect]: SQL.Aliased<(typeof stockMoves.$inferSelect)[K]> }
  const faces = sql<number[]>`coalesce((SELECT array_agg(${pickFaces.id} ORDER BY ${pickFaces.id}) FROM ${pickFaces} WHERE ${pickFaces.companyId} = ${written.companyId} AND ${pickFaces.isActive} AND ${pickFaces.locationId} = ${written.fromLocationId} AND ${pickFaces.productId} = ${written.productId}), '{}')`.as('faces')
  return db.with(written, counted).select({ ...columns, faces }).from(written)
})

/** Apply one checked change in the caller's transaction (postStockMove opens it; postStockMovesInTx runs several). */
export async function applyMove(tx: Tx, actor: StockActor, input: CheckedMoveInput, opts: { countMove?: boolean; refill?: boolean } = {}): Promise<StockChange> {
  const { qty } = input
  const sourceBefore = input.from ? await readSource(tx, actor, input.from, qty) : undefined
  let plan: Partial<TargetPlan> = {}
  if (input.to && 'lineId' in input.to) plan = { targetLineId: input.to.lineId }
  else if (input.to) plan = await planLocationTarget(tx, actor, input.to, sourceBefore, qty)
  refuseUnavailable(sourceBefore, input)
  // a location target with a source was matched and locked with it in one statement (planLocationTarget)
  if (!plan.locked) await lockInOrder(tx, actor, [input.from?.lineId, plan.targetLineId])

  let source: Source | undefined
  let target: StockLine | undefined
  let counterDelta = 0
  if (input.from && sourceBefore && plan.locked && plan.targetLineId !== undefined) ({ source, target } = await takeAndAdd(tx, actor, input.from, plan.targetLineId, sourceBefore.productId, qty))
  else {
    source = input.from ? await takeFromSource(tx, actor, input.from, qty) : undefined
    if (input.to && plan.targetLineId !== undefined) target = await addToLine(tx, actor, input.to, plan.targetLineId, source, qty)
  }
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
  const { faces, ...move } = await writeMove(tx, actor, input, source, target, opts.countMove !== false)
  // stock that left a pick face may take it below its minimum: its refill is asked in this transaction (§20.2); the
  // faces at the source's place came with the ledger row when it was written with its counter
  if (source && opts.refill !== false) await refillFacesAfterTake(tx, actor, [{ locationId: source.line.locationId, productId: source.line.productId }], faces)
  return { moveId: move.id, from: source, to: target, move }
}
