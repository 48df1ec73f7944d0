import { sql } from 'drizzle-orm'
import { boolean, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { LayoutRule } from '../../../contracts/layout/layout-rule.rules'
import { STORAGE_MIXING } from '../../../contracts/master-data/master-data.rules'

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
    // how a location's code names its place and the walk geometry (SPEC 18.1); null = the default rule
    layoutRule: jsonb('layout_rule').$type<LayoutRule>(),
    // deactivated instead of deleted once history refers to it (SPEC 12.5); lists and pickers may hide it
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('warehouses_company_code_uq').on(t.companyId, t.code), index('warehouses_site_idx').on(t.siteId)],
)

/**
 * A storage category (docs/requirements.md §20.3): what a location of it may hold. Putaway suggestions skip a location
 * it would overfill and the putaway command refuses one. Null limits and an empty list of classes mean no limit.
 */
export const storageCategories = pgTable(
  'storage_categories',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    code: text().notNull(),
    name: text().notNull(),
    maxPallets: integer('max_pallets'),
    maxWeightKg: numeric('max_weight_kg', { precision: 12, scale: 3 }),
    allowedStorageClasses: text('allowed_storage_classes').array().notNull().default(sql`'{}'::text[]`),
    mixing: text({ enum: STORAGE_MIXING }).notNull().default('any'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('storage_categories_company_code_uq').on(t.companyId, t.code)],
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
    // its storage category's limits apply too (§20.3); null = none
    storageCategoryId: integer('storage_category_id').references(() => storageCategories.id),
    // pick-path order; null = the code's order (handheld pick lists sort by it, then by code)
    pickSequence: integer('pick_sequence'),
    // the place in the warehouse's layout (SPEC 18.1): read from the code by the warehouse's rule, or set by hand
    zone: text(),
    aisle: integer(),
    bay: integer(),
    level: integer(),
    // the walk position in metres (SPEC 18.2); null = not placed (visited last, in code order)
    x: doublePrecision(),
    y: doublePrecision(),
    aisleDirection: text('aisle_direction', { enum: ['both', 'up', 'down'] }),
    // 'rule' = filled by the warehouse's rule (applying it again refreshes it); 'manual' = typed, the rule leaves it
    layoutSource: text('layout_source', { enum: ['rule', 'manual'] }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('locations_company_code_uq').on(t.companyId, t.code),
    index('locations_warehouse_idx').on(t.warehouseId),
    index('locations_warehouse_aisle_idx').on(t.warehouseId, t.aisle),
    index('locations_code_trgm').using('gin', sql`${t.code} gin_trgm_ops`),
  ],
)
