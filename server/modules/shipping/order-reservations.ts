/**
 * A released order's reservations after the release (docs/requirements.md §19.3): given back when the wave or the
 * order is cancelled, consumed as Finish ships the order, moved when a count takes the stock they hold (ADR 0011 §4).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { salesOrders } from '../../db/schema/documents'
import { orderReservations, pickBatches } from '../../db/schema/picking'
import { tasks } from '../../db/schema/tasks'
import { fromMilli, fromMilli3, type Milli, minMilli, toMilli } from '../../kernel/qty-math'
import { changeReservations, moveReservation, type StockActor } from '../inventory/stock.service'
import { cancelTasks, createTasks, markTaskShort, reduceTaskQty } from '../workforce/tasks.service'

type Row = typeof orderReservations.$inferSelect

/** The active reservations of these orders, locked (by id: their stock lines are locked by the stock service after). */
export async function activeReservations(tx: Tx, companyId: number, orderIds: number[]): Promise<Row[]> {
  if (!orderIds.length) return []
  return tx
    .select()
    .from(orderReservations)
    .where(and(eq(orderReservations.companyId, companyId), inArray(orderReservations.orderId, orderIds), eq(orderReservations.status, 'active')))
    .orderBy(asc(orderReservations.id))
    .for('update')
}

/** Close reservations: `released` gives their stock back; `consumed` when Finish took it (the stock already left). */
async function closeReservations(tx: Tx, ids: number[], status: 'released' | 'consumed'): Promise<void> {
  if (!ids.length) return
  await tx.update(orderReservations).set({ status, closedAt: sql`now()` }).where(inArray(orderReservations.id, ids))
}

/** Batches with no active reservation left are done (something was picked) or cancelled (nothing was). */
async function settleBatches(tx: Tx, batchIds: number[]): Promise<void> {
  const ids = [...new Set(batchIds)].filter((id) => id !== null)
  if (!ids.length) return
  await tx
    .update(pickBatches)
    .set({
      status: sql`CASE WHEN EXISTS (SELECT 1 FROM ${orderReservations} r WHERE r.batch_id = ${pickBatches.id} AND r.status = 'consumed') THEN 'done' ELSE 'cancelled' END`,
      finishedAt: sql`now()`,
    })
    .where(
      and(
        inArray(pickBatches.id, ids),
        inArray(pickBatches.status, ['open', 'in_progress']),
        sql`NOT EXISTS (SELECT 1 FROM ${orderReservations} r WHERE r.batch_id = ${pickBatches.id} AND r.status = 'active')`,
      ),
    )
}

/**
 * Give back every active reservation of these orders (a released wave or one of its orders cancelled, §19.3): the
 * stock lines' reserved quantities drop in one statement, the open pick tasks are cancelled, and a batch left with
 * nothing to pick is closed.
 */
export async function giveBackReservations(tx: Tx, actor: StockActor, orderIds: number[]): Promise<number> {
  const held = await activeReservations(tx, actor.companyId, orderIds)
  if (!held.length) return 0
  await changeReservations(
    tx,
    actor,
    held.map((r) => ({ lineId: r.stockLineId, qty: r.qty })),
    -1,
  )
  await closeReservations(
    tx,
    held.map((r) => r.id),
    'released',
  )
  await cancelTasks(
    tx,
    held.flatMap((r) => (r.taskId === null ? [] : [r.taskId])),
  )
  await settleBatches(
    tx,
    held.flatMap((r) => (r.batchId === null ? [] : [r.batchId])),
  )
  return held.length
}

/**
 * What Finish may take of a stock line for an order beyond its free quantity: the order's own active reservations on
 * it (§19.3: a pick from a line it reserved counts its reservation as free for it). Per `order|stock line`.
 */
export function reservedFor(held: Row[]): Map<string, Milli> {
  const out = new Map<string, Milli>()
  for (const r of held) {
    const key = `${r.orderId}|${r.stockLineId}`
    out.set(key, (out.get(key) ?? 0n) + toMilli(r.qty))
  }
  return out
}

/**
 * Finish shipped these orders (§19.3): each pick has already given back, from its order's reservation on its stock
 * line, what it took (reservedFor / the stock left through removeStock); what the orders still hold is given back now
 * (the order is closed, short lines included), the reservations are closed (consumed when a pick took from them) and
 * their open pick tasks cancelled (the shipment's done picks record the work).
 */
export async function settleShippedReservations(tx: Tx, actor: StockActor, held: Row[], used: Map<string, Milli>): Promise<void> {
  if (!held.length) return
  const giveBack: { lineId: number; qty: string }[] = []
  const consumed: number[] = []
  const released: number[] = []
  const left = new Map(used)
  for (const r of held) {
    const key = `${r.orderId}|${r.stockLineId}`
    const take = minMilli(left.get(key) ?? 0n, toMilli(r.qty))
    left.set(key, (left.get(key) ?? 0n) - take)
    const rest = toMilli(r.qty) - take
    if (rest > 0n) giveBack.push({ lineId: r.stockLineId, qty: fromMilli3(rest) })
    ;(take > 0n ? consumed : released).push(r.id)
  }
  await changeReservations(tx, actor, giveBack, -1)
  await closeReservations(tx, consumed, 'consumed')
  await closeReservations(tx, released, 'released')
  await cancelTasks(
    tx,
    held.flatMap((r) => (r.taskId === null ? [] : [r.taskId])),
  )
  await settleBatches(
    tx,
    held.flatMap((r) => (r.batchId === null ? [] : [r.batchId])),
  )
}

/**
 * A count found less stock on a line than released orders hold reserved on it (ADR 0011 §4; wired by the app as a
 * reservation hook of the counts, beside copack's): physical truth wins, in the count's transaction. The newest
 * reservations give up `qty` first; each part moves to other eligible stock by FEFO (moveReservation) with a pick task
 * there in the same batch and tote, and what no line can hold marks the reservation's pick task short. Answers how much
 * of `qty` released orders held (the rest is the next owner's to settle).
 */
export async function shippingReservationShort(tx: Tx, actor: StockActor, short: { lineId: number; qty: string; reference: string }): Promise<string> {
  const held = await tx
    .select({ r: orderReservations, orderCode: salesOrders.code, warehouseId: salesOrders.warehouseId, priority: tasks.priority, dueAt: tasks.dueAt })
    .from(orderReservations)
    .innerJoin(salesOrders, eq(salesOrders.id, orderReservations.orderId))
    .leftJoin(tasks, eq(tasks.id, orderReservations.taskId))
    .where(and(eq(orderReservations.companyId, actor.companyId), eq(orderReservations.stockLineId, short.lineId), eq(orderReservations.status, 'active')))
    .orderBy(sql`${orderReservations.id} DESC`)
    .for('update', { of: orderReservations })
  let remaining = toMilli(short.qty)
  let handled = 0n
  for (const { r, orderCode, warehouseId, priority, dueAt } of held) {
    if (remaining <= 0n) break
    const part = minMilli(toMilli(r.qty), remaining)
    remaining -= part
    handled += part
    const { placed, unplaced } = await moveReservation(tx, actor, { lineId: short.lineId, qty: fromMilli3(part) })
    const taskIds = await createTasks(
      tx,
      placed.map((p) => ({ companyId: actor.companyId, warehouseId, type: 'pick' as const, locationId: p.locationId, productId: r.productId, qty: p.qty, reference: orderCode, priority: priority ?? 0, dueAt, batchId: r.batchId })),
    )
    if (placed.length) {
      await tx.insert(orderReservations).values(
        placed.map((p, i) => ({
          companyId: actor.companyId,
          orderId: r.orderId,
          orderLineId: r.orderLineId,
          stockLineId: p.lineId,
          productId: r.productId,
          locationId: p.locationId,
          lot: p.lot,
          qty: p.qty,
          taskId: taskIds[i],
          batchId: r.batchId,
          tote: r.tote,
        })),
      )
    }
    const left = toMilli(r.qty) - part
    await tx
      .update(orderReservations)
      .set(left > 0n ? { qty: fromMilli3(left) } : { status: 'released', closedAt: sql`now()` })
      .where(eq(orderReservations.id, r.id))
    const moved = part - toMilli(unplaced)
    if (toMilli(unplaced) > 0n) {
      // the pick keeps what it still can take and says what is missing (the handheld shows it short, §19.5)
      if (r.taskId !== null) {
        if (moved > 0n) await reduceTaskQty(tx, actor.companyId, r.taskId, fromMilli3(moved))
        await markTaskShort(tx, actor.companyId, r.taskId, unplaced)
      }
    } else if (left === 0n && r.taskId !== null) {
      await cancelTasks(tx, [r.taskId])
    } else if (r.taskId !== null && moved > 0n) {
      await reduceTaskQty(tx, actor.companyId, r.taskId, fromMilli3(moved))
    }
  }
  return fromMilli(handled)
}

/**
 * A task hook (the app wires it, ADR 0009): the first stop of a pick batch started puts the batch in progress, in the
 * hands of who started it (the supervisor's view, docs/requirements.md §19.6); a later stop started by someone else
 * (a take-over) makes the batch theirs.
 */
export async function batchTaskStarted(tx: Tx, companyId: number, taskId: number, userId: number): Promise<void> {
  await tx
    .update(pickBatches)
    .set({ status: 'in_progress', assigneeId: userId, startedAt: sql`coalesce(${pickBatches.startedAt}, now())` })
    .where(
      and(
        eq(pickBatches.companyId, companyId),
        inArray(pickBatches.status, ['open', 'in_progress']),
        sql`${pickBatches.id} IN (SELECT ${orderReservations.batchId} FROM ${orderReservations} WHERE ${orderReservations.taskId} = ${taskId})`,
      ),
    )
}
