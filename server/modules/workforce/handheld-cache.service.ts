/**
 * What a handheld caches to validate scans offline (SPEC 11.10, ADR 0014): read-only, one query per table, compact.
 */
import { and, asc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { productPacks, products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { tasks } from '../../db/schema/tasks'
import type { CacheTask, HandheldCache } from '../../../contracts/tasks/handheld-cache.contract'
import { putawayTaskStock } from '../receiving/putaway.service'
import { serializeTask, taskRows } from './task-rows'
import { notExcluded } from './tasks.service'

const CACHED_TASKS = 500

/** The operator's unfinished tasks (assigned to them, or open and unassigned in their warehouse) with the stock they point at. */
async function operatorTasks(db: DbOrTx, user: { id: number; companyId: number; defaultWarehouseId: number | null }): Promise<CacheTask[]> {
  const unassigned = and(isNull(tasks.assigneeId), eq(tasks.status, 'open'), notExcluded(user.id), user.defaultWarehouseId === null ? undefined : eq(tasks.warehouseId, user.defaultWarehouseId))
  const rows = await taskRows(db)
    .where(and(eq(tasks.companyId, user.companyId), inArray(tasks.status, ['open', 'pending', 'in_progress']), or(eq(tasks.assigneeId, user.id), unassigned)))
    .orderBy(asc(tasks.createdAt), asc(tasks.id))
    .limit(CACHED_TASKS)
  const stock = new Map((await putawayTaskStock(db, user.companyId, rows.filter((r) => r.type === 'putaway').map((r) => r.id))).map((s) => [s.taskId, s]))
  return rows.map((r) => {
    const s = stock.get(r.id)
    return { ...serializeTask(r), stock: s ? { pallet_code: s.palletCode, sscc: s.sscc, storage_classes: s.storageClasses, lines: s.lines } : null }
  })
}

export async function handheldCache(db: DbOrTx, user: { id: number; companyId: number; defaultWarehouseId: number | null }): Promise<HandheldCache> {
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
    tasks: await operatorTasks(db, user),
  }
}
