import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { products } from './catalog'
import { companies, locations, sites, warehouses } from './core'
import { tasks } from './tasks'
import { users } from './users'
import { COPACK_STATUSES, type CopackStatus, RESERVATION_STATUSES, type ReservationStatus } from '../../../contracts/copack/copack.rules'

const id = () => integer().primaryKey().generatedByDefaultAsIdentity()
const qty = (name: string) => numeric(name, { precision: 14, scale: 3 })
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * A bill of materials as a document (SPEC 12.7): the product it makes, whether it is in use. One per product and
 * company; deactivated, never deleted (ADR 0016). Its components are the `bills_of_materials` rows.
 */
export const boms = pgTable(
  'boms',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    productId: integer('product_id').notNull().references(() => products.id),
    isActive: boolean('is_active').notNull().default(true),
    // the current revision: 1 when created, +1 on every change of its components (ADR 0016)
    revision: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('boms_company_product_uq').on(t.companyId, t.productId)],
)

/** A bill of materials, one row per component: making one unit of the result takes `qty_per_unit` of the component. */
export const billsOfMaterials = pgTable(
  'bills_of_materials',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    bomId: integer('bom_id')
      .notNull()
      .references(() => boms.id),
    resultProductId: integer('result_product_id').notNull().references(() => products.id),
    componentProductId: integer('component_product_id').notNull().references(() => products.id),
    qtyPerUnit: qty('qty_per_unit').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('bills_of_materials_qty_ck', sql`${t.qtyPerUnit} > 0`),
    check('bills_of_materials_self_ck', sql`${t.resultProductId} <> ${t.componentProductId}`),
    uniqueIndex('bills_of_materials_result_component_uq').on(t.companyId, t.resultProductId, t.componentProductId),
    index('bills_of_materials_component_idx').on(t.componentProductId),
    index('bills_of_materials_bom_idx').on(t.bomId),
  ],
)

// SPEC 4: DRAFT → RESERVED (reserve) → IN_PROGRESS (a pick task started) → COMPLETED; DRAFT/RESERVED/IN_PROGRESS → CANCELLED
export { COPACK_STATUSES, type CopackStatus, RESERVATION_STATUSES, type ReservationStatus }

/** A co-packing order (SPEC 3 "Copack order"). */
export const copackOrders = pgTable(
  'copack_orders',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    siteId: integer('site_id').notNull().references(() => sites.id),
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
    code: text().notNull(),
    status: text({ enum: COPACK_STATUSES }).notNull().default('DRAFT'),
    resultProductId: integer('result_product_id').notNull().references(() => products.id),
    resultQty: qty('result_qty').notNull().default('1'),
    // the bill of materials' revision the order's components were copied from (copack_order_components); null while
    // its product had no active bill of materials (ADR 0016)
    bomRevision: integer('bom_revision'),
    // where the result was produced (set on complete)
    producedLocationId: integer('produced_location_id').references(() => locations.id),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    reservedAt: timestamp('reserved_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    check('copack_orders_qty_ck', sql`${t.resultQty} > 0`),
    uniqueIndex('copack_orders_company_code_uq').on(t.companyId, t.code),
    index('copack_orders_company_status_idx').on(t.companyId, t.status, t.id),
    index('copack_orders_company_created_idx').on(t.companyId, t.createdAt),
  ],
)

/**
 * The order's own copy of its bill of materials (ADR 0016): the components and quantities per unit of revision
 * `copack_orders.bom_revision`, copied when the order is created and, while it is a DRAFT, again when the bill changes
 * and when it reserves; frozen from the reserve on. Everything shown for the order reads this, never today's bill.
 */
export const copackOrderComponents = pgTable(
  'copack_order_components',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => copackOrders.id),
    productId: integer('product_id').notNull().references(() => products.id),
    qtyPerUnit: qty('qty_per_unit').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('copack_order_components_qty_ck', sql`${t.qtyPerUnit} > 0`), uniqueIndex('copack_order_components_order_product_uq').on(t.orderId, t.productId)],
)

/**
 * Stock held for a copack order: `qty` of one stock line, counted in that line's reserved_qty while active.
 * The stock line id has no foreign key: a consumed line that reached zero is deleted, the reservation stays as history.
 */
export const copackReservations = pgTable(
  'copack_reservations',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => copackOrders.id),
    stockLineId: integer('stock_line_id').notNull(),
    productId: integer('product_id').notNull().references(() => products.id),
    locationId: integer('location_id').notNull().references(() => locations.id),
    // what the line was when reserved, for the detail page once the line is gone
    lot: text(),
    palletCode: text('pallet_code'),
    expiryDate: date('expiry_date', { mode: 'string' }),
    qty: qty('qty').notNull(),
    status: text({ enum: RESERVATION_STATUSES }).notNull().default('active'),
    // the pick task generated for this reservation
    taskId: integer('task_id').references(() => tasks.id),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('copack_reservations_qty_ck', sql`${t.qty} > 0`),
    index('copack_reservations_order_idx').on(t.orderId),
    index('copack_reservations_line_idx').on(t.stockLineId),
    index('copack_reservations_task_idx').on(t.taskId),
  ],
)
