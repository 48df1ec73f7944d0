import { bigint, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { companies } from './core'

/**
 * The indicators' rollups (docs/requirements.md §21.1): one row per company × UTC hour × warehouse × operator × zone
 * × kind × histogram bucket, kept by database triggers in the same statement as the work they count (the ledger's
 * inserts, the tasks', counts' and orders' state changes; migration 0036), so a 90-day view sums a few thousand rows
 * instead of millions of moves. Unknown warehouse or operator is 0 and unknown zone '' (a primary key has no nulls).
 * `n` counts, `qty` sums quantities, `seconds` sums durations; `bucket` is 0 except for durations, where it is the
 * histogram bucket of DURATION_BUCKET_MINUTES the duration fell in (1-based; the last one is open-ended).
 * Owned by server/modules/analytics (ADR 0009): only its triggers and its rebuild write it.
 */
export const analyticsRollups = pgTable(
  'analytics_rollups',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    hour: timestamp({ withTimezone: true }).notNull(),
    warehouseId: integer('warehouse_id').notNull().default(0),
    operatorId: integer('operator_id').notNull().default(0),
    zone: text().notNull().default(''),
    kind: text().notNull(),
    bucket: smallint().notNull().default(0),
    n: integer().notNull().default(0),
    qty: numeric({ precision: 18, scale: 3 }).notNull().default('0'),
    seconds: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.hour, t.warehouseId, t.operatorId, t.zone, t.kind, t.bucket] }),
    // an operator's own figures (the handheld's home, a supervisor's operator filter)
    index('analytics_rollups_operator_idx').on(t.companyId, t.operatorId, t.hour),
  ],
)

/** The company's targets for the indicators (docs/requirements.md §21.3); a company without a row has none set. */
export const analyticsTargets = pgTable('analytics_targets', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  // percent, e.g. 99.9 (WERC best in class: above 99.9 %)
  pickAccuracyPct: numeric('pick_accuracy_pct', { precision: 6, scale: 3 }),
  // hours, e.g. 3.5 (WERC best in class: under 3.5 h)
  dockToStockHours: numeric('dock_to_stock_hours', { precision: 8, scale: 2 }),
  onTimeShippingPct: numeric('on_time_shipping_pct', { precision: 6, scale: 3 }),
  linesPerHour: numeric('lines_per_hour', { precision: 10, scale: 2 }),
  inventoryAccuracyPct: numeric('inventory_accuracy_pct', { precision: 6, scale: 3 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
