import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { COUNT_LOCATION_STATUSES, COUNT_PLAN_STATUSES, MOVE_REASONS, STOCK_STATUSES } from '../../../contracts/inventory/inventory.rules'
import { products } from './catalog'
import { companies, locations, warehouses } from './core'
import { tasks } from './tasks'
import { users } from './users'

const id = () => integer().primaryKey().generatedByDefaultAsIdentity()
const qty = (name: string) => numeric(name, { precision: 14, scale: 3 })

/**
 * A stock line: a quantity of one product, in one location, with its lot, pallet and owner (SPEC 3 "Stock item").
 * Written only by server/modules/inventory/stock.service.ts, which records every change in stock_moves.
 * Every search and ordering the stock API offers has an index (STACK: on 1,000,000 lines an unindexed sort costs 100-250 ms).
 */
export const stockLines = pgTable(
  'stock_lines',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    productId: integer('product_id').notNull().references(() => products.id),
    locationId: integer('location_id').notNull().references(() => locations.id),
    lot: text(),
    palletCode: text('pallet_code'),
    sscc: text(),
    // exact decimals, never floats
    qty: qty('qty').notNull(),
    reservedQty: qty('reserved_qty').notNull().default('0'),
    uom: text().notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    ownerName: text('owner_name'),
    // Sort keys copied from the product and location when the line is written (by the stock service): ordering a
    // million lines by product code or location code needs them in this table's indexes; a join can't use an index
    // for ORDER BY ... LIMIT and sorts every line (2.5 s measured). Displayed values still come from the joins.
    productCode: text('product_code'),
    productName1: text('product_name1'),
    locationCode: text('location_code'),
    // optimistic concurrency: bumped on every change; a caller passing a stale version gets 409
    version: integer().notNull().default(1),
    // only available stock is suggested, reserved or picked (SPEC 10.7); changed by block/release, recorded in the ledger
    status: text({ enum: STOCK_STATUSES }).notNull().default('available'),
    statusReason: text('status_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_lines_qty_ck', sql`${t.qty} >= 0`),
    check('stock_lines_reserved_ck', sql`${t.reservedQty} >= 0 AND ${t.reservedQty} <= ${t.qty}`),
    // lookups by product / location (scan, search through products and locations, merge on receipt and move)
    index('stock_lines_product_idx').on(t.companyId, t.productId, t.id),
    index('stock_lines_location_idx').on(t.companyId, t.locationId, t.productId),
    // orderings: (company, column, id) matches ORDER BY column, id (ascending) and, scanned backwards,
    // ORDER BY column DESC, id DESC (the stock list breaks ties in the direction of the sort)
    index('stock_lines_company_id_idx').on(t.companyId, t.id),
    index('stock_lines_product_code_idx').on(t.companyId, t.productCode, t.locationCode, t.id),
    index('stock_lines_product_name_idx').on(t.companyId, t.productName1, t.id),
    index('stock_lines_location_code_idx').on(t.companyId, t.locationCode, t.id),
    index('stock_lines_qty_idx').on(t.companyId, t.qty, t.id),
    index('stock_lines_reserved_idx').on(t.companyId, t.reservedQty, t.id),
    index('stock_lines_lot_idx').on(t.companyId, t.lot, t.id),
    index('stock_lines_pallet_idx').on(t.companyId, t.palletCode, t.id),
    index('stock_lines_sscc_idx').on(t.companyId, t.sscc),
    index('stock_lines_uom_idx').on(t.companyId, t.uom, t.id),
    index('stock_lines_expiry_idx').on(t.companyId, t.expiryDate, t.id),
    index('stock_lines_owner_idx').on(t.companyId, t.ownerName, t.id),
    // the stock list's status filter (blocked/quarantined lines are few: a short range)
    index('stock_lines_status_idx').on(t.companyId, t.status, t.id),
    // ILIKE '%..%' searches (pg_trgm on both drivers). Without GIN's pending list (fastupdate): every search reads
    // the whole list, up to 4 MB of lines changed since the last vacuum; 1,000 changed lines made each probe of the
    // pallet index take 4.6 ms instead of a few tenths (ADR 0003, amended 2026-12-01). A line write pays instead.
    index('stock_lines_lot_trgm').using('gin', sql`${t.lot} gin_trgm_ops`).with({ fastupdate: false }),
    index('stock_lines_pallet_trgm').using('gin', sql`${t.palletCode} gin_trgm_ops`).with({ fastupdate: false }),
  ],
)

// block/release change a line's status: the ledger row goes from the line to the same line (qty nets to zero)
export const STOCK_MOVE_REASONS = MOVE_REASONS
export type StockMoveReason = (typeof STOCK_MOVE_REASONS)[number]

/**
 * The stock ledger: one row per change of stock. For every line, qty = Σ qty of moves into it − Σ qty of moves out of it.
 * Line ids are kept without foreign keys: a line that reaches zero is deleted, its history stays.
 */
export const stockMoves = pgTable(
  'stock_moves',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    productId: integer('product_id').notNull().references(() => products.id),
    lot: text(),
    palletCode: text('pallet_code'),
    sscc: text(),
    fromLocationId: integer('from_location_id').references(() => locations.id),
    toLocationId: integer('to_location_id').references(() => locations.id),
    fromLineId: integer('from_line_id'),
    toLineId: integer('to_line_id'),
    qty: qty('qty').notNull(),
    reason: text({ enum: STOCK_MOVE_REASONS }).notNull(),
    reference: text().notNull().default(''),
    // an adjustment's reason code (damaged, found, ...) or a block's status; the user's words in note
    reasonCode: text('reason_code'),
    note: text().notNull().default(''),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_moves_qty_ck', sql`${t.qty} > 0`),
    check('stock_moves_side_ck', sql`${t.fromLineId} IS NOT NULL OR ${t.toLineId} IS NOT NULL`),
    index('stock_moves_from_line_idx').on(t.fromLineId),
    index('stock_moves_to_line_idx').on(t.toLineId),
    // the ledger list (GET /inventory/moves/) is newest first, ORDER BY created_at DESC, id DESC: each filter has an
    // index ending in (created_at, id), so a filtered first page is an index range read backwards (ADR 0003)
    index('stock_moves_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('stock_moves_product_idx').on(t.companyId, t.productId, t.createdAt, t.id),
    index('stock_moves_lot_idx').on(t.companyId, t.lot, t.createdAt, t.id),
    index('stock_moves_pallet_idx').on(t.companyId, t.palletCode, t.createdAt, t.id),
    index('stock_moves_sscc_idx').on(t.companyId, t.sscc, t.createdAt, t.id),
    index('stock_moves_from_location_idx').on(t.companyId, t.fromLocationId, t.createdAt, t.id),
    index('stock_moves_to_location_idx').on(t.companyId, t.toLocationId, t.createdAt, t.id),
    index('stock_moves_user_idx').on(t.companyId, t.userId, t.createdAt, t.id),
    index('stock_moves_reason_idx').on(t.companyId, t.reason, t.createdAt, t.id),
    index('stock_moves_reference_idx').on(t.companyId, t.reference, t.createdAt, t.id),
  ],
)

/**
 * Ledger rows per company and UTC day, maintained by the stock service in the same transaction as the move: the
 * unfiltered ledger and a date-range filter count from here instead of counting millions of moves (ADR 0003, 0011).
 * A day is spread over MOVE_COUNTER_SLOTS rows (`slot`, chosen by the database connection), so concurrent moves of one
 * company do not queue on one row until they commit (ADR 0011, amended 2026-12-02); readers sum the slots.
 */
export const stockMoveDayCounters = pgTable(
  'stock_move_day_counters',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    day: date({ mode: 'string' }).notNull(),
    slot: smallint().notNull().default(0),
    moves: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.slot] })],
)

/** How many rows a company's day of ledger counts is spread over (stockMoveDayCounters.slot). */
export const MOVE_COUNTER_SLOTS = 16

/** Inventory settings per company (SPEC 10.1); a company without a row has the defaults. */
export const inventorySettings = pgTable('inventory_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  nearExpiryDays: integer('near_expiry_days').notNull().default(30),
  countTolerancePercent: numeric('count_tolerance_percent', { precision: 6, scale: 3 }).notNull().default('0'),
  countToleranceQty: qty('count_tolerance_qty').notNull().default('0'),
  blindCounts: boolean('blind_counts').notNull().default(true),
  blindReceiving: boolean('blind_receiving').notNull().default(true),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A cycle count (SPEC 10.9): a set of locations (and optionally products) to count. */
export const countPlans = pgTable(
  'count_plans',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    name: text().notNull().default(''),
    status: text({ enum: COUNT_PLAN_STATUSES }).notNull().default('open'),
    blind: boolean().notNull().default(true),
    // counted only these products (empty: everything in the locations)
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('count_plans_company_idx').on(t.companyId, t.createdAt)],
)

/** One location of a count plan, with its open task and where its review stands. */
export const countLocations = pgTable(
  'count_locations',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    planId: integer('plan_id').notNull().references(() => countPlans.id),
    locationId: integer('location_id').notNull().references(() => locations.id),
    status: text({ enum: COUNT_LOCATION_STATUSES }).notNull().default('pending'),
    round: integer().notNull().default(0),
    taskId: integer('task_id').references(() => tasks.id),
    countedBy: integer('counted_by').references(() => users.id),
    countedAt: timestamp('counted_at', { withTimezone: true }),
    previousCountedBy: integer('previous_counted_by').references(() => users.id),
    // the last ledger row when the count was taken: moves after it are "moves since" (not overwritten)
    snapshotMoveId: integer('snapshot_move_id'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewNote: text('review_note').notNull().default(''),
  },
  (t) => [uniqueIndex('count_locations_plan_location_uq').on(t.planId, t.locationId), index('count_locations_task_idx').on(t.taskId)],
)

/**
 * What a count found, one row per product/lot/pallet per round: each system line of the location (counted 0 when
 * not found) and each thing found where the system had none (stock_line_id null). snapshot = the line's quantity
 * when the count was taken; variance = counted − snapshot.
 */
export const countEntries = pgTable(
  'count_entries',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    countLocationId: integer('count_location_id')
      .notNull()
      .references(() => countLocations.id),
    round: integer().notNull(),
    productId: integer('product_id').notNull().references(() => products.id),
    lot: text(),
    palletCode: text('pallet_code'),
    sscc: text(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    stockLineId: integer('stock_line_id'),
    snapshotQty: qty('snapshot_qty').notNull(),
    countedQty: qty('counted_qty').notNull(),
  },
  (t) => [index('count_entries_location_idx').on(t.countLocationId, t.round)],
)

/**
 * Lines per company, maintained by the stock service in the same transaction as the insert or delete of a line,
 * so the unfiltered stock list can say how many lines there are without counting a million rows
 * (docs/decisions/0003-counting-big-tables.md).
 */
export const stockLineCounters = pgTable('stock_line_counters', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  lines: integer().notNull().default(0),
})

/**
 * Lines per product, maintained with stock_line_counters (same transaction, same rule). A search that matches
 * products counts their lines from here and pages through them product by product, so a name word matching
 * 25,000 of a million lines costs what it costs on ten thousand (docs/decisions/0003-counting-big-tables.md).
 */
export const stockProductCounters = pgTable(
  'stock_product_counters',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    // no foreign key: a derived figure must not keep a product from being deleted (a row at 0 is harmless)
    productId: integer('product_id').notNull(),
    lines: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.productId] })],
)

/** How a pick face is refilled: the unit a replenishment moves in whole numbers of (docs/requirements.md §20.1). */
export const REPLENISH_UNITS = ['unit', 'pack', 'layer', 'pallet'] as const

/**
 * A pick face (docs/requirements.md §20.1): a location × product picked from, with the minimum that calls for a refill
 * and the maximum it holds (the face's capacity), in the product's unit, and the replenishment unit: a refill moves
 * whole units of `replenish_qty` (a pack's, a layer's or a pallet's quantity) from reserve stock, never above the
 * maximum. Owned by inventory (ADR 0009); its warehouse is its location's.
 */
export const pickFaces = pgTable(
  'pick_faces',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
    locationId: integer('location_id').notNull().references(() => locations.id),
    productId: integer('product_id').notNull().references(() => products.id),
    minQty: qty('min_qty').notNull(),
    maxQty: qty('max_qty').notNull(),
    replenishUnit: text('replenish_unit', { enum: REPLENISH_UNITS }).notNull().default('unit'),
    replenishQty: qty('replenish_qty').notNull().default('1'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pick_faces_min_ck', sql`${t.minQty} >= 0`),
    check('pick_faces_max_ck', sql`${t.maxQty} > 0 AND ${t.maxQty} >= ${t.minQty}`),
    check('pick_faces_replenish_qty_ck', sql`${t.replenishQty} > 0`),
    uniqueIndex('pick_faces_location_product_uq').on(t.companyId, t.locationId, t.productId),
    index('pick_faces_product_idx').on(t.companyId, t.productId),
    index('pick_faces_warehouse_idx').on(t.companyId, t.warehouseId, t.id),
  ],
)

/** What asked for a refill (docs/requirements.md §20.2). */
export const REPLENISHMENT_TRIGGERS = ['min', 'sweep', 'wave'] as const

/**
 * A refill of a pick face (docs/requirements.md §20.2): the replenishment task (tasks.type 'replenishment') and what
 * it was planned to bring, from which reserve line. Open while its task is neither done nor cancelled: a face has at
 * most one open refill (checked under the face's row lock).
 */
export const replenishments = pgTable(
  'replenishments',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    faceId: integer('face_id')
      .notNull()
      .references(() => pickFaces.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    // no foreign key: the reserve line may be emptied and deleted; the ledger keeps its history
    sourceLineId: integer('source_line_id').notNull(),
    sourceLocationId: integer('source_location_id')
      .notNull()
      .references(() => locations.id),
    qty: qty('qty').notNull(),
    trigger: text({ enum: REPLENISHMENT_TRIGGERS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('replenishments_qty_ck', sql`${t.qty} > 0`), index('replenishments_face_idx').on(t.faceId), index('replenishments_task_idx').on(t.taskId)],
)

/**
 * The scheduled replenishment sweep per company (docs/requirements.md §20.2): every `every_minutes` a job of the one
 * queue (ADR 0017, kind `replenishment.sweep`) runs the sweep and queues the next run. `next_at` is the run the live
 * chain of jobs is due for: a job whose due time is not it (an earlier schedule, a run repeated after a lost lease) does
 * nothing, so a company has one chain. Owned by the inventory module (server/modules/inventory/replenishment-schedule.ts).
 */
export const replenishmentSchedules = pgTable(
  'replenishment_schedules',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id),
    everyMinutes: integer('every_minutes'),
    nextAt: timestamp('next_at', { withTimezone: true }),
    lastAt: timestamp('last_at', { withTimezone: true }),
    lastTasks: integer('last_tasks'),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('replenishment_schedules_every_ck', sql`${t.everyMinutes} IS NULL OR ${t.everyMinutes} BETWEEN 5 AND 1440`)],
)

/**
 * The last slotting result per warehouse (docs/requirements.md §20.4): the GET answers it at once, the run replaces it.
 * Owned by the inventory module (server/modules/inventory/slotting.ts).
 */
export const slottingResults = pgTable(
  'slotting_results',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
    days: integer().notNull(),
    result: jsonb().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('slotting_results_warehouse_uq').on(t.companyId, t.warehouseId)],
)
