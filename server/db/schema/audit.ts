import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { companies } from './core'
import { apiKeys } from './integrations'
import { users } from './users'

export const AUDIT_ACTIONS = ['create', 'update', 'deactivate', 'reactivate', 'cancel', 'import'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/**
 * Who created or changed which record and when (master data and documents). Written only by
 * server/modules/audit/audit.service.ts; `changes` holds `{field: [before, after]}` for an update,
 * the written fields for a create.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    userId: integer('user_id').references(() => users.id),
    // the API key the change was made with (ADR 0019); null for a person's own request
    apiKeyId: integer('api_key_id').references(() => apiKeys.id),
    // the API resource's name, e.g. 'products', 'locations', 'purchase_orders'
    entity: text().notNull(),
    entityId: integer('entity_id').notNull(),
    action: text({ enum: AUDIT_ACTIONS }).notNull(),
    changes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    note: text().notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.companyId, t.entity, t.entityId, t.createdAt)],
)
