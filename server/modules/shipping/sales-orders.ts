/** Shipping's documents (SPEC 2.9): create a sales order, group open orders into a wave, cancel an open order. */
import type { z } from 'zod'
import type { salesOrderBody, waveBody } from '../../../contracts/shipping/shipping.contract'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { salesOrderLines, salesOrders, waves } from '../../db/schema/documents'
import { customers } from '../../db/schema/partners'
import type { AuthUser } from '../../http/context'
import { ApiError, conflict, fieldError, notFound, pgError } from '../../http/errors'
import { resolveWarehouse } from '../../kernel/warehouse-scope'
import { checkProducts } from '../receiving/receiving.service'

export type CreateOrderInput = z.output<typeof salesOrderBody>

export async function createSalesOrder(db: DbOrTx, user: AuthUser, body: CreateOrderInput): Promise<number> {
  const warehouseId = await resolveWarehouse(db, user, body.warehouse)
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, body.customer), eq(customers.companyId, user.companyId)))
  if (!customer) throw fieldError('customer', `Invalid pk "${body.customer}" - object does not exist.`)
  await checkProducts(
    db,
    user.companyId,
    body.lines.map((l) => l.product),
  )
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(salesOrders)
        .values({ companyId: user.companyId, warehouseId, customerId: customer.id, code: body.code, shipDate: body.ship_date ?? null, createdById: user.id })
        .returning({ id: salesOrders.id })
      await tx.insert(salesOrderLines).values(body.lines.map((l) => ({ companyId: user.companyId, orderId: order.id, productId: l.product, qty: l.qty })))
      return order.id
    })
  } catch (e) {
    if (pgError(e)?.code === '23505') throw fieldError('code', 'A sales order with this code already exists.')
    throw e
  }
}

/** Group open orders of one warehouse, none already in an open wave, into a new wave. */
export async function createWave(db: DbOrTx, user: AuthUser, body: z.output<typeof waveBody>): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const ids = [...new Set(body.orders)].sort((a, b) => a - b)
      const rows = await tx
        .select({ id: salesOrders.id, code: salesOrders.code, status: salesOrders.status, warehouseId: salesOrders.warehouseId, waveStatus: waves.status })
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
        else if (o.waveStatus === 'open') errors.push(`Order ${o.code} is already in an open wave.`)
      }
      const warehouseId = body.warehouse != null ? await resolveWarehouse(tx, user, body.warehouse) : rows[0]?.warehouseId
      if (rows.some((r) => r.warehouseId !== warehouseId)) errors.push("All orders of a wave must belong to the wave's warehouse.")
      if (errors.length) throw new ApiError(400, { orders: errors })
      const [wave] = await tx.insert(waves).values({ companyId: user.companyId, warehouseId, code: body.code, createdById: user.id }).returning({ id: waves.id })
      await tx.update(salesOrders).set({ waveId: wave.id }).where(inArray(salesOrders.id, ids))
      return wave.id
    })
  } catch (e) {
    if (pgError(e)?.code === '23505') throw fieldError('code', 'A wave with this code already exists.')
    throw e
  }
}

export async function cancelSalesOrder(db: DbOrTx, user: AuthUser, id: number): Promise<void> {
  const [row] = await db
    .update(salesOrders)
    .set({ status: 'cancelled', waveId: null })
    .where(and(eq(salesOrders.id, id), eq(salesOrders.companyId, user.companyId), eq(salesOrders.status, 'open')))
    .returning({ id: salesOrders.id })
  if (row) return
  const [order] = await db
    .select({ status: salesOrders.status })
    .from(salesOrders)
    .where(and(eq(salesOrders.id, id), eq(salesOrders.companyId, user.companyId)))
  if (!order) throw notFound('No such record.')
  throw conflict({ detail: `This order is ${order.status}: only an open order can be cancelled.`, status: order.status })
}
