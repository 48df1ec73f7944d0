import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

const id = () => integer().primaryKey().generatedByDefaultAsIdentity()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const companies = pgTable(
  'companies',
  {
    id: id(),
    code: text().notNull(),
    name: text().notNull(),
    logoUrl: text('logo_url'),
    logoUrlDark: text('logo_url_dark'),
    // GS1 company prefix, used to allocate SSCCs for pallets (printing issue)
    gs1Prefix: text('gs1_prefix'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('companies_code_uq').on(t.code)],
)

/**
 * The company's own logo (SPEC 2.13, SPEC 1's client logo in the header), uploaded by an admin: one row per variant
 * ('light', 'dark'). The bytes live in the database, base64, so every server process serves the same file.
 */
export const companyLogos = pgTable(
  'company_logos',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    variant: text({ enum: ['light', 'dark'] }).notNull(),
    contentType: text('content_type').notNull(),
    data: text().notNull(),
    size: integer().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.variant] })],
)

export const sites = pgTable(
  'sites',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    code: text().notNull(),
    name: text().notNull(),
    // deactivated instead of deleted once history refers to it (SPEC 12.5); lists and pickers may hide it
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sites_company_code_uq').on(t.companyId, t.code)],
)

export const warehouses = pgTable(
  'warehouses',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    siteId: integer('site_id').notNull().references(() => sites.id),
    code: text().notNull(),
    name: text().notNull(),
    timezone: text().notNull().default('America/Sao_Paulo'),
    // deactivated instead of deleted once history refers to it (SPEC 12.5); lists and pickers may hide it
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('warehouses_company_code_uq').on(t.companyId, t.code), index('warehouses_site_idx').on(t.siteId)],
)

export const locations = pgTable(
  'locations',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
    code: text().notNull(),
    name: text().notNull().default(''),
    kind: text().notNull().default('storage'),
    storageClass: text('storage_class').notNull().default('ambient'),
    // how many pallets the location holds; null = no limit (putaway suggestions respect it)
    capacityPallets: integer('capacity_pallets'),
    // pick-path order; null = the code's order (handheld pick lists sort by it, then by code)
    pickSequence: integer('pick_sequence'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('locations_company_code_uq').on(t.companyId, t.code),
    index('locations_warehouse_idx').on(t.warehouseId),
    index('locations_code_trgm').using('gin', sql`${t.code} gin_trgm_ops`),
  ],
)
