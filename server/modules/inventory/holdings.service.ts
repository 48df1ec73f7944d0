/**
 * What locations hold now, for their capacity (docs/requirements.md §20.3): pallets, weight, products, lots and
 * storage classes. Inventory owns the stock lines; receiving (putaway) and master-data (a storage category's save)
 * read through here. A line without a pallet code counts as a pallet of its own (SPEC 10.6).
 */
import { type SQL, and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { LocationLoad } from '../../../contracts/inventory/capacity.rules'
import type { DbOrTx } from '../../db/client'
import { productPacks, products } from '../../db/schema/catalog'
import { stockLines } from '../../db/schema/inventory'

/**
 * A product's weight per unit of its own, in kg: from its lightest-per-pack active pack with a weight (weight_kg /
 * qty_per_pack). Null: no pack says its weight (the weight limit then counts it as nothing).
 */
const unitWeightOf = (productId: SQL) =>
  // written with an alias: drizzle leaves a lone table's columns unqualified, and the outer id must not resolve inside
  sql<string | null>`(SELECT pp.weight_kg / nullif(pp.qty_per_pack, 0) FROM ${productPacks} pp
    WHERE pp.product_id = ${productId} AND pp.is_active AND pp.weight_kg IS NOT NULL
    ORDER BY pp.qty_per_pack, pp.id LIMIT 1)`

/** Each product's weight per unit in kg (0 when no pack says it). */
export async function unitWeights(db: DbOrTx, companyId: number, productIds: number[]): Promise<Map<number, number>> {
  if (!productIds.length) return new Map()
  const rows = await db
    .select({ id: products.id, w: unitWeightOf(sql.raw('"products"."id"')) })
    .from(products)
    .where(and(eq(products.companyId, companyId), inArray(products.id, productIds)))
  return new Map(rows.map((r) => [r.id, Number(r.w ?? 0)]))
}

/** What each of `locationIds` holds now (a location holding nothing is absent). */
export async function locationLoads(db: DbOrTx, companyId: number, locationIds: number[]): Promise<Map<number, LocationLoad>> {
  if (!locationIds.length) return new Map()
  const rows = await db
    .select({
      locationId: stockLines.locationId,
      pallets: sql<number>`count(DISTINCT coalesce(${stockLines.palletCode}, 'line:' || ${stockLines.id}::text))::int`,
      weight: sql<string>`coalesce(sum(${stockLines.qty} * coalesce(${unitWeightOf(sql.raw('"stock_lines"."product_id"'))}, 0)), 0)::text`,
      products: sql<number[]>`array_agg(DISTINCT ${stockLines.productId})`,
      lots: sql<string[]>`array_agg(DISTINCT ${stockLines.productId}::text || ':' || coalesce(${stockLines.lot}, ''))`,
      classes: sql<string[]>`array_agg(DISTINCT ${products.storageClass})`,
    })
    .from(stockLines)
    .innerJoin(products, eq(products.id, stockLines.productId))
    .where(and(eq(stockLines.companyId, companyId), inArray(stockLines.locationId, locationIds), gt(stockLines.qty, '0')))
    .groupBy(stockLines.locationId)
  return new Map(
    rows.map((r) => [r.locationId, { pallets: Number(r.pallets), weight_kg: Number(r.weight), products: r.products.map(Number), lots: r.lots, storage_classes: r.classes }]),
  )
}

/** What a pallet in stock brings to a location: one pallet, its lines' weight, products, lots and classes. */
export async function palletLoad(db: DbOrTx, companyId: number, palletCode: string): Promise<LocationLoad> {
  const lines = await db
    .select({ productId: stockLines.productId, qty: stockLines.qty, lot: stockLines.lot, storageClass: products.storageClass })
    .from(stockLines)
    .innerJoin(products, eq(products.id, stockLines.productId))
    .where(and(eq(stockLines.companyId, companyId), eq(stockLines.palletCode, palletCode), gt(stockLines.qty, '0')))
  return loadOf(await unitWeights(db, companyId, [...new Set(lines.map((l) => l.productId))]), lines)
}

/** The load of some lines (a pallet being received, or in stock) given each product's unit weight. */
export function loadOf(weights: Map<number, number>, lines: { productId: number; qty: string; lot: string | null; storageClass: string }[]): LocationLoad {
  return {
    pallets: 1,
    weight_kg: lines.reduce((kg, l) => kg + Number(l.qty) * (weights.get(l.productId) ?? 0), 0),
    products: [...new Set(lines.map((l) => l.productId))],
    lots: [...new Set(lines.map((l) => `${l.productId}:${l.lot ?? ''}`))],
    storage_classes: [...new Set(lines.map((l) => l.storageClass))],
  }
}
