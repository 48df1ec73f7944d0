import { sql } from 'drizzle-orm'
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { products } from './catalog'
import { companies, locations, warehouses } from './core'
import { salesOrderLines, salesOrders, waves } from './documents'
import { tasks } from './tasks'
import { users } from './users'
import { ORDER_RESERVATION_STATUSES, PICK_BATCH_STATUSES } from '../../../contracts/shipping/shipping.rules'

/**
 * A released wave's picking (docs/requirements.md §19.3), owned by shipping (ADR 0009): the batches a wave's orders are
 * split into (one cart, one order per tote) and the stock each order line holds reserved until it ships.
 */

const id = () => integer().primaryKey().generatedByDefaultAsIdentity()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export { ORDER_RESERVATION_STATUSES, PICK_BATCH_STATUSES }

/** A cart's worth of a released wave: its tasks (tasks.batch_id) are the stops in path order; taken as one (§19.4). */
export const pickBatches = pgTable(
  'pick_batches',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
    waveId: integer('wave_id').notNull().references(() => waves.id),
    code: text().notNull(),
    totes: integer().notNull(),
    status: text({ enum: PICK_BATCH_STATUSES }).notNull().default('open'),
    assigneeId: integer('assignee_id').references(() => users.id),
    // the cart carrying the batch's totes (§19.5): one live batch per cart
    cart: text(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('pick_batches_totes_ck', sql`${t.totes} > 0`),
    uniqueIndex('pick_batches_company_code_uq').on(t.companyId, t.code),
    index('pick_batches_wave_idx').on(t.waveId),
    index('pick_batches_company_status_idx').on(t.companyId, t.status, t.id),
    uniqueIndex('pick_batches_live_cart_uq').on(t.companyId, sql`upper(${t.cart})`).where(sql`${t.cart} IS NOT NULL AND ${t.status} IN ('open', 'in_progress')`),
  ],
)

/**
 * Stock a released order line holds (the stock line's reserved_qty counts it): where, how much, the pick task that
 * takes it, its batch and the order's tote on the cart.
 */
export const orderReservations = pgTable(
  'order_reservations',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => salesOrders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => salesOrderLines.id, { onDelete: 'cascade' }),
    // no foreign key: a line the pick empties is deleted, its history stays in the ledger
    stockLineId: integer('stock_line_id').notNull(),
    productId: integer('product_id').notNull().references(() => products.id),
    locationId: integer('location_id').notNull().references(() => locations.id),
    lot: text(),
    qty: numeric({ precision: 14, scale: 3 }).notNull(),
    status: text({ enum: ORDER_RESERVATION_STATUSES }).notNull().default('active'),
    taskId: integer('task_id').references(() => tasks.id),
    batchId: integer('batch_id').references(() => pickBatches.id),
    tote: integer(),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('order_reservations_qty_ck', sql`${t.qty} > 0`),
    index('order_reservations_order_idx').on(t.orderId),
    index('order_reservations_line_idx').on(t.stockLineId).where(sql`${t.status} = 'active'`),
    index('order_reservations_task_idx').on(t.taskId),
    index('order_reservations_batch_idx').on(t.batchId),
  ],
)
