import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { products } from './catalog'
import { companies, warehouses } from './core'

/**
 * A putaway rule (docs/requirements.md §20.3), owned by receiving (which owns putaway, ADR 0009): in a warehouse, a
 * product's pallets go first to an ordered list of locations, then to a preferred zone. Rules are tried by `sequence`.
 * There are no product categories yet, so a rule names one product.
 */
export const putawayRules = pgTable(
  'putaway_rules',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    code: text().notNull(),
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
    productId: integer('product_id').notNull().references(() => products.id),
    sequence: integer().notNull().default(10),
    // a location's zone (SPEC 18.1); null = none preferred
    zone: text(),
    // location ids, in the order they are tried; checked to be the warehouse's on save
    locationIds: integer('location_ids').array().notNull().default(sql`'{}'::int[]`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('putaway_rules_company_code_uq').on(t.companyId, t.code), index('putaway_rules_warehouse_product_idx').on(t.warehouseId, t.productId)],
)
