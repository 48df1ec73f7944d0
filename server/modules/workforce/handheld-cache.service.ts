/**
 * What a handheld caches to validate scans offline (issue 16, ADR 0014): read-only, one query per table, compact.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { productPacks, products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import type { HandheldCache } from '../../../contracts/tasks/handheld-cache.contract'

export async function handheldCache(db: DbOrTx, user: { companyId: number; defaultWarehouseId: number | null }): Promise<HandheldCache> {
  const where = user.defaultWarehouseId === null ? eq(locations.companyId, user.companyId) : and(eq(locations.companyId, user.companyId), eq(locations.warehouseId, user.defaultWarehouseId))
  const locs = await db
    .select({ id: locations.id, code: locations.code, warehouse: locations.warehouseId, kind: locations.kind, storage_class: locations.storageClass, active: locations.isActive, pick_sequence: locations.pickSequence })
    .from(locations)
    .where(where)
    .orderBy(asc(locations.code))
  const prods = await db.select({ id: products.id, code: products.code, name: products.name1 }).from(products).where(eq(products.companyId, user.companyId)).orderBy(asc(products.id))
  const packs = await db
    .select({ product: productPacks.productId, gtin: productPacks.gtin })
    .from(productPacks)
    .where(and(eq(productPacks.companyId, user.companyId), isNotNull(productPacks.gtin)))
  const gtins = new Map<number, string[]>()
  for (const p of packs) {
    if (!p.gtin) continue
    const list = gtins.get(p.product) ?? []
    list.push(p.gtin)
    gtins.set(p.product, list)
  }
  return {
    warehouse: user.defaultWarehouseId,
    generated_at: new Date().toISOString(),
    locations: locs,
    products: prods.map((p) => ({ ...p, gtins: gtins.get(p.id) ?? [] })),
  }
}
