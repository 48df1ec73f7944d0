/**
 * The copy of a bill of materials that a copack order keeps (ADR 0016): the revision and its component lines with
 * quantities per unit. Written by the order's creation and reserve (copack.service) and by a change of the bill for
 * its DRAFT orders (boms.service); read for everything shown for the order.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { billsOfMaterials, boms, copackOrderComponents, copackOrders } from '../../db/schema/manufacturing'

export type BomSnapshot = { revision: number; components: { productId: number; qtyPerUnit: string }[] }

/** The product's active bill of materials as it is now (its current revision), or null when it has none. */
export async function activeBomSnapshot(db: DbOrTx, companyId: number, productId: number): Promise<BomSnapshot | null> {
  const [header] = await db
    .select({ id: boms.id, revision: boms.revision })
    .from(boms)
    .where(and(eq(boms.companyId, companyId), eq(boms.productId, productId), eq(boms.isActive, true)))
  if (!header) return null
  const components = await db
    .select({ productId: billsOfMaterials.componentProductId, qtyPerUnit: billsOfMaterials.qtyPerUnit })
    .from(billsOfMaterials)
    .where(eq(billsOfMaterials.bomId, header.id))
    .orderBy(asc(billsOfMaterials.id))
  return { revision: header.revision, components }
}

/** Replace the orders' copies with `snapshot` (null: no bill, no components). */
export async function writeOrderSnapshot(db: DbOrTx, companyId: number, orderIds: number[], snapshot: BomSnapshot | null): Promise<void> {
  if (!orderIds.length) return
  await db.delete(copackOrderComponents).where(inArray(copackOrderComponents.orderId, orderIds))
  await db
    .update(copackOrders)
    .set({ bomRevision: snapshot?.revision ?? null })
    .where(inArray(copackOrders.id, orderIds))
  if (snapshot?.components.length) {
    await db
      .insert(copackOrderComponents)
      .values(orderIds.flatMap((orderId) => snapshot.components.map((c) => ({ companyId, orderId, productId: c.productId, qtyPerUnit: c.qtyPerUnit }))))
  }
}
