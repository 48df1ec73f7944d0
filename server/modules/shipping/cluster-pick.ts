/**
 * Cluster picking (docs/requirements.md §19.5): a pick batch as the handheld reads it when it takes it (its stops in
 * path order, each with its order's tote, the reserved lot and the product's other lots there), the cart bound to it,
 * and one stop picked into its tote. Each command applies once per command_id (runOnce).
 *
 * A pick goes where /m/ship's picks go: into the order's shipping draft (the desktop wizard's), so Finish books it
 * and consumes the reservation (§19.3); the stock stays reserved until then. The stop's task is done (its quantity is
 * what was picked); a short pick marks the task short by what was missing and opens an exception task (§11.11).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx, Tx } from '../../db/client'
import { productGtins, products } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { type ShippingDraft, salesOrders, waves } from '../../db/schema/documents'
import { stockLines } from '../../db/schema/inventory'
import { carriers } from '../../db/schema/partners'
import { orderReservations, pickBatches } from '../../db/schema/picking'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import type { AuthUser } from '../../http/context'
import { conflict, fieldError, notFound } from '../../http/errors'
import { fromMilli, toMilli } from '../../kernel/qty-math'
import type { batchCartBody, batchPickBody, BatchPickOut, PickBatchDetail, PickBatchRow } from '../../../contracts/shipping/cluster-pick.contract'
import { runOnce } from '../commands/commands.service'
import { assignFreeBatchTasks, finishTask, markTaskShort } from '../workforce/tasks.service'
import { shortPickException } from './short-picks'

const LIVE = ['open', 'in_progress'] as const

type BatchRow = typeof pickBatches.$inferSelect

async function batchOf(db: DbOrTx, companyId: number, id: number, lock = false): Promise<BatchRow> {
  const q = db
    .select()
    .from(pickBatches)
    .where(and(eq(pickBatches.id, id), eq(pickBatches.companyId, companyId)))
  const [batch] = lock ? await q.for('update') : await q
  if (!batch) throw notFound('No such record.')
  return batch
}

function refuseNotLive(batch: BatchRow): void {
  if (!(LIVE as readonly string[]).includes(batch.status))
    throw conflict({
      detail: `Pick batch ${batch.code} is ${batch.status}: only a batch being picked takes picks.`,
      status: batch.status,
    })
}

/** GET /shipping/batches/?mine=true: the batches (live ones; the caller's with `mine`), newest first. */
export async function pickBatchRows(db: DbOrTx, user: AuthUser, mine: boolean): Promise<{ count: number; results: PickBatchRow[] }> {
  const rows = await db
    .select({
      id: pickBatches.id,
      code: pickBatches.code,
      waveId: waves.id,
      waveCode: waves.code,
      status: pickBatches.status,
      assigneeId: pickBatches.assigneeId,
      assignee: users.username,
      cart: pickBatches.cart,
      orders: sql<number>`(SELECT count(DISTINCT ${orderReservations.orderId})::int FROM ${orderReservations} WHERE ${orderReservations.batchId} = ${pickBatches.id})`,
      stops: sql<number>`(SELECT count(*)::int FROM ${tasks} WHERE ${tasks.batchId} = ${pickBatches.id} AND ${tasks.type} = 'pick')`,
      done: sql<number>`(SELECT count(*)::int FROM ${tasks} WHERE ${tasks.batchId} = ${pickBatches.id} AND ${tasks.type} = 'pick' AND ${tasks.status} = 'done')`,
    })
    .from(pickBatches)
    .innerJoin(waves, eq(waves.id, pickBatches.waveId))
    .leftJoin(users, eq(users.id, pickBatches.assigneeId))
    .where(and(eq(pickBatches.companyId, user.companyId), inArray(pickBatches.status, [...LIVE]), mine ? eq(pickBatches.assigneeId, user.id) : undefined))
    .orderBy(asc(pickBatches.id))
    .limit(100)
  const results = rows.map((r) => ({
    id: r.id,
    code: r.code,
    wave: { id: r.waveId, code: r.waveCode },
    status: r.status,
    assignee: r.assigneeId === null ? null : { id: r.assigneeId, username: r.assignee ?? '' },
    cart: r.cart,
    orders: r.orders,
    stops: r.stops,
    done: r.done,
  }))
  return { count: results.length, results }
}

/** GET /shipping/batches/{id}/: the batch with its stops in path order (the order its tasks were created in, §19.3). */
export async function pickBatchDetail(db: DbOrTx, user: AuthUser, id: number): Promise<PickBatchDetail> {
  const batch = await batchOf(db, user.companyId, id)
  const [head] = await db
    .select({
      waveCode: waves.code,
      whId: warehouses.id,
      whCode: warehouses.code,
      assignee: users.username,
    })
    .from(pickBatches)
    .innerJoin(waves, eq(waves.id, pickBatches.waveId))
    .innerJoin(warehouses, eq(warehouses.id, pickBatches.warehouseId))
    .leftJoin(users, eq(users.id, pickBatches.assigneeId))
    .where(eq(pickBatches.id, batch.id))
  const stops = await db
    .select({
      task: tasks.id,
      status: tasks.status,
      qty: tasks.qty,
      shortQty: tasks.shortQty,
      orderId: salesOrders.id,
      orderCode: salesOrders.code,
      line: orderReservations.orderLineId,
      tote: orderReservations.tote,
      locationId: locations.id,
      locationCode: locations.code,
      productId: products.id,
      productCode: products.code,
      productName: products.name1,
      stockLine: orderReservations.stockLineId,
      lot: orderReservations.lot,
      expiry: stockLines.expiryDate,
      sscc: stockLines.sscc,
      palletCode: stockLines.palletCode,
    })
    .from(tasks)
    .innerJoin(orderReservations, eq(orderReservations.taskId, tasks.id))
    .innerJoin(salesOrders, eq(salesOrders.id, orderReservations.orderId))
    .innerJoin(locations, eq(locations.id, orderReservations.locationId))
    .innerJoin(products, eq(products.id, orderReservations.productId))
    .leftJoin(stockLines, eq(stockLines.id, orderReservations.stockLineId))
    .where(and(eq(tasks.batchId, batch.id), eq(tasks.companyId, user.companyId), eq(tasks.type, 'pick')))
    .orderBy(asc(tasks.id))
  const productIds = [...new Set(stops.map((s) => s.productId))]
  const locationIds = [...new Set(stops.map((s) => s.locationId))]
  const gtins = productIds.length
    ? await db.select({ productId: productGtins.productId, gtin: productGtins.gtin }).from(productGtins).where(inArray(productGtins.productId, productIds))
    : []
  const others = productIds.length
    ? await db
        .select({
          id: stockLines.id,
          productId: stockLines.productId,
          locationId: stockLines.locationId,
          lot: stockLines.lot,
          expiry: stockLines.expiryDate,
          qty: stockLines.qty,
          reserved: stockLines.reservedQty,
        })
        .from(stockLines)
        .where(
          and(
            eq(stockLines.companyId, user.companyId),
            inArray(stockLines.productId, productIds),
            inArray(stockLines.locationId, locationIds),
            eq(stockLines.status, 'available'),
            sql`${stockLines.qty} > ${stockLines.reservedQty}`,
          ),
        )
        .orderBy(sql`${stockLines.expiryDate} ASC NULLS LAST`, asc(stockLines.id))
    : []
  const orders = new Map<
    number,
    {
      tote: number
      order: { id: number; code: string }
      carrier: { id: number; name: string } | null
    }
  >()
  const orderIds = [...new Set(stops.map((s) => s.orderId))]
  const carrierRows = orderIds.length
    ? await db
        .select({
          id: salesOrders.id,
          carrierId: carriers.id,
          carrierName: carriers.name,
        })
        .from(salesOrders)
        .leftJoin(carriers, eq(carriers.id, salesOrders.carrierId))
        .where(inArray(salesOrders.id, orderIds))
    : []
  const carrierOf = new Map(carrierRows.map((c) => [c.id, c.carrierId === null ? null : { id: c.carrierId, name: c.carrierName ?? '' }]))
  for (const s of stops)
    if (!orders.has(s.orderId))
      orders.set(s.orderId, {
        tote: s.tote ?? 0,
        order: { id: s.orderId, code: s.orderCode },
        carrier: carrierOf.get(s.orderId) ?? null,
      })
  return {
    id: batch.id,
    code: batch.code,
    wave: { id: batch.waveId, code: head.waveCode },
    warehouse: { id: head.whId, code: head.whCode },
    status: batch.status,
    assignee: batch.assigneeId === null ? null : { id: batch.assigneeId, username: head.assignee ?? '' },
    cart: batch.cart,
    totes: batch.totes,
    orders: [...orders.values()].sort((a, b) => a.tote - b.tote),
    stops: stops.map((s, i) => {
      const done = s.status === 'done'
      return {
        task: s.task,
        seq: i + 1,
        status: s.status,
        order: { id: s.orderId, code: s.orderCode },
        line: s.line,
        tote: s.tote ?? 0,
        location: { id: s.locationId, code: s.locationCode },
        product: {
          id: s.productId,
          code: s.productCode,
          name: s.productName,
          gtins: gtins.filter((g) => g.productId === s.productId).map((g) => g.gtin),
        },
        stock_line: s.stockLine,
        lot: s.lot,
        expiry: s.expiry ?? null,
        sscc: s.sscc ?? null,
        pallet_code: s.palletCode ?? null,
        qty: fromMilli(toMilli(s.qty ?? '0')),
        picked_qty: done ? fromMilli(toMilli(s.qty ?? '0')) : null,
        short_qty: s.shortQty === null ? null : fromMilli(toMilli(s.shortQty)),
        alternatives: others
          .filter((o) => o.productId === s.productId && o.locationId === s.locationId && o.id !== s.stockLine)
          .map((o) => ({
            stock_line: o.id,
            lot: o.lot,
            expiry: o.expiry,
            available: fromMilli(toMilli(o.qty) - toMilli(o.reserved)),
          })),
      }
    }),
    started_at: batch.startedAt?.toISOString() ?? null,
  }
}

/**
 * The batch is the caller's: an unassigned batch becomes theirs (it is taken, as 'Próxima tarefa' would, §19.4) and
 * starts; someone else's is refused as a task is (409 assigned_to_other).
 */
async function takeBatch(tx: Tx, user: AuthUser, batch: BatchRow): Promise<void> {
  if (batch.assigneeId !== null && batch.assigneeId !== user.id) {
    const [who] = await tx.select({ username: users.username }).from(users).where(eq(users.id, batch.assigneeId))
    throw conflict({
      detail: `This task is assigned to ${who?.username ?? batch.assigneeId}. Confirm to take it over.`,
      code: 'assigned_to_other',
      assignee: { id: batch.assigneeId, username: who?.username ?? '' },
    })
  }
  await tx
    .update(pickBatches)
    .set({
      status: 'in_progress',
      assigneeId: user.id,
      startedAt: sql`coalesce(${pickBatches.startedAt}, now())`,
    })
    .where(eq(pickBatches.id, batch.id))
  await assignFreeBatchTasks(tx, user.companyId, batch.id, user.id)
}

/** POST /shipping/batches/{id}/cart/: the cart that carries the batch's totes; a cart carries one live batch. */
export function bindCart(
  db: DbOrTx,
  user: AuthUser,
  id: number,
  body: z.output<typeof batchCartBody>,
): Promise<{ batch: number; cart: string; command_id: string }> {
  return runOnce(db, { companyId: user.companyId, userId: user.id }, body.command_id, 'shipping.batch_cart', async (tx) => {
    const batch = await batchOf(tx, user.companyId, id, true)
    refuseNotLive(batch)
    const cart = body.cart.toUpperCase()
    const [other] = await tx
      .select({ code: pickBatches.code })
      .from(pickBatches)
      .where(
        and(
          eq(pickBatches.companyId, user.companyId),
          ne(pickBatches.id, batch.id),
          inArray(pickBatches.status, [...LIVE]),
          sql`upper(${pickBatches.cart}) = ${cart}`,
        ),
      )
      .for('update')
    if (other) throw fieldError('cart', `Cart ${cart} carries pick batch ${other.code}.`)
    await takeBatch(tx, user, batch)
    await tx.update(pickBatches).set({ cart }).where(eq(pickBatches.id, batch.id))
    return { batch: batch.id, cart, command_id: body.command_id }
  })
}

/**
 * POST /shipping/batches/{id}/picks/: one stop picked into its order's tote. Refused, with nothing done: a task that is
 * not a stop of this batch, a stop already picked, another order's tote, a stock line that is not the product's in the
 * stop's location, another lot without a reason, an expired or unavailable lot, more than the stop reserves, less
 * without a reason.
 */
export function pickStop(db: DbOrTx, user: AuthUser, id: number, body: z.output<typeof batchPickBody>): Promise<BatchPickOut> {
  return runOnce(db, { companyId: user.companyId, userId: user.id }, body.command_id, 'shipping.batch_pick', async (tx) => {
    const batch = await batchOf(tx, user.companyId, id, true)
    refuseNotLive(batch)
    const [stop] = await tx
      .select({
        task: tasks.id,
        status: tasks.status,
        qty: tasks.qty,
        orderId: orderReservations.orderId,
        orderCode: salesOrders.code,
        orderStatus: salesOrders.status,
        draft: salesOrders.draft,
        line: orderReservations.orderLineId,
        tote: orderReservations.tote,
        stockLine: orderReservations.stockLineId,
        productId: orderReservations.productId,
        locationId: orderReservations.locationId,
      })
      .from(tasks)
      .innerJoin(orderReservations, eq(orderReservations.taskId, tasks.id))
      .innerJoin(salesOrders, eq(salesOrders.id, orderReservations.orderId))
      .where(and(eq(tasks.id, body.task), eq(tasks.companyId, user.companyId), eq(tasks.batchId, batch.id), eq(tasks.type, 'pick')))
      .for('update', { of: [tasks, salesOrders] })
    if (!stop) throw fieldError('task', `${body.task} is not a stop of pick batch ${batch.code}.`)
    if (stop.status === 'done' || stop.status === 'cancelled')
      throw conflict({
        detail: `This stop is ${stop.status}: it is not picked again.`,
        status: stop.status,
      })
    if (stop.orderStatus !== 'open')
      throw conflict({
        detail: `Order ${stop.orderCode} is ${stop.orderStatus}: only an open order is picked.`,
        status: stop.orderStatus,
      })
    if (stop.tote !== body.tote) throw fieldError('tote', `Tote ${body.tote} is not order ${stop.orderCode}'s: it goes into tote ${stop.tote ?? '?'}.`)

    const wanted = toMilli(stop.qty ?? '0')
    const picked = toMilli(body.qty)
    if (picked < 0n) throw fieldError('qty', 'Ensure this value is greater than or equal to 0.')
    if (picked > wanted) throw fieldError('qty', `${fromMilli(picked)} is more than this stop reserves (${fromMilli(wanted)}).`)
    if (picked < wanted && !body.short_reason) throw fieldError('short_reason', 'A short pick needs a reason.')

    if (picked > 0n) {
      const [line] = await tx
        .select({
          id: stockLines.id,
          productId: stockLines.productId,
          locationId: stockLines.locationId,
          qty: stockLines.qty,
          reserved: stockLines.reservedQty,
          status: stockLines.status,
          expired: sql<boolean>`coalesce(${stockLines.expiryDate} < current_date, false)`,
        })
        .from(stockLines)
        .where(and(eq(stockLines.id, body.stock_line), eq(stockLines.companyId, user.companyId)))
      if (!line || line.productId !== stop.productId || line.locationId !== stop.locationId)
        throw fieldError('stock_line', `Stock line ${body.stock_line} is not this stop's product in its location.`)
      if (line.expired) throw fieldError('stock_line', 'This lot is expired: it is not picked.')
      if (line.id !== stop.stockLine) {
        if (!body.override_reason) throw fieldError('override_reason', 'Picking another lot than the reserved one needs a reason.')
        if (line.status !== 'available') throw fieldError('stock_line', 'This stock is not available to pick.')
        if (toMilli(line.qty) - toMilli(line.reserved) < picked) throw fieldError('qty', `${fromMilli(picked)} is more than this lot has free here.`)
      }
    }

    await takeBatch(tx, user, batch)
    if (picked > 0n) {
      const draft: ShippingDraft = stop.draft ?? {}
      const picks = [...(draft.picks ?? [])]
      const at = picks.findIndex((p) => p.line === stop.line && p.stock_line === body.stock_line)
      if (at >= 0)
        picks[at] = {
          ...picks[at],
          qty: fromMilli(toMilli(picks[at].qty) + picked),
        }
      else
        picks.push({
          line: stop.line,
          stock_line: body.stock_line,
          qty: fromMilli(picked),
          ...(body.override_reason && body.stock_line !== stop.stockLine ? { override_reason: body.override_reason } : {}),
        })
      await tx
        .update(salesOrders)
        .set({ draft: { ...draft, picks }, draftUpdatedAt: sql`now()` })
        .where(eq(salesOrders.id, stop.orderId))
    }
    let exception: number | null = null
    if (picked < wanted) {
      await markTaskShort(tx, user.companyId, stop.task, fromMilli(wanted - picked))
      exception = (
        await shortPickException(tx, user, {
          order: {
            id: stop.orderId,
            code: stop.orderCode,
            warehouseId: batch.warehouseId,
          },
          line: stop.line,
          location: stop.locationId,
          expected: fromMilli(wanted),
          picked: fromMilli(picked),
          reason: body.short_reason ?? '',
        })
      ).task
    }
    await finishTask(tx, user, stop.task)
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(and(eq(tasks.batchId, batch.id), eq(tasks.type, 'pick'), inArray(tasks.status, ['open', 'pending', 'in_progress'])))
    const status = left.n === 0 ? 'done' : 'in_progress'
    if (status === 'done')
      await tx
        .update(pickBatches)
        .set({ status, finishedAt: sql`now()` })
        .where(eq(pickBatches.id, batch.id))
    return {
      task: stop.task,
      picked: fromMilli(picked),
      short: fromMilli(wanted - picked),
      exception_task: exception,
      batch_status: status,
      command_id: body.command_id,
    }
  })
}
