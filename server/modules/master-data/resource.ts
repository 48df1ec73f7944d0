/** What the master-data registrations share: PATCH's partial values and the code-and-name resources. */
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { type CompanyTable, crudRoutes } from '../../http/crud'
import { countStar } from '../../http/pagination'
import { type MasterDataEntity, auditAs } from './master-data.service'

export const count = (db: Db, table: CompanyTable) => db.select({ count: countStar }).from(table).$dynamic()

/** Drop keys the client did not send, so PATCH touches only what it names. */
export function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** The API's snake_case fields as the Drizzle columns' camelCase keys (`min_shelf_life_days` -> `minShelfLifeDays`). */
export function camelKeys(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), v]))
}

/** The many master-data tables that are just code and name (plus a few plain columns): body and output from the contract. */
export function codeNameResource<B extends z.ZodObject, O extends z.ZodObject>(
  prefix: string,
  tag: string,
  entity: MasterDataEntity,
  table: CompanyTable & { code: PgColumn; name: PgColumn; isActive: PgColumn },
  body: B,
  output: O,
  extraColumns: Record<string, PgColumn>,
) {
  const columns = { id: table.id, code: table.code, name: table.name, ...extraColumns, is_active: table.isActive }
  return crudRoutes({
    prefix,
    tag,
    table,
    rows: (db) => db.select(columns).from(table).$dynamic(),
    count: (db) => count(db, table),
    serialize: (r) => r as z.infer<O>,
    output: output as unknown as z.ZodType<z.infer<O>>,
    searchFields: [table.code, table.name],
    ordering: columns,
    defaultOrdering: 'code',
    create: { body, values: async (_ctx, b) => camelKeys(b as Record<string, unknown>) },
    update: { body: body.partial(), values: async (_ctx, b) => camelKeys(defined(b as Record<string, unknown>)) },
    onChange: auditAs(entity),
  })
}
