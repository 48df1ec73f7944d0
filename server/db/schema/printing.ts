import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { companies } from './core'
import { printers } from './printers'
import { users } from './users'
import { PRINT_JOB_KINDS, PRINT_JOB_STATUSES, PRINTER_RESOLUTIONS, type PrintJobStatus, type PrinterResolution } from '../../../contracts/printing/printing.rules'

const id = () => integer().primaryKey().generatedByDefaultAsIdentity()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export { PRINTER_RESOLUTIONS, type PrinterResolution }
export const VIRTUAL_PRINTER_NAME = 'Virtual printer'

// queued → sending → sent; sending → queued (retry, nothing reached the printer) or failed (after N attempts);
// sending → unknown when the server stopped after bytes may have reached the printer (ADR 0004). The values are the contract's.
export { PRINT_JOB_KINDS, PRINT_JOB_STATUSES, type PrintJobStatus }

export const printJobs = pgTable(
  'print_jobs',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    printerId: integer('printer_id').notNull().references(() => printers.id, { onDelete: 'cascade' }),
    kind: text({ enum: PRINT_JOB_KINDS }).notNull(),
    // the location's numeric id or the pallet code, as the client sent it
    targetId: text('target_id').notNull(),
    // what a person reads in the jobs list: the location code or the pallet code and SSCC
    targetLabel: text('target_label').notNull().default(''),
    copies: integer().notNull().default(1),
    zpl: text().notNull(),
    status: text({ enum: PRINT_JOB_STATUSES }).notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // while sending: the claim expires here; a crashed sender's job is recovered after it
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    // set (and committed) just before the first byte goes to the printer
    deliveryStartedAt: timestamp('delivery_started_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('print_jobs_company_created_idx').on(t.companyId, t.createdAt),
    index('print_jobs_status_due_idx').on(t.status, t.nextAttemptAt),
    index('print_jobs_printer_idx').on(t.printerId),
    check('print_jobs_copies_ck', sql`${t.copies} between 1 and 50`),
  ],
)

/** Per-company SSCC serial reference: allocated with UPDATE … RETURNING, so a number is never handed out twice. */
export const ssccCounters = pgTable('sscc_counters', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  nextSerial: bigint('next_serial', { mode: 'number' }).notNull().default(1),
})

/**
 * A company's printing settings (docs/requirements.md §2.7): the networks its printers may be on. No row: the
 * private ranges (DEFAULT_PRINTER_NETWORKS). Loopback and link-local are refused whatever is listed here.
 */
export const printingSettings = pgTable('printing_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  allowedNetworks: text('allowed_networks').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
