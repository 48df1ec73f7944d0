import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { companies } from './core'

const id = () => integer().primaryKey().generatedByDefaultAsIdentity()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const customers = pgTable(
  'customers',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    code: text().notNull(),
    name: text().notNull(),
    email: text(),
    // the shortest remaining shelf life, in days, this customer accepts; null = any unexpired lot
    minShelfLifeDays: integer('min_shelf_life_days'),
    // deactivated instead of deleted once history refers to it (SPEC 12.5); lists and pickers may hide it
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('customers_company_code_uq').on(t.companyId, t.code)],
)

export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    code: text().notNull(),
    name: text().notNull(),
    edi: text().notNull().default(''),
    priority: integer().notNull().default(3),
    email: text(),
    // deactivated instead of deleted once history refers to it (SPEC 12.5); lists and pickers may hide it
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('suppliers_company_code_uq').on(t.companyId, t.code)],
)

export const carriers = pgTable(
  'carriers',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    code: text().notNull(),
    name: text().notNull(),
    // deactivated instead of deleted once history refers to it (SPEC 12.5); lists and pickers may hide it
    isActive: boolean('is_active').notNull().default(true),
    // the last time of day ('HH:MM', the warehouse's clock) its truck takes the day's parcels: waves are planned and
    // their pick work is due by it (docs/requirements.md §19)
    cutoffTime: text('cutoff_time'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('carriers_company_code_uq').on(t.companyId, t.code),
    check('carriers_cutoff_time_ck', sql`${t.cutoffTime} IS NULL OR ${t.cutoffTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
)
