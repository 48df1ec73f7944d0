/**
 * The flows as operators live them (docs/requirements.md §22): what the app's machine actors report, kept as
 * rollups per company and day, never as raw events. Owned by server/modules/flows (ADR 0009).
 */
import { bigint, boolean, date, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { companies } from './core'
import { users } from './users'

const company = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id)

/**
 * One transition taken (machine × from × event × to) per company and day, per duration bucket (the time spent in
 * `from` before leaving it, in the fixed log buckets of server/modules/flows/flows.rules.ts): counts and
 * percentiles are read from these rows alone.
 */
export const flowTransitionDays = pgTable(
  'flow_transition_days',
  {
    companyId: company(),
    machine: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    fromState: text('from_state').notNull(),
    event: text().notNull(),
    toState: text('to_state').notNull(),
    bucket: smallint().notNull(),
    count: integer().notNull().default(0),
    totalMs: bigint('total_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.machine, t.day, t.fromState, t.event, t.toState, t.bucket] })],
)

/** How sessions (one actor's life on one screen visit) ended, per day: finished, or abandoned in `state`. */
export const flowSessionEnds = pgTable(
  'flow_session_ends',
  {
    companyId: company(),
    machine: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    state: text().notNull(),
    finished: boolean().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.machine, t.day, t.state, t.finished] })],
)

/**
 * The distinct step sequences sessions took ([{event, state}] from the initial state), with how often, capped per
 * company and machine (FLOW_SEQUENCES_CAP): what "used but untested" is computed from.
 */
export const flowSequences = pgTable(
  'flow_sequences',
  {
    companyId: company(),
    machine: text().notNull(),
    /** sha256 of the steps */
    key: text().notNull(),
    steps: jsonb().$type<Array<{ event: string; state: string }>>().notNull(),
    count: integer().notNull().default(0),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.machine, t.key] })],
)

/** Batches refused (malformed, oversized, a machine, state or event this build does not have), per day and reason. */
export const flowRejections = pgTable(
  'flow_rejections',
  {
    companyId: company(),
    day: date({ mode: 'string' }).notNull(),
    reason: text().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.reason] })],
)

/** Per company: whether the app reports its transitions at all (on unless an admin turns it off). */
export const flowSettings = pgTable('flow_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  reporting: boolean().notNull().default(true),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
