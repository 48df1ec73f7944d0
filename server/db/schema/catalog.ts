import { sql } from 'drizzle-orm'
import { boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { companies } from './core'

const id = () => integer().primaryKey().generatedByDefaultAsIdentity()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const uoms = pgTable(
  'uoms',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    code: text().notNull(),
    name: text().notNull(),
    // deactivated instead of deleted once history refers to it (SPEC 12.5); lists and pickers may hide it
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uoms_company_code_uq').on(t.companyId, t.code)],
)

export const products = pgTable(
  'products',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    code: text().notNull(),
    variant: text().notNull().default(''),
    name1: text().notNull(),
    uomId: integer('uom_id').notNull().references(() => uoms.id),
    storageClass: text('storage_class').notNull().default('ambient'),
    // a second name line (labels, documents)
    name2: text().notNull().default(''),
    // days from production to expiry; null = not known (receiving may suggest an expiry from it)
    shelfLifeDays: integer('shelf_life_days'),
    lotTracked: boolean('lot_tracked').notNull().default(false),
    expiryTracked: boolean('expiry_tracked').notNull().default(false),
    // deactivated instead of deleted once history refers to it (SPEC 12.5); lists and pickers may hide it
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    // What the stock search matches a term against (ADR 0003, amended 2026-12-01): code and name lowercased once,
    // by the database, when the row is written. `code ILIKE p OR name1 ILIKE p` lowercases both for every product
    // on every search (about 9 ms for 5,000 products on PostgreSQL under load); `search_text LIKE lower(p)` is the
    // same test (ILIKE is lower() on both sides; a term holds no space, so it can't match across the separator)
    // at a byte compare per product. Written by the database only.
    searchText: text('search_text').generatedAlwaysAs(sql`lower(code || ' ' || name1)`),
  },
  (t) => [
    uniqueIndex('products_company_code_variant_uq').on(t.companyId, t.code, t.variant),
    index('products_uom_idx').on(t.uomId),
    index('products_code_trgm').using('gin', sql`${t.code} gin_trgm_ops`),
    index('products_name_trgm').using('gin', sql`${t.name1} gin_trgm_ops`),
    // the stock search over many products (tens of thousands): the planner picks it over reading them all
    index('products_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
)

export const productPacks = pgTable(
  'product_packs',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    productId: integer('product_id').notNull().references(() => products.id),
    uomId: integer('uom_id').notNull().references(() => uoms.id),
    // exact decimals, never floats
    qtyPerPack: numeric('qty_per_pack', { precision: 14, scale: 3 }).notNull(),
    gtin: text(),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    weightKg: numeric('weight_kg', { precision: 12, scale: 3 }),
    // how many of these packs make a pallet; null = not known
    packsPerPallet: integer('packs_per_pallet'),
    // deactivated instead of deleted once history refers to it (SPEC 12.5); lists and pickers may hide it
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_packs_product_idx').on(t.productId),
    uniqueIndex('product_packs_company_gtin_uq').on(t.companyId, t.gtin),
  ],
)

/**
 * A product's GTINs (SPEC 12.2: more than one, each with its check digit verified). A GTIN names one product in a
 * company; the scan lookup finds a product by any of them (and by its packs' GTINs).
 */
export const productGtins = pgTable(
  'product_gtins',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    // a GTIN belongs to its product: deleting a product nothing else refers to takes its GTINs along
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    gtin: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_gtins_company_gtin_uq').on(t.companyId, t.gtin), index('product_gtins_product_idx').on(t.productId)],
)
