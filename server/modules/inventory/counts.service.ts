/**
 * Cycle counting (SPEC 10.9; ADR 0011). A plan holds locations; each gets one count task (tasks.service). A counter
 * submits what is in a location (blind by default). The submission locks the location's lines and records, per
 * product/lot/pallet, the system quantity at that moment (snapshot) next to the counted one, and the last ledger id:
 * variance = counted − snapshot, so stock that moves afterwards is not overwritten (the adjustment posts the variance,
 * not "set to counted"), and the review shows the moves since.
 *
 * Within tolerance (percent or absolute, settings) the variance posts at once (reason count). Beyond it, a recount
 * task goes to a different operator; a recount that finds the same variances, or that is within tolerance, posts;
 * otherwise the location waits for a supervisor: approve (posts the last count's variances), reject (posts nothing),
 * recount.
 */
import { and, asc, eq, inArray, max, ne, or, sql } from 'drizzle-orm'
import type { CountDetail, CountIdentities, CountLocation, CountPlan, CountSheet, CountSubmitResult } from '../../../contracts/inventory/counts.contract'
import type { CountLocationStatus } from '../../../contracts/inventory/inventory.rules'
import { COUNT_MAX_LOCATIONS } from '../../../contracts/inventory/inventory.rules'
import type { DbOrTx, Tx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { countEntries, countLocations, countPlans, stockLines, stockMoves } from '../../db/schema/inventory'
import { users } from '../../db/schema/users'
import { fieldError, forbidden, notFound } from '../../http/errors'
import { likeEscape, orderingClause } from '../../http/pagination'
import { emitEvents } from '../../kernel/events'
import { runOnce } from '../commands/commands.service'
import { assignTask, cancelTasks, createTask, finishTask, taskAssignee } from '../workforce/tasks.service'
import { movesByIds } from './ledger.service'
import { getInventorySettings } from './settings.service'
import { moveReservation } from './stock-reservations'
import { postStockMovesInTx } from './stock-line-deltas'
import { type StockMoveInput } from './stock-model'

export type CountActor = { companyId: number; userId: number }

/**
 * What the owner of a reservation does when a count takes reserved stock (ADR 0011 §4; the app wires copack's): it
 * gives back `qty` of its reservations on the line (moved to other stock or its pick marked short) inside the count's
 * transaction, and answers how much of `qty` it held.
 */
export type ReservationShortHook = (tx: Tx, actor: CountActor, short: { lineId: number; qty: string; reference: string }) => Promise<string>

const planCode = (id: number) => `CNT-${String(id).padStart(6, '0')}`

/** Decimal strings with 3 places as thousandths (exact integers for the quantities a warehouse holds). */
const milli = (q: string) => {
  const [w, f = ''] = q.replace('-', '').split('.')
  const v = BigInt(w) * 1000n + BigInt((f + '000').slice(0, 3))
  return q.startsWith('-') ? -v : v
}
const fromMilli = (v: bigint) => {
  const neg = v < 0n
  const a = neg ? -v : v
  return `${neg ? '-' : ''}${a / 1000n}.${String(a % 1000n).padStart(3, '0')}`
}

export async function planCount(
  db: DbOrTx,
  actor: CountActor,
  body: { name: string; locations?: number[]; pattern?: string; warehouse?: number; products?: number[]; blind?: boolean; assignee?: number | null },
): Promise<CountDetail> {
  const plan = await db.transaction(async (tx) => {
    const productIds = [...new Set(body.products ?? [])]
    if (productIds.length) {
      const found = await tx.select({ id: products.id }).from(products).where(and(eq(products.companyId, actor.companyId), inArray(products.id, productIds)))
      const missing = productIds.find((p) => !found.some((f) => f.id === p))
      if (missing !== undefined) throw fieldError('products', `Invalid pk "${missing}" - object does not exist.`)
    }
    if (body.locations?.length) {
      const ids = [...new Set(body.locations)]
      const found = await tx.select({ id: locations.id }).from(locations).where(and(eq(locations.companyId, actor.companyId), inArray(locations.id, ids)))
      const missing = ids.find((l) => !found.some((f) => f.id === l))
      if (missing !== undefined) throw fieldError('locations', `Invalid pk "${missing}" - object does not exist.`)
    }
    if (body.assignee != null) {
      const [u] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, body.assignee), eq(users.companyId, actor.companyId)))
      if (!u) throw fieldError('assignee', `Invalid pk "${body.assignee}" - object does not exist.`)
    }
    const byPattern = body.pattern ? sql`${locations.code} ILIKE ${body.pattern.split('*').map(likeEscape).join('%')}` : undefined
    const holding = productIds.length
      ? sql`${locations.id} IN (SELECT ${stockLines.locationId} FROM ${stockLines} WHERE ${stockLines.companyId} = ${actor.companyId} AND ${inArray(stockLines.productId, productIds)})`
      : undefined
    const chosen = await tx
      .select({ id: locations.id, warehouseId: locations.warehouseId })
      .from(locations)
      .where(
        and(
          eq(locations.companyId, actor.companyId),
          eq(locations.isActive, true),
          body.locations?.length ? inArray(locations.id, body.locations) : undefined,
          byPattern,
          body.warehouse !== undefined ? eq(locations.warehouseId, body.warehouse) : undefined,
          holding,
        ),
      )
      .orderBy(asc(locations.code))
      .limit(COUNT_MAX_LOCATIONS + 1)
    if (!chosen.length) throw fieldError('non_field_errors', 'No active location matches; nothing to count.')
    if (chosen.length > COUNT_MAX_LOCATIONS) throw fieldError('non_field_errors', `A count holds at most ${COUNT_MAX_LOCATIONS} locations; narrow it down.`)
    const settings = await getInventorySettings(tx, actor.companyId)
    const warehouses = new Set(chosen.map((c) => c.warehouseId))
    const [row] = await tx
      .insert(countPlans)
      .values({
        companyId: actor.companyId,
        warehouseId: warehouses.size === 1 ? chosen[0].warehouseId : null,
        name: body.name,
        blind: body.blind ?? settings.blind_counts,
        productIds,
        createdBy: actor.userId,
      })
      .returning({ id: countPlans.id })
    const code = planCode(row.id)
    const rows = []
    for (const loc of chosen) {
      const taskId = await createTask(tx, { companyId: actor.companyId, warehouseId: loc.warehouseId, type: 'count', locationId: loc.id, reference: code })
      if (body.assignee != null) await assignTask(tx, actor.companyId, taskId, body.assignee)
      rows.push({ companyId: actor.companyId, planId: row.id, locationId: loc.id, taskId })
    }
    for (let i = 0; i < rows.length; i += 500) await tx.insert(countLocations).values(rows.slice(i, i + 500))
    return row.id
  })
  return countDetail(db, actor.companyId, plan)
}

async function loadPlan(db: DbOrTx, companyId: number, planId: number) {
  const [plan] = await db
    .select()
    .from(countPlans)
    .where(and(eq(countPlans.id, planId), eq(countPlans.companyId, companyId)))
  if (!plan) throw notFound()
  return plan
}

async function loadCountLocation(db: DbOrTx, companyId: number, planId: number, locationId: number, lock = false) {
  const q = db
    .select()
    .from(countLocations)
    .where(and(eq(countLocations.planId, planId), eq(countLocations.locationId, locationId), eq(countLocations.companyId, companyId)))
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw notFound('This location is not part of the count.')
  return row
}

/** What the counter sees: blind hides the system quantities. */
export async function countSheet(db: DbOrTx, companyId: number, planId: number, locationId: number): Promise<CountSheet> {
  const plan = await loadPlan(db, companyId, planId)
  const cl = await loadCountLocation(db, companyId, planId, locationId)
  const [loc] = await db.select({ id: locations.id, code: locations.code }).from(locations).where(eq(locations.id, locationId))
  const prods = plan.productIds.length ? await db.select({ id: products.id, code: products.code, name1: products.name1 }).from(products).where(inArray(products.id, plan.productIds)) : []
  let expected: CountSheet['expected'] = null
  if (!plan.blind) {
    const lines = await locationLines(db, companyId, locationId, plan.productIds)
    expected = lines.map((l) => ({ product: { id: l.productId, code: l.productCode, name1: l.productName1 }, lot: l.lot, pallet_code: l.palletCode, sscc: l.sscc, expiry_date: l.expiryDate, qty: l.qty }))
  }
  return { plan: plan.id, code: planCode(plan.id), location: loc, status: cl.status, round: cl.round, blind: plan.blind, products: prods, expected }
}

/**
 * The identities (product, lot, expiry, pallet, SSCC) of what a location holds, without quantities: for a supervisor,
 * or for an operator whose count task it is (assigned to them, or free and not a recount of their own count).
 */
export async function countIdentities(db: DbOrTx, user: { companyId: number; id: number; role: string }, planId: number, locationId: number): Promise<CountIdentities> {
  const plan = await loadPlan(db, user.companyId, planId)
  const cl = await loadCountLocation(db, user.companyId, planId, locationId)
  if (user.role !== 'admin' && user.role !== 'supervisor') {
    if (cl.status !== 'pending' && cl.status !== 'recount') throw forbidden()
    if (cl.status === 'recount' && cl.countedBy === user.id) throw forbidden('A recount is done by a different operator.')
    const holder = cl.taskId !== null ? await taskAssignee(db, user.companyId, cl.taskId) : null
    if (holder !== null && holder !== user.id) throw forbidden()
  }
  const [loc] = await db.select({ id: locations.id, code: locations.code }).from(locations).where(eq(locations.id, locationId))
  const lines = await locationLines(db, user.companyId, locationId, plan.productIds)
  const seen = new Set<string>()
  const identities: CountIdentities['identities'] = []
  for (const l of lines) {
    const k = JSON.stringify([l.productId, l.lot, l.expiryDate, l.palletCode, l.sscc])
    if (seen.has(k)) continue
    seen.add(k)
    identities.push({ product: { id: l.productId, code: l.productCode, name1: l.productName1 }, lot: l.lot, expiry_date: l.expiryDate, pallet_code: l.palletCode, sscc: l.sscc })
  }
  return { location: loc, identities }
}

function locationLines(db: DbOrTx, companyId: number, locationId: number, productIds: number[], lock = false) {
  const q = db
    .select({
      id: stockLines.id,
      productId: stockLines.productId,
      productCode: products.code,
      productName1: products.name1,
      lot: stockLines.lot,
      palletCode: stockLines.palletCode,
      sscc: stockLines.sscc,
      expiryDate: stockLines.expiryDate,
      qty: stockLines.qty,
    })
    .from(stockLines)
    .innerJoin(products, eq(products.id, stockLines.productId))
    .where(and(eq(stockLines.companyId, companyId), eq(stockLines.locationId, locationId), productIds.length ? inArray(stockLines.productId, productIds) : undefined))
    .orderBy(stockLines.id)
  return lock ? q.for('update', { of: stockLines }) : q
}

type Entry = { product: number; lot?: string | null; pallet_code?: string | null; sscc?: string | null; expiry_date?: string | null; qty: string }
const keyOf = (p: number, lot: string | null | undefined, pallet: string | null | undefined, sscc: string | null | undefined) => JSON.stringify([p, lot ?? null, pallet ?? null, sscc ?? null])

type LocationLine = Awaited<ReturnType<typeof locationLines>>[number]

/**
 * Which stock line each entry counts (docs/requirements.md §2.16; ADR 0011 §4 amendment): an SSCC is its pallet's
 * line; otherwise the product's lines in the location narrowed by the lot and the pallet the entry gives. One line
 * left is that line, whatever the entry left out (a product scanned without its lot); none is stock found where the
 * system had none; several are refused (400 `entries`) until the lot, or the pallet, is given. Answers the counted
 * quantity per line and the found entries per product/lot/pallet/SSCC.
 */
async function matchEntries(tx: Tx, lines: LocationLine[], entries: Entry[], locationCode: string): Promise<{ onLines: Map<number, bigint>; found: Map<string, { entry: Entry; qty: bigint }> }> {
  const onLines = new Map<number, bigint>()
  const found = new Map<string, { entry: Entry; qty: bigint }>()
  const blank = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim())
  const codes = new Map<number, string>()
  const codeOf = async (productId: number) => {
    if (!codes.has(productId)) {
      const [p] = await tx.select({ code: products.code }).from(products).where(eq(products.id, productId))
      codes.set(productId, p?.code ?? String(productId))
    }
    return codes.get(productId) ?? String(productId)
  }
  for (const raw of entries) {
    const e: Entry = { ...raw, lot: blank(raw.lot), pallet_code: blank(raw.pallet_code), sscc: blank(raw.sscc), expiry_date: blank(raw.expiry_date) }
    const qty = milli(e.qty)
    let candidates = lines.filter((l) => l.productId === e.product)
    if (e.sscc) candidates = candidates.filter((l) => l.sscc === e.sscc)
    else {
      if (e.lot) candidates = candidates.filter((l) => l.lot === e.lot)
      if (e.pallet_code) candidates = candidates.filter((l) => l.palletCode === e.pallet_code)
    }
    if (candidates.length > 1) {
      const lots = new Set(candidates.map((l) => l.lot))
      if (!e.lot && lots.size > 1) throw fieldError('entries', `Product ${await codeOf(e.product)} has several lots in ${locationCode}: choose the lot.`)
      throw fieldError('entries', `Product ${await codeOf(e.product)}, lot ${e.lot ?? candidates[0].lot ?? '—'} is on several pallets in ${locationCode}: scan the pallet.`)
    }
    const [line] = candidates
    if (line) {
      onLines.set(line.id, (onLines.get(line.id) ?? 0n) + qty)
      continue
    }
    const k = keyOf(e.product, e.lot, e.pallet_code, e.sscc)
    const prev = found.get(k)
    found.set(k, { entry: prev?.entry ?? e, qty: (prev?.qty ?? 0n) + qty })
  }
  return { onLines, found }
}

function beyondTolerance(variance: bigint, snapshot: bigint, settings: { count_tolerance_percent: string; count_tolerance_qty: string }): boolean {
  if (variance === 0n) return false
  const abs = variance < 0n ? -variance : variance
  if (abs <= milli(settings.count_tolerance_qty)) return false
  // |variance| <= percent/100 × snapshot, in thousandths of a percent
  if (abs * 100_000n <= milli(settings.count_tolerance_percent) * snapshot) return false
  return true
}

/** POST /inventory/counts/{id}/locations/{location}/: one location's count, applied once per command_id. */
export function submitCount(
  db: DbOrTx,
  actor: CountActor,
  planId: number,
  locationId: number,
  body: { command_id?: string; empty: boolean; entries: Entry[] },
  hooks: ReservationShortHook[] = [],
): Promise<CountSubmitResult> {
  return runOnce(db, actor, body.command_id, 'counts.submit', async (tx) => {
    const plan = await loadPlan(tx, actor.companyId, planId)
    if (plan.status === 'closed' || plan.status === 'cancelled') throw fieldError('non_field_errors', `This count is ${plan.status}.`)
    const cl = await loadCountLocation(tx, actor.companyId, planId, locationId, true)
    if (cl.status !== 'pending' && cl.status !== 'recount') throw fieldError('non_field_errors', `This location was already counted (${cl.status}).`)
    if (cl.status === 'recount' && cl.countedBy === actor.userId) throw forbidden('A recount is done by a different operator.')
    if (body.empty && body.entries.some((e) => Number(e.qty) > 0)) throw fieldError('entries', 'An empty location has no entries.')
    const productIds = [...new Set(body.entries.map((e) => e.product))]
    if (productIds.length) {
      const found = await tx.select({ id: products.id }).from(products).where(and(eq(products.companyId, actor.companyId), inArray(products.id, productIds)))
      const missing = productIds.find((p) => !found.some((f) => f.id === p))
      if (missing !== undefined) throw fieldError('entries', `Invalid pk "${missing}" - object does not exist.`)
      const outside = plan.productIds.length ? productIds.find((p) => !plan.productIds.includes(p)) : undefined
      if (outside !== undefined) throw fieldError('entries', `Product ${outside} is not part of this count.`)
    }
    // the location's lines, locked: the snapshot and the last ledger id agree
    const lines = await locationLines(tx, actor.companyId, locationId, plan.productIds, true)
    const [{ last }] = await tx.select({ last: max(stockMoves.id) }).from(stockMoves)
    const [here] = await tx.select({ code: locations.code }).from(locations).where(eq(locations.id, locationId))
    const { onLines, found } = await matchEntries(tx, lines, body.entries, here?.code ?? '')
    const round = cl.round + 1
    const rows: (typeof countEntries.$inferInsert)[] = []
    for (const l of lines) {
      rows.push({ companyId: actor.companyId, countLocationId: cl.id, round, productId: l.productId, lot: l.lot, palletCode: l.palletCode, sscc: l.sscc, expiryDate: l.expiryDate, stockLineId: l.id, snapshotQty: l.qty, countedQty: fromMilli(onLines.get(l.id) ?? 0n) })
    }
    for (const { entry, qty } of found.values()) {
      if (qty === 0n) continue
      rows.push({ companyId: actor.companyId, countLocationId: cl.id, round, productId: entry.product, lot: entry.lot ?? null, palletCode: entry.pallet_code ?? null, sscc: entry.sscc ?? null, expiryDate: entry.expiry_date ?? null, stockLineId: null, snapshotQty: '0', countedQty: fromMilli(qty) })
    }
    if (rows.length) await tx.insert(countEntries).values(rows)
    const settings = await getInventorySettings(tx, actor.companyId)
    const variances = rows.map((r) => ({ key: keyOf(r.productId, r.lot, r.palletCode, r.sscc), v: milli(r.countedQty) - milli(r.snapshotQty), beyond: beyondTolerance(milli(r.countedQty) - milli(r.snapshotQty), milli(r.snapshotQty), settings) }))
    const beyond = variances.some((v) => v.beyond)
    let confirmed = false
    if (round > 1 && beyond) {
      const previous = await tx.select().from(countEntries).where(and(eq(countEntries.countLocationId, cl.id), eq(countEntries.round, cl.round)))
      const before = new Map(previous.map((p) => [keyOf(p.productId, p.lot, p.palletCode, p.sscc), milli(p.countedQty) - milli(p.snapshotQty)]))
      const now = new Map(variances.map((v) => [v.key, v.v]))
      const keys = new Set([...before.keys(), ...now.keys()])
      confirmed = [...keys].every((k) => (before.get(k) ?? 0n) === (now.get(k) ?? 0n))
    }
    if (cl.taskId !== null) await finishTask(tx, { id: actor.userId, companyId: actor.companyId }, cl.taskId).catch(() => undefined)
    let status: CountLocationStatus
    let taskId: number | null = null
    if (!beyond || confirmed) {
      await postVariances(tx, actor, plan.id, [{ ...cl, round, locationId }], hooks)
      status = 'approved'
    } else if (round === 1) {
      const [loc] = await tx.select({ warehouseId: locations.warehouseId }).from(locations).where(eq(locations.id, locationId))
      // offered to every operator but the one who counted (docs/requirements.md §2.10)
      taskId = await createTask(tx, { companyId: actor.companyId, warehouseId: loc.warehouseId, type: 'count', locationId, reference: `${planCode(plan.id)} recount`, excludedUserId: actor.userId })
      status = 'recount'
    } else {
      status = 'review'
    }
    await tx
      .update(countLocations)
      .set({ status, round, taskId, countedBy: actor.userId, countedAt: sql`now()`, previousCountedBy: cl.countedBy, snapshotMoveId: last ?? 0 })
      .where(eq(countLocations.id, cl.id))
    await refreshPlanStatus(tx, plan.id)
    const [loc] = await tx.select({ id: locations.id, code: locations.code }).from(locations).where(eq(locations.id, locationId))
    return { command_id: body.command_id ?? null, plan: plan.id, location: loc, status, round, recount: status === 'recount' }
  })
}

/** Post a round's variances through the stock service (reason count, reference the plan's code). */
type CountEntryRow = typeof countEntries.$inferSelect

/** What a refusal names of a count entry: its product's code, lot, pallet and location (ADR 0015). */
type EntryNames = { product: string; lot: string; pallet: string; location: string }

/** The moves that bring the ledger to what was counted (reason `count`), for the entries of one location's last round. */
function varianceMoves(planId: number, locationId: number, entries: CountEntryRow[], lineExists: (id: number) => boolean, names: (e: CountEntryRow) => EntryNames): StockMoveInput[] {
  const reference = planCode(planId)
  const moves: StockMoveInput[] = []
  for (const e of entries) {
    const v = milli(e.countedQty) - milli(e.snapshotQty)
    if (v === 0n) continue
    const qty = fromMilli(v < 0n ? -v : v)
    const lineId = e.stockLineId !== null && lineExists(e.stockLineId) ? e.stockLineId : undefined
    if (v < 0n) {
      if (lineId === undefined) {
        const n = names(e)
        throw fieldError('non_field_errors', `The stock of product ${n.product}, lot ${n.lot}, pallet ${n.pallet} left ${n.location} after the count; recount it.`)
      }
      moves.push({ reason: 'count', qty, reference, from: { lineId } })
    } else if (lineId !== undefined) {
      moves.push({ reason: 'count', qty, reference, to: { lineId } })
    } else {
      moves.push({ reason: 'count', qty, reference, to: { productId: e.productId, locationId, lot: e.lot, palletCode: e.palletCode, sscc: e.sscc, expiryDate: e.expiryDate } })
    }
  }
  return moves
}

/**
 * Physical truth wins (ADR 0011 §4): where a variance takes more than a line's free quantity, the reservations on the
 * line give way first, in this transaction. Their owners (hooks) move them to other eligible stock or mark their pick
 * short; a reservation nobody claims moves by FEFO (moveReservation) and what cannot move opens an exception task.
 * A line that no longer holds what the count takes (stock left after the count) is refused, naming it.
 */
async function coverReservations(tx: Tx, actor: CountActor, reference: string, takes: Map<number, bigint>, hooks: ReservationShortHook[]): Promise<void> {
  if (!takes.size) return
  const ids = [...takes.keys()].sort((a, b) => a - b)
  const lines = await tx
    .select({
      id: stockLines.id,
      qty: stockLines.qty,
      reserved: stockLines.reservedQty,
      productId: stockLines.productId,
      productCode: products.code,
      lot: stockLines.lot,
      palletCode: stockLines.palletCode,
      locationId: stockLines.locationId,
      locationCode: locations.code,
      warehouseId: locations.warehouseId,
    })
    .from(stockLines)
    .innerJoin(products, eq(products.id, stockLines.productId))
    .innerJoin(locations, eq(locations.id, stockLines.locationId))
    .where(inArray(stockLines.id, ids))
    .orderBy(stockLines.id)
    .for('update', { of: stockLines })
  for (const l of lines) {
    const take = takes.get(l.id) ?? 0n
    if (take > milli(l.qty)) {
      throw fieldError('non_field_errors', `The count of product ${l.productCode}, lot ${l.lot ?? '—'}, pallet ${l.palletCode ?? '—'} at ${l.locationCode} takes ${fromMilli(take)} but the line holds ${l.qty} now; recount it.`)
    }
    const short = take - (milli(l.qty) - milli(l.reserved))
    if (short <= 0n) continue
    let left = short
    for (const hook of hooks) {
      if (left <= 0n) break
      left -= milli(await hook(tx, actor, { lineId: l.id, qty: fromMilli(left), reference }))
    }
    if (left <= 0n) continue
    const { unplaced } = await moveReservation(tx, actor, { lineId: l.id, qty: fromMilli(left) })
    if (milli(unplaced) > 0n) {
      await createTask(tx, {
        companyId: actor.companyId,
        warehouseId: l.warehouseId,
        type: 'exception',
        locationId: l.locationId,
        productId: l.productId,
        qty: unplaced,
        reference: `Reservation short ${l.productCode} ${l.lot ? `lot ${l.lot} ` : ''}${l.palletCode ? `pallet ${l.palletCode} ` : ''}@ ${l.locationCode}: ${unplaced} released after count ${reference}`.slice(0, 200),
      })
    }
  }
}

/**
 * Post the variances of the given counted locations (their last round) through the ledger, with a handful of
 * statements for all of them, the variances on the lines they found included (postStockMovesInTx posts those as one
 * run): approving 1,000 locations in one request (SPEC 10.10). Answers how many moves it posted.
 */
async function postVariances(tx: Tx, actor: CountActor, planId: number, counted: (typeof countLocations.$inferSelect)[], hooks: ReservationShortHook[], onlyEntries?: number[]): Promise<number> {
  if (!counted.length) return 0
  // the last round's entries with a variance: a location holds hundreds of lines and a count finds most as they were
  // (1,000 locations of the 1,000,000-line bench: 506,000 entries, 1,000 variances)
  // (the rounds as given: a submission posts before it records its round)
  const byRound = new Map<number, number[]>()
  for (const cl of counted) {
    const ids = byRound.get(cl.round)
    if (ids) ids.push(cl.id)
    else byRound.set(cl.round, [cl.id])
  }
  const entries = await tx
    .select()
    .from(countEntries)
    .where(
      and(
        or(...[...byRound].map(([round, ids]) => and(eq(countEntries.round, round), inArray(countEntries.countLocationId, ids)))),
        ne(countEntries.countedQty, countEntries.snapshotQty),
        onlyEntries ? inArray(countEntries.id, onlyEntries) : undefined,
      ),
    )
    .orderBy(countEntries.id)
  const lineIds = [...new Set(entries.flatMap((e) => (e.stockLineId !== null ? [e.stockLineId] : [])))]
  const existing = new Set<number>()
  for (let i = 0; i < lineIds.length; i += 5000) {
    const rows = await tx.select({ id: stockLines.id }).from(stockLines).where(inArray(stockLines.id, lineIds.slice(i, i + 5000)))
    for (const r of rows) existing.add(r.id)
  }
  const byLocation = new Map<number, CountEntryRow[]>()
  for (const e of entries) {
    const mine = byLocation.get(e.countLocationId)
    if (mine) mine.push(e)
    else byLocation.set(e.countLocationId, [e])
  }
  const productCodes = new Map<number, string>()
  const locationCodes = new Map<number, string>()
  const productIds = [...new Set(entries.map((e) => e.productId))]
  if (productIds.length) for (const p of await tx.select({ id: products.id, code: products.code }).from(products).where(inArray(products.id, productIds))) productCodes.set(p.id, p.code)
  const clLocation = new Map(counted.map((cl) => [cl.id, cl.locationId]))
  const locIds = [...new Set(counted.map((cl) => cl.locationId))]
  for (const l of await tx.select({ id: locations.id, code: locations.code }).from(locations).where(inArray(locations.id, locIds))) locationCodes.set(l.id, l.code)
  const names = (e: CountEntryRow): EntryNames => ({
    product: productCodes.get(e.productId) ?? String(e.productId),
    lot: e.lot ?? '—',
    pallet: e.palletCode ?? '—',
    location: locationCodes.get(clLocation.get(e.countLocationId) ?? -1) ?? '',
  })
  const moves = counted.flatMap((cl) => varianceMoves(planId, cl.locationId, byLocation.get(cl.id) ?? [], (id) => existing.has(id), names))
  const takes = new Map<number, bigint>()
  for (const m of moves) if (m.from) takes.set(m.from.lineId, (takes.get(m.from.lineId) ?? 0n) + milli(String(m.qty)))
  await coverReservations(tx, actor, planCode(planId), takes, hooks)
  // the variances on the lines the count found first, so they post as one run (postStockMovesInTx); then what was
  // found where the system had nothing, each joining or starting its line
  const onLines = (m: StockMoveInput) => (m.to ? 'lineId' in m.to : true)
  const changes = await postStockMovesInTx(tx, actor, [...moves.filter(onLines), ...moves.filter((m) => !onLines(m))])
  await emitApproved(tx, actor, planId, counted, byLocation, { productCodes, locationCodes, partial: onlyEntries !== undefined })
  return changes.length
}

/** docs/requirements.md §6: each location's approved variances, told in the approving transaction (ADR 0020). */
async function emitApproved(
  tx: Tx,
  actor: CountActor,
  planId: number,
  counted: (typeof countLocations.$inferSelect)[],
  byLocation: Map<number, CountEntryRow[]>,
  names: { productCodes: Map<number, string>; locationCodes: Map<number, string>; partial: boolean },
): Promise<void> {
  const { productCodes, locationCodes } = names
  await emitEvents(
    tx,
    actor.companyId,
    counted.map((cl) => ({
      type: 'count.approved' as const,
      payload: {
        plan: { id: planId, code: planCode(planId) },
        location: { id: cl.locationId, code: locationCodes.get(cl.locationId) ?? null },
        round: cl.round,
        // a line-by-line review approves some variances now and sends the others to recount
        partial: names.partial,
        variances: (byLocation.get(cl.id) ?? []).map((e) => ({
          entry: e.id,
          stock_line: e.stockLineId,
          product: { id: e.productId, code: productCodes.get(e.productId) ?? null },
          lot: e.lot,
          pallet_code: e.palletCode,
          sscc: e.sscc,
          expiry_date: e.expiryDate,
          expected_qty: e.snapshotQty,
          counted_qty: e.countedQty,
        })),
      },
    })),
  )
}

async function refreshPlanStatus(tx: Tx, planId: number): Promise<void> {
  const [c] = await tx
    .select({
      open: sql<number>`count(*) FILTER (WHERE ${countLocations.status} IN ('pending', 'recount'))::int`,
      review: sql<number>`count(*) FILTER (WHERE ${countLocations.status} = 'review')::int`,
    })
    .from(countLocations)
    .where(eq(countLocations.planId, planId))
  const status = c.open > 0 ? 'open' : c.review > 0 ? 'review' : 'closed'
  await tx
    .update(countPlans)
    .set({ status, closedAt: status === 'closed' ? sql`now()` : null })
    .where(and(eq(countPlans.id, planId), inArray(countPlans.status, ['open', 'review'])))
}

/** A supervisor's review of one location: approve, reject or recount. */
export async function reviewCount(
  db: DbOrTx,
  actor: CountActor,
  planId: number,
  locationId: number,
  action: 'approve' | 'reject' | 'recount',
  body: { note: string; assignee?: number | null },
  hooks: ReservationShortHook[] = [],
): Promise<CountLocation> {
  await db.transaction(async (tx) => {
    await loadPlan(tx, actor.companyId, planId)
    const cl = await loadCountLocation(tx, actor.companyId, planId, locationId, true)
    await reviewOne(tx, actor, planId, cl, action, body, hooks)
    await refreshPlanStatus(tx, planId)
  })
  const detail = await countDetail(db, actor.companyId, planId, [locationId])
  return detail.locations[0]
}

async function reviewOne(
  tx: Tx,
  actor: CountActor,
  planId: number,
  cl: typeof countLocations.$inferSelect,
  action: 'approve' | 'reject' | 'recount',
  body: { note: string; assignee?: number | null },
  hooks: ReservationShortHook[],
) {
  const reviewable = action === 'recount' ? ['review'] : ['review', 'recount']
  if (!reviewable.includes(cl.status) || cl.round === 0) throw fieldError('non_field_errors', `This location is ${cl.status}: only a counted location awaiting review can be ${action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'sent to recount'}.`)
  let taskId: number | null = null
  if (cl.taskId !== null) await cancelTasks(tx, [cl.taskId])
  if (action === 'approve') await postVariances(tx, actor, planId, [cl], hooks)
  if (action === 'recount') {
    if (body.assignee != null && body.assignee === cl.countedBy) throw fieldError('assignee', 'A recount is done by a different operator.')
    const [loc] = await tx.select({ warehouseId: locations.warehouseId }).from(locations).where(eq(locations.id, cl.locationId))
    // to the operator the supervisor names, or offered to every operator but the last counter (docs/requirements.md §2.10)
    taskId = await createTask(tx, { companyId: actor.companyId, warehouseId: loc.warehouseId, type: 'count', locationId: cl.locationId, reference: `${planCode(planId)} recount`, excludedUserId: cl.countedBy })
    if (body.assignee != null) await assignTask(tx, actor.companyId, taskId, body.assignee)
  }
  const status = action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'recount'
  await tx.update(countLocations).set({ status, taskId, reviewedBy: actor.userId, reviewNote: body.note }).where(eq(countLocations.id, cl.id))
}

/**
 * A line-by-line review of one location awaiting review (as Odoo's counts allow), once per command_id: the variances
 * of `approve` post now and are settled (their entry's snapshot becomes what was counted, so a recount that finds the
 * same is no variance there); the other variances go to recount, to `assignee` or offered to every operator but the
 * last counter. With every variance approved, the location is approved.
 */
export async function reviewLines(
  db: DbOrTx,
  actor: CountActor,
  planId: number,
  locationId: number,
  body: { command_id?: string; approve: number[]; note: string; assignee?: number | null },
  hooks: ReservationShortHook[] = [],
): Promise<CountLocation> {
  await runOnce(db, actor, body.command_id, 'counts.review-lines', async (tx) => {
    await loadPlan(tx, actor.companyId, planId)
    const cl = await loadCountLocation(tx, actor.companyId, planId, locationId, true)
    if (cl.status !== 'review' || cl.round === 0) throw fieldError('non_field_errors', `This location is ${cl.status}: only a counted location awaiting review can be approved.`)
    const open = await tx
      .select({ id: countEntries.id })
      .from(countEntries)
      .where(and(eq(countEntries.countLocationId, cl.id), eq(countEntries.round, cl.round), ne(countEntries.countedQty, countEntries.snapshotQty)))
    const ids = [...new Set(body.approve)]
    const missing = ids.find((id) => !open.some((o) => o.id === id))
    if (missing !== undefined) throw fieldError('approve', `Invalid pk "${missing}" - object does not exist.`)
    await postVariances(tx, actor, planId, [cl], hooks, ids)
    await tx.update(countEntries).set({ snapshotQty: sql`${countEntries.countedQty}` }).where(inArray(countEntries.id, ids))
    if (ids.length === open.length) {
      if (cl.taskId !== null) await cancelTasks(tx, [cl.taskId])
      await tx.update(countLocations).set({ status: 'approved', taskId: null, reviewedBy: actor.userId, reviewNote: body.note }).where(eq(countLocations.id, cl.id))
    } else {
      await reviewOne(tx, actor, planId, cl, 'recount', { note: body.note, assignee: body.assignee }, hooks)
    }
    await refreshPlanStatus(tx, planId)
    return { ok: true }
  })
  const detail = await countDetail(db, actor.companyId, planId, [locationId])
  return detail.locations[0]
}

/** Approve every location awaiting review (or the given ones): one transaction. */
export async function approveAll(
  db: DbOrTx,
  actor: CountActor,
  planId: number,
  body: { locations?: number[]; note: string },
  hooks: ReservationShortHook[] = [],
): Promise<{ approved: number; moves: number }> {
  return db.transaction(async (tx) => {
    await loadPlan(tx, actor.companyId, planId)
    const rows = await tx
      .select()
      .from(countLocations)
      .where(and(eq(countLocations.planId, planId), eq(countLocations.companyId, actor.companyId), inArray(countLocations.status, ['review', 'recount']), sql`${countLocations.round} > 0`, body.locations?.length ? inArray(countLocations.locationId, body.locations) : undefined))
      .orderBy(countLocations.id)
      .for('update')
    // what reviewOne does for one location, for all of them at once: their count tasks end, their variances post,
    // and they are approved with one statement each
    await cancelTasks(tx, rows.flatMap((cl) => (cl.taskId !== null ? [cl.taskId] : [])))
    const moves = await postVariances(tx, actor, planId, rows, hooks)
    for (let i = 0; i < rows.length; i += 5000) {
      await tx
        .update(countLocations)
        .set({ status: 'approved', taskId: null, reviewedBy: actor.userId, reviewNote: body.note })
        .where(inArray(countLocations.id, rows.slice(i, i + 5000).map((cl) => cl.id)))
    }
    await refreshPlanStatus(tx, planId)
    return { approved: rows.length, moves }
  })
}

/** Plans with progress, newest first. */
export async function listCountPlans(
  db: DbOrTx,
  companyId: number,
  filters: { status?: string; ordering?: string },
  page: { pageSize: number; offset: number },
): Promise<{ rows: CountPlan[]; count: number }> {
  const statuses = filters.status ? filters.status.split(',').map((s) => s.trim()) : undefined
  const where = and(eq(countPlans.companyId, companyId), statuses ? inArray(countPlans.status, statuses as (typeof countPlans.status.enumValues)[number][]) : undefined)
  // newest first unless asked otherwise; an ordering off the list is a 400 like every list's (SPEC 15.4)
  const order = orderingClause(filters.ordering, { id: countPlans.id, created_at: countPlans.createdAt, status: countPlans.status }, '-created_at', countPlans.id)
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(countPlans).where(where)
  const ids = await db.select({ id: countPlans.id }).from(countPlans).where(where).orderBy(...order).limit(page.pageSize).offset(page.offset)
  const rows = await planRows(db, companyId, ids.map((i) => i.id))
  return { rows, count: Number(n) }
}

async function planRows(db: DbOrTx, companyId: number, ids: number[]): Promise<CountPlan[]> {
  if (!ids.length) return []
  const plans = await db
    .select({ plan: countPlans, username: users.username })
    .from(countPlans)
    .leftJoin(users, eq(users.id, countPlans.createdBy))
    .where(and(eq(countPlans.companyId, companyId), inArray(countPlans.id, ids)))
  const progress = await db
    .select({
      planId: countLocations.planId,
      total: sql<number>`count(*)::int`,
      pending: sql<number>`count(*) FILTER (WHERE ${countLocations.status} IN ('pending', 'recount'))::int`,
      review: sql<number>`count(*) FILTER (WHERE ${countLocations.status} = 'review')::int`,
      done: sql<number>`count(*) FILTER (WHERE ${countLocations.status} IN ('approved', 'rejected'))::int`,
    })
    .from(countLocations)
    .where(inArray(countLocations.planId, ids))
    .groupBy(countLocations.planId)
  const allProducts = [...new Set(plans.flatMap((p) => p.plan.productIds))]
  const prods = allProducts.length ? await db.select({ id: products.id, code: products.code, name1: products.name1 }).from(products).where(inArray(products.id, allProducts)) : []
  const byId = new Map(plans.map((p) => [p.plan.id, p]))
  return ids.flatMap((id) => {
    const p = byId.get(id)
    if (!p) return []
    const g = progress.find((x) => x.planId === id)
    return [
      {
        id,
        code: planCode(id),
        name: p.plan.name,
        status: p.plan.status,
        blind: p.plan.blind,
        products: prods.filter((x) => p.plan.productIds.includes(x.id)),
        created_by: p.plan.createdBy !== null && p.username !== null ? { id: p.plan.createdBy, username: p.username } : null,
        created_at: p.plan.createdAt.toISOString(),
        closed_at: p.plan.closedAt?.toISOString() ?? null,
        locations_total: g?.total ?? 0,
        locations_pending: g?.pending ?? 0,
        locations_review: g?.review ?? 0,
        locations_done: g?.done ?? 0,
      },
    ]
  })
}

/**
 * The moves in each counted location since its count (at most 200 a location), and what they moved per stock line:
 * a review compares the count with the snapshot plus what moved since (SPEC 10.2).
 */
async function movesSinceCounted(db: DbOrTx, companyId: number, open: (typeof countLocations.$inferSelect)[]): Promise<{ movedByLine: Map<number, bigint>; movesSince: Map<number, number[]> }> {
  const movedByLine = new Map<number, bigint>()
  const movesSince = new Map<number, number[]>()
  for (const cl of open) {
    const ms = await db
      .select({ id: stockMoves.id, fromLineId: stockMoves.fromLineId, toLineId: stockMoves.toLineId, qty: stockMoves.qty, fromLocationId: stockMoves.fromLocationId, toLocationId: stockMoves.toLocationId })
      .from(stockMoves)
      .where(and(eq(stockMoves.companyId, companyId), sql`${stockMoves.id} > ${cl.snapshotMoveId}`, sql`(${stockMoves.fromLocationId} = ${cl.locationId} OR ${stockMoves.toLocationId} = ${cl.locationId})`))
      .orderBy(stockMoves.id)
      .limit(200)
    movesSince.set(cl.id, ms.map((m) => m.id))
    for (const m of ms) {
      if (m.fromLineId === m.toLineId) continue
      if (m.toLineId !== null && m.toLocationId === cl.locationId) movedByLine.set(m.toLineId, (movedByLine.get(m.toLineId) ?? 0n) + milli(m.qty))
      if (m.fromLineId !== null && m.fromLocationId === cl.locationId) movedByLine.set(m.fromLineId, (movedByLine.get(m.fromLineId) ?? 0n) - milli(m.qty))
    }
  }
  return { movedByLine, movesSince }
}

/** The plan with every location (or only `only`): entries and variances of the last round, and the moves since the count. */
export async function countDetail(db: DbOrTx, companyId: number, planId: number, only?: number[]): Promise<CountDetail> {
  await loadPlan(db, companyId, planId)
  const [plan] = await planRows(db, companyId, [planId])
  const settings = await getInventorySettings(db, companyId)
  const cls = await db
    .select({ cl: countLocations, code: locations.code })
    .from(countLocations)
    .innerJoin(locations, eq(locations.id, countLocations.locationId))
    .where(and(eq(countLocations.planId, planId), only ? inArray(countLocations.locationId, only) : undefined))
    .orderBy(asc(locations.code))
  const clIds = cls.map((c) => c.cl.id)
  const entries = clIds.length
    ? await db
        .select({ e: countEntries, code: products.code, name1: products.name1 })
        .from(countEntries)
        .innerJoin(products, eq(products.id, countEntries.productId))
        .innerJoin(countLocations, and(eq(countLocations.id, countEntries.countLocationId), eq(countLocations.round, countEntries.round)))
        .where(inArray(countEntries.countLocationId, clIds))
        .orderBy(countEntries.id)
    : []
  const userIds = [...new Set(cls.flatMap((c) => [c.cl.countedBy, c.cl.previousCountedBy, c.cl.reviewedBy]).filter((u): u is number => u !== null))]
  const names = userIds.length ? await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, userIds)) : []
  const userRef = (id: number | null) => (id === null ? null : (names.find((n) => n.id === id) ?? null))
  // moves since each count, for the counted locations that are not settled yet (their review needs them)
  const open = cls.filter((c) => c.cl.snapshotMoveId !== null && (c.cl.status === 'review' || c.cl.status === 'recount')).map((c) => c.cl)
  const { movedByLine, movesSince } = await movesSinceCounted(db, companyId, open)
  const allMoveIds = [...movesSince.values()].flat()
  const moves = await movesByIds(db, companyId, allMoveIds)
  const locs: CountLocation[] = cls.map(({ cl, code }) => {
    const mine = entries.filter((x) => x.e.countLocationId === cl.id)
    const product = (x: (typeof mine)[number]) => ({ id: x.e.productId, code: x.code, name1: x.name1 })
    return {
      location: { id: cl.locationId, code },
      status: cl.status,
      round: cl.round,
      task: cl.taskId,
      counted_by: userRef(cl.countedBy),
      counted_at: null as string | null,
      previous_counted_by: userRef(cl.previousCountedBy),
      entries: mine.filter((x) => milli(x.e.countedQty) !== 0n).map((x) => ({ product: product(x), lot: x.e.lot, pallet_code: x.e.palletCode, sscc: x.e.sscc, expiry_date: x.e.expiryDate, qty: x.e.countedQty })),
      variances: mine
        .filter((x) => milli(x.e.countedQty) !== milli(x.e.snapshotQty))
        .map((x) => {
          const snap = milli(x.e.snapshotQty)
          const moved = x.e.stockLineId !== null ? (movedByLine.get(x.e.stockLineId) ?? 0n) : 0n
          const variance = milli(x.e.countedQty) - snap
          return {
            product: product(x),
            lot: x.e.lot,
            pallet_code: x.e.palletCode,
            sscc: x.e.sscc,
            expiry_date: x.e.expiryDate,
            entry: x.e.id,
            stock_line: x.e.stockLineId,
            snapshot_qty: fromMilli(snap),
            moved_qty: fromMilli(moved),
            expected_qty: fromMilli(snap + moved),
            counted_qty: fromMilli(milli(x.e.countedQty)),
            variance: fromMilli(variance),
            beyond_tolerance: beyondTolerance(variance, snap, settings),
          }
        }),
      moves_since: moves.filter((m) => (movesSince.get(cl.id) ?? []).includes(m.id)),
      reviewed_by: userRef(cl.reviewedBy),
      review_note: cl.reviewNote,
    }
  })
  for (const [i, { cl }] of cls.entries()) locs[i].counted_at = cl.countedAt?.toISOString() ?? null
  return { ...plan, locations: locs }
}
