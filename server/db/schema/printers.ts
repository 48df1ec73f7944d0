import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { companies } from './core'

const id = () => integer().primaryKey().generatedByDefaultAsIdentity()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** A Zebra-compatible label printer that takes ZPL over raw TCP (port 9100), or the built-in virtual one. */
export const printers = pgTable(
  'printers',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    name: text().notNull(),
    host: text().notNull().default(''),
    port: integer().notNull().default(9100),
    resolution: integer().notNull().default(203),
    labelWidthMm: integer('label_width_mm').notNull().default(100),
    labelHeightMm: integer('label_height_mm').notNull().default(150),
    isVirtual: boolean('is_virtual').notNull().default(false),
    // null until the queue has talked to it
    isOnline: boolean('is_online'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('printers_company_name_uq').on(t.companyId, t.name),
    // one built-in virtual printer per company, created idempotently on start
    uniqueIndex('printers_company_virtual_uq').on(t.companyId).where(sql`${t.isVirtual}`),
    check('printers_resolution_ck', sql`${t.resolution} in (203, 300)`),
    check('printers_port_ck', sql`${t.port} between 1 and 65535`),
  ],
)
