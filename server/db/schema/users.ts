import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { companies, sites, warehouses } from './core'
import { printers } from './printers'
import { ROLES, type Role } from '../../../contracts/auth/auth.rules'

const id = () => integer().primaryKey().generatedByDefaultAsIdentity()

export { ROLES, type Role }

export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    username: text().notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text({ enum: ROLES }).notNull().default('operator'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text(),
    isActive: boolean('is_active').notNull().default(true),
    defaultSiteId: integer('default_site_id').references(() => sites.id),
    defaultWarehouseId: integer('default_warehouse_id').references(() => warehouses.id),
    // SPEC 16.4: the printer preselected where this user prints labels (desktop and handheld); a deleted printer clears it
    defaultPrinterId: integer('default_printer_id').references(() => printers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  // usernames are global: login does not ask for a company
  (t) => [uniqueIndex('users_username_uq').on(t.username), index('users_company_idx').on(t.companyId)],
)

/**
 * A sign-in session is a refresh-token family (RFC 9700). Access tokens carry its id, so revoking the
 * family (logout, reuse of a rotated token, a disabled user) ends the session at once.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid().primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    userAgent: text('user_agent'),
    ip: text(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
)

/** Refresh tokens are stored hashed; each rotation creates a new row in the same family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: integer('user_id').notNull().references(() => users.id),
    familyId: uuid('family_id').notNull().references(() => authSessions.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    replacedById: integer('replaced_by_id'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
)

/**
 * Login attempts per key, shared by every server process (SPEC 15.2): `p:<username>|<address>` (an account from one
 * address) and `a:<address>` (all accounts from one address). An attempt is counted before its password is checked;
 * `next_at` is when the key may try again (back-off).
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text().primaryKey(),
  attempts: integer().notNull().default(0),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
})
