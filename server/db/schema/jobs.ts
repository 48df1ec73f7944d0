import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { companies } from './core'
import { JOB_STATES, type JobState } from '../../../contracts/system/jobs.rules'

export { JOB_STATES, type JobState }

/**
 * The one job queue (ADR 0017), owned by server/kernel/job-queue.ts: work that must happen later or elsewhere, claimed by
 * one process at a time with a lease, retried with back-off, dead-lettered (`failed`) after its last attempt.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text().notNull(),
    // null: installation-wide work, whose payload carries no company's data (ADR 0017)
    companyId: integer('company_id').references(() => companies.id),
    payload: jsonb().notNull().default({}),
    state: text({ enum: JOB_STATES }).notNull().default('queued'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    // a queued job is due from here (enqueue's runAt, then each retry's back-off)
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    // while running: the claim expires here unless its runner extends it; an expired claim is run again
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    // jobs of one kind with one order key run one at a time, in id order
    orderKey: text('order_key'),
    // one queued or running job per (kind, dedupe key): enqueueing a second returns the first
    dedupeKey: text('dedupe_key'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.state, t.kind, t.runAt).where(sql`${t.state} = 'queued'`),
    index('jobs_lease_idx').on(t.leaseUntil).where(sql`${t.state} = 'running'`),
    index('jobs_order_idx').on(t.kind, t.orderKey, t.id).where(sql`${t.orderKey} is not null and ${t.state} in ('queued', 'running')`),
    index('jobs_company_idx').on(t.companyId, t.id),
    uniqueIndex('jobs_dedupe_uq').on(t.kind, t.dedupeKey).where(sql`${t.dedupeKey} is not null and ${t.state} in ('queued', 'running')`),
    check('jobs_attempts_ck', sql`${t.maxAttempts} >= 1 and ${t.attempts} >= 0`),
  ],
)
