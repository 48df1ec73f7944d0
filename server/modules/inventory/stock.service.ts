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
import { type AnyColumn, type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { products, uoms } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { type StockMoveReason, STOCK_MOVE_REASONS, stockLineCounters, stockLines, stockMoveDayCounters, stockMoves, stockProductCounters } from '../../db/schema/inventory'
import { conflict, fieldError, notFound, pgError } from '../../http/errors'
import { isValidSscc } from '../../../contracts/gs1/gs1'
import { fromMilli3, toMilli } from '../../kernel/qty-math'

export { STOCK_MOVE_REASONS, type StockMoveReason }

/** Who changes stock: the company the change belongs to, and the user recorded in the ledger. */
export type StockActor = { companyId: number; userId: number | null }

/** A decimal quantity as a string, at most 3 places. */
export type Qty = string

export type StockLine = typeof stockLines.$inferSelect

/** What distinguishes two lines of the same product in the same location. Absent means null. */
export type LineAttributes = {
  lot?: string | null
  palletCode?: string | null
  sscc?: string | null
  /** unit code; defaults to the product's unit */
  uom?: string
  /** YYYY-MM-DD */
  expiryDate?: string | null
  ownerName?: string | null
}

export type StockChange = {
  moveId: number
  /** the source line after the change; `deleted` when it reached zero */
  from?: { line: StockLine; deleted: boolean }
  /** the target line after the change */
  to?: StockLine
  /** the ledger row written (absent from postStockMovesInTx's runs of line deltas): a caller answers from it */
  move?: StockMove
}

export type StockMove = typeof stockMoves.$inferSelect


const QTY_RE = /^\d{1,11}(\.\d{1,3})?$/

/** Validate a quantity string: digits with at most 3 places, greater than zero. */
export function parseQty(value: string | number, field = 'qty'): Qty {
  const s = String(value).trim()
  if (!QTY_RE.test(s)) throw fieldError(field, 'Enter a number with at most 3 decimal places.')
  if (!/[1-9]/.test(s)) throw fieldError(field, 'Ensure this value is greater than 0.')
  return s
}

const isTx = (db: DbOrTx): db is Tx => 'rollback' in db

/**
 * Run `work` in a transaction. A top-level call is retried when PostgreSQL breaks a deadlock or a serialization
 * failure (two moves locking the same two lines in opposite order); inside a caller's transaction it uses a
 * savepoint and leaves retrying to the caller.
 */
async function inTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (isTx(db)) return db.transaction(work)
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work)
    } catch (e) {
      const code = pgError(e)?.code
      if ((code === '40P01' || code === '40001') && attempt < 5) continue
      throw e
    }
  }
}

/** Why an update of a line matched no row: unknown line (404), stale version (409), or not enough stock (400). */
async function explainMiss(tx: Tx, actor: StockActor, lineId: number, expectedVersion: number | undefined, qty: Qty, what: string): Promise<never> {
  const [line] = await tx
    .select({ version: stockLines.version, qty: stockLines.qty, reserved: stockLines.reservedQty })
    .from(stockLines)
    .where(and(eq(stockLines.id, lineId), eq(stockLines.companyId, actor.companyId)))
  if (!line) {
    // a line that reached zero was deleted: for a caller holding a version it "changed", otherwise it is unknown
    if (expectedVersion !== undefined) throw conflict({ detail: `Stock line ${lineId} no longer exists; it was emptied by another change. Reload and try again.` })
    throw notFound(`Stock line ${lineId} not found.`)
  }
  if (expectedVersion !== undefined && line.version !== expectedVersion) {
    throw conflict({ detail: `Stock line ${lineId} changed since you read it (version ${expectedVersion}, now ${line.version}). Reload and try again.` })
  }
  throw fieldError('qty', `Not enough stock on line ${lineId} to ${what} ${qty}: quantity ${line.qty}, reserved ${line.reserved}.`)
}

/**
 * The line counters (docs/decisions/0003-counting-big-tables.md): the product's, then the company's. A move keeps its
 * product, so one move changes one product's count. They are the last locks a change takes.
 */
async function bumpCounters(tx: Tx, companyId: number, productId: number, delta: number): Promise<void> {
  if (delta === 0) return
  await tx
    .insert(stockProductCounters)
    .values({ companyId, productId, lines: delta })
    .onConflictDoUpdate({
      target: [stockProductCounters.companyId, stockProductCounters.productId],
      set: { lines: sql`${stockProductCounters.lines} + ${delta}` },
    })
  await tx
    .insert(stockLineCounters)
    .values({ companyId, lines: delta })
    .onConflictDoUpdate({ target: stockLineCounters.companyId, set: { lines: sql`${stockLineCounters.lines} + ${delta}` } })
}

const same = (col: AnyColumn, v: string | null | undefined) => sql`${col} IS NOT DISTINCT FROM ${v ?? null}`

/** The source of a change: a line, the quantity comes out of it. */
export type StockSource = {
  lineId: number
  expectedVersion?: number
  /** take reserved quantity too (picking/shipping what was reserved), lowering reserved_qty by the same amount */
  fromReserved?: boolean
  /**
   * the line as the caller has just read it in this transaction (a move command reads a pallet's lines): the plan's
   * own unlocked read of it is skipped. Only its unchanging attributes and status are planned with, as from that
   * read; quantity and version are still checked by the conditional UPDATE.
   */
  line?: StockLine
}

/** The target of a change: an existing line, or a location (the line is found by its attributes, or created). */
export type StockTarget =
  | { lineId: number; expectedVersion?: number }
  | ({
      locationId: number
      /**
       * the location's code when the caller has just read the location, in the company, in this transaction (a
       * move command checks it is active): the stock service's own read of it is skipped (the outbox drain of SPEC 11.9)
       */
      locationCode?: string
      productId?: number
    } & LineAttributes)

export type StockMoveInput = {
  reason: StockMoveReason
  qty: Qty | number
  /** absent for stock that enters (receipt, produce, a positive adjustment or count) */
  from?: StockSource
  /**
   * absent for stock that leaves (ship, consume, a negative adjustment or count). With a source, a location target
   * inherits the source's product and attributes; any attribute given here (e.g. a new palletCode) replaces it.
   */
  to?: StockTarget
  reference?: string
  /** an adjustment's reason code (damaged, found, ...), kept on the move */
  reasonCode?: string | null
  /** why, in the user's words (an adjustment's note, an override of a suggested lot) */
  note?: string
}

/**
 * The one function that changes stock: takes `qty` out of `from` and/or puts it into `to`, and writes the move.
 * The helpers below (receiveStock, moveStock, removeStock, adjustStock) are thin shapes over it.
 */
export async function postStockMove(db: DbOrTx, actor: StockActor, input: StockMoveInput): Promise<StockChange> {
  const qty = parseQty(input.qty)
  if (!input.from && !input.to) throw fieldError('non_field_errors', 'A stock move needs a source, a target, or both.')
  if (!STOCK_MOVE_REASONS.includes(input.reason)) throw fieldError('reason', `Unknown reason "${input.reason}".`)
  return inTransaction(db, (tx) => applyMove(tx, actor, { ...input, qty }))
}

/** Reasons that take stock for an order or production: never from a blocked or quarantined line. */
const UNAVAILABLE_REFUSES = new Set<StockMoveReason>(['pick', 'ship', 'consume'])

async function applyMove(tx: Tx, actor: StockActor, input: StockMoveInput & { qty: Qty }, opts: { countMove?: boolean } = {}): Promise<StockChange> {
  const { qty } = input
  const inCompany = (id: number) => and(eq(stockLines.id, id), eq(stockLines.companyId, actor.companyId))
  let counterDelta = 0

  // 1. Plan without locks. A line's product, lot, pallet, SSCC, expiry, owner and unit never change, so reading
  //    them unlocked is safe; quantities are only trusted from the conditional UPDATEs below.
  let sourceBefore: StockLine | undefined
  if (input.from) {
    const given = input.from.line
    ;[sourceBefore] = given && given.id === input.from.lineId && given.companyId === actor.companyId ? [given] : await tx.select().from(stockLines).where(inCompany(input.from.lineId))
    if (!sourceBefore) await explainMiss(tx, actor, input.from.lineId, input.from.expectedVersion, qty, 'take')
  }
  let targetLineId: number | undefined
  let newLine: (typeof stockLines.$inferInsert & { uom: string }) | undefined
  if (input.to && 'lineId' in input.to) {
    targetLineId = input.to.lineId
  } else if (input.to) {
    const t = input.to
    const from = sourceBefore
    const productId = from?.productId ?? t.productId
    if (productId === undefined) throw fieldError('product', 'This field is required.')
    if (from && t.productId !== undefined && t.productId !== from.productId) throw fieldError('product', 'A move keeps its product.')
    const attrs = {
      lot: t.lot !== undefined ? t.lot : (from?.lot ?? null),
      palletCode: t.palletCode !== undefined ? t.palletCode : (from?.palletCode ?? null),
      sscc: t.sscc !== undefined ? t.sscc : (from?.sscc ?? null),
      expiryDate: t.expiryDate !== undefined ? t.expiryDate : (from?.expiryDate ?? null),
      ownerName: t.ownerName !== undefined ? t.ownerName : (from?.ownerName ?? null),
      uom: t.uom ?? from?.uom,
    }
    const [loc] =
      t.locationCode !== undefined
        ? [{ id: t.locationId, code: t.locationCode }]
        : await tx
            .select({ id: locations.id, code: locations.code })
            .from(locations)
            .where(and(eq(locations.id, t.locationId), eq(locations.companyId, actor.companyId)))
    if (!loc) throw fieldError('location', `Invalid pk "${t.locationId}" - object does not exist.`)
    // a move's product is its source line's, with its unit and sort keys (copied from the product when the line was
    // written, refreshed on a rename): one statement less per move (the outbox drain of SPEC 11.9)
    const [product] =
      from && from.productCode !== null && from.productName1 !== null
        ? [{ uom: from.uom, code: from.productCode, name1: from.productName1 }]
        : await tx
            .select({ uom: uoms.code, code: products.code, name1: products.name1 })
            .from(products)
            .innerJoin(uoms, eq(uoms.id, products.uomId))
            .where(and(eq(products.id, productId), eq(products.companyId, actor.companyId)))
    if (!product) throw fieldError('product', `Invalid pk "${productId}" - object does not exist.`)
    attrs.uom ??= product.uom
    const uom = attrs.uom as string
    if (from && t.locationId === from.locationId && Object.entries(attrs).every(([k, v]) => from[k as keyof typeof attrs] === v)) {
      throw fieldError('location', 'The stock is already there.')
    }
    // ADR 0018: an SSCC is one unit in one place. Stock that arrives with one (a receipt, found stock, a count's found
    // line) is refused where the SSCC lies elsewhere, naming where; the exclusion constraint stock_lines_sscc_one_place
    // backs this at commit against concurrent writers and covers moves, whose callers decide what a split carries.
    if (!from && attrs.sscc) {
      const [elsewhere] = await tx
        .select({ code: locations.code })
        .from(stockLines)
        .innerJoin(locations, eq(locations.id, stockLines.locationId))
        .where(and(eq(stockLines.companyId, actor.companyId), eq(stockLines.sscc, attrs.sscc), sql`${stockLines.locationId} <> ${t.locationId}`))
        .limit(1)
      if (elsewhere) throw fieldError('sscc', `SSCC ${attrs.sscc} is already in location ${elsewhere.code}: an SSCC identifies one unit in one place.`)
    }
    // the same goods in the same place are one line: add to it, else start a new one
    const [match] = await tx
      .select({ id: stockLines.id })
      .from(stockLines)
      .where(
        and(
          eq(stockLines.companyId, actor.companyId),
          eq(stockLines.locationId, t.locationId),
          eq(stockLines.productId, productId),
          same(stockLines.lot, attrs.lot),
          same(stockLines.palletCode, attrs.palletCode),
          same(stockLines.sscc, attrs.sscc),
          sql`${stockLines.expiryDate} IS NOT DISTINCT FROM ${attrs.expiryDate}::date`,
          same(stockLines.ownerName, attrs.ownerName),
          eq(stockLines.uom, uom),
          // blocked or quarantined stock keeps its status on the way and never merges with available stock
          eq(stockLines.status, from?.status ?? 'available'),
          from ? sql`${stockLines.id} <> ${from.id}` : undefined,
        ),
      )
      .orderBy(stockLines.id)
      .limit(1)
    targetLineId = match?.id
    newLine = {
      companyId: actor.companyId,
      productId,
      locationId: t.locationId,
      qty,
      ...attrs,
      uom,
      productCode: product.code,
      productName1: product.name1,
      locationCode: loc.code,
      status: from?.status ?? 'available',
      statusReason: from?.statusReason ?? null,
    }
  }

  // blocked and quarantined stock is never picked, shipped or consumed (SPEC 10.9); it may still move or be counted
  if (sourceBefore && sourceBefore.status !== 'available' && UNAVAILABLE_REFUSES.has(input.reason)) {
    throw fieldError('stock_line', `Stock line ${sourceBefore.id} is ${sourceBefore.status}${sourceBefore.statusReason ? ` (${sourceBefore.statusReason})` : ''}; release it first.`)
  }

  // 2. Lock the lines in id order, so two moves between the same two lines in opposite directions can't deadlock.
  //    One line needs no lock of its own: the conditional UPDATE below takes it.
  const lockIds = [input.from?.lineId, targetLineId].filter((id): id is number => id !== undefined).sort((a, b) => a - b)
  if (lockIds.length > 1) {
    await tx
      .select({ id: stockLines.id })
      .from(stockLines)
      .where(and(inArray(stockLines.id, lockIds), eq(stockLines.companyId, actor.companyId)))
      .orderBy(stockLines.id)
      .for('update')
  }

  // 3. Take from the source: the condition re-checks version and availability on the locked row.
  let source: { line: StockLine; deleted: boolean } | undefined
  if (input.from) {
    const { lineId, expectedVersion, fromReserved } = input.from
    const enough = fromReserved ? sql`${stockLines.reservedQty} >= ${qty}::numeric` : sql`${stockLines.qty} - ${stockLines.reservedQty} >= ${qty}::numeric`
    const [line] = await tx
      .update(stockLines)
      .set({
        qty: sql`${stockLines.qty} - ${qty}::numeric`,
        reservedQty: fromReserved ? sql`${stockLines.reservedQty} - ${qty}::numeric` : undefined,
        version: sql`${stockLines.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(inCompany(lineId), expectedVersion === undefined ? undefined : eq(stockLines.version, expectedVersion), enough))
      .returning()
    if (!line) await explainMiss(tx, actor, lineId, expectedVersion, qty, fromReserved ? 'take from reserved' : 'take')
    source = { line, deleted: false }
  }

  // 4. Put into the target line, or a new line when there is none (or it was emptied meanwhile).
  let target: StockLine | undefined
  if (input.to) {
    const explicit = 'lineId' in input.to ? input.to : undefined
    if (targetLineId !== undefined) {
      const [line] = await tx
        .update(stockLines)
        .set({ qty: sql`${stockLines.qty} + ${qty}::numeric`, version: sql`${stockLines.version} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            inCompany(targetLineId),
            explicit?.expectedVersion === undefined ? undefined : eq(stockLines.version, explicit.expectedVersion),
            source ? eq(stockLines.productId, source.line.productId) : undefined,
          ),
        )
        .returning()
      if (!line && explicit) {
        const [exists] = await tx.select({ productId: stockLines.productId }).from(stockLines).where(inCompany(explicit.lineId))
        if (exists && source && exists.productId !== source.line.productId) throw fieldError('to', 'The target line holds another product.')
        await explainMiss(tx, actor, explicit.lineId, explicit.expectedVersion, qty, 'add')
      }
      target = line
    }
    if (!target && newLine) {
      ;[target] = await tx.insert(stockLines).values(newLine).returning()
      counterDelta += 1
    }
  }

  // a line that reached zero goes away (reserved_qty <= qty guarantees nothing is reserved on it)
  if (source && Number(source.line.qty) === 0) {
    await tx.delete(stockLines).where(eq(stockLines.id, source.line.id))
    source = { line: source.line, deleted: true }
    counterDelta -= 1
  }
  const line = source?.line ?? (target as StockLine)
  // the counters are the last locks a change takes, so they can't be part of a lock cycle between lines
  await bumpCounters(tx, actor.companyId, line.productId, counterDelta)

  const [move] = await tx
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
      qty,
      reason: input.reason,
      reference: input.reference ?? '',
      reasonCode: input.reasonCode ?? null,
      note: input.note ?? '',
      userId: actor.userId,
    })
    .returning()
  if (opts.countMove !== false) await bumpMoveCounter(tx, actor.companyId)
  return { moveId: move.id, from: source, to: target, move }
}

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
  const changes: StockChange[] = []
  let run: LineDelta[] = []
  const inRun = new Set<number>()
  const flush = async () => {
    if (run.length) changes.push(...(await applyLineDeltas(tx, actor, run)))
    run = []
    inRun.clear()
  }
  for (const input of inputs) {
    const qty = parseQty(input.qty)
    if (!input.from && !input.to) throw fieldError('non_field_errors', 'A stock move needs a source, a target, or both.')
    if (!STOCK_MOVE_REASONS.includes(input.reason)) throw fieldError('reason', `Unknown reason "${input.reason}".`)
    const delta = lineDelta({ ...input, qty })
    if (delta && !inRun.has(delta.lineId)) {
      run.push(delta)
      inRun.add(delta.lineId)
      continue
    }
    await flush()
    if (delta) {
      run.push(delta)
      inRun.add(delta.lineId)
    } else changes.push(await applyMove(tx, actor, { ...input, qty }, { countMove: false }))
  }
  await flush()
  if (changes.length) await bumpMoveCounter(tx, actor.companyId, changes.length)
  return changes
}

/** A change that only adds `qty` to a given line (sign 1) or takes it from one (sign -1). */
type LineDelta = { input: StockMoveInput & { qty: Qty }; lineId: number; sign: 1 | -1 }

/** The change as a LineDelta when it is one: no version to check, no reserved quantity, no rule on the line's status. */
function lineDelta(input: StockMoveInput & { qty: Qty }): LineDelta | undefined {
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

/** bumpCounters for several products at once: the products' counters in id order, then the company's. */
async function bumpCountersMany(tx: Tx, companyId: number, perProduct: Map<number, number>): Promise<void> {
  const rows = [...perProduct].filter(([, d]) => d !== 0).sort(([a], [b]) => a - b)
  if (!rows.length) return
  await tx
    .insert(stockProductCounters)
    .values(rows.map(([productId, lines]) => ({ companyId, productId, lines })))
    .onConflictDoUpdate({
      target: [stockProductCounters.companyId, stockProductCounters.productId],
      set: { lines: sql`${stockProductCounters.lines} + excluded.lines` },
    })
  const total = rows.reduce((t, [, d]) => t + d, 0)
  if (total === 0) return
  await tx
    .insert(stockLineCounters)
    .values({ companyId, lines: total })
    .onConflictDoUpdate({ target: stockLineCounters.companyId, set: { lines: sql`${stockLineCounters.lines} + ${total}` } })
}

/** One more ledger row for the company today (UTC): the ledger list counts from these (ADR 0003, 0011). */
export async function bumpMoveCounter(tx: Tx, companyId: number, moves = 1): Promise<void> {
  await tx
    .insert(stockMoveDayCounters)
    .values({ companyId, day: sql`(now() AT TIME ZONE 'UTC')::date`, moves })
    .onConflictDoUpdate({ target: [stockMoveDayCounters.companyId, stockMoveDayCounters.day], set: { moves: sql`${stockMoveDayCounters.moves} + ${moves}` } })
}

/** Rebuild a company's ledger day counters from its moves (after a bulk load). */
export async function recountStockMoves(db: DbOrTx, companyId: number): Promise<void> {
  await db.delete(stockMoveDayCounters).where(eq(stockMoveDayCounters.companyId, companyId))
  await db.execute(sql`
    INSERT INTO ${stockMoveDayCounters} (company_id, day, moves)
    SELECT company_id, (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM ${stockMoves} WHERE company_id = ${companyId} GROUP BY 1, 2`)
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
    reason?: 'putaway' | 'move' | 'pick'
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
  const counted = String(input.countedQty).trim()
  if (!QTY_RE.test(counted)) throw fieldError('counted_qty', 'Enter a number with at most 3 decimal places.')
  const { lineId, expectedVersion, reason = 'adjust', reference, reasonCode, note } = input
  return inTransaction(db, async (tx) => {
    const [line] = await tx
      .select({ version: stockLines.version, delta: sql<string>`(${counted}::numeric - ${stockLines.qty})::text`, belowReserved: sql<boolean>`${counted}::numeric < ${stockLines.reservedQty}` })
      .from(stockLines)
      .where(and(eq(stockLines.id, lineId), eq(stockLines.companyId, actor.companyId)))
      .for('update')
    if (!line || (expectedVersion !== undefined && line.version !== expectedVersion)) return explainMiss(tx, actor, lineId, expectedVersion, counted, 'count')
    if (line.belowReserved) throw fieldError('counted_qty', 'The counted quantity is below the reserved quantity; release the reservation first.')
    if (Number(line.delta) === 0) return null
    const out = line.delta.startsWith('-')
    const qty = parseQty(out ? line.delta.slice(1) : line.delta)
    return applyMove(tx, actor, out ? { reason, qty, reference, reasonCode, note, from: { lineId } } : { reason, qty, reference, reasonCode, note, to: { lineId } })
  })
}

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

/**
 * The stock lines FEFO may suggest or reserve (SPEC 10.5; ADR 0011): available status (never
 * blocked or quarantined), not expired (expiry on or after today, or none), with at least `minExpiryDate` of life
 * left when given (a customer's minimum shelf life: today + min_shelf_life_days), and something free. Every
 * suggestion and reservation (shipping, copack, anything later) filters with this, then orders with FEFO_ORDER.
 */
export function fefoEligible(opts: { minExpiryDate?: string | null } = {}): SQL {
  return sql`(${stockLines.status} = 'available' AND ${stockLines.qty} > ${stockLines.reservedQty}
    AND (${stockLines.expiryDate} IS NULL OR ${stockLines.expiryDate} >= ${opts.minExpiryDate ? sql`GREATEST(current_date, ${opts.minExpiryDate}::date)` : sql`current_date`}))`
}

/** FEFO: earliest expiry first, no expiry last, then the oldest line, then the lowest id. */
export const FEFO_ORDER: SQL[] = [sql`${stockLines.expiryDate} ASC NULLS LAST`, sql`${stockLines.createdAt} ASC`, sql`${stockLines.id} ASC`]

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

export async function stockLineCount(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await stockLineCountQuery(db, companyId)
  return row?.lines ?? 0
}

/** The statement behind stockLineCount: one row `{lines}`, or none before the company's first line. */
export const stockLineCountQuery = (db: DbOrTx, companyId: number) =>
  db.select({ lines: stockLineCounters.lines }).from(stockLineCounters).where(eq(stockLineCounters.companyId, companyId))

/** Rebuild a company's counters from its lines (after a bulk load such as the demo data, or lines written around this service). */
export async function recountStockLines(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(stockLines).where(eq(stockLines.companyId, companyId))
  await db
    .insert(stockLineCounters)
    .values({ companyId, lines: row.n })
    .onConflictDoUpdate({ target: stockLineCounters.companyId, set: { lines: row.n } })
  await db.delete(stockProductCounters).where(eq(stockProductCounters.companyId, companyId))
  await db.execute(sql`
    INSERT INTO ${stockProductCounters} (company_id, product_id, lines)
    SELECT company_id, product_id, count(*)::int FROM ${stockLines} WHERE company_id = ${companyId} GROUP BY company_id, product_id`)
  return row.n
}

/** Lines per product of a company, from the maintained counters (products without stock are absent). */
export async function stockProductLineCounts(db: DbOrTx, companyId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: stockProductCounters.productId, lines: stockProductCounters.lines })
    .from(stockProductCounters)
    .where(and(eq(stockProductCounters.companyId, companyId), sql`${stockProductCounters.lines} > 0`))
  return new Map(rows.map((r) => [r.productId, r.lines]))
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
