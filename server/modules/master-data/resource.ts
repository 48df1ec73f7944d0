/** What the master-data registrations share: PATCH's partial values and the code-and-name resources. */
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { type CompanyTable, crudRoutes } from '../../http/crud'
import { countStar } from '../../http/pagination'

export const count = (db: Db, table: CompanyTable) => db.select({ count: countStar }).from(table).$dynamic()

/** Drop keys the client did not send, so PATCH touches only what it names. */
export function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** The many master-data tables that are just code and name (plus a few plain columns): body and output from the contract. */
export function codeNameResource<B extends z.ZodObject, O extends z.ZodObject>(
  prefix: string,
  tag: string,
  table: CompanyTable & { code: PgColumn; name: PgColumn },
  body: B,
  output: O,
  extraColumns: Record<string, PgColumn>,
) {
  return crudRoutes({
    prefix,
    tag,
    table,
    rows: (db) =>
      db
        .select({
          id: table.id,
          code: table.code,
          name: table.name,
          ...extraColumns,
        })
        .from(table)
        .$dynamic(),
    count: (db) => count(db, table),
    serialize: (r) => r as z.infer<O>,
    output: output as unknown as z.ZodType<z.infer<O>>,
    searchFields: [table.code, table.name],
    ordering: {
      id: table.id,
      code: table.code,
      name: table.name,
      ...extraColumns,
    },
    defaultOrdering: 'code',
    create: { body, values: async (_ctx, b) => b as Record<string, unknown> },
    update: {
      body: body.partial(),
      values: async (_ctx, b) => defined(b as Record<string, unknown>),
    },
  })
}
