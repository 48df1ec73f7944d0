import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * How far a running CSV import is (SPEC 12.8, ADR 0012), by the id its client chose: written by the importing process
 * outside the import's transaction (its own pooled connection), read by whichever process a poll reaches (ADR 0008).
 * Only on PostgreSQL: on PGlite one process serves every request and keeps it in memory. A row lives while its import
 * runs; one left by a process that died is ignored after a few minutes and removed by the next import.
 * Written only by server/modules/master-data/import-progress.ts.
 */
export const importProgress = pgTable(
  'import_progress',
  {
    id: text().primaryKey(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    phase: text({ enum: ['checking', 'writing', 'finishing'] }).notNull(),
    done: integer().notNull(),
    total: integer().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_progress_updated_idx').on(t.updatedAt)],
)
