import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, bigint } from 'drizzle-orm/pg-core'
import { companies } from './core'
import { WEBHOOK_DELIVERY_STATUSES } from '../../../contracts/integrations/webhooks.rules'

/** Webhook subscriptions (ADR 0020), owned by server/modules/integrations. The secret is kept (not hashed) so the server can sign. */
export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  url: text().notNull(),
  eventTypes: text('event_types').array().notNull(),
  secret: text().notNull(),
  enabled: boolean().notNull().default(true),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The transactional outbox (ADR 0020): one row per event, written in the transaction of the change it reports. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    type: text().notNull(),
    payload: jsonb().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_company_idx').on(t.companyId, t.id)],
)

/**
 * pending: waiting its turn (or its next attempt, after `attempts` failed ones); delivered: a 2xx came back; dead: the
 * last attempt of the schedule failed (the dead letter), until an admin redelivers it.
 */
export { WEBHOOK_DELIVERY_STATUSES }

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    subscriptionId: integer('subscription_id').notNull().references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull().references(() => webhookEvents.id),
    status: text({ enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastResponseCode: integer('last_response_code'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_sub_event_idx').on(t.subscriptionId, t.eventId),
    // the sender's queue: a subscription's deliveries still to go, oldest event first
    index('webhook_deliveries_pending_idx').on(t.subscriptionId, t.eventId).where(sql`${t.status} = 'pending'`),
  ],
)
