/**
 * The stock commands of the API (SPEC 10.1): move, adjust, block and release, each applied once per
 * `command_id` (commands.service runOnce) and each through the stock service, which writes the ledger. What they
 * answer is the contract's (contracts/inventory/ledger.contract.ts), stored with the command for a repeated id.
 */
import { and, eq, inArray, type Placeholder, sql } from 'drizzle-orm'
import type { AdjustmentBody, AdjustmentResult, BlockResult, MoveResult } from '../../../contracts/inventory/ledger.contract'
import type { StockLine as StockLineOut } from '../../../contracts/inventory/inventory.contract'
import type { DbOrTx, Tx } from '../../db/client'
import { products, uoms } from '../../db/schema/catalog'
import { companies, locations } from '../../db/schema/core'
import { inventorySettings, stockLines } from '../../db/schema/inventory'
import { users } from '../../db/schema/users'
import { ApiError, conflict, fieldError } from '../../http/errors'
import { keptStatement } from '../../http/statement-cache'
import { emitEvent } from '../../kernel/events'
import { CLAIMED_ELSEWHERE, claimCte, runOnce, runOnceSelfClaimed, type SelfClaim } from '../commands/commands.service'
import { NEAR_EXPIRY_DAYS_DEFAULT, serializeStockLine, stockLineRows } from './inventory.service'
import { movesByIds, serializeMove } from './ledger.service'
import { allocateSscc } from '../printing/printing.service'
import { adjustLockedLine, moveStock, receiveStock, setStockStatus, ssccInStock } from './stock.service'
import { postStockMovesInTx } from './stock-line-deltas'
import { type StockActor, type StockChange, type StockLine } from './stock-model'
import type { SplitSsccChoice } from '../../../contracts/inventory/inventory.rules'
import { alias } from 'drizzle-orm/pg-core'

/** The lines with these ids as the API shows them (absent ids were emptied). */
export async function stockLinesByIds(db: DbOrTx, companyId: number, ids: number[]): Promise<StockLineOut[]> {
  if (!ids.length) return []
  const rows = await stockLineRows(db)
    .where(and(eq(stockLines.companyId, companyId), inArray(stockLines.id, ids)))
    .orderBy(stockLines.id)
  return rows.map(serializeStockLine)
}

/**
 * A 409 (stale expected_version, a line emptied meanwhile) answers the line as it is now (SPEC 10.1), null when it is
 * gone; other errors pass unchanged.
 */
async function withLineOnConflict<T>(db: DbOrTx, companyId: number, lineId: number | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (e) {
    if (!(e instanceof ApiError) || e.statusCode !== 409 || lineId === undefined || 'line' in e.body) throw e
    const [line] = await stockLinesByIds(db, companyId, [lineId])
    throw new ApiError(409, { ...e.body, line: line ?? null })
  }
}

/** What a move's answer needs besides its rows (moveAnswer). */
type AnswerContext = {
  today: string
  nearDays: number
  username: string | null
  products: Map<number, { code: string; name1: string; uom: string }>
  locations: Map<number, string>
}

/**
 * The target location, checked; with the database's date, the company's near-expiry days and the user's name, which
 * the answer needs (one statement less per move than reading them apart).
 */
async function destination(tx: Tx, actor: StockActor, locationId: number) {
  const [loc] = await destinationRead(tx, { location: locationId, company: actor.companyId, user: actor.userId })
  return checkedDestination(loc, locationId)
}

function checkedDestination<L extends { code: string; isActive: boolean }>(loc: L | undefined, locationId: number): L {
  if (!loc) throw fieldError('to_location', `Invalid pk "${locationId}" - object does not exist.`)
  if (!loc.isActive) throw fieldError('to_location', `Location ${loc.code} is inactive; choose another.`)
  return loc
}

const placeholders = { companyId: sql.placeholder('company'), userId: sql.placeholder('user') }

// a command's reads, built once (keptStatement): the destination, and a line with its product and location
const destinationRead = keptStatement((db) =>
  db
    .select({ id: locations.id, code: locations.code, isActive: locations.isActive, ...answerScalars(placeholders) })
    .from(locations)
    .where(and(eq(locations.id, sql.placeholder('location')), eq(locations.companyId, sql.placeholder('company')))),
)
const lineNames = { line: stockLines, productCode: products.code, productName1: products.name1, productUom: uoms.code, locationCode: locations.code }
// a line move's destination and its line in one statement: the line (null when there is none) left-joined to the
// destination's one row; a line always has its product, unit and location (foreign keys)
const target = alias(locations, 'target')
const destinationAndLines = [false, true].map((withClaim) =>
  keptStatement((db) => {
    const claimed = claimCte(db)
    return (withClaim ? db.with(claimed) : db)
      .select({ id: target.id, code: target.code, isActive: target.isActive, ...answerScalars(placeholders), ...lineNames, claim: claimColumn(withClaim, claimed) })
      .from(target)
      .leftJoin(stockLines, and(eq(stockLines.id, sql.placeholder('line')), eq(stockLines.companyId, sql.placeholder('company'))))
      .leftJoin(products, eq(products.id, stockLines.productId))
      .leftJoin(uoms, eq(uoms.id, products.uomId))
      .leftJoin(locations, eq(locations.id, stockLines.locationId))
      .where(and(eq(target.id, sql.placeholder('location')), eq(target.companyId, sql.placeholder('company'))))
  }),
)
// the line an adjustment sets, locked, with the answer's scalars
const lineLockedReads = [false, true].map((withClaim) =>
  keptStatement((db) => {
    const claimed = claimCte(db)
    return (withClaim ? db.with(claimed) : db)
      .select({ ...lineNames, ...answerScalars(placeholders), claim: claimColumn(withClaim, claimed) })
      .from(stockLines)
      .innerJoin(products, eq(products.id, stockLines.productId))
      .innerJoin(uoms, eq(uoms.id, products.uomId))
      .innerJoin(locations, eq(locations.id, stockLines.locationId))
      .where(and(eq(stockLines.id, sql.placeholder('line')), eq(stockLines.companyId, sql.placeholder('company'))))
      .for('update', { of: stockLines })
  }),
)

/** The claimed command's row id as a column of a command's first statement (null: claimed by another call, or no claim). */
function claimColumn(withClaim: boolean, claimed: ReturnType<typeof claimCte>) {
  return withClaim ? sql<number | null>`(SELECT id FROM ${claimed})` : sql<number | null>`NULL::int`
}

export type MoveCommand = {
  command_id?: string
  pallet_code?: string
  sscc?: string
  stock_line?: number
  qty?: string
  expected_version?: number
  from_location?: number
  to_location: number
  note?: string
  split_sscc?: SplitSsccChoice
}

/**
 * What the part moved away of a line carrying an SSCC becomes (ADR 0018, docs/requirements.md §3 "Stock item": an
 * SSCC names one physical unit, in one place). Moving the whole unit (its only line, all of it) keeps the SSCC: no
 * attributes change. Part of a line, or one line of a mixed pallet, is a split: the part gets a new SSCC from the
 * company's counter (its pallet code is the SSCC, as receiving names its pallets) or none and no pallet code (loose
 * stock). `none` when the client does not choose (SPLIT_SSCC_CHOICES). The unit's lines are locked in id order, as
 * the stock service locks lines, so the decision holds until the move is written. `line`: the line as the command
 * read it (its SSCC then; a line that lost it meanwhile is not in the unit, and the stock service explains the miss).
 */
async function splitOfSscc(tx: Tx, actor: StockActor, line: StockLine & { sscc: string }, qty: string | undefined, choice: SplitSsccChoice): Promise<{ sscc?: string | null; palletCode?: string | null }> {
  const lineId = line.id
  const unit = await tx
    .select({ id: stockLines.id, whole: sql<boolean>`${stockLines.qty} = coalesce(${qty ?? null}::numeric, ${stockLines.qty} - ${stockLines.reservedQty})` })
    .from(stockLines)
    .where(and(eq(stockLines.companyId, actor.companyId), eq(stockLines.sscc, line.sscc)))
    .orderBy(stockLines.id)
    .for('update')
  const self = unit.find((l) => l.id === lineId)
  // the line lost its SSCC meanwhile, or is gone: the stock service explains the miss
  if (!self) return {}
  if (unit.length === 1 && self.whole) return {}
  if (choice === 'none') return { sscc: null, palletCode: null }
  const [company] = await tx.select({ prefix: companies.gs1Prefix }).from(companies).where(eq(companies.id, actor.companyId))
  if (!company?.prefix) throw fieldError('split_sscc', 'The company has no GS1 company prefix: set one in the company settings to print pallet labels.')
  const sscc = await allocateSscc(tx, { companyId: actor.companyId, prefix: company.prefix, inUse: (s) => ssccInStock(tx, actor.companyId, s), fail: (m) => fieldError('split_sscc', m) })
  return { sscc, palletCode: sscc }
}

/** POST /inventory/moves/: a whole pallet, or a quantity of one line, to a location (reason `move`). */
export function moveCommand(db: DbOrTx, actor: StockActor, body: MoveCommand): Promise<MoveResult> {
  return runOnceSelfClaimed(db, actor, body.command_id, 'inventory.move', async (tx, claim) => {
    // a line move reads its line with the destination: once (unlocked, as the stock service plans), with what the
    // answer shows of its product and location, where it is, whether it carries an SSCC, the move's source as read;
    // the command's id is claimed in the same statement (runOnceSelfClaimed)
    const [withLine] = body.stock_line !== undefined ? await destinationAndLines[claim.values ? 1 : 0](tx, { location: body.to_location, line: body.stock_line, company: actor.companyId, user: actor.userId, ...claim.values }) : []
    if (body.stock_line !== undefined) {
      // no row: no such destination, refused before anything is written (the claim, made by the statement, rolls back)
      if (!withLine) checkedDestination(undefined, body.to_location)
      else if (!claim.took(withLine.claim)) return CLAIMED_ELSEWHERE
    } else if (!(await claim.take(tx))) return CLAIMED_ELSEWHERE
    const to = withLine ? checkedDestination(withLine, body.to_location) : await destination(tx, actor, body.to_location)
    const known: AnswerContext = { today: to.today, nearDays: to.nearDays, username: to.username, products: new Map(), locations: new Map([[to.id, to.code]]) }
    const changes: StockChange[] = []
    if (body.stock_line !== undefined) {
      const lineId = body.stock_line
      const read = withLine?.line ? { ...withLine, line: withLine.line, productCode: withLine.productCode as string, productName1: withLine.productName1 as string, productUom: withLine.productUom as string, locationCode: withLine.locationCode as string } : undefined
      if (read) {
        if (body.from_location !== undefined && read.line.locationId !== body.from_location) {
          const [line] = await stockLinesByIds(tx, actor.companyId, [lineId])
          throw conflict({ detail: `Stock line ${lineId} is no longer in the location you saw it in; it is in ${line?.location.code} now.`, line: line ?? null })
        }
        known.products.set(read.line.productId, { code: read.productCode, name1: read.productName1, uom: read.productUom })
        known.locations.set(read.line.locationId, read.locationCode)
      }
      const split = read?.line.sscc ? await splitOfSscc(tx, actor, { ...read.line, sscc: read.line.sscc }, body.qty, body.split_sscc ?? 'none') : {}
      const change = await withLineOnConflict(tx, actor.companyId, lineId, () =>
        body.qty === undefined
          ? moveStock(tx, actor, { lineId, toLocationId: to.id, toLocationCode: to.code, expectedVersion: body.expected_version, reason: 'move', note: body.note, ...split })
          : // in runOnce's transaction without a savepoint: a refusal rolls the whole command back
            postStockMovesInTx(tx, actor, [{ reason: 'move', qty: body.qty, note: body.note, from: { lineId, expectedVersion: body.expected_version, line: read?.line }, to: { locationId: to.id, locationCode: to.code, ...split } }]).then(([c]) => c as StockChange),
      ).catch((e: unknown) => {
        // the stock service names its own fields: a line's target is this API's to_location
        if (e instanceof ApiError && e.statusCode === 400 && 'location' in e.body) throw new ApiError(400, { to_location: e.body.location })
        if (e instanceof ApiError && e.statusCode === 404) throw fieldError('stock_line', `Invalid pk "${lineId}" - object does not exist.`)
        throw e
      })
      changes.push(change)
    } else {
      const field = body.pallet_code !== undefined ? 'pallet_code' : 'sscc'
      const code = (body.pallet_code ?? body.sscc) as string
      // whole lines, given to the stock service as read (it need not read them again), with what the answer shows
      // of their product and location
      const found = await tx
        .select({ line: stockLines, productCode: products.code, productName1: products.name1, productUom: uoms.code, locationCode: locations.code })
        .from(stockLines)
        .innerJoin(products, eq(products.id, stockLines.productId))
        .innerJoin(uoms, eq(uoms.id, products.uomId))
        .innerJoin(locations, eq(locations.id, stockLines.locationId))
        .where(and(eq(stockLines.companyId, actor.companyId), field === 'pallet_code' ? eq(stockLines.palletCode, code) : eq(stockLines.sscc, code)))
        .orderBy(stockLines.id)
      for (const f of found) {
        known.products.set(f.line.productId, { code: f.productCode, name1: f.productName1, uom: f.productUom })
        known.locations.set(f.line.locationId, f.locationCode)
      }
      const lines = found.map((f) => f.line)
      if (!lines.length) throw fieldError(field, `No stock on pallet ${code}.`)
      const elsewhere = body.from_location !== undefined ? lines.find((l) => l.locationId !== body.from_location) : undefined
      if (elsewhere) {
        const [line] = await stockLinesByIds(tx, actor.companyId, [elsewhere.id])
        throw conflict({ detail: `Pallet ${code} is no longer in the location you saw it in; it is in ${line?.location.code} now.`, line: line ?? null })
      }
      if (lines.some((l) => Number(l.reservedQty) > 0)) throw fieldError(field, `Pallet ${code} holds reserved stock; move the free quantity line by line, or release the reservation first.`)
      if (lines.every((l) => l.locationId === body.to_location)) throw fieldError('to_location', `Pallet ${code} is already there.`)
      for (const l of lines) {
        // the version read here: a concurrent move of the same pallet makes this a 409, never a second move.
        // In this transaction without a savepoint of its own: a refusal rolls back the whole command (runOnce's
        // savepoint), and a 409 is found before this line's first write, so the line it answers is as it was.
        const [change] = await withLineOnConflict(tx, actor.companyId, l.id, () =>
          postStockMovesInTx(tx, actor, [{ reason: 'move', qty: l.qty, note: body.note, from: { lineId: l.id, expectedVersion: l.version, line: l }, to: { locationId: to.id, locationCode: to.code } }]),
        )
        changes.push(change as StockChange)
      }
    }
    return { command_id: body.command_id ?? null, ...(await moveAnswer(tx, actor, changes, known)) }
    // docs/requirements.md §6: the systems around hear of it, in this transaction (ADR 0020)
  }, () => 'stock.moved')
}

/** The answer's scalars, as columns of a statement the command runs anyway (the company and user may be placeholders). */
function answerScalars(actor: { companyId: number | Placeholder; userId: number | null | Placeholder }) {
  return {
    // the stock list's expiry flags are against the database's date (inventory.service stockLineColumns)
    today: sql<string>`current_date::text`,
    nearDays: sql<number>`coalesce((SELECT ${inventorySettings.nearExpiryDays} FROM ${inventorySettings} WHERE ${inventorySettings.companyId} = ${actor.companyId}), ${NEAR_EXPIRY_DAYS_DEFAULT})`,
    username: sql<string | null>`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${actor.userId})`,
  }
}

/**
 * A move command's moves and lines, as movesByIds and stockLinesByIds answer them, from the rows its changes wrote
 * (UPDATE/INSERT ... RETURNING, in this transaction) and what the command read on its way (`known`: product code,
 * name and unit, location codes, the user's name, the near-expiry days, today's date). What is not known is read in
 * one statement. The two joined re-reads were a quarter of a move's time on the embedded database (SPEC 11.6's
 * outbox drain).
 */
async function moveAnswer(tx: Tx, actor: StockActor, changes: StockChange[], known: AnswerContext): Promise<Pick<MoveResult, 'moves' | 'lines'>> {
  // each line once, as it is after the last change (later changes of one command return newer rows)
  const after = new Map<number, NonNullable<StockChange['to']>>()
  for (const c of changes) if (c.to) after.set(c.to.id, c.to)
  const sources = new Set(changes.flatMap((c) => (c.from ? [c.from.line.id] : [])))
  const moves = changes.map((c) => c.move)
  // a line both written to and taken from here, or a move without its row: the re-reads, as before
  if (moves.some((m) => m === undefined || m.userId !== actor.userId) || [...after.keys()].some((id) => sources.has(id))) {
    return {
      moves: await movesByIds(tx, actor.companyId, changes.map((c) => c.moveId)),
      lines: await stockLinesByIds(tx, actor.companyId, [...after.keys()].sort((a, b) => a - b)),
    }
  }
  const lines = [...after.values()].sort((a, b) => a.id - b.id)
  const rows = (moves as NonNullable<StockChange['move']>[]).sort((a, b) => a.id - b.id)
  const productIds = [...new Set([...rows.map((m) => m.productId), ...lines.map((l) => l.productId)])]
  const locationIds = [...new Set([...rows.flatMap((m) => [m.fromLocationId, m.toLocationId]), ...lines.map((l) => l.locationId)].filter((id): id is number => id !== null))]
  let ctx = known
  if (productIds.some((id) => !known.products.has(id)) || locationIds.some((id) => !known.locations.has(id))) {
    // integers only, so each list goes as one array literal
    const s = answerScalars(actor)
    const {
      rows: [read],
    } = await tx.execute<{ today: string; near_days: number; username: string | null; products: { id: number; code: string; name1: string; uom: string }[] | null; locations: { id: number; code: string }[] | null }>(sql`
      SELECT ${s.today} AS today, ${s.nearDays} AS near_days, ${s.username} AS username,
        (SELECT json_agg(json_build_object('id', ${products.id}, 'code', ${products.code}, 'name1', ${products.name1}, 'uom', ${uoms.code}))
          FROM ${products} JOIN ${uoms} ON ${uoms.id} = ${products.uomId} WHERE ${products.id} = ANY(${`{${productIds.join(',')}}`}::int[])) AS products,
        (SELECT json_agg(json_build_object('id', ${locations.id}, 'code', ${locations.code})) FROM ${locations} WHERE ${locations.id} = ANY(${`{${locationIds.join(',')}}`}::int[])) AS locations`)
    ctx = {
      today: read.today,
      nearDays: read.near_days,
      username: read.username,
      products: new Map((read.products ?? []).map((p) => [p.id, p])),
      locations: new Map((read.locations ?? []).map((l) => [l.id, l.code])),
    }
  }
  const answer = answerOf(ctx)
  return { moves: rows.map(answer.move), lines: lines.map(answer.line) }
}

/** Moves and lines as movesByIds and stockLinesByIds answer them, from written rows and what the command knows. */
function answerOf(ctx: AnswerContext) {
  const product = (id: number) => ctx.products.get(id) as { code: string; name1: string; uom: string }
  const locationCode = (id: number | null) => (id === null ? null : (ctx.locations.get(id) ?? null))
  const today = Date.parse(ctx.today)
  return {
    move: (m: NonNullable<StockChange['move']>) =>
      serializeMove({
        ...m,
        userId: m.userId === null || ctx.username === null ? null : m.userId,
        username: m.userId === null ? null : ctx.username,
        productCode: product(m.productId).code,
        productName1: product(m.productId).name1,
        fromLocationCode: locationCode(m.fromLocationId),
        toLocationCode: locationCode(m.toLocationId),
      }),
    line: (l: StockLine) =>
      serializeStockLine({
        ...l,
        productCode: product(l.productId).code,
        productName1: product(l.productId).name1,
        productUom: product(l.productId).uom,
        locationCode: locationCode(l.locationId) as string,
        // (expiry_date - current_date) as the stock list computes it: whole days between two dates
        daysLeft: l.expiryDate === null ? null : Math.round((Date.parse(l.expiryDate) - today) / 86_400_000),
        nearDays: ctx.nearDays,
      }),
  }
}

/** POST /inventory/adjustments/: set a line's quantity, or book found stock (reason `adjust`, with a reason code). */
export function adjustCommand(db: DbOrTx, actor: StockActor, body: Omit<AdjustmentBody, 'stock_line' | 'product' | 'location' | 'note'> & { stock_line?: number; product?: number; location?: number; qty: string; note: string }): Promise<AdjustmentResult> {
  // an adjustment that wrote a move is told to the systems around, in its transaction (ADR 0020); a no-change one is not
  return runOnceSelfClaimed(
    db,
    actor,
    body.command_id,
    'inventory.adjust',
    async (tx, claim) => (body.stock_line !== undefined ? adjustLine(tx, actor, body.stock_line, body, claim) : (await claim.take(tx)) ? bookFound(tx, actor, body) : CLAIMED_ELSEWHERE),
    (r) => (r.move ? 'stock.adjusted' : undefined),
  )
}

/**
 * An adjustment of a line: the line read and locked once, with what the answer shows of its product and location
 * (adjustLockedLine moves from it as read), and the answer built from the rows the change wrote (moveAnswer).
 * In runOnce's transaction without savepoints: a refusal rolls it back whole.
 */
async function adjustLine(
  tx: Tx,
  actor: StockActor,
  lineId: number,
  body: { command_id?: string; qty: string; expected_version?: number; reason_code: AdjustmentBody['reason_code']; note: string },
  claim: SelfClaim,
): Promise<AdjustmentResult | typeof CLAIMED_ELSEWHERE> {
  // the command's id is claimed by the statement that reads and locks the line (runOnceSelfClaimed); no line: the
  // refusal is stored, or a stored answer given, as runOnce does for any refusal
  const [read] = await lineLockedReads[claim.values ? 1 : 0](tx, { line: lineId, company: actor.companyId, user: actor.userId, ...claim.values })
  if (!read) throw fieldError('stock_line', `Invalid pk "${lineId}" - object does not exist.`)
  if (!claim.took(read.claim)) return CLAIMED_ELSEWHERE
  const change = await withLineOnConflict(tx, actor.companyId, lineId, () =>
    adjustLockedLine(tx, actor, { line: read.line, countedQty: body.qty, expectedVersion: body.expected_version, reason: 'adjust', reasonCode: body.reason_code, note: body.note }),
  ).catch((e: unknown) => {
    if (e instanceof ApiError && e.statusCode === 400 && 'counted_qty' in e.body) throw new ApiError(400, { qty: e.body.counted_qty })
    throw e
  })
  const known: AnswerContext = {
    today: read.today,
    nearDays: read.nearDays,
    username: read.username,
    products: new Map([[read.line.productId, { code: read.productCode, name1: read.productName1, uom: read.productUom }]]),
    locations: new Map([[read.line.locationId, read.locationCode]]),
  }
  const answer = answerOf(known)
  if (!change) return { command_id: body.command_id ?? null, move: null, line: answer.line(read.line) }
  // the line as the change left it (null when emptied); the move as written, by this user
  const after = change.to ?? (change.from?.deleted ? undefined : change.from?.line)
  const move = change.move?.userId === actor.userId ? answer.move(change.move) : (await movesByIds(tx, actor.companyId, [change.moveId]))[0]
  return { command_id: body.command_id ?? null, move: move ?? null, line: after ? answer.line(after) : null }
}

/** Stock found where the system had none: a receipt of it into the location (reason `adjust`). */
async function bookFound(tx: Tx, actor: StockActor, body: Omit<AdjustmentBody, 'stock_line' | 'product' | 'location' | 'note'> & { product?: number; location?: number; qty: string; note: string }): Promise<AdjustmentResult> {
  const [loc] = await tx.select({ id: locations.id }).from(locations).where(and(eq(locations.id, body.location as number), eq(locations.companyId, actor.companyId)))
  if (!loc) throw fieldError('location', `Invalid pk "${body.location}" - object does not exist.`)
  const change = await receiveStock(tx, actor, {
    productId: body.product as number,
    locationId: body.location as number,
    qty: body.qty,
    reason: 'adjust',
    reasonCode: body.reason_code,
    note: body.note,
    lot: body.lot ?? null,
    expiryDate: body.expiry_date ?? null,
    palletCode: body.pallet_code ?? null,
    sscc: body.sscc ?? null,
  })
  const [line] = change.to ? await stockLinesByIds(tx, actor.companyId, [change.to.id]) : []
  return { command_id: body.command_id ?? null, move: (await movesByIds(tx, actor.companyId, [change.moveId]))[0] ?? null, line: line ?? null }
}

/** POST /inventory/stock/{id}/block/ and /release/: the line and the rest of its pallet. */
export function statusCommand(
  db: DbOrTx,
  actor: StockActor,
  lineId: number,
  body: { command_id?: string; reason: string; status: 'blocked' | 'quarantine'; expected_version?: number },
  release: boolean,
): Promise<BlockResult> {
  return runOnce(db, actor, body.command_id, release ? 'inventory.release' : 'inventory.block', async (tx) => {
    const done = await withLineOnConflict(tx, actor.companyId, lineId, () =>
      setStockStatus(tx, actor, { lineId, status: release ? 'available' : body.status, reason: body.reason, expectedVersion: body.expected_version }),
    )
    const result = {
      command_id: body.command_id ?? null,
      lines: await stockLinesByIds(tx, actor.companyId, done.lines.map((l) => l.id)),
      moves: await movesByIds(tx, actor.companyId, done.moveIds),
    }
    if (result.moves.length) await emitEvent(tx, { companyId: actor.companyId, type: 'stock.status_changed', payload: { ...result, status: release ? 'available' : body.status, reason: body.reason } })
    return result
  })
}
