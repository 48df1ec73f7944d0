/** FEFO (SPEC 10.5, ADR 0011): which lines may be suggested or reserved, and in which order. */
import { type SQL, sql } from 'drizzle-orm'
import { stockLines } from '../../db/schema/inventory'

/**
 * The stock lines FEFO may suggest or reserve (SPEC 10.5; ADR 0011): available status (never
 * blocked or quarantined), not expired (expiry on or after today, or none), with at least `minExpiryDate` of life
 * left when given (a customer's minimum shelf life: today + min_shelf_life_days), and something free. Every
 * suggestion and reservation (shipping, copack, anything later) filters with this, then orders with FEFO_ORDER.
 */
export function fefoEligible(opts: { minExpiryDate?: string | null } = {}): SQL {
  return sql`(${stockLines.status} = 'available' AND ${stockLines.qty} > ${stockLines.reservedQty}
    AND (${stockLines.expiryDate} IS NULL OR ${stockLines.expiryDate} >= ${opts.minExpiryDate ? sql`GREATEST(current_date, ${opts.minExpiryDate}::date)` : sql`current_date`}))`
}

/** FEFO: earliest expiry first, no expiry last, then the oldest line, then the lowest id. */
export const FEFO_ORDER: SQL[] = [sql`${stockLines.expiryDate} ASC NULLS LAST`, sql`${stockLines.createdAt} ASC`, sql`${stockLines.id} ASC`]
