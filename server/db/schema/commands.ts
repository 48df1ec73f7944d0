import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { companies } from './core'
import { users } from './users'

/**
 * Commands applied once and only once (docs/decisions/0011): one row per client-chosen `command_id`, written in the
 * same transaction as the command's own changes, with the answer it gave. The unique index makes a concurrent
 * duplicate wait for the first and then read its answer; the row survives restarts and is shared by every server
 * process. Written only by server/modules/commands/commands.service.ts.
 */
export const commands = pgTable(
  'commands',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    commandId: uuid('command_id').notNull(),
    // what the command was ('inventory.move', 'inventory.adjust', 'counts.submit', ...): the same id for another kind is refused
    kind: text().notNull(),
    userId: integer('user_id').references(() => users.id),
    // the HTTP status of the first answer (a refused command keeps its refusal: sent again, it is refused the same way)
    status: integer().notNull(),
    response: jsonb().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('commands_company_command_uq').on(t.companyId, t.commandId), index('commands_created_idx').on(t.createdAt)],
)
