import { bigint, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { companies } from './core'

/** An hourly rollup's columns after its company: the same in analytics_rollups and analytics_deltas (ADR 0024). */
const hourlyColumns = () => ({
  hour: timestamp({ withTimezone: true }).notNull(),
  warehouseId: integer('warehouse_id').notNull().default(0),
  operatorId: integer('operator_id').notNull().default(0),
  zone: text().notNull().default(''),
  kind: text().notNull(),
  bucket: smallint().notNull().default(0),
  n: integer().notNull().default(0),
  qty: numeric({ precision: 18, scale: 3 }).notNull().default('0'),
  seconds: bigint({ mode: 'number' }).notNull().default(0),
})

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
    ...hourlyColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.hour, t.warehouseId, t.operatorId, t.zone, t.kind, t.bucket] }),
    // an operator's own figures (the handheld's home, a supervisor's operator filter)
    index('analytics_rollups_operator_idx').on(t.companyId, t.operatorId, t.hour),
  ],
)

/**
 * What the work added to the hourly rollups and is not yet folded into them (docs/requirements.md §21.1, ADR 0024):
 * the triggers of migration 0036 append here, one grouped row per kind a statement touched, with no key and no
 * conflict, so concurrent commands never wait on a shared counter row; `wms_analytics_fold` (migration 0040) moves
 * them into analytics_rollups (and through its triggers into the days) before every read of the indicators and
 * every few seconds in each server process. Same columns and meaning as analytics_rollups. Owned by
 * server/modules/analytics (ADR 0009).
 */
export const analyticsDeltas = pgTable('analytics_deltas', {
  // no foreign key: its check would take a share lock on the company's row in every command's transaction
  companyId: integer('company_id').notNull(),
  ...hourlyColumns(),
})

/**
 * The same rollups per day (docs/requirements.md §21.1): one row per company × day × warehouse × operator × zone × kind
 * × bucket, the day in the warehouse's time zone (warehouse 0: the company's first warehouse's, else UTC), so a
 * 90-day view sums about 16 times fewer rows. `hours` marks the hours of the day that hold an hourly row (bit i: the
 * i-th hour since the day's local midnight, 0–24 for a 25-hour day), so operator-hours stay exact: the hours an
 * operator worked are the bits of the OR of their rows, across zones and kinds. Kept by the triggers of migration
 * 0038 on analytics_rollups (in the statement that wrote the hourly rows), redone for a warehouse whose time zone
 * changes. Owned by server/modules/analytics (ADR 0009).
 */
export const analyticsDays = pgTable(
  'analytics_days',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    day: date({ mode: 'string' }).notNull(),
    warehouseId: integer('warehouse_id').notNull().default(0),
    operatorId: integer('operator_id').notNull().default(0),
    zone: text().notNull().default(''),
    kind: text().notNull(),
    bucket: smallint().notNull().default(0),
    n: integer().notNull().default(0),
    qty: numeric({ precision: 18, scale: 3 }).notNull().default('0'),
    seconds: bigint({ mode: 'number' }).notNull().default(0),
    hours: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.warehouseId, t.operatorId, t.zone, t.kind, t.bucket] })],
)

/**
 * The rollups per day and hour of day (docs/requirements.md §21.1), summed over operators, zones and buckets: the
 * "per hour of day" chart of a range without operator or zone filter reads 24 rows a day per kind instead of every
 * hourly row. Day and hour in the warehouse's time zone, as analytics_days; kept by the same triggers.
 */
export const analyticsHoursOfDay = pgTable(
  'analytics_hours_of_day',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    day: date({ mode: 'string' }).notNull(),
    warehouseId: integer('warehouse_id').notNull().default(0),
    kind: text().notNull(),
    hour: smallint().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.warehouseId, t.kind, t.hour] })],
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
