import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { companies } from './core'
import { suppliers } from './partners'
import { users } from './users'
import { EMAIL_STATUSES } from '../../../contracts/quality/quality.rules'

const id = () => integer().primaryKey().generatedByDefaultAsIdentity()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const supplierIssueTypes = pgTable(
  'supplier_issue_types',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('supplier_issue_types_company_name_uq').on(t.companyId, t.name)],
)

/** SPEC 2.15 / 3: issue_type (or none), severity 1 (high) to 5 (low), description, email flag and address. */
export const supplierIssues = pgTable(
  'supplier_issues',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    supplierId: integer('supplier_id').notNull().references(() => suppliers.id, { onDelete: 'cascade' }),
    issueTypeId: integer('issue_type_id').references(() => supplierIssueTypes.id, { onDelete: 'set null' }),
    severity: integer().notNull().default(3),
    description: text().notNull().default(''),
    email: boolean().notNull().default(false),
    emailTo: text('email_to'),
    // the message this report put in the outbox, for its delivery state
    emailOutboxId: integer('email_outbox_id').references((): AnyPgColumn => emailOutbox.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('supplier_issues_supplier_idx').on(t.supplierId, t.createdAt), check('supplier_issues_severity_ck', sql`${t.severity} between 1 and 5`)],
)

export { EMAIL_STATUSES }

/** Mail leaves through this table (transactional outbox), so a report is never lost to an SMTP hiccup. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    companyId: integer('company_id').references(() => companies.id),
    to: text('to').notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    status: text({ enum: EMAIL_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_status_due_idx').on(t.status, t.nextAttemptAt)],
)
