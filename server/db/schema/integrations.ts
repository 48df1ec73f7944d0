import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { API_KEY_DEFAULT_BURST, API_KEY_DEFAULT_RATE, type ApiKeyScope } from '../../../contracts/integrations/api-keys.rules'
import { companies } from './core'
import { users } from './users'

/**
 * Keys of the systems around the warehouse (docs/requirements.md §6, ADR 0019). Written only by
 * server/modules/integrations/api-keys.service.ts. The key itself is never stored: `key_hash` is its SHA-256 (hex),
 * `prefix` its first characters for lists. The rate limit is a token bucket kept in the row (`bucket_tokens` at
 * `bucket_at`), spent by the one UPDATE that authenticates a request, so every server process shares it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text().array().$type<ApiKeyScope[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ratePerSecond: integer('rate_per_second').notNull().default(API_KEY_DEFAULT_RATE),
    burst: integer().notNull().default(API_KEY_DEFAULT_BURST),
    bucketTokens: doublePrecision('bucket_tokens').notNull().default(API_KEY_DEFAULT_BURST),
    bucketAt: timestamp('bucket_at', { withTimezone: true }).notNull().defaultNow(),
    createdById: integer('created_by').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_company_idx').on(t.companyId, t.createdAt)],
)
