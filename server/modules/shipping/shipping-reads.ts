/** Reading shipping's documents: order and wave list rows, their detail, a shipment. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client'
import { products, uoms } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { salesOrderLines, salesOrders, shipmentPackageContents, shipmentPackages, shipmentPicks, shipments, type ShippingDraft, waves } from '../../db/schema/documents'
import { carriers, customers } from '../../db/schema/partners'
import { users } from '../../db/schema/users'
import type { AuthUser } from '../../http/context'
import { notFound } from '../../http/errors'
import { fromMilli } from '../../kernel/qty-math'
import { remainingOf } from './shipping-targets'

/** Picking has started once the wizard saved a pick. */
const picking = (draft: ShippingDraft | null | undefined) => (draft?.picks?.length ?? 0) > 0

const bookers = alias(users, 'booker')
const pickLocations = alias(locations, 'pick_location')

export async function shipmentView(db: DbOrTx, id: number) {
  const [s] = await db
    .select({ shipment: shipments, carrier: { id: carriers.id, code: carriers.code, name: carriers.name }, bookedBy: bookers.username })
    .from(shipments)
    .leftJoin(carriers, eq(carriers.id, shipments.carrierId))
    .leftJoin(bookers, eq(bookers.id, shipments.bookedById))
    .where(eq(shipments.id, id))
  const picks = await db
    .select({ pick: shipmentPicks, productCode: products.code, locationCode: pickLocations.code, orderId: salesOrderLines.orderId })
    .from(shipmentPicks)
    .innerJoin(products, eq(products.id, shipmentPicks.productId))
    .innerJoin(salesOrderLines, eq(salesOrderLines.id, shipmentPicks.orderLineId))
    .leftJoin(pickLocations, eq(pickLocations.id, shipmentPicks.locationId))
    .where(eq(shipmentPicks.shipmentId, id))
    .orderBy(asc(shipmentPicks.id))
  const pkgs = await db.select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, id)).orderBy(asc(shipmentPackages.id))
  const contents = pkgs.length
    ? await db
        .select()
        .from(shipmentPackageContents)
        .where(
          inArray(
            shipmentPackageContents.packageId,
            pkgs.map((p) => p.id),
          ),
        )
        .orderBy(asc(shipmentPackageContents.id))
    : []
  const orderIds = s.shipment.waveId
    ? (await db.select({ id: salesOrders.id }).from(salesOrders).where(eq(salesOrders.waveId, s.shipment.waveId))).map((o) => o.id)
    : [s.shipment.orderId as number]
  const orders = await db
    .select({ id: salesOrders.id, code: salesOrders.code, status: salesOrders.status })
    .from(salesOrders)
    .where(inArray(salesOrders.id, orderIds))
    .orderBy(asc(salesOrders.id))
  return {
    id: s.shipment.id,
    order: s.shipment.orderId,
    wave: s.shipment.waveId,
    carrier: s.carrier,
    tracking_reference: s.shipment.trackingReference,
    idempotency_key: s.shipment.idempotencyKey,
    booked_at: s.shipment.bookedAt.toISOString(),
    booked_by: s.shipment.bookedById ? { id: s.shipment.bookedById, username: s.bookedBy as string } : null,
    orders,
    picks: picks.map(({ pick, productCode, locationCode, orderId }) => ({
      id: pick.id,
      line: pick.orderLineId,
      order: orderId,
      stock_line: pick.stockLineId,
      product: { id: pick.productId, code: productCode },
      location: pick.locationId ? { id: pick.locationId, code: locationCode as string } : null,
      lot: pick.lot,
      qty: pick.qty,
    })),
    packages: pkgs.map((p) => ({ id: p.id, code: p.code, contents: contents.filter((c) => c.packageId === p.id).map((c) => ({ line: c.orderLineId, qty: c.qty })) })),
  }
}

const orderWaves = alias(waves, 'order_wave')
const orderCarriers = alias(carriers, 'order_carrier')
export const orderRowSelect = {
  id: salesOrders.id,
  code: salesOrders.code,
  externalId: salesOrders.externalId,
  status: salesOrders.status,
  customer: { id: customers.id, code: customers.code, name: customers.name },
  warehouse: { id: warehouses.id, code: warehouses.code },
  wave: { id: orderWaves.id, code: orderWaves.code },
  carrier: { id: orderCarriers.id, code: orderCarriers.code, name: orderCarriers.name },
  shipDate: salesOrders.shipDate,
  priority: salesOrders.priority,
  cancelReason: salesOrders.cancelReason,
  createdAt: salesOrders.createdAt,
  shippedAt: salesOrders.shippedAt,
  linesCount: sql<number>`(SELECT count(*)::int FROM ${salesOrderLines} WHERE ${salesOrderLines.orderId} = ${salesOrders.id})`,
}
export const orderRows = (db: DbOrTx) =>
  db
    .select(orderRowSelect)
    .from(salesOrders)
    .innerJoin(customers, eq(customers.id, salesOrders.customerId))
    .innerJoin(warehouses, eq(warehouses.id, salesOrders.warehouseId))
    .leftJoin(orderWaves, eq(orderWaves.id, salesOrders.waveId))
    .leftJoin(orderCarriers, eq(orderCarriers.id, salesOrders.carrierId))
    .$dynamic()
export const orderCount = (db: DbOrTx) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(salesOrders)
    .innerJoin(customers, eq(customers.id, salesOrders.customerId))
    .$dynamic()
type OrderRow = Awaited<ReturnType<ReturnType<typeof orderRows>['execute']>>[number]
export const serializeOrderRow = (r: OrderRow) => ({
  id: r.id,
  code: r.code,
  external_id: r.externalId,
  status: r.status,
  customer: r.customer,
  warehouse: r.warehouse,
  wave: r.wave,
  carrier: r.carrier,
  ship_date: r.shipDate,
  priority: r.priority,
  lines_count: Number(r.linesCount),
  cancel_reason: r.cancelReason,
  created_at: r.createdAt.toISOString(),
  shipped_at: r.shippedAt?.toISOString() ?? null,
})

async function orderLinesOf(db: DbOrTx, orderIds: number[]) {
  if (!orderIds.length) return []
  const rows = await db
    .select({ line: salesOrderLines, code: products.code, name1: products.name1, uom: uoms.code })
    .from(salesOrderLines)
    .innerJoin(products, eq(products.id, salesOrderLines.productId))
    .innerJoin(uoms, eq(uoms.id, products.uomId))
    .where(inArray(salesOrderLines.orderId, orderIds))
    .orderBy(asc(salesOrderLines.id))
  return rows.map(({ line, code, name1, uom }) => ({
    id: line.id,
    order: line.orderId,
    product: { id: line.productId, code, name1, uom },
    qty: line.qty,
    shipped_qty: line.shippedQty,
    remaining: fromMilli(remainingOf(line)),
  }))
}

/** Orders as the API lists them, with their lines: what `order.created` and `order.shipped` carry (docs/requirements.md §6). */
export async function orderEventPayloads(db: DbOrTx, companyId: number, ids: number[]) {
  if (!ids.length) return new Map<number, ReturnType<typeof serializeOrderRow> & { lines: Awaited<ReturnType<typeof orderLinesOf>> }>()
  const rows = await orderRows(db).where(and(eq(salesOrders.companyId, companyId), inArray(salesOrders.id, ids)))
  const lines = await orderLinesOf(db, ids)
  return new Map(rows.map((r) => [r.id, { ...serializeOrderRow(r), lines: lines.filter((l) => l.order === r.id) }]))
}

export async function orderDetail(db: DbOrTx, user: AuthUser, id: number) {
  const [row] = await orderRows(db)
    .where(and(eq(salesOrders.id, id), eq(salesOrders.companyId, user.companyId)))
    .limit(1)
  if (!row) throw notFound('No such record.')
  const shipmentIds = (
    await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.companyId, user.companyId), sql`(${shipments.orderId} = ${id} OR ${shipments.waveId} = ${row.wave?.id ?? -1})`))
      .orderBy(asc(shipments.id))
  ).map((s) => s.id)
  const [saved] = await db.select({ draft: salesOrders.draft, at: salesOrders.draftUpdatedAt }).from(salesOrders).where(eq(salesOrders.id, id))
  const [waveSaved] = row.wave?.id ? await db.select({ draft: waves.draft, status: waves.status }).from(waves).where(eq(waves.id, row.wave.id)) : []
  const [customer] = await db.select({ minShelfLifeDays: customers.minShelfLifeDays }).from(customers).where(eq(customers.id, row.customer.id))
  return {
    ...serializeOrderRow(row),
    // SPEC 12.6: the order shows what the wizard will hold it to
    customer: { ...row.customer, min_shelf_life_days: customer?.minShelfLifeDays ?? null },
    // picking has not started (SPEC 12.6) and its wave is not released (SPEC 19.3: its stock is reserved, its tasks
    // made): the office may still change or cancel it
    editable: row.status === 'open' && !picking(saved.draft) && !picking(waveSaved?.draft) && waveSaved?.status !== 'released',
    draft: saved.draft ?? null,
    draft_updated_at: saved.at?.toISOString() ?? null,
    lines: await orderLinesOf(db, [id]),
    shipments: await Promise.all(shipmentIds.map((s) => shipmentView(db, s))),
  }
}

export const waveRows = (db: DbOrTx) =>
  db
    .select({
      id: waves.id,
      code: waves.code,
      status: waves.status,
      warehouse: { id: warehouses.id, code: warehouses.code },
      createdAt: waves.createdAt,
      shippedAt: waves.shippedAt,
      cancelReason: waves.cancelReason,
      ordersCount: sql<number>`(SELECT count(*)::int FROM ${salesOrders} WHERE ${salesOrders.waveId} = ${waves.id})`,
    })
    .from(waves)
    .innerJoin(warehouses, eq(warehouses.id, waves.warehouseId))
    .$dynamic()
type WaveRow = Awaited<ReturnType<ReturnType<typeof waveRows>['execute']>>[number]
export const serializeWaveRow = (r: WaveRow) => ({
  id: r.id,
  code: r.code,
  status: r.status,
  warehouse: r.warehouse,
  orders_count: Number(r.ordersCount),
  cancel_reason: r.cancelReason,
  created_at: r.createdAt.toISOString(),
  shipped_at: r.shippedAt?.toISOString() ?? null,
})

export async function waveDetail(db: DbOrTx, user: AuthUser, id: number) {
  const [row] = await waveRows(db)
    .where(and(eq(waves.id, id), eq(waves.companyId, user.companyId)))
    .limit(1)
  if (!row) throw notFound('No such record.')
  const orders = await orderRows(db).where(eq(salesOrders.waveId, id)).orderBy(asc(salesOrders.id))
  const lines = await orderLinesOf(
    db,
    orders.map((o) => o.id),
  )
  const shipmentIds = (await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.waveId, id)).orderBy(asc(shipments.id))).map((s) => s.id)
  const [saved] = await db.select({ draft: waves.draft, at: waves.draftUpdatedAt }).from(waves).where(eq(waves.id, id))
  return {
    ...serializeWaveRow(row),
    editable: row.status === 'open' && !picking(saved.draft),
    draft: saved.draft ?? null,
    draft_updated_at: saved.at?.toISOString() ?? null,
    orders: orders.map((o) => ({ ...serializeOrderRow(o), lines: lines.filter((l) => l.order === o.id) })),
    shipments: await Promise.all(shipmentIds.map((s) => shipmentView(db, s))),
  }
}
