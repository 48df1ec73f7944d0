/**
 * Scan and lookup (SPEC 2.5, 7 "Scan"): what a scanned or typed code names, and the stock of each product found.
 */
import { type SQL, and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { ScanResponse } from '../../../contracts/inventory/inventory.contract'
import { type ScanKind, SCAN_MAX_LINES } from '../../../contracts/inventory/inventory.rules'
import type { DbOrTx } from '../../db/client'
import { productGtins, productPacks, products, uoms } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { stockLines } from '../../db/schema/inventory'
import { interpretScan } from '../../../contracts/gs1/gs1'
import { serializeStockLine, stockLineRows } from './inventory.service'

type Found = { kind: ScanKind; productIds?: number[]; lines?: SQL }

/** Codes are stored as typed (usually upper case); a scan tries the text as given and upper-cased. */
const spellings = (t: string) => [...new Set([t, t.toUpperCase()])]

async function find(db: DbOrTx, companyId: number, raw: string): Promise<{ found: Found | null; gs1: Record<string, string> | null }> {
  const scan = interpretScan(raw)
  const gs1 = scan.gs1 ? scan.gs1.ais : null
  const inCompany = eq(stockLines.companyId, companyId)
  const lineExists = async (cond: SQL) => (await db.select({ id: stockLines.id }).from(stockLines).where(and(inCompany, cond)).limit(1)).length > 0

  if (scan.sscc) {
    const cond = or(eq(stockLines.sscc, scan.sscc), eq(stockLines.palletCode, scan.sscc)) as SQL
    if (await lineExists(cond)) return { found: { kind: 'pallet', lines: cond }, gs1 }
  }
  if (scan.gtins) {
    // a product's own GTINs (SPEC 12.2) and its packs' GTINs
    const packs = await db
      .selectDistinct({ productId: productPacks.productId })
      .from(productPacks)
      .where(and(eq(productPacks.companyId, companyId), inArray(productPacks.gtin, scan.gtins)))
      .union(db.select({ productId: productGtins.productId }).from(productGtins).where(and(eq(productGtins.companyId, companyId), inArray(productGtins.gtin, scan.gtins))))
    if (packs.length) {
      const ids = packs.map((p) => p.productId)
      // a GS1 label naming a lot (10) narrows the product's stock to that lot
      const lines = and(inArray(stockLines.productId, ids), scan.lot ? eq(stockLines.lot, scan.lot) : undefined) as SQL
      return { found: { kind: 'gtin', productIds: ids, lines }, gs1 }
    }
  }
  if (scan.lot && !scan.gtins) {
    const cond = eq(stockLines.lot, scan.lot)
    if (await lineExists(cond)) return { found: { kind: 'lot', lines: cond }, gs1 }
  }
  const text = scan.text
  if (!text) return { found: null, gs1 }
  const prods = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, companyId), inArray(products.code, spellings(text))))
    .orderBy(asc(products.code), asc(products.variant))
  if (prods.length) {
    const ids = prods.map((p) => p.id)
    return { found: { kind: 'product', productIds: ids, lines: inArray(stockLines.productId, ids) }, gs1 }
  }
  const pallet = or(inArray(stockLines.palletCode, spellings(text)), eq(stockLines.sscc, text)) as SQL
  if (await lineExists(pallet)) return { found: { kind: 'pallet', lines: pallet }, gs1 }
  const lot = inArray(stockLines.lot, spellings(text))
  if (await lineExists(lot)) return { found: { kind: 'lot', lines: lot }, gs1 }
  const [loc] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), inArray(locations.code, spellings(text))))
    .limit(1)
  if (loc) return { found: { kind: 'location', lines: eq(stockLines.locationId, loc.id) }, gs1 }
  return { found: null, gs1 }
}

/** Resolve a code and answer, for each product found, its total, unit, distinct locations and lines. */
export async function resolveScan(db: DbOrTx, companyId: number, code: string): Promise<ScanResponse> {
  const { found, gs1 } = await find(db, companyId, code)
  if (!found) return { code, kind: null, gs1, results: [], truncated: false }
  const where = and(eq(stockLines.companyId, companyId), found.lines)
  const [totals, rows] = await Promise.all([
    db
      .select({
        productId: stockLines.productId,
        total: sql<string>`sum(${stockLines.qty})::numeric(14,3)::text`,
        locations: sql<number>`count(DISTINCT ${stockLines.locationId})::int`,
        lines: sql<number>`count(*)::int`,
      })
      .from(stockLines)
      .where(where)
      .groupBy(stockLines.productId),
    stockLineRows(db)
      .where(where)
      .orderBy(asc(products.code), asc(locations.code), asc(stockLines.id))
      .limit(SCAN_MAX_LINES + 1),
  ])
  const truncated = rows.length > SCAN_MAX_LINES
  const byProduct = new Map(totals.map((t) => [t.productId, t]))
  // products found by code or GTIN answer even with no stock (total 0, no lines)
  const ids = [...new Set([...(found.productIds ?? []), ...byProduct.keys()])]
  const prods = ids.length
    ? await db
        .select({ id: products.id, code: products.code, name1: products.name1, uom: uoms.code })
        .from(products)
        .innerJoin(uoms, eq(uoms.id, products.uomId))
        .where(and(eq(products.companyId, companyId), inArray(products.id, ids)))
        .orderBy(asc(products.code), asc(products.id))
    : []
  const results = prods.map((p) => {
    const t = byProduct.get(p.id)
    const lines = rows.slice(0, SCAN_MAX_LINES).filter((r) => r.productId === p.id).map(serializeStockLine)
    const uom = lines[0]?.uom ?? p.uom
    return { product: p, total_qty: t?.total ?? '0.000', uom, locations_count: t?.locations ?? 0, lines }
  })
  return { code, kind: found.kind, gs1, results, truncated }
}
