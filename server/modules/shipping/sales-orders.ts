/**
 * Shipping's documents (SPEC 2.9, SPEC 12.6): create a sales order, group open orders into a wave, edit either while
 * picking has not started, cancel with a reason. Every change is in the audit trail (entities sales_orders, waves).
 */
import type { z } from 'zod'
import type { salesOrderBody, salesOrderUpdateBody, waveBody, waveUpdateBody } from '../../../contracts/shipping/shipping.contract'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { salesOrderLines, salesOrders, type ShippingDraft, waves } from '../../db/schema/documents'
import { carriers, customers } from '../../db/schema/partners'
import type { AuthUser } from '../../http/context'
import { ApiError, conflict, fieldError, notFound, pgError } from '../../http/errors'
import { fromMilli, toMilli } from '../../kernel/qty-math'
import { resolveWarehouse } from '../../kernel/warehouse-scope'
import { diffChanges, recordAudit } from '../audit/audit.service'
import { checkProducts, companyReference } from '../../kernel/references'
import { emitEvents } from '../../kernel/events'
import { orderEventPayloads } from './shipping-reads'
import { giveBackReservations } from './order-reservations'

export type CreateOrderInput = z.output<typeof salesOrderBody>
export type UpdateOrderInput = z.output<typeof salesOrderUpdateBody>

/** The audit trail's names for these records (GET /api/audit/?entity=…&entity_id=). */
export const SALES_ORDER_ENTITY = 'sales_orders'
export const WAVE_ENTITY = 'waves'

const actorOf = (user: AuthUser) => ({ companyId: user.companyId, userId: user.id, apiKeyId: user.apiKey?.id })

const checkCustomer = (db: DbOrTx, user: AuthUser, customerId: number) => companyReference(db, customers, 'customer', user.companyId, customerId)

async function checkCarrier(db: DbOrTx, user: AuthUser, carrierId: number | null | undefined): Promise<number | null> {
  return carrierId == null ? null : companyReference(db, carriers, 'carrier', user.companyId, carrierId)
}

const orderLineValues = (companyId: number, orderId: number, lines: CreateOrderInput['lines']) => lines.map((l) => ({ companyId, orderId, productId: l.product, qty: l.qty }))
/** Quantities as exact minimal decimals, so "5" and "5.000" are no change. */
const auditOrderLines = (lines: { product: number; qty: string }[]) => lines.map((l) => ({ product: l.product, qty: fromMilli(toMilli(l.qty)) }))

/** `order.created` or `order.shipped` for each order, in the caller's transaction (ADR 0020). */
export async function emitOrderEvents(tx: DbOrTx, companyId: number, type: 'order.created' | 'order.shipped', ids: number[], extra: Record<string, unknown> = {}): Promise<void> {
  const payloads = await orderEventPayloads(tx, companyId, ids)
  await emitEvents(
    tx,
    companyId,
    ids.map((id) => ({ type, payload: { order: payloads.get(id), ...extra } })),
  )
}

export async function createSalesOrder(db: DbOrTx, user: AuthUser, body: CreateOrderInput): Promise<number> {
  const warehouseId = await resolveWarehouse(db, user, body.warehouse)
  const customerId = await checkCustomer(db, user, body.customer)
  const carrierId = await checkCarrier(db, user, body.carrier)
  await checkProducts(
    db,
    user.companyId,
    body.lines.map((l) => l.product),
  )
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(salesOrders)
        .values({ companyId: user.companyId, warehouseId, customerId, carrierId, code: body.code, shipDate: body.ship_date ?? null, priority: body.priority ?? 0, createdById: user.id })
        .returning({ id: salesOrders.id })
      await tx.insert(salesOrderLines).values(orderLineValues(user.companyId, order.id, body.lines))
      await recordAudit(tx, actorOf(user), {
        entity: SALES_ORDER_ENTITY,
        entityId: order.id,
        action: 'create',
        changes: { code: body.code, customer: customerId, carrier: carrierId, warehouse: warehouseId, ship_date: body.ship_date ?? null, priority: body.priority ?? 0, lines: auditOrderLines(body.lines) },
      })
      await emitOrderEvents(tx, user.companyId, 'order.created', [order.id])
      return order.id
    })
  } catch (e) {
    if (pgError(e)?.code === '23505') throw fieldError('code', 'A sales order with this code already exists.')
    throw e
  }
}

/** Picking has started once the wizard saved a pick on the order or on its wave. */
const picking = (draft: ShippingDraft | null | undefined) => (draft?.picks?.length ?? 0) > 0

async function orderOr404(tx: DbOrTx, user: AuthUser, id: number) {
  const [order] = await tx
    .select()
    .from(salesOrders)
    .where(and(eq(salesOrders.id, id), eq(salesOrders.companyId, user.companyId)))
    .for('update')
  if (!order) throw notFound('No such record.')
  return order
}

async function waveDraftOf(tx: DbOrTx, waveId: number | null): Promise<ShippingDraft | null> {
  if (waveId === null) return null
  const [wave] = await tx.select({ draft: waves.draft }).from(waves).where(eq(waves.id, waveId))
  return wave?.draft ?? null
}

/** The order's wave is released (SPEC 19.3): its stock is reserved line by line and its pick work exists. */
async function inReleasedWave(tx: DbOrTx, waveId: number | null): Promise<boolean> {
  if (waveId === null) return false
  const [wave] = await tx.select({ status: waves.status }).from(waves).where(eq(waves.id, waveId))
  return wave?.status === 'released'
}

/** Edit an order while picking has not started (SPEC 12.6): its header, and `lines` replaces every line. */
export async function updateSalesOrder(db: DbOrTx, user: AuthUser, id: number, body: UpdateOrderInput): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const order = await orderOr404(tx, user, id)
      if (order.status !== 'open') throw conflict({ detail: `Order ${order.code} is ${order.status}: only an open order can be changed.`, status: order.status })
      if (picking(order.draft) || picking(await waveDraftOf(tx, order.waveId)) || (await inReleasedWave(tx, order.waveId)))
        throw conflict({ detail: `Order ${order.code} can no longer be changed: picking has started.`, status: order.status })
      if (order.waveId !== null && body.warehouse != null && body.warehouse !== order.warehouseId)
        throw fieldError('warehouse', "The order is in a wave: take it out of the wave before moving it to another warehouse.")
      const warehouseId = body.warehouse != null ? await resolveWarehouse(tx, user, body.warehouse) : order.warehouseId
      const customerId = body.customer !== undefined ? await checkCustomer(tx, user, body.customer) : order.customerId
      const carrierId = body.carrier !== undefined ? await checkCarrier(tx, user, body.carrier) : order.carrierId
      if (body.lines) await checkProducts(tx, user.companyId, body.lines.map((l) => l.product))
      const before = { code: order.code, customer: order.customerId, carrier: order.carrierId, warehouse: order.warehouseId, ship_date: order.shipDate, priority: order.priority }
      const after = {
        code: body.code ?? order.code,
        customer: customerId,
        carrier: carrierId,
        warehouse: warehouseId,
        ship_date: body.ship_date !== undefined ? body.ship_date : order.shipDate,
        priority: body.priority ?? order.priority,
      }
      await tx
        .update(salesOrders)
        .set({ code: after.code, customerId: after.customer, carrierId: after.carrier, warehouseId: after.warehouse, shipDate: after.ship_date, priority: after.priority })
        .where(eq(salesOrders.id, order.id))
      const changes: Record<string, unknown> = diffChanges(before, after)
      if (body.lines) {
        const old = await tx.select().from(salesOrderLines).where(eq(salesOrderLines.orderId, order.id)).orderBy(asc(salesOrderLines.id))
        await tx.delete(salesOrderLines).where(eq(salesOrderLines.orderId, order.id))
        await tx.insert(salesOrderLines).values(orderLineValues(user.companyId, order.id, body.lines))
        Object.assign(changes, diffChanges({ lines: auditOrderLines(old.map((l) => ({ product: l.productId, qty: l.qty }))) }, { lines: auditOrderLines(body.lines) }))
      }
      if (Object.keys(changes).length) await recordAudit(tx, actorOf(user), { entity: SALES_ORDER_ENTITY, entityId: order.id, action: 'update', changes })
    })
  } catch (e) {
    if (pgError(e)?.code === '23505') throw fieldError('code', 'A sales order with this code already exists.')
    throw e
  }
}

/**
 * The orders a wave may hold: the company's open orders of one warehouse, none in another open wave (`waveId`: the
 * wave being edited, whose own orders may stay). 400 {"orders": [...]} otherwise. Locks the orders.
 */
async function waveOrders(tx: Tx, user: AuthUser, orderIds: number[], warehouse: number | null | undefined, waveId: number | null) {
  const ids = [...new Set(orderIds)].sort((a, b) => a - b)
  const rows = await tx
    .select({ id: salesOrders.id, code: salesOrders.code, status: salesOrders.status, warehouseId: salesOrders.warehouseId, waveId: salesOrders.waveId, waveStatus: waves.status })
    .from(salesOrders)
    .leftJoin(waves, eq(waves.id, salesOrders.waveId))
    .where(and(eq(salesOrders.companyId, user.companyId), inArray(salesOrders.id, ids)))
    .orderBy(asc(salesOrders.id))
    .for('update', { of: salesOrders })
  const errors: string[] = []
  for (const id of ids) {
    const o = rows.find((r) => r.id === id)
    if (!o) errors.push(`Invalid pk "${id}" - object does not exist.`)
    else if (o.status !== 'open') errors.push(`Order ${o.code} is ${o.status}: only open orders can join a wave.`)
    else if ((o.waveStatus === 'open' || o.waveStatus === 'released') && o.waveId !== waveId) errors.push(`Order ${o.code} is already in an open wave.`)
  }
  const warehouseId = warehouse != null ? await resolveWarehouse(tx, user, warehouse) : rows[0]?.warehouseId
  if (rows.some((r) => r.warehouseId !== warehouseId)) errors.push("All orders of a wave must belong to the wave's warehouse.")
  if (errors.length) throw new ApiError(400, { orders: errors })
  return { ids, warehouseId }
}

/** Group open orders of one warehouse, none already in an open wave, into a new wave. */
export async function createWave(db: DbOrTx, user: AuthUser, body: z.output<typeof waveBody>): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const { ids, warehouseId } = await waveOrders(tx, user, body.orders, body.warehouse, null)
      const [wave] = await tx.insert(waves).values({ companyId: user.companyId, warehouseId, code: body.code, createdById: user.id }).returning({ id: waves.id })
      await tx.update(salesOrders).set({ waveId: wave.id }).where(inArray(salesOrders.id, ids))
      await recordAudit(tx, actorOf(user), { entity: WAVE_ENTITY, entityId: wave.id, action: 'create', changes: { code: body.code, warehouse: warehouseId, orders: ids } })
      return wave.id
    })
  } catch (e) {
    if (pgError(e)?.code === '23505') throw fieldError('code', 'A wave with this code already exists.')
    throw e
  }
}

async function openWaveOr409(tx: DbOrTx, user: AuthUser, id: number, what: string, released = false) {
  const [wave] = await tx
    .select()
    .from(waves)
    .where(and(eq(waves.id, id), eq(waves.companyId, user.companyId)))
    .for('update')
  if (!wave) throw notFound('No such record.')
  if (wave.status !== 'open' && !(released && wave.status === 'released')) throw conflict({ detail: `Wave ${wave.code} is ${wave.status}: only an open wave can be ${what}.`, status: wave.status })
  if (picking(wave.draft)) throw conflict({ detail: `Wave ${wave.code} can no longer be ${what}: picking has started.`, status: wave.status })
  return wave
}

/** Change a wave's code or its orders (replacing them) while picking has not started; orders taken out leave the wave. */
export async function updateWave(db: DbOrTx, user: AuthUser, id: number, body: z.output<typeof waveUpdateBody>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const wave = await openWaveOr409(tx, user, id, 'changed')
      const changes: Record<string, unknown> = {}
      if (body.code !== undefined && body.code !== wave.code) {
        await tx.update(waves).set({ code: body.code }).where(eq(waves.id, wave.id))
        changes.code = [wave.code, body.code]
      }
      if (body.orders) {
        const before = (await tx.select({ id: salesOrders.id }).from(salesOrders).where(eq(salesOrders.waveId, wave.id)).orderBy(asc(salesOrders.id))).map((o) => o.id)
        const { ids } = await waveOrders(tx, user, body.orders, wave.warehouseId, wave.id)
        const out = before.filter((o) => !ids.includes(o))
        if (out.length) await tx.update(salesOrders).set({ waveId: null }).where(inArray(salesOrders.id, out))
        await tx.update(salesOrders).set({ waveId: wave.id }).where(inArray(salesOrders.id, ids))
        Object.assign(changes, diffChanges({ orders: before }, { orders: ids }))
      }
      if (Object.keys(changes).length) await recordAudit(tx, actorOf(user), { entity: WAVE_ENTITY, entityId: wave.id, action: 'update', changes })
    })
  } catch (e) {
    if (pgError(e)?.code === '23505') throw fieldError('code', 'A wave with this code already exists.')
    throw e
  }
}

/**
 * Cancel an open or released wave before picking starts: its orders leave it and stay open; a released wave's
 * reservations are given back and its open pick tasks cancelled (SPEC 19.3).
 */
export async function cancelWave(db: DbOrTx, user: AuthUser, id: number, reason = ''): Promise<void> {
  await db.transaction(async (tx) => {
    const wave = await openWaveOr409(tx, user, id, 'cancelled', true)
    const orders = (await tx.select({ id: salesOrders.id }).from(salesOrders).where(eq(salesOrders.waveId, wave.id)).orderBy(asc(salesOrders.id)).for('update')).map((o) => o.id)
    if (wave.status === 'released') await giveBackReservations(tx, actorOf(user), orders)
    await tx.update(salesOrders).set({ waveId: null }).where(eq(salesOrders.waveId, wave.id))
    await tx.update(waves).set({ status: 'cancelled', cancelReason: reason }).where(eq(waves.id, wave.id))
    await recordAudit(tx, actorOf(user), { entity: WAVE_ENTITY, entityId: wave.id, action: 'cancel', changes: { status: [wave.status, 'cancelled'], orders: [orders, []] }, note: reason })
  })
}

/** Cancel an open order (refused once it shipped or picking started), with the reason the audit trail keeps. */
export async function cancelSalesOrder(db: DbOrTx, user: AuthUser, id: number, reason = ''): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await orderOr404(tx, user, id)
    if (order.status !== 'open') throw conflict({ detail: `This order is ${order.status}: only an open order can be cancelled.`, status: order.status })
    if (picking(order.draft) || picking(await waveDraftOf(tx, order.waveId)))
      throw conflict({ detail: `Order ${order.code} can no longer be cancelled: picking has started.`, status: order.status })
    // a released order's reservations go back to the stock, its open pick tasks are cancelled (SPEC 19.3)
    await giveBackReservations(tx, actorOf(user), [order.id])
    await tx.update(salesOrders).set({ status: 'cancelled', waveId: null, cancelReason: reason }).where(eq(salesOrders.id, order.id))
    await recordAudit(tx, actorOf(user), { entity: SALES_ORDER_ENTITY, entityId: order.id, action: 'cancel', changes: { status: ['open', 'cancelled'] }, note: reason })
  })
}
