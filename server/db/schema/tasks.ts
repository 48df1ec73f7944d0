import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { products } from './catalog'
import { companies, locations, warehouses } from './core'
import { users } from './users'
import { CLOSED_TASK_STATUSES, TASK_STATUSES, type TaskStatus } from '../../../contracts/tasks/tasks.rules'

// the statuses are the contract's; a task is closed once done or cancelled (the dashboard's `is_closed=false`, SPEC 4)
export { CLOSED_TASK_STATUSES, TASK_STATUSES, type TaskStatus }
// 'exception': something an operator could not do that a supervisor must resolve (a handheld command the server refused)
export const TASK_TYPES = ['putaway', 'pick', 'replenishment', 'count', 'move', 'load', 'unload', 'exception'] as const

/** Warehouse work (SPEC 2.10): what to do, where, for whom, and when it was created, started and finished. */
export const tasks = pgTable(
  'tasks',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    type: text().notNull(),
    status: text({ enum: TASK_STATUSES }).notNull().default('open'),
    assigneeId: integer('assignee_id').references(() => users.id),
    // offered to every operator but this one (a recount never goes back to its first counter, docs/requirements.md §2.16)
    excludedUserId: integer('excluded_user_id').references(() => users.id),
    locationId: integer('location_id').references(() => locations.id),
    productId: integer('product_id').references(() => products.id),
    qty: numeric({ precision: 14, scale: 3 }),
    reference: text().notNull().default(''),
    /** what a pick cannot take any more (a count found less than it reserved, ADR 0011 §4): the task is short by this much */
    shortQty: numeric('short_qty', { precision: 14, scale: 3 }),
    // directed work (docs/requirements.md §19): higher priority first, then the earliest due (a carrier's cut-off)
    priority: integer().notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }),
    // the pick batch (a cart's worth of a released wave) this task is a stop of: the batch is taken as one
    batchId: integer('batch_id'),
    // a wave's pick that waits for the top-off of its pick face (docs/requirements.md §20.2): directed work does not offer
    // it, nor its batch, until that refill is done or cancelled
    waitsForTaskId: integer('waits_for_task_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('tasks_qty_ck', sql`${t.qty} IS NULL OR ${t.qty} >= 0`),
    index('tasks_company_status_idx').on(t.companyId, t.status, t.createdAt),
    index('tasks_company_created_idx').on(t.companyId, t.createdAt),
    index('tasks_company_finished_idx').on(t.companyId, t.finishedAt),
    index('tasks_assignee_idx').on(t.assigneeId),
    // where an operator's last task in a warehouse ended (docs/requirements.md §19.4, ADR 0023): newest first
    index('tasks_assignee_done_idx').on(t.assigneeId, t.warehouseId, t.finishedAt.desc().nullsLast()).where(sql`${t.status} = 'done'`),
    index('tasks_batch_idx').on(t.batchId),
    index('tasks_waiting_idx').on(t.batchId, t.waitsForTaskId).where(sql`${t.waitsForTaskId} IS NOT NULL`),
    // directed work (SPEC 19.4): the free tasks of a warehouse by priority, due time and age
    index('tasks_directed_free_idx')
      .on(t.companyId, t.warehouseId, t.priority.desc(), t.dueAt.asc().nullsLast(), t.createdAt, t.id)
      .where(sql`${t.assigneeId} IS NULL AND ${t.status} IN ('open', 'pending')`),
    check('tasks_excluded_not_assignee_ck', sql`${t.excludedUserId} IS NULL OR ${t.assigneeId} IS NULL OR ${t.excludedUserId} <> ${t.assigneeId}`),
    // the handheld takes the oldest free task at a scanned location
    // the picks that came to a face while its refill was on the way (docs/requirements.md §21.1: replenishments late)
    index('tasks_pick_location_started_idx').on(t.locationId, t.startedAt).where(sql`${t.type} = 'pick'`),
    index('tasks_location_free_idx').on(t.locationId, t.createdAt).where(sql`${t.assigneeId} IS NULL AND ${t.status} IN ('open', 'pending')`),
  ],
)

/**
 * Handheld commands the server refused when they finally arrived (SPEC 11.11, ADR 0014): one row per command_id, with
 * the exception task that puts it in front of a supervisor. The handheld reports a refusal until it is acknowledged,
 * so the unique command_id makes a second report answer with the first.
 */
export const commandRefusals = pgTable(
  'command_refusals',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    commandId: uuid('command_id').notNull(),
    taskId: integer('task_id').notNull().references(() => tasks.id),
    operatorId: integer('operator_id').notNull().references(() => users.id),
    device: text().notNull(),
    seq: integer().notNull(),
    kind: text().notNull(),
    payload: jsonb().notNull().$type<Record<string, unknown>>(),
    reason: text().notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('command_refusals_company_command_uq').on(t.companyId, t.commandId), index('command_refusals_task_idx').on(t.taskId)],
)

/**
 * Refusal reports per key (a device of a company, a user) in the current fixed window: one row per key, counted by a
 * single upsert, so every server process sharing the database counts together (docs/decisions/0009: workforce owns it).
 */
export const commandRefusalQuota = pgTable('command_refusal_quota', {
  key: text().primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  hits: integer().notNull().default(0),
})
