/**
 * A document's references checked as the API checks them (SPEC 5): a partner, carrier or product named by id exists in
 * the user's company, else 400 on the field that named it, in DRF's words. Inbound documents and sales orders (and
 * their bulk intake) check theirs with these.
 */
import { type SQL, and, eq, inArray } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../db/client'
import { products } from '../db/schema/catalog'
import { ApiError, fieldError } from '../http/errors'

type CompanyTable = PgTable & { id: PgColumn; companyId: PgColumn }

/** The row `id` of `table` in the company, else 400 {field: ['Invalid pk "id" - object does not exist.']}. */
export async function companyReference(db: DbOrTx, table: CompanyTable, field: string, companyId: number, id: number): Promise<number> {
  const where: SQL | undefined = and(eq(table.id, id), eq(table.companyId, companyId))
  const [row] = await db.select({ id: table.id }).from(table).where(where)
  if (!row) throw fieldError(field, `Invalid pk "${id}" - object does not exist.`)
  return id
}

/** Every product id belongs to the company, else 400 {"lines": ["Line n: invalid product ..."]}. */
export async function checkProducts(db: DbOrTx, companyId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)]
  const found = new Set(
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.companyId, companyId), inArray(products.id, unique)))
    ).map((p) => p.id),
  )
  const bad = ids.map((id, i) => (found.has(id) ? null : `Line ${i + 1}: Invalid pk "${id}" - object does not exist.`)).filter((m): m is string => m !== null)
  if (bad.length) throw new ApiError(400, { lines: bad })
}
