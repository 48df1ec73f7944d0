import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { EQUIPMENT_STATUSES } from '../../../contracts/master-data/master-data.rules'
import { companies, warehouses } from './core'

const id = () => integer().primaryKey().generatedByDefaultAsIdentity()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const skills = pgTable(
  'skills',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    code: text().notNull(),
    name: text().notNull(),
    // deactivated instead of deleted once history refers to it (SPEC 12.5); lists and pickers may hide it
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('skills_company_code_uq').on(t.companyId, t.code)],
)

export const parkingSpots = pgTable(
  'parking_spots',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    code: text().notNull(),
    name: text().notNull(),
    // deactivated instead of deleted once history refers to it (SPEC 12.5); lists and pickers may hide it
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('parking_spots_company_code_uq').on(t.companyId, t.code), index('parking_spots_wh_idx').on(t.warehouseId)],
)

export { EQUIPMENT_STATUSES }

export const equipments = pgTable(
  'equipments',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    code: text().notNull(),
    name: text().notNull(),
    kind: text().notNull().default('forklift'),
    status: text({ enum: EQUIPMENT_STATUSES }).notNull().default('available'),
    // deactivated instead of deleted once history refers to it (SPEC 12.5); lists and pickers may hide it
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('equipments_company_code_uq').on(t.companyId, t.code), index('equipments_wh_idx').on(t.warehouseId)],
)
