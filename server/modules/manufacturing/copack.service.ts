/**
 * Copack orders (SPEC 2.12, 3, 4; SPEC 2.9): reserve components by FEFO and generate pick tasks, cancel, complete.
 *
 * Stock changes go through the stock service only: reserveStock/releaseStock for reservations (reserved_qty, never
 * above qty), removeStock (consume, taking the reserved quantity) and receiveStock (produce) for completion.
 *
 * Concurrency (PostgreSQL, READ COMMITTED):
 *   - the order's status moves with a conditional UPDATE … WHERE status = 'DRAFT' as the transaction's first write:
 *     it takes the order's row lock, so a second reserve of the same order waits, re-reads the status and gets 409;
 *   - the candidate stock lines of all components are then locked with SELECT … FOR UPDATE ORDER BY id (one lock
 *     order for every reserve, so two reserves competing for the same lines queue instead of deadlocking), and the
 *     quantities read after the lock are the committed ones: reserved stock is never reserved twice;
 *   - a deadlock or serialization failure against other stock writers is retried a few times, then answered 409.
 * PGlite runs one transaction at a time, so the same code is trivially safe there.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx, Tx } from '../../db/client'
import { products, uoms } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { stockLines } from '../../db/schema/inventory'
import { copackOrderComponents, copackOrders, copackReservations } from '../../db/schema/manufacturing'
import type { MissingComponent } from '../../../contracts/copack/copack.contract'
import { COPACK_ACTIONS } from '../../../contracts/copack/copack.rules'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import type { AuthUser } from '../../http/context'
import { ApiError, conflict, fieldError, notFound, pgError } from '../../http/errors'
import { fefoEligible, moveReservation, receiveStock, releaseStock, removeStock, reserveStock, type StockActor } from '../inventory/stock.service'
import { type Milli, fromMilli, fromMilli3, maxMilli, minMilli, mulMilliCeil, toMilli } from '../../kernel/qty-math'
import { resolveWarehouseScope } from '../../kernel/warehouse-scope'
import { cancelTasks, countNotDone, createTask, markTaskShort, reduceTaskQty } from '../workforce/tasks.service'
import { lockActiveBom } from './boms.service'
import { activeBomSnapshot, writeOrderSnapshot } from './order-components'

const actorOf = (user: AuthUser): StockActor => ({ companyId: user.companyId, userId: user.id })

/** Locations stock may be reserved or picked from: active, in the warehouse, not in quarantine. */
export const usableLocationIds = (warehouseId: number) =>
  sql`(SELECT ${locations.id} FROM ${locations} WHERE ${locations.warehouseId} = ${warehouseId} AND ${locations.isActive} AND ${locations.kind} <> 'quarantine')`

export type CreateCopackInput = {
  code: string
  result_product: number
  result_qty?: string
  company?: number | null
  site?: number | null
  warehouse?: number | null
}

export async function createCopackOrder(db: DbOrTx, user: AuthUser, body: CreateCopackInput): Promise<number> {
  const scope = await resolveWarehouseScope(db, user, body)
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, body.result_product), eq(products.companyId, user.companyId)))
  if (!product) throw fieldError('result_product', `Invalid pk "${body.result_product}" - object does not exist.`)
  try {
    return await db.transaction(async (tx) => {
      // the order keeps a copy of its product's bill as it is now (ADR 0016); an edit waits until this commits
      await lockActiveBom(tx, user.companyId, product.id)
      const [row] = await tx
        .insert(copackOrders)
        .values({ ...scope, code: body.code, resultProductId: product.id, resultQty: body.result_qty ?? '1', createdById: user.id })
        .returning({ id: copackOrders.id })
      await writeOrderSnapshot(tx, user.companyId, [row.id], await activeBomSnapshot(tx, user.companyId, product.id))
      return row.id
    })
  } catch (e) {
    if (pgError(e)?.code === '23505') throw fieldError('code', 'A copack order with this code already exists.')
    throw e
  }
}

type OrderRow = typeof copackOrders.$inferSelect

async function orderOr404(db: DbOrTx, user: AuthUser, id: number, lock = false): Promise<OrderRow> {
  const q = db
    .select()
    .from(copackOrders)
    .where(and(eq(copackOrders.id, id), eq(copackOrders.companyId, user.companyId)))
  const [order] = lock ? await q.for('update') : await q
  if (!order) throw notFound('No such record.')
  return order
}

const wrongStatus = (action: string, status: string, allowed: string) =>
  conflict({ detail: `This order is ${status}: only an order that is ${allowed} can be ${action}.`, status })

type Component = { productId: number; code: string; name1: string; uom: string; qtyPerUnit: string; needed: Milli }

/** The order's components: its own copy of its bill's revision (ADR 0016), never the bill as it is today. */
async function componentsOf(db: DbOrTx, order: OrderRow): Promise<Component[]> {
  const rows = await db
    .select({ productId: products.id, code: products.code, name1: products.name1, uom: uoms.code, qtyPerUnit: copackOrderComponents.qtyPerUnit })
    .from(copackOrderComponents)
    .innerJoin(products, eq(products.id, copackOrderComponents.productId))
    .innerJoin(uoms, eq(uoms.id, products.uomId))
    .where(eq(copackOrderComponents.orderId, order.id))
    .orderBy(asc(products.id))
  const resultQty = toMilli(order.resultQty)
  return rows.map((r) => ({ ...r, needed: mulMilliCeil(toMilli(r.qtyPerUnit), resultQty) }))
}

/** Free quantity (qty − reserved) per product in the warehouse's usable locations, in the product's own unit. */
async function availableByProduct(db: DbOrTx, companyId: number, warehouseId: number, comps: Component[]): Promise<Map<number, Milli>> {
  const out = new Map<number, Milli>()
  if (!comps.length) return out
  const rows = await db
    .select({ productId: stockLines.productId, uom: stockLines.uom, available: sql<string>`sum(${stockLines.qty} - ${stockLines.reservedQty})::text` })
    .from(stockLines)
    .where(
      and(
        eq(stockLines.companyId, companyId),
        inArray(
          stockLines.productId,
          comps.map((c) => c.productId),
        ),
        sql`${stockLines.locationId} IN ${usableLocationIds(warehouseId)}`,
      ),
    )
    .groupBy(stockLines.productId, stockLines.uom)
  for (const c of comps) {
    const row = rows.find((r) => r.productId === c.productId && r.uom === c.uom)
    out.set(c.productId, row ? toMilli(row.available) : 0n)
  }
  return out
}

const RETRYABLE = new Set(['40P01', '40001'])

/**
 * Reserve every component of a DRAFT order by FEFO, create one pick task per reserved line, and move the order to
 * RESERVED, all in one transaction. Not enough stock: 409 {detail, missing[]} and nothing changes.
 */
export async function reserveCopackOrder(db: DbOrTx, user: AuthUser, id: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction((tx) => reserveIn(tx, user, id))
      return
    } catch (e) {
      if (e instanceof ApiError) throw e
      const code = pgError(e)?.code
      if (code && RETRYABLE.has(code)) {
        if (attempt < 4) continue
        throw conflict({ detail: 'The stock changed while reserving. Try again.' })
      }
      throw e
    }
  }
}

async function reserveIn(tx: Tx, user: AuthUser, id: number): Promise<void> {
  // the bill's header first (FOR SHARE), then the order: the order an edit of the bill takes them in, so the two
  // queue instead of deadlocking (an order's product never changes, so reading it unlocked is safe) (ADR 0016)
  const draft = await orderOr404(tx, user, id)
  await lockActiveBom(tx, draft.companyId, draft.resultProductId)
  // the first write takes the order's row lock: a concurrent reserve of the same order waits here, then finds RESERVED
  const [order] = await tx
    .update(copackOrders)
    .set({ status: 'RESERVED', reservedAt: sql`now()` })
    .where(and(eq(copackOrders.id, id), eq(copackOrders.companyId, user.companyId), eq(copackOrders.status, 'DRAFT')))
    .returning()
  if (!order) {
    const current = await orderOr404(tx, user, id)
    throw wrongStatus('reserved', current.status, 'DRAFT')
  }
  // the order's copy is taken from the bill's current revision and frozen from now on (ADR 0016); no active bill: none
  await writeOrderSnapshot(tx, order.companyId, [order.id], await activeBomSnapshot(tx, order.companyId, order.resultProductId))
  const comps = await componentsOf(tx, order)
  const [result] = await tx.select({ code: products.code }).from(products).where(eq(products.id, order.resultProductId))
  if (!comps.length) throw conflict({ detail: `Product ${result?.code ?? order.resultProductId} has no bill of materials: there is nothing to reserve.`, missing: [] })

  // lock every candidate line of every component in id order (one lock order for all reserves: no deadlock between them)
  const candidates = await tx
    .select({
      id: stockLines.id,
      productId: stockLines.productId,
      locationId: stockLines.locationId,
      lot: stockLines.lot,
      palletCode: stockLines.palletCode,
      expiryDate: stockLines.expiryDate,
      uom: stockLines.uom,
      createdAt: stockLines.createdAt,
      available: sql<string>`(${stockLines.qty} - ${stockLines.reservedQty})::text`,
    })
    .from(stockLines)
    .where(
      and(
        eq(stockLines.companyId, user.companyId),
        inArray(
          stockLines.productId,
          comps.map((c) => c.productId),
        ),
        sql`${stockLines.locationId} IN ${usableLocationIds(order.warehouseId)}`,
        // never expired, blocked or quarantined stock (SPEC 10.4; the stock service's rule)
        fefoEligible(),
      ),
    )
    .orderBy(asc(stockLines.id))
    .for('update')

  const plan: { comp: Component; lines: typeof candidates; take: Milli[] }[] = []
  const missing: MissingComponent[] = []
  for (const comp of comps) {
    // FEFO: earliest expiry first (no expiry last), then the oldest line, then the lowest id
    const lines = candidates
      .filter((l) => l.productId === comp.productId && l.uom === comp.uom)
      .sort((a, b) => {
        if (a.expiryDate !== b.expiryDate) {
          if (a.expiryDate === null) return 1
          if (b.expiryDate === null) return -1
          return a.expiryDate < b.expiryDate ? -1 : 1
        }
        const age = a.createdAt.getTime() - b.createdAt.getTime()
        return age !== 0 ? age : a.id - b.id
      })
    let remaining = comp.needed
    let available = 0n
    const take: Milli[] = []
    for (const line of lines) {
      const free = toMilli(line.available)
      available += free
      const n = minMilli(free, remaining)
      take.push(n)
      remaining -= n
    }
    if (remaining > 0n) {
      missing.push({ product: comp.productId, code: comp.code, needed: fromMilli(comp.needed), available: fromMilli(available), missing: fromMilli(remaining) })
    }
    plan.push({ comp, lines, take })
  }
  if (missing.length) {
    throw conflict({ detail: `Not enough stock in the warehouse to reserve order ${order.code}.`, missing })
  }

  const actor = actorOf(user)
  for (const { comp, lines, take } of plan) {
    for (const [i, line] of lines.entries()) {
      if (take[i] <= 0n) continue
      const qty = fromMilli(take[i])
      try {
        await reserveStock(tx, actor, { lineId: line.id, qty })
      } catch (e) {
        // the lines are locked, so this means a writer outside the lock order got there first: nothing is kept
        if (e instanceof ApiError && e.statusCode === 400) throw conflict({ detail: 'The stock changed while reserving. Try again.' })
        throw e
      }
      const taskId = await createTask(tx, { companyId: user.companyId, warehouseId: order.warehouseId, type: 'pick', locationId: line.locationId, productId: comp.productId, qty, reference: order.code })
      await tx.insert(copackReservations).values({
        companyId: user.companyId,
        orderId: order.id,
        stockLineId: line.id,
        productId: comp.productId,
        locationId: line.locationId,
        lot: line.lot,
        palletCode: line.palletCode,
        expiryDate: line.expiryDate,
        qty,
        taskId,
      })
    }
  }
}

async function activeReservations(tx: Tx, orderId: number) {
  return tx
    .select()
    .from(copackReservations)
    .where(and(eq(copackReservations.orderId, orderId), eq(copackReservations.status, 'active')))
    .orderBy(asc(copackReservations.stockLineId), asc(copackReservations.id))
}

/** Cancel a DRAFT, RESERVED or IN_PROGRESS order: release its reservations and cancel its unfinished tasks. */
export async function cancelCopackOrder(db: DbOrTx, user: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .update(copackOrders)
      .set({ status: 'CANCELLED', cancelledAt: sql`now()` })
      .where(and(eq(copackOrders.id, id), eq(copackOrders.companyId, user.companyId), inArray(copackOrders.status, ['DRAFT', 'RESERVED', 'IN_PROGRESS'])))
      .returning()
    if (!order) {
      const current = await orderOr404(tx, user, id)
      throw wrongStatus('cancelled', current.status, 'DRAFT, RESERVED or IN_PROGRESS')
    }
    const actor = actorOf(user)
    const held = await activeReservations(tx, order.id)
    for (const r of held) await releaseStock(tx, actor, { lineId: r.stockLineId, qty: r.qty })
    if (held.length) {
      await tx
        .update(copackReservations)
        .set({ status: 'released', closedAt: sql`now()` })
        .where(
          inArray(
            copackReservations.id,
            held.map((r) => r.id),
          ),
        )
    }
    const taskIds = (await tx.select({ taskId: copackReservations.taskId }).from(copackReservations).where(eq(copackReservations.orderId, order.id)))
      .map((r) => r.taskId)
      .filter((t): t is number => t !== null)
    await cancelTasks(tx, taskIds)
  })
}

/**
 * Complete a RESERVED or IN_PROGRESS order whose pick tasks are all done: consume the reserved components (reason
 * consume) and produce the result (reason produce, lot = order code) into `locationId`, else the warehouse's first
 * active production location, else its staging, else its dock.
 */
export async function completeCopackOrder(db: DbOrTx, user: AuthUser, id: number, locationId?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await orderOr404(tx, user, id, true)
    if (order.status !== 'RESERVED' && order.status !== 'IN_PROGRESS') throw wrongStatus('completed', order.status, 'RESERVED or IN_PROGRESS')
    const held = await activeReservations(tx, order.id)
    const taskIds = held.map((r) => r.taskId).filter((t): t is number => t !== null)
    const pending = await countNotDone(tx, taskIds)
    if (pending > 0) throw conflict({ detail: `${pending} pick task(s) of this order are not done yet.`, open_tasks: pending })
    let target: number | undefined
    if (locationId !== undefined) {
      const [loc] = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.id, locationId), eq(locations.companyId, user.companyId), eq(locations.warehouseId, order.warehouseId), eq(locations.isActive, true)))
      if (!loc) throw fieldError('location', `Invalid pk "${locationId}" - object does not exist in the order's warehouse.`)
      target = loc.id
    } else {
      const [loc] = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.warehouseId, order.warehouseId), eq(locations.isActive, true), inArray(locations.kind, ['production', 'staging', 'dock'])))
        .orderBy(sql`CASE ${locations.kind} WHEN 'production' THEN 0 WHEN 'staging' THEN 1 ELSE 2 END`, asc(locations.id))
        .limit(1)
      if (!loc) throw conflict({ detail: 'The warehouse has no active production, staging or dock location to produce into.' })
      target = loc.id
    }
    const actor = actorOf(user)
    for (const r of held) {
      await removeStock(tx, actor, { lineId: r.stockLineId, qty: r.qty, fromReserved: true, reason: 'consume', reference: order.code })
    }
    if (held.length) {
      await tx
        .update(copackReservations)
        .set({ status: 'consumed', closedAt: sql`now()` })
        .where(
          inArray(
            copackReservations.id,
            held.map((r) => r.id),
          ),
        )
    }
    await receiveStock(tx, actor, { productId: order.resultProductId, locationId: target, qty: order.resultQty, reason: 'produce', reference: order.code, lot: order.code })
    await tx.update(copackOrders).set({ status: 'COMPLETED', completedAt: sql`now()`, producedLocationId: target }).where(eq(copackOrders.id, order.id))
  })
}

/**
 * A count found less stock on a line than copack orders hold reserved on it (ADR 0011 §4 amendment; wired by the app as a
 * reservation hook of the counts): physical truth wins, in the count's transaction. The newest reservations on the
 * line give up `qty` first; each part moves to other eligible stock by FEFO (moveReservation) with a pick task there,
 * and what no line can hold marks the reservation's pick task short and opens an exception task for a supervisor.
 * Answers how much of `qty` copack reservations held (the rest is the counts' to settle).
 */
export async function copackReservationShort(tx: Tx, actor: StockActor, short: { lineId: number; qty: string; reference: string }): Promise<string> {
  const held = await tx
    .select({ r: copackReservations, orderCode: copackOrders.code, warehouseId: copackOrders.warehouseId })
    .from(copackReservations)
    .innerJoin(copackOrders, eq(copackOrders.id, copackReservations.orderId))
    .where(and(eq(copackReservations.companyId, actor.companyId), eq(copackReservations.stockLineId, short.lineId), eq(copackReservations.status, 'active')))
    .orderBy(sql`${copackReservations.id} DESC`)
    .for('update', { of: copackReservations })
  let remaining = toMilli(short.qty)
  let handled = 0n
  for (const { r, orderCode, warehouseId } of held) {
    if (remaining <= 0n) break
    const part = minMilli(toMilli(r.qty), remaining)
    remaining -= part
    handled += part
    const { placed, unplaced } = await moveReservation(tx, actor, { lineId: short.lineId, qty: fromMilli3(part) })
    for (const p of placed) {
      const taskId = await createTask(tx, { companyId: actor.companyId, warehouseId, type: 'pick', locationId: p.locationId, productId: r.productId, qty: p.qty, reference: orderCode })
      await tx.insert(copackReservations).values({ companyId: actor.companyId, orderId: r.orderId, stockLineId: p.lineId, productId: r.productId, locationId: p.locationId, lot: p.lot, palletCode: p.palletCode, expiryDate: p.expiryDate, qty: p.qty, taskId })
    }
    const left = toMilli(r.qty) - part
    await tx
      .update(copackReservations)
      .set(left > 0n ? { qty: fromMilli3(left) } : { status: 'released', closedAt: sql`now()` })
      .where(eq(copackReservations.id, r.id))
    const moved = part - toMilli(unplaced)
    if (r.taskId !== null && moved > 0n) await reduceTaskQty(tx, actor.companyId, r.taskId, fromMilli3(moved))
    if (toMilli(unplaced) > 0n) {
      if (r.taskId !== null) await markTaskShort(tx, actor.companyId, r.taskId, unplaced)
      const [p] = await tx.select({ code: products.code }).from(products).where(eq(products.id, r.productId))
      const [loc] = await tx.select({ code: locations.code }).from(locations).where(eq(locations.id, r.locationId))
      const what = [p?.code, r.lot && `lot ${r.lot}`, r.palletCode && `pallet ${r.palletCode}`].filter(Boolean).join(' ')
      await createTask(tx, {
        companyId: actor.companyId,
        warehouseId,
        type: 'exception',
        locationId: r.locationId,
        productId: r.productId,
        qty: unplaced,
        reference: `Pick short ${orderCode} ${what} @ ${loc?.code ?? ''}: ${fromMilli(toMilli(unplaced))} missing after count ${short.reference}${r.taskId !== null ? ` (task ${r.taskId})` : ''}`.slice(0, 200),
      })
    } else if (left === 0n && r.taskId !== null) {
      await cancelTasks(tx, [r.taskId])
    }
  }
  return fromMilli3(handled)
}

/** A pick task of a RESERVED order was started: the order is now IN_PROGRESS (called by the task actions). */
export async function copackTaskStarted(tx: Tx, companyId: number, taskId: number): Promise<void> {
  await tx
    .update(copackOrders)
    .set({ status: 'IN_PROGRESS' })
    .where(
      and(
        eq(copackOrders.companyId, companyId),
        eq(copackOrders.status, 'RESERVED'),
        sql`${copackOrders.id} IN (SELECT ${copackReservations.orderId} FROM ${copackReservations} WHERE ${copackReservations.taskId} = ${taskId})`,
      ),
    )
}

// ------------------------------------------------------------------------------------------------------ reading

const resultProducts = alias(products, 'result_product')
const creators = alias(users, 'creator')
const producedLocations = alias(locations, 'produced_location')

/** The list row (SPEC 3 "Copack order") plus a few columns the screens show. */
export const copackRowSelect = {
  id: copackOrders.id,
  code: copackOrders.code,
  status: copackOrders.status,
  resultProductId: copackOrders.resultProductId,
  resultProductCode: resultProducts.code,
  resultProductName: resultProducts.name1,
  resultQty: copackOrders.resultQty,
  bomRevision: copackOrders.bomRevision,
  companyId: copackOrders.companyId,
  siteId: copackOrders.siteId,
  warehouseId: copackOrders.warehouseId,
  warehouseCode: warehouses.code,
  createdAt: copackOrders.createdAt,
  reservedAt: copackOrders.reservedAt,
  completedAt: copackOrders.completedAt,
  cancelledAt: copackOrders.cancelledAt,
}

export const copackRows = (db: DbOrTx) =>
  db
    .select(copackRowSelect)
    .from(copackOrders)
    .innerJoin(resultProducts, eq(resultProducts.id, copackOrders.resultProductId))
    .innerJoin(warehouses, eq(warehouses.id, copackOrders.warehouseId))
    .$dynamic()

export const copackCount = (db: DbOrTx) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(copackOrders)
    .innerJoin(resultProducts, eq(resultProducts.id, copackOrders.resultProductId))
    .$dynamic()

export const copackSearchFields = [copackOrders.code, resultProducts.code, resultProducts.name1]
export const copackOrdering = {
  id: copackOrders.id,
  code: copackOrders.code,
  status: copackOrders.status,
  result_qty: copackOrders.resultQty,
  result_product_code: resultProducts.code,
  result_product_name: resultProducts.name1,
  created_at: copackOrders.createdAt,
}

export type CopackRow = Awaited<ReturnType<ReturnType<typeof copackRows>['execute']>>[number]

export function serializeCopackRow(r: CopackRow) {
  return {
    id: r.id,
    code: r.code,
    status: r.status,
    result_product: r.resultProductId,
    result_product_code: r.resultProductCode,
    result_product_name: r.resultProductName,
    result_qty: r.resultQty,
    bom_revision: r.bomRevision,
    company: r.companyId,
    site: r.siteId,
    warehouse: r.warehouseId,
    warehouse_code: r.warehouseCode,
    created_at: r.createdAt.toISOString(),
    reserved_at: r.reservedAt?.toISOString() ?? null,
    completed_at: r.completedAt?.toISOString() ?? null,
    cancelled_at: r.cancelledAt?.toISOString() ?? null,
  }
}

const taskLocations = alias(locations, 'task_location')
const taskProducts = alias(products, 'task_product')
const assignees = alias(users, 'assignee')

/** The order with its components (needed, available, reserved, missing), reservations and tasks. */
export async function copackDetail(db: DbOrTx, user: AuthUser, id: number) {
  const [row] = await copackRows(db)
    .where(and(eq(copackOrders.id, id), eq(copackOrders.companyId, user.companyId)))
    .limit(1)
  if (!row) throw notFound('No such record.')
  const order = await orderOr404(db, user, id)
  const [extra] = await db
    .select({ createdBy: creators.username, producedId: producedLocations.id, producedCode: producedLocations.code })
    .from(copackOrders)
    .leftJoin(creators, eq(creators.id, copackOrders.createdById))
    .leftJoin(producedLocations, eq(producedLocations.id, copackOrders.producedLocationId))
    .where(eq(copackOrders.id, id))
  const comps = await componentsOf(db, order)
  const available = await availableByProduct(db, user.companyId, order.warehouseId, comps)
  const reservations = await db
    .select({
      id: copackReservations.id,
      stockLineId: copackReservations.stockLineId,
      productId: copackReservations.productId,
      productCode: products.code,
      locationId: copackReservations.locationId,
      locationCode: locations.code,
      lot: copackReservations.lot,
      palletCode: copackReservations.palletCode,
      expiryDate: copackReservations.expiryDate,
      qty: copackReservations.qty,
      status: copackReservations.status,
      taskId: copackReservations.taskId,
    })
    .from(copackReservations)
    .innerJoin(products, eq(products.id, copackReservations.productId))
    .innerJoin(locations, eq(locations.id, copackReservations.locationId))
    .where(eq(copackReservations.orderId, id))
    .orderBy(asc(copackReservations.id))
  const taskIds = reservations.map((r) => r.taskId).filter((t): t is number => t !== null)
  const taskRows = taskIds.length
    ? await db
        .select({
          id: tasks.id,
          type: tasks.type,
          status: tasks.status,
          location: { id: taskLocations.id, code: taskLocations.code },
          product: { id: taskProducts.id, code: taskProducts.code, name1: taskProducts.name1 },
          qty: tasks.qty,
          reference: tasks.reference,
          assignee: { id: assignees.id, username: assignees.username },
          createdAt: tasks.createdAt,
          startedAt: tasks.startedAt,
          finishedAt: tasks.finishedAt,
        })
        .from(tasks)
        .leftJoin(taskLocations, eq(taskLocations.id, tasks.locationId))
        .leftJoin(taskProducts, eq(taskProducts.id, tasks.productId))
        .leftJoin(assignees, eq(assignees.id, tasks.assigneeId))
        .where(inArray(tasks.id, taskIds))
        .orderBy(asc(tasks.id))
    : []

  const counted = (productId: number) =>
    reservations.filter((r) => r.productId === productId && r.status !== 'released').reduce((sum, r) => sum + toMilli(r.qty), 0n)
  return {
    ...serializeCopackRow(row),
    created_by: extra?.createdBy ?? null,
    produced_location: extra?.producedId ? { id: extra.producedId, code: extra.producedCode as string } : null,
    actions: [...COPACK_ACTIONS[order.status]],
    components: comps.map((c) => {
      const reserved = counted(c.productId)
      const free = available.get(c.productId) ?? 0n
      // DRAFT: what the warehouse lacks to reserve now; afterwards: what the reservations lack (0 once reserved)
      const lacking = order.status === 'DRAFT' ? c.needed - free : order.status === 'CANCELLED' ? 0n : c.needed - reserved
      return {
        product: { id: c.productId, code: c.code, name1: c.name1, uom: c.uom },
        qty_per_unit: c.qtyPerUnit,
        needed: fromMilli(c.needed),
        available: fromMilli(free),
        reserved: fromMilli(reserved),
        missing: fromMilli(maxMilli(0n, lacking)),
      }
    }),
    reservations: reservations.map((r) => ({
      id: r.id,
      stock_line: r.stockLineId,
      product: { id: r.productId, code: r.productCode },
      location: { id: r.locationId, code: r.locationCode },
      lot: r.lot,
      pallet_code: r.palletCode,
      expiry_date: r.expiryDate,
      qty: r.qty,
      status: r.status,
      task: r.taskId,
    })),
    tasks: taskRows.map((t) => ({
      id: t.id,
      type: t.type,
      status: t.status,
      location: t.location,
      product: t.product,
      qty: t.qty,
      reference: t.reference,
      assignee: t.assignee,
      created_at: t.createdAt.toISOString(),
      started_at: t.startedAt?.toISOString() ?? null,
      finished_at: t.finishedAt?.toISOString() ?? null,
    })),
  }
}
