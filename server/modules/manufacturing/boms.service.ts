/**
 * Bills of materials as documents (SPEC 12.7, 12.6; ADR 0016): one per product and company, its components with exact
 * quantities per unit made. This service is the only writer of `boms` and `bills_of_materials` (ADR 0009).
 *
 * Bills are versioned: every change of the components makes the next revision. A copack order keeps its own copy of
 * the revision it was made by (copack_order_components): an order that has reserved keeps it whatever happens to the
 * bill, a DRAFT follows the bill (its copy is replaced in the same transaction as the edit). Deactivating waits until
 * no DRAFT is left, since a draft would then have nothing to reserve (400 on is_active). Edits and reserves serialise
 * on the header row: the edit locks it FOR UPDATE before touching the drafts, a reserve or a new order locks it FOR
 * SHARE before copying the components.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { products, uoms } from '../../db/schema/catalog'
import { billsOfMaterials, boms, copackOrders } from '../../db/schema/manufacturing'
import type { BomDetail, BomRow } from '../../../contracts/copack/bom.contract'
import { BOM_DEACTIVATE_BLOCKING, BOM_OPEN_STATUSES } from '../../../contracts/copack/bom.rules'
import type { CopackStatus } from '../../../contracts/copack/copack.rules'
import type { AuthUser } from '../../http/context'
import { ApiError, addFieldError, fieldError, type FieldErrors, notFound, pgError } from '../../http/errors'
import { countStar, type OrderingMap } from '../../http/pagination'
import { fromMilli, toMilli } from '../../kernel/qty-math'
import { diffChanges, recordAudit } from '../audit/audit.service'
import { activeBomSnapshot, writeOrderSnapshot } from './order-components'

/** The audit trail's name for these records (GET /api/audit/?entity=boms&entity_id=). */
export const BOM_ENTITY = 'boms'

export type BomComponentInput = { product: number; qty_per_unit: string }
export type CreateBomInput = { product: number; components: BomComponentInput[]; is_active?: boolean }
export type UpdateBomInput = { components?: BomComponentInput[]; is_active?: boolean }

const componentsCount = sql<number>`(SELECT count(*)::int FROM ${billsOfMaterials} WHERE ${billsOfMaterials.bomId} = ${boms.id})`

/** The list's rows, before filtering: the header, its product and how many components. */
export const bomRows = (db: DbOrTx) =>
  db
    .select({
      id: boms.id,
      productId: products.id,
      productCode: products.code,
      productName: products.name1,
      componentsCount: componentsCount,
      isActive: boms.isActive,
      revision: boms.revision,
      createdAt: boms.createdAt,
      updatedAt: boms.updatedAt,
    })
    .from(boms)
    .innerJoin(products, eq(products.id, boms.productId))
    .$dynamic()

export const bomCount = (db: DbOrTx) => db.select({ count: countStar }).from(boms).innerJoin(products, eq(products.id, boms.productId)).$dynamic()

export const bomSearchFields = [products.code, products.name1]
export const bomOrdering: OrderingMap = {
  id: boms.id,
  product__code: products.code,
  product__name1: products.name1,
  components_count: componentsCount,
  is_active: boms.isActive,
  revision: boms.revision,
  updated_at: boms.updatedAt,
}

export function serializeBomRow(r: Awaited<ReturnType<ReturnType<typeof bomRows>['execute']>>[number]): BomRow {
  return {
    id: r.id,
    product: { id: r.productId, code: r.productCode, name1: r.productName },
    components_count: r.componentsCount,
    is_active: r.isActive,
    revision: r.revision,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }
}

type Header = typeof boms.$inferSelect

async function headerOr404(db: DbOrTx, user: AuthUser, id: number, lock = false): Promise<Header> {
  const q = db
    .select()
    .from(boms)
    .where(and(eq(boms.id, id), eq(boms.companyId, user.companyId)))
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw notFound('No such record.')
  return row
}

async function componentRows(db: DbOrTx, bomId: number) {
  return db
    .select({ id: billsOfMaterials.id, productId: products.id, code: products.code, name1: products.name1, uom: uoms.code, qtyPerUnit: billsOfMaterials.qtyPerUnit })
    .from(billsOfMaterials)
    .innerJoin(products, eq(products.id, billsOfMaterials.componentProductId))
    .innerJoin(uoms, eq(uoms.id, products.uomId))
    .where(eq(billsOfMaterials.bomId, bomId))
    .orderBy(asc(billsOfMaterials.id))
}

/** Copack orders of the product that have not finished, oldest first. */
async function openOrders(db: DbOrTx, companyId: number, productId: number, statuses: readonly CopackStatus[]) {
  return db
    .select({ id: copackOrders.id, code: copackOrders.code, status: copackOrders.status, bom_revision: copackOrders.bomRevision })
    .from(copackOrders)
    .where(and(eq(copackOrders.companyId, companyId), eq(copackOrders.resultProductId, productId), inArray(copackOrders.status, [...statuses])))
    .orderBy(asc(copackOrders.id))
}

export async function bomDetail(db: DbOrTx, user: AuthUser, id: number): Promise<BomDetail> {
  const [row] = await bomRows(db).where(and(eq(boms.id, id), eq(boms.companyId, user.companyId)))
  if (!row) throw notFound('No such record.')
  const [components, orders] = await Promise.all([componentRows(db, id), openOrders(db, user.companyId, row.productId, BOM_OPEN_STATUSES)])
  return {
    ...serializeBomRow(row),
    components: components.map((c) => ({ id: c.id, product: { id: c.productId, code: c.code, name1: c.name1, uom: c.uom }, qty_per_unit: c.qtyPerUnit })),
    open_orders: orders,
  }
}

/**
 * Each component's product belongs to the company, is not the product made, and appears once; every problem is
 * reported on its row (`components.2.product`), as the form shows it.
 */
async function checkComponents(db: DbOrTx, companyId: number, productId: number, components: BomComponentInput[]): Promise<void> {
  const ids = [...new Set(components.map((c) => c.product))]
  const found = new Set(
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.companyId, companyId), inArray(products.id, ids)))
    ).map((p) => p.id),
  )
  const errors: FieldErrors = {}
  const seen = new Set<number>()
  components.forEach((c, i) => {
    const field = `components.${i}.product`
    if (!found.has(c.product)) addFieldError(errors, field, `Invalid pk "${c.product}" - object does not exist.`)
    else if (c.product === productId) addFieldError(errors, field, 'A product cannot be a component of itself.')
    else if (seen.has(c.product)) addFieldError(errors, field, 'This component is already in the bill of materials of this product.')
    seen.add(c.product)
  })
  if (Object.keys(errors).length) throw new ApiError(400, errors)
}

/** What the audit trail keeps of the components: product and quantity (minimal: "2" and "2.000" are no change). */
const auditComponents = (components: BomComponentInput[]) => components.map((c) => ({ product: c.product, qty_per_unit: fromMilli(toMilli(c.qty_per_unit)) }))

const componentValues = (companyId: number, bomId: number, productId: number, components: BomComponentInput[]) =>
  components.map((c) => ({ companyId, bomId, resultProductId: productId, componentProductId: c.product, qtyPerUnit: c.qty_per_unit }))

const actorOf = (user: AuthUser) => ({ companyId: user.companyId, userId: user.id, apiKeyId: user.apiKey?.id })

export async function createBom(db: DbOrTx, user: AuthUser, body: CreateBomInput): Promise<number> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, body.product), eq(products.companyId, user.companyId)))
  if (!product) throw fieldError('product', `Invalid pk "${body.product}" - object does not exist.`)
  await checkComponents(db, user.companyId, product.id, body.components)
  try {
    return await db.transaction(async (tx) => {
      const [header] = await tx
        .insert(boms)
        .values({ companyId: user.companyId, productId: product.id, isActive: body.is_active ?? true })
        .returning({ id: boms.id })
      await tx.insert(billsOfMaterials).values(componentValues(user.companyId, header.id, product.id, body.components))
      await refreshDrafts(tx, user.companyId, product.id)
      await recordAudit(tx, actorOf(user), {
        entity: BOM_ENTITY,
        entityId: header.id,
        action: 'create',
        changes: { product: product.id, components: auditComponents(body.components), is_active: body.is_active ?? true, revision: 1 },
      })
      return header.id
    })
  } catch (e) {
    if (pgError(e)?.code === '23505') throw fieldError('product', 'This product already has a bill of materials: open it to change its components.')
    throw e
  }
}

/** Replace the components and/or (de)activate; refused while an order depends on the bill of materials (ADR 0016). */
export async function updateBom(db: DbOrTx, user: AuthUser, id: number, body: UpdateBomInput): Promise<void> {
  await db.transaction(async (tx) => {
    // the header's row lock first: a reserve of this product waits for the edit, or the edit for the reserve
    const header = await headerOr404(tx, user, id, true)
    const changes: Record<string, unknown> = {}
    let revision = header.revision
    if (body.components) {
      const old = await componentRows(tx, id)
      const before = auditComponents(old.map((c) => ({ product: c.productId, qty_per_unit: c.qtyPerUnit })))
      const after = auditComponents(body.components)
      const diff = diffChanges({ components: before }, { components: after })
      if (Object.keys(diff).length) {
        // the next revision; orders that reserved keep their copy of the old one, drafts move to this one (ADR 0016)
        await checkComponents(tx, user.companyId, header.productId, body.components)
        await tx.delete(billsOfMaterials).where(eq(billsOfMaterials.bomId, id))
        await tx.insert(billsOfMaterials).values(componentValues(user.companyId, id, header.productId, body.components))
        revision = header.revision + 1
        Object.assign(changes, diff, { revision: [header.revision, revision] })
      }
    }
    let action: 'update' | 'deactivate' | 'reactivate' = 'update'
    if (body.is_active !== undefined && body.is_active !== header.isActive) {
      if (!body.is_active) {
        const [holder] = await openOrders(tx, user.companyId, header.productId, BOM_DEACTIVATE_BLOCKING)
        if (holder) throw fieldError('is_active', `Copack order ${holder.code} is not finished and uses this bill of materials: complete or cancel it before deactivating.`)
      }
      changes.is_active = [header.isActive, body.is_active]
      action = body.is_active ? 'reactivate' : 'deactivate'
    }
    if (!Object.keys(changes).length) return
    await tx
      .update(boms)
      .set({ updatedAt: sql`now()`, revision, ...(body.is_active !== undefined ? { isActive: body.is_active } : {}) })
      .where(eq(boms.id, id))
    if (revision !== header.revision) await refreshDrafts(tx, user.companyId, header.productId)
    await recordAudit(tx, actorOf(user), { entity: BOM_ENTITY, entityId: id, action, changes })
  })
}

/**
 * The product's DRAFT orders take the bill as it now is (they have reserved nothing: they are made by the current
 * revision). Locked FOR UPDATE first, so an order cancelled or reserved meanwhile is left as it is.
 */
async function refreshDrafts(tx: DbOrTx, companyId: number, productId: number): Promise<void> {
  const drafts = await tx
    .select({ id: copackOrders.id })
    .from(copackOrders)
    .where(and(eq(copackOrders.companyId, companyId), eq(copackOrders.resultProductId, productId), eq(copackOrders.status, 'DRAFT')))
    .orderBy(asc(copackOrders.id))
    .for('update')
  if (!drafts.length) return
  await writeOrderSnapshot(
    tx,
    companyId,
    drafts.map((d) => d.id),
    await activeBomSnapshot(tx, companyId, productId),
  )
}

/** For a reserve (copack.service): lock the product's active bill of materials against edits until the reserve commits. */
export async function lockActiveBom(db: DbOrTx, companyId: number, productId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: boms.id })
    .from(boms)
    .where(and(eq(boms.companyId, companyId), eq(boms.productId, productId), eq(boms.isActive, true)))
    .for('share')
  return row?.id ?? null
}
