/**
 * Shipping's FEFO rules (SPEC 10.5, ADR 0011 §3): which stock a pick may take, and when a pick overrides the FEFO
 * choice. The suggestions (pick-suggestions.ts) and Finish (shipment-booking.ts) share them, so what is suggested is
 * exactly what Finish accepts without a reason.
 */
import { and, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { customers } from '../../db/schema/partners'
import { type Milli } from '../../kernel/qty-math'

/**
 * Per customer, the earliest expiry date it accepts: today + min_shelf_life_days (the database's current_date, UTC,
 * as the stock service's expiry rule), or null when the customer asks for none.
 */
export async function shelfLifeFloors(db: DbOrTx, companyId: number, customerIds: number[]): Promise<Map<number, string | null>> {
  const ids = [...new Set(customerIds)]
  if (!ids.length) return new Map()
  const rows = await db
    .select({
      id: customers.id,
      floor: sql<string | null>`CASE WHEN ${customers.minShelfLifeDays} > 0 THEN (current_date + ${customers.minShelfLifeDays})::text END`,
    })
    .from(customers)
    .where(and(sql`${customers.companyId} = ${companyId}`, inArray(customers.id, ids)))
  return new Map(rows.map((r) => [r.id, r.floor]))
}

/** FEFO's comparison of two expiry dates: earlier first, none last. */
export function expiryCompare(a: string | null, b: string | null): number {
  if (a === b) return 0
  if (a === null) return 1
  if (b === null) return -1
  return a < b ? -1 : 1
}

/**
 * The latest expiry FEFO needs to cover `qty` from `candidates` (eligible lines, already in FEFO order, with their
 * free quantity). A pick from a line expiring after it takes a worse lot than FEFO would: it needs a reason.
 * `undefined` when the candidates do not cover `qty` (every eligible line is needed, so no pick is worse).
 */
export function fefoCutoff(candidates: { expiryDate: string | null; free: Milli }[], qty: Milli): string | null | undefined {
  let covered = 0n
  for (const c of candidates) {
    covered += c.free
    if (covered >= qty) return c.expiryDate
  }
  return undefined
}
