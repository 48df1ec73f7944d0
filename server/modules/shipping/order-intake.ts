/** Sales orders taken in from other systems by `external_id`, one or up to a thousand a request (docs/requirements.md §7.1). */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { salesOrderBody } from '../../../contracts/shipping/shipping.contract'
import type { BulkIntakeItem } from '../../../contracts/intake/intake.contract'
import type { DbOrTx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { warehouses } from '../../db/schema/core'
import { salesOrderLines, salesOrders } from '../../db/schema/documents'
import { carriers, customers } from '../../db/schema/partners'
import type { AuthUser } from '../../http/context'
import { addFieldError, type FieldErrors } from '../../http/errors'
import { type IntakeAdapter, intakeDocuments, type KnownDocument } from '../../kernel/intake'
import { fromMilli, toMilli } from '../../kernel/qty-math'
import { resolveWarehouse } from '../../kernel/warehouse-scope'
import { recordAuditMany } from '../audit/audit.service'
import { type CreateOrderInput, emitOrderEvents, SALES_ORDER_ENTITY, updateSalesOrder } from './sales-orders'

type Content = { code: string; customer: number; carrier: number | null; warehouse: number; ship_date: string | null; priority: number; lines: { product: number; qty: string }[] }

/** Stable content: line order and decimal spelling ("5", "5.000") make no difference. */
function fingerprint(c: Content): string {
  const lines = c.lines.map((l) => [l.product, fromMilli(toMilli(l.qty))] as const).sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]))
  return JSON.stringify([c.code, c.customer, c.carrier, c.warehouse, c.ship_date, c.priority, lines])
}

const ids = <T>(rows: T[], pick: (r: T) => number | null | undefined) => [...new Set(rows.map(pick).filter((v): v is number => v != null))]

/** Per request: the default warehouse, and every warehouse, customer, carrier and product named, in one query each. */
async function references(db: DbOrTx, user: AuthUser, bodies: CreateOrderInput[]) {
  const byId = async <T extends { id: number }>(list: number[], q: (list: number[]) => Promise<T[]>) => new Set((list.length ? await q(list) : []).map((r) => r.id))
  const company = user.companyId
  const [whs, custs, cars, prods] = await Promise.all([
    byId(ids(bodies, (b) => b.warehouse), (l) => db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.companyId, company), inArray(warehouses.id, l)))),
    byId(ids(bodies, (b) => b.customer), (l) => db.select({ id: customers.id }).from(customers).where(and(eq(customers.companyId, company), inArray(customers.id, l)))),
    byId(ids(bodies, (b) => b.carrier), (l) => db.select({ id: carriers.id }).from(carriers).where(and(eq(carriers.companyId, company), inArray(carriers.id, l)))),
    byId([...new Set(bodies.flatMap((b) => b.lines.map((l) => l.product)))], (l) => db.select({ id: products.id }).from(products).where(and(eq(products.companyId, company), inArray(products.id, l)))),
  ])
  let defaultWarehouse: number | null = null
  if (bodies.some((b) => b.warehouse == null)) defaultWarehouse = await resolveWarehouse(db, user, null).catch(() => null)
  const warehouseOf = (b: CreateOrderInput) => (b.warehouse != null ? b.warehouse : defaultWarehouse)
  const invalid = (id: number) => `Invalid pk "${id}" - object does not exist.`
  return {
    warehouseOf,
    check(b: CreateOrderInput): FieldErrors | null {
      const e: FieldErrors = {}
      if (b.warehouse != null && !whs.has(b.warehouse)) addFieldError(e, 'warehouse', invalid(b.warehouse))
      if (b.warehouse == null && defaultWarehouse === null) addFieldError(e, 'warehouse', 'This field is required.')
      if (!custs.has(b.customer)) addFieldError(e, 'customer', invalid(b.customer))
      if (b.carrier != null && !cars.has(b.carrier)) addFieldError(e, 'carrier', invalid(b.carrier))
      b.lines.forEach((l, i) => {
        if (!prods.has(l.product)) addFieldError(e, 'lines', `Line ${i + 1}: Invalid pk "${l.product}" - object does not exist.`)
      })
      return Object.keys(e).length ? e : null
    },
    fingerprint: (b: CreateOrderInput) =>
      fingerprint({ code: b.code, customer: b.customer, carrier: b.carrier ?? null, warehouse: warehouseOf(b) as number, ship_date: b.ship_date ?? null, priority: b.priority ?? 0, lines: b.lines }),
  }
}

export const orderIntake: IntakeAdapter<CreateOrderInput> = {
  schema: salesOrderBody,
  key: (b) => b.external_id as string,
  codeTaken: 'A sales order with this code already exists.',
  prepare: references,
  async known(db, user, bodies) {
    const out = new Map<string, KnownDocument>()
    const external = bodies.map((b) => b.external_id as string)
    if (!external.length) return out
    const orders = await db
      .select()
      .from(salesOrders)
      .where(and(eq(salesOrders.companyId, user.companyId), inArray(salesOrders.externalId, external)))
    if (!orders.length) return out
    const lines = await db
      .select({ orderId: salesOrderLines.orderId, product: salesOrderLines.productId, qty: salesOrderLines.qty })
      .from(salesOrderLines)
      .where(inArray(salesOrderLines.orderId, orders.map((o) => o.id)))
      .orderBy(asc(salesOrderLines.id))
    for (const o of orders) {
      const content = { code: o.code, customer: o.customerId, carrier: o.carrierId, warehouse: o.warehouseId, ship_date: o.shipDate, priority: o.priority, lines: lines.filter((l) => l.orderId === o.id) }
      out.set(o.externalId as string, { id: o.id, fingerprint: fingerprint(content) })
    }
    return out
  },
  async takenCodes(db, user, codes) {
    if (!codes.length) return new Set()
    const rows = await db.select({ code: salesOrders.code }).from(salesOrders).where(and(eq(salesOrders.companyId, user.companyId), inArray(salesOrders.code, codes)))
    return new Set(rows.map((r) => r.code))
  },
  // docs/requirements.md §7.1: an order's work has started once it left "open" or the wizard saved a pick (updateSalesOrder refuses 409)
  update: (db, user, id, b, refs) =>
    updateSalesOrder(db, user, id, { code: b.code, customer: b.customer, carrier: b.carrier ?? null, warehouse: refs.warehouseOf(b), ship_date: b.ship_date ?? null, priority: b.priority ?? 0, lines: b.lines }),
  async insert(db, user, bodies, refs) {
    const out = new Map<string, number>()
    // parameters per statement are limited (65,535): 9 a header, 4 a line
    for (let i = 0; i < bodies.length; i += 2000) {
      const part = bodies.slice(i, i + 2000)
      const rows = await db
        .insert(salesOrders)
        .values(
          part.map((b) => ({
            companyId: user.companyId,
            warehouseId: refs.warehouseOf(b) as number,
            customerId: b.customer,
            carrierId: b.carrier ?? null,
            code: b.code,
            externalId: b.external_id,
            shipDate: b.ship_date ?? null,
            priority: b.priority ?? 0,
            createdById: user.id,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: salesOrders.id, externalId: salesOrders.externalId })
      for (const r of rows) out.set(r.externalId as string, r.id)
    }
    const inserted = bodies.filter((b) => out.has(b.external_id as string))
    const lineRows = inserted.flatMap((b) => b.lines.map((l) => ({ companyId: user.companyId, orderId: out.get(b.external_id as string) as number, productId: l.product, qty: l.qty })))
    for (let i = 0; i < lineRows.length; i += 10_000) await db.insert(salesOrderLines).values(lineRows.slice(i, i + 10_000))
    await emitOrderEvents(
      db,
      user.companyId,
      'order.created',
      inserted.map((b) => out.get(b.external_id as string) as number),
    )
    await recordAuditMany(
      db,
      { companyId: user.companyId, userId: user.id, apiKeyId: user.apiKey?.id },
      inserted.map((b) => ({
        entity: SALES_ORDER_ENTITY,
        entityId: out.get(b.external_id as string) as number,
        action: 'create' as const,
        changes: {
          code: b.code,
          external_id: b.external_id,
          customer: b.customer,
          carrier: b.carrier ?? null,
          warehouse: refs.warehouseOf(b),
          ship_date: b.ship_date ?? null,
          priority: b.priority ?? 0,
          lines: b.lines.map((l) => ({ product: l.product, qty: fromMilli(toMilli(l.qty)) })),
        },
      })),
    )
    return out
  },
}

export const intakeSalesOrders = (db: DbOrTx, user: AuthUser, items: unknown[]): Promise<BulkIntakeItem[]> => intakeDocuments(db, user, orderIntake, items)
