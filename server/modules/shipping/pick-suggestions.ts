/**
 * The picking step's suggestions (SPEC 2.9): free stock per open line by FEFO. Only what the stock service's
 * fefoEligible() allows (never expired, blocked or quarantined; SPEC 10.4) and, per order, nothing expiring before
 * the customer's minimum shelf life. A released order's line (SPEC 19.3) is offered what was reserved for it first,
 * then free stock for what its reservations do not cover (a short release).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { products, uoms } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { salesOrderLines } from '../../db/schema/documents'
import { stockLines } from '../../db/schema/inventory'
import { orderReservations } from '../../db/schema/picking'
import { FEFO_ORDER, fefoEligible } from '../inventory/stock.service'
import { expiryCompare, shelfLifeFloors } from './fefo-rules'
import type { AuthUser } from '../../http/context'
import { fromMilli, minMilli, toMilli } from '../../kernel/qty-math'
import { remainingOf, type Target, targetOrders } from './shipping-targets'

/** Per open line: what is left to ship and the warehouse's free stock of its product by FEFO, with a suggested quantity per stock line. */
export async function pickSuggestions(db: DbOrTx, user: AuthUser, target: Target) {
  const { orders } = await targetOrders(db, user, target)
  return suggestionsFor(db, user, orders)
}

type OrderRow = Awaited<ReturnType<typeof targetOrders>>['orders'][number]

/**
 * The suggestions for the open ones of `orders`: the stock goes to them in the order given (wave planning gives the
 * most urgent first, SPEC 19.2), each order's lines by id.
 */
export async function suggestionsFor(db: DbOrTx, user: AuthUser, orders: readonly OrderRow[]) {
  const open = orders.filter((o) => o.status === 'open')
  if (!open.length) return []
  const rank = new Map(open.map((o, i) => [o.id, i]))
  const lines = await db
    .select({ line: salesOrderLines, code: products.code, name1: products.name1, uom: uoms.code })
    .from(salesOrderLines)
    .innerJoin(products, eq(products.id, salesOrderLines.productId))
    .innerJoin(uoms, eq(uoms.id, products.uomId))
    .where(
      inArray(
        salesOrderLines.orderId,
        open.map((o) => o.id),
      ),
    )
    .orderBy(asc(salesOrderLines.orderId), asc(salesOrderLines.id))
  lines.sort((a, b) => (rank.get(a.line.orderId) as number) - (rank.get(b.line.orderId) as number) || a.line.id - b.line.id)
  const warehouseIds = [...new Set(open.map((o) => o.warehouseId))]
  const productIds = [...new Set(lines.map((l) => l.line.productId))]
  const stock = productIds.length
    ? await db
        .select({
          id: stockLines.id,
          productId: stockLines.productId,
          uom: stockLines.uom,
          locationId: stockLines.locationId,
          locationCode: locations.code,
          pickSequence: locations.pickSequence,
          warehouseId: locations.warehouseId,
          lot: stockLines.lot,
          palletCode: stockLines.palletCode,
          sscc: stockLines.sscc,
          expiryDate: stockLines.expiryDate,
          available: sql<string>`(${stockLines.qty} - ${stockLines.reservedQty})::text`,
        })
        .from(stockLines)
        .innerJoin(locations, eq(locations.id, stockLines.locationId))
        .where(
          and(
            eq(stockLines.companyId, user.companyId),
            inArray(stockLines.productId, productIds),
            inArray(locations.warehouseId, warehouseIds),
            eq(locations.isActive, true),
            sql`${locations.kind} <> 'quarantine'`,
            // available, not expired, something free (the stock service's one rule); shelf life per order below
            fefoEligible(),
          ),
        )
        .orderBy(...FEFO_ORDER)
    : []
  // what a release reserved for these orders' lines (SPEC 19.3): the line's own stock, whatever else holds the rest
  const reserved = productIds.length
    ? await db
        .select({
          orderLineId: orderReservations.orderLineId,
          qty: orderReservations.qty,
          id: stockLines.id,
          locationId: stockLines.locationId,
          locationCode: locations.code,
          pickSequence: locations.pickSequence,
          lot: stockLines.lot,
          palletCode: stockLines.palletCode,
          sscc: stockLines.sscc,
          expiryDate: stockLines.expiryDate,
        })
        .from(orderReservations)
        .innerJoin(stockLines, eq(stockLines.id, orderReservations.stockLineId))
        .innerJoin(locations, eq(locations.id, stockLines.locationId))
        .where(
          and(
            eq(orderReservations.companyId, user.companyId),
            inArray(
              orderReservations.orderId,
              open.map((o) => o.id),
            ),
            eq(orderReservations.status, 'active'),
          ),
        )
        .orderBy(asc(orderReservations.id))
    : []
  const floors = await shelfLifeFloors(
    db,
    user.companyId,
    open.map((o) => o.customerId),
  )
  // several lines of one product share its stock: suggest each stock line's quantity once
  const left = new Map(stock.map((s) => [s.id, toMilli(s.available)]))
  return lines.map(({ line, code, name1, uom }) => {
    const order = open[rank.get(line.orderId) as number]
    let remaining = remainingOf(line)
    const floor = floors.get(order.customerId) ?? null
    const candidates = stock.filter(
      (s) => s.productId === line.productId && s.uom === uom && s.warehouseId === order.warehouseId && (floor === null || expiryCompare(s.expiryDate, floor) >= 0),
    )
    const own = reserved
      .filter((r) => r.orderLineId === line.id)
      .map((r) => {
        const take = minMilli(toMilli(r.qty), remaining)
        remaining -= take
        return {
          stock_line: r.id,
          location: { id: r.locationId, code: r.locationCode },
          pick_sequence: r.pickSequence,
          lot: r.lot,
          pallet_code: r.palletCode,
          sscc: r.sscc,
          expiry_date: r.expiryDate,
          // what is held for this line on that stock line
          available: fromMilli(toMilli(r.qty)),
          qty: fromMilli(take),
          reserved: true,
        }
      })
    const free = candidates.slice(0, 20).map((s) => {
      const free = left.get(s.id) ?? 0n
      const take = minMilli(free, remaining)
      remaining -= take
      left.set(s.id, free - take)
      return {
        stock_line: s.id,
        location: { id: s.locationId, code: s.locationCode },
        pick_sequence: s.pickSequence,
        lot: s.lot,
        pallet_code: s.palletCode,
        sscc: s.sscc,
        expiry_date: s.expiryDate,
        available: fromMilli(toMilli(s.available)),
        qty: fromMilli(take),
        reserved: false,
      }
    })
    const suggestions = [...own, ...free]
    return {
      line: line.id,
      order: order.id,
      order_code: order.code,
      product: { id: line.productId, code, name1, uom },
      qty: line.qty,
      shipped_qty: line.shippedQty,
      remaining: fromMilli(remainingOf(line)),
      min_expiry_date: floor,
      available: fromMilli(suggestions.reduce((sum, s) => sum + toMilli(s.available), 0n)),
      suggestions,
    }
  })
}
