import { and, asc, eq, sql } from 'drizzle-orm'
import { products, uoms } from '../../server/db/schema/catalog'
import { locations, warehouses } from '../../server/db/schema/core'
import { stockLines } from '../../server/db/schema/inventory'
import { users } from '../../server/db/schema/users'
import { type LineAttributes, receiveStock, type StockActor } from '../../server/modules/inventory/stock.service'
import type { TestApp } from './test-app'

/** Builders for the process suites (copack, receiving, shipping): products, stock and ledger checks on the real database. */

/** Lines whose qty differs from Σ moves in − Σ moves out (must be none). */
export async function ledgerMismatches(t: TestApp, companyId: number) {
  const r = await t.database.db.execute<{ id: number; qty: string; ledger: string }>(sql`
    SELECT l.id, l.qty::text AS qty, (coalesce(i.s, 0) - coalesce(o.s, 0))::text AS ledger
    FROM stock_lines l
    LEFT JOIN (SELECT to_line_id AS id, sum(qty) AS s FROM stock_moves GROUP BY 1) i ON i.id = l.id
    LEFT JOIN (SELECT from_line_id AS id, sum(qty) AS s FROM stock_moves GROUP BY 1) o ON o.id = l.id
    WHERE l.company_id = ${companyId} AND l.qty <> coalesce(i.s, 0) - coalesce(o.s, 0)`)
  return r.rows
}

export type ProcessFixture = {
  actor: StockActor
  warehouseId: number
  /** active storage locations of the user's default warehouse (WH-SP1) */
  storage: number[]
  otherWarehouseId: number
  /** active storage locations of another warehouse of the company */
  otherStorage: number[]
  product(code: string, opts?: { storageClass?: string; uom?: string }): Promise<number>
  stock(productId: number, locationId: number, qty: string | number, attrs?: LineAttributes): Promise<number>
  line(id: number): Promise<{ qty: string; reservedQty: string } | undefined>
}

export async function processFixture(t: TestApp, companyId = t.seed.companyId, username = 'admin'): Promise<ProcessFixture> {
  const db = t.database.db
  const [user] = await db.select({ id: users.id, warehouseId: users.defaultWarehouseId }).from(users).where(eq(users.username, username))
  const warehouseId = user.warehouseId as number
  const storage = (
    await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.warehouseId, warehouseId), eq(locations.kind, 'storage'), eq(locations.isActive, true)))
      .orderBy(asc(locations.id))
  ).map((l) => l.id)
  const [other] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), sql`${warehouses.id} <> ${warehouseId}`))
    .orderBy(asc(warehouses.id))
    .limit(1)
  const otherStorage = (
    await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.warehouseId, other?.id ?? -1), eq(locations.kind, 'storage'), eq(locations.isActive, true)))
      .orderBy(asc(locations.id))
  ).map((l) => l.id)
  const actor: StockActor = { companyId, userId: user.id }
  return {
    actor,
    warehouseId,
    storage,
    otherWarehouseId: other?.id ?? warehouseId,
    otherStorage,
    async product(code, opts = {}) {
      const [uom] = await db
        .select({ id: uoms.id })
        .from(uoms)
        .where(and(eq(uoms.companyId, companyId), eq(uoms.code, opts.uom ?? 'UN')))
      const [p] = await db
        .insert(products)
        .values({ companyId, code, name1: `Test ${code}`, uomId: uom.id, storageClass: opts.storageClass ?? 'ambient' })
        .returning({ id: products.id })
      return p.id
    },
    async stock(productId, locationId, qty, attrs = {}) {
      const change = await receiveStock(db, actor, { productId, locationId, qty, ...attrs })
      return change.to?.id as number
    },
    async line(id) {
      const [l] = await db.select({ qty: stockLines.qty, reservedQty: stockLines.reservedQty }).from(stockLines).where(eq(stockLines.id, id))
      return l
    },
  }
}
