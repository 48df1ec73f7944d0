/**
 * Master data's writes beyond the generic create/update (issue 18): the audit trail of every change, the refusal to
 * deactivate a location with stock, and a product's GTINs. The tables are this module's (ADR 0009); stock is asked
 * through the inventory module's service.
 */
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { productGtins, productPacks, products } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { ApiError, type FieldErrors, addFieldError, fieldError } from '../../http/errors'
import { type RecordChange, type WriteContext, refInCompany } from '../../http/crud'
import { type AuditActor, diffChanges, recordAudit } from '../audit/audit.service'
import { type LocationRangeInput, MAX_LOCATION_RANGE } from '../../../contracts/master-data/core.contract'
import { locationRangeCodes, locationRangeEnds, parseLocationRange } from '../../../contracts/master-data/location-range.rules'

type AuditActorOf = AuditActor & { companyId: number }
type LocationRangeValues = Omit<LocationRangeInput, 'warehouse'> & { warehouse: number }
import { hasStockAt } from '../inventory/stock.service'

/** The resource names the audit trail files master data under (`GET /api/audit/?entity=locations&entity_id=`). */
export type MasterDataEntity =
  | 'companies'
  | 'sites'
  | 'warehouses'
  | 'locations'
  | 'uoms'
  | 'products'
  | 'product_packs'
  | 'customers'
  | 'suppliers'
  | 'carriers'
  | 'skills'
  | 'parking_spots'
  | 'equipments'

/** crudRoutes' onChange for a resource: who created or changed what, in the write's transaction. */
export const auditAs =
  (entity: MasterDataEntity) =>
  async (ctx: WriteContext, change: RecordChange): Promise<void> => {
    const changes = change.before ? diffChanges(change.before, change.after) : change.after
    if (change.before && Object.keys(changes).length === 0) return
    await recordAudit(ctx.db, { companyId: ctx.user.companyId, userId: ctx.user.id }, { entity, entityId: change.id, action: change.action, changes })
  }

/** A location still holding stock stays active (issue 18); the stock must be moved out first. */
export async function refuseDeactivatingStockedLocation(ctx: WriteContext, locationId: number): Promise<void> {
  if (await hasStockAt(ctx.db, ctx.user.companyId, { locationId })) {
    throw fieldError('is_active', 'This location still holds stock: move it out before deactivating the location.')
  }
}

/**
 * Replace a product's GTINs with `gtins` (already check-digit verified by the contract). A GTIN names one product:
 * one already on another product, or on another product's pack, is a 400 on `gtins`.
 */
export async function setProductGtins(db: DbOrTx, companyId: number, productId: number, gtins: string[]): Promise<void> {
  if (gtins.length) {
    const errors: FieldErrors = {}
    const taken = await db
      .select({ gtin: productGtins.gtin, code: products.code })
      .from(productGtins)
      .innerJoin(products, eq(products.id, productGtins.productId))
      .where(and(eq(productGtins.companyId, companyId), inArray(productGtins.gtin, gtins), ne(productGtins.productId, productId)))
    const onPacks = await db
      .select({ gtin: productPacks.gtin, code: products.code })
      .from(productPacks)
      .innerJoin(products, eq(products.id, productPacks.productId))
      .where(and(eq(productPacks.companyId, companyId), inArray(productPacks.gtin, gtins), ne(productPacks.productId, productId)))
    for (const t of [...taken, ...onPacks]) addFieldError(errors, 'gtins', `"${t.gtin}" already belongs to product ${t.code}.`)
    if (errors.gtins) throw new ApiError(400, errors)
  }
  await db.delete(productGtins).where(and(eq(productGtins.companyId, companyId), eq(productGtins.productId, productId)))
  if (gtins.length) await db.insert(productGtins).values(gtins.map((gtin) => ({ companyId, productId, gtin })))
}

/** A pack's GTIN may not be another product's GTIN (a scan must name one product): 400 on `gtin`. */
export async function checkPackGtin(db: DbOrTx, companyId: number, pack: { gtin: string; productId?: number; packId?: number }): Promise<void> {
  let productId = pack.productId
  if (productId === undefined && pack.packId !== undefined) {
    const [row] = await db.select({ productId: productPacks.productId }).from(productPacks).where(eq(productPacks.id, pack.packId))
    productId = row?.productId
  }
  const [owner] = await db
    .select({ code: products.code })
    .from(productGtins)
    .innerJoin(products, eq(products.id, productGtins.productId))
    .where(and(eq(productGtins.companyId, companyId), eq(productGtins.gtin, pack.gtin), productId === undefined ? undefined : ne(productGtins.productId, productId)))
    .limit(1)
  if (owner) throw fieldError('gtin', `"${pack.gtin}" already belongs to product ${owner.code}.`)
}

/** Rows per multi-row INSERT: a statement takes at most 65,535 parameters. */
const INSERT_CHUNK = 5000

/**
 * `POST /api/core/locations/range/` (issue 18): every location a pattern names, in one transaction, one multi-row
 * INSERT per chunk. Refused with 400 on `pattern` when it is malformed, names more than MAX_LOCATION_RANGE
 * locations, or names a code the company already has.
 */
export async function createLocationRange(db: DbOrTx, actor: AuditActorOf, input: LocationRangeValues): Promise<{ created: number; first: string; last: string; ids: number[] }> {
  const parsed = parseLocationRange(input.pattern)
  if (!parsed.ok) throw fieldError('pattern', parsed.error)
  if (parsed.count > MAX_LOCATION_RANGE) {
    throw fieldError('pattern', `This pattern names ${parsed.count} locations; at most ${MAX_LOCATION_RANGE} are created at once.`)
  }
  const [first, last] = locationRangeEnds(parsed.parts)
  if (Math.max(first.length, last.length) > 64) throw fieldError('pattern', 'The codes would be longer than 64 characters.')
  const warehouseId = await refInCompany(db, warehouses, actor.companyId, input.warehouse, 'warehouse')
  const codes = [...locationRangeCodes(parsed.parts)]
  const existing: string[] = []
  for (let i = 0; i < codes.length; i += 10_000) {
    const rows = await db
      .select({ code: locations.code })
      .from(locations)
      .where(and(eq(locations.companyId, actor.companyId), inArray(locations.code, codes.slice(i, i + 10_000))))
      .orderBy(locations.code)
    existing.push(...rows.map((r) => r.code))
  }
  if (existing.length) {
    const shown = existing.slice(0, 5).join(', ') + (existing.length > 5 ? ', …' : '')
    throw fieldError('pattern', `${existing.length} of these locations already exist: ${shown}.`)
  }
  const attrs = {
    name: input.name ?? '',
    kind: input.kind ?? 'storage',
    storageClass: input.storage_class ?? 'ambient',
    capacityPallets: input.capacity_pallets ?? null,
    pickSequence: input.pick_sequence ?? null,
    isActive: input.is_active ?? true,
  }
  const ids: number[] = []
  for (let i = 0; i < codes.length; i += INSERT_CHUNK) {
    const rows = await db
      .insert(locations)
      .values(codes.slice(i, i + INSERT_CHUNK).map((code) => ({ ...attrs, code, companyId: actor.companyId, warehouseId: warehouseId as number })))
      .returning({ id: locations.id })
    ids.push(...rows.map((r) => r.id))
  }
  await recordAudit(
    db,
    actor,
    ids.map((id, i) => ({ entity: 'locations', entityId: id, action: 'create' as const, changes: { code: codes[i], warehouse: warehouseId }, note: `range ${input.pattern}` })),
  )
  return { created: ids.length, first, last, ids }
}
