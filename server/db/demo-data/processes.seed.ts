import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { products, uoms } from '../schema/catalog'
import { locations, warehouses } from '../schema/core'
import { inboundDocumentLines, inboundDocuments, salesOrderLines, salesOrders, waves } from '../schema/documents'
import { stockLines } from '../schema/inventory'
import { billsOfMaterials, boms, copackOrderComponents, copackOrders } from '../schema/manufacturing'
import { customers, suppliers } from '../schema/partners'
import { users } from '../schema/users'
import { fromMilli, minMilli, toMilli } from '../../kernel/qty-math'
import { rng } from './random'

const pad = (n: number, w: number) => String(n).padStart(w, '0')
const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/**
 * SPEC 2.8 demo data, small and deterministic: bills of materials for about 30 result products whose components are
 * in stock in the main warehouse, 5 copack orders in DRAFT that a new user can reserve at once, open POs and ASNs,
 * open sales orders whose products are in stock, and a wave. Runs after the stock seed and adapts to what it made
 * (tests seed a few hundred lines, the demo tens of thousands).
 */
export async function seedProcessesDemo(db: Db, opts: { companyId: number; warehouseCode?: string; log?: (msg: string) => void }): Promise<void> {
  const r = rng(7007 + opts.companyId)
  const { companyId } = opts
  const [wh] = await db
    .select({ id: warehouses.id, siteId: warehouses.siteId })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.code, opts.warehouseCode ?? 'WH-SP1')))
  if (!wh) return
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin')))
    .orderBy(asc(users.id))
    .limit(1)
  const createdById = owner?.id ?? null

  // free stock per product in the warehouse, in the product's own unit (what a reservation can take)
  const stocked = await db
    .select({ productId: stockLines.productId, available: sql<string>`sum(${stockLines.qty} - ${stockLines.reservedQty})::text` })
    .from(stockLines)
    .innerJoin(products, eq(products.id, stockLines.productId))
    .innerJoin(uoms, and(eq(uoms.id, products.uomId), eq(uoms.code, stockLines.uom)))
    .innerJoin(locations, eq(locations.id, stockLines.locationId))
    .where(and(eq(stockLines.companyId, companyId), eq(locations.warehouseId, wh.id), eq(locations.isActive, true), sql`${locations.kind} <> 'quarantine'`))
    .groupBy(stockLines.productId)
    .having(sql`sum(${stockLines.qty} - ${stockLines.reservedQty}) > 0`)
    .orderBy(asc(stockLines.productId))
  const available = new Map(stocked.map((s) => [s.productId, toMilli(s.available)]))

  // components: a quantity per unit that 10 units of result can use, so the 5 DRAFT orders (1 unit each) always fit
  const perUnit = (avail: bigint): string | null => {
    for (const q of ['2', '1', '0.5', '0.25']) if (toMilli(q) * 10n <= avail) return q
    return null
  }
  const components = stocked
    .map((s) => ({ productId: s.productId, qty: perUnit(toMilli(s.available)) }))
    .filter((c): c is { productId: number; qty: string } => c.qty !== null)
    .slice(0, 60)
  const componentIds = new Set(components.map((c) => c.productId))
  const allProducts = (await db.select({ id: products.id }).from(products).where(eq(products.companyId, companyId)).orderBy(asc(products.id))).map((p) => p.id)
  const results = allProducts.filter((id) => !componentIds.has(id)).slice(0, 30)

  const bomRows: Omit<typeof billsOfMaterials.$inferInsert, 'bomId'>[] = []
  if (components.length >= 2) {
    for (const resultProductId of results) {
      const n = Math.min(components.length, r.int(2, 3))
      const chosen = new Set<number>()
      while (chosen.size < n) chosen.add(r.int(0, components.length - 1))
      for (const i of [...chosen].sort((a, b) => a - b)) {
        bomRows.push({ companyId, resultProductId, componentProductId: components[i].productId, qtyPerUnit: components[i].qty })
      }
    }
    if (bomRows.length) {
      // one bill of materials per result product, its components the rows (ADR 0016)
      const headers = await db
        .insert(boms)
        .values(results.map((productId) => ({ companyId, productId })))
        .returning({ id: boms.id, productId: boms.productId })
      const bomOf = new Map(headers.map((h) => [h.productId, h.id]))
      await db.insert(billsOfMaterials).values(bomRows.map((row) => ({ ...row, bomId: bomOf.get(row.resultProductId)! })))
    }
  }
  const withBom = [...new Set(bomRows.map((b) => b.resultProductId))]
  const drafts = withBom.slice(0, 5).map((resultProductId, i) => ({
    companyId,
    siteId: wh.siteId,
    warehouseId: wh.id,
    code: `CP-DEMO-${pad(i + 1, 4)}`,
    status: 'DRAFT' as const,
    resultProductId,
    resultQty: '1',
    createdById,
  }))
  if (drafts.length) {
    // each order keeps its copy of its bill's revision 1 (ADR 0016)
    const inserted = await db
      .insert(copackOrders)
      .values(drafts.map((d) => ({ ...d, bomRevision: 1 })))
      .returning({ id: copackOrders.id, resultProductId: copackOrders.resultProductId })
    await db.insert(copackOrderComponents).values(
      inserted.flatMap((o) =>
        bomRows.filter((b) => b.resultProductId === o.resultProductId).map((b) => ({ companyId, orderId: o.id, productId: b.componentProductId, qtyPerUnit: b.qtyPerUnit })),
      ),
    )
  }

  // receiving: open POs and ASNs from the first suppliers (ASNs announce lots and expiry dates)
  const supplierIds = (await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.companyId, companyId)).orderBy(asc(suppliers.id)).limit(6)).map((s) => s.id)
  const today = new Date()
  let documents = 0
  for (const [i, supplierId] of supplierIds.entries()) {
    const kind = i % 2 === 0 ? 'po' : 'asn'
    const [doc] = await db
      .insert(inboundDocuments)
      .values({
        companyId,
        warehouseId: wh.id,
        kind,
        supplierId,
        code: `${kind.toUpperCase()}-DEMO-${pad(i + 1, 4)}`,
        expectedDate: isoDay(new Date(today.getTime() + (i + 1) * 86_400_000)),
        createdById,
      })
      .returning({ id: inboundDocuments.id })
    const lineCount = r.int(2, 4)
    const lines: (typeof inboundDocumentLines.$inferInsert)[] = []
    for (let k = 0; k < lineCount; k++) {
      const productId = r.pick(allProducts)
      lines.push({
        companyId,
        documentId: doc.id,
        productId,
        expectedQty: String(r.int(1, 20) * 10),
        lot: kind === 'asn' ? `ASN${pad(i + 1, 2)}-${pad(k + 1, 2)}` : null,
        expiryDate: kind === 'asn' ? isoDay(new Date(today.getTime() + r.int(120, 540) * 86_400_000)) : null,
      })
    }
    await db.insert(inboundDocumentLines).values(lines)
    documents++
  }

  // shipping: open sales orders for products in stock, outside the copack components (so both demos stay doable)
  const customerIds = (await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, companyId)).orderBy(asc(customers.id)).limit(8)).map((c) => c.id)
  const sellable = stocked.filter((s) => !componentIds.has(s.productId))
  const pool = sellable.length >= 3 ? sellable : stocked
  const orderIds: number[] = []
  if (pool.length) {
    for (const [i, customerId] of customerIds.entries()) {
      const [order] = await db
        .insert(salesOrders)
        .values({ companyId, warehouseId: wh.id, customerId, code: `SO-DEMO-${pad(i + 1, 4)}`, shipDate: isoDay(new Date(today.getTime() + (i % 3) * 86_400_000)), createdById })
        .returning({ id: salesOrders.id })
      orderIds.push(order.id)
      const chosen = new Set<number>()
      const n = Math.min(pool.length, r.int(1, 3))
      while (chosen.size < n) chosen.add(r.int(0, pool.length - 1))
      const lines = [...chosen].map((k) => {
        const productId = pool[k].productId
        // a quarter of what is free, at most 20: several orders of one product still fit
        const free = available.get(productId) ?? 0n
        const qty = minMilli(free / 4n, 20_000n)
        return { companyId, orderId: order.id, productId, qty: fromMilli(qty > 0n ? qty : free) }
      })
      await db.insert(salesOrderLines).values(lines.filter((l) => toMilli(l.qty) > 0n))
    }
  }
  if (orderIds.length >= 3) {
    const [wave] = await db.insert(waves).values({ companyId, warehouseId: wh.id, code: 'WV-DEMO-0001', createdById }).returning({ id: waves.id })
    await db
      .update(salesOrders)
      .set({ waveId: wave.id })
      .where(and(eq(salesOrders.companyId, companyId), sql`${salesOrders.id} IN (${sql.join(orderIds.slice(0, 3), sql`, `)})`))
  }
  opts.log?.(`processes: ${withBom.length} bills of materials, ${drafts.length} copack orders, ${documents} POs/ASNs, ${orderIds.length} sales orders`)
}
