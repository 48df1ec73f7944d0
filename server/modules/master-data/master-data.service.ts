/**
 * Master data's writes beyond the generic create/update (SPEC 12.9): the audit trail of every change, the refusal to
 * deactivate a location with stock, and a product's GTINs. The tables are this module's (ADR 0009); stock is asked
 * through the inventory module's service.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { productGtins, productPacks, products, uoms } from '../../db/schema/catalog'
import { locations, storageCategories, warehouses } from '../../db/schema/core'
import { ApiError, type FieldErrors, addFieldError, fieldError } from '../../http/errors'
import { type RecordChange, type WriteContext, refInCompany } from '../../http/crud'
import { type AuditActor, diffChanges, recordAudit } from '../audit/audit.service'
import type { z } from 'zod'
import { type LocationRangeInput, MAX_LOCATION_RANGE } from '../../../contracts/master-data/core.contract'
import type { productPackItemBody } from '../../../contracts/master-data/catalog.contract'
import { locationRangeCodes, locationRangeEnds, parseLocationRange } from '../../../contracts/master-data/location-range.rules'

type AuditActorOf = AuditActor & { companyId: number }
type LocationRangeValues = Omit<LocationRangeInput, 'warehouse'> & { warehouse: number }
/** A row of a product's `packs` as the contract hands it over (decimals as strings). */
type ProductPackItemValues = z.output<typeof productPackItemBody>
import { hasStockAt, stockOfProduct } from '../inventory/stock.service'
import { locationLoads } from '../inventory/holdings.service'
import { type CapacityRefusal, type StorageCategoryLimits, EMPTY_LOAD, capacityRefusals } from '../../../contracts/inventory/capacity.rules'
import { layoutColumns, warehouseRule } from './layout.service'

/** The resource names the audit trail files master data under (`GET /api/audit/?entity=locations&entity_id=`). */
export type MasterDataEntity =
  | 'companies'
  | 'sites'
  | 'warehouses'
  | 'locations'
  | 'storage_categories'
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
    await recordAudit(ctx.db, { companyId: ctx.user.companyId, userId: ctx.user.id, apiKeyId: ctx.user.apiKey?.id }, { entity, entityId: change.id, action: change.action, changes })
  }

/** A location still holding stock stays active (SPEC 12.3); the stock must be moved out first. */
export async function refuseDeactivatingStockedLocation(ctx: WriteContext, locationId: number): Promise<void> {
  if (await hasStockAt(ctx.db, ctx.user.companyId, { locationId })) {
    throw fieldError('is_active', 'This location still holds stock: move it out before deactivating the location.')
  }
}

/**
 * A product with stock stays active, as a location does (docs/requirements.md §5): the refusal says how much is
 * where, so the user knows what to move or adjust first.
 */
export async function refuseDeactivatingStockedProduct(ctx: WriteContext, productId: number): Promise<void> {
  const refusal = await productStockRefusal(ctx.db, ctx.user.companyId, productId)
  if (refusal) throw fieldError('is_active', refusal)
}

/** Why a product cannot be deactivated (how much of it is where), or null when it has no stock. */
export async function productStockRefusal(db: DbOrTx, companyId: number, productId: number): Promise<string | null> {
  const stock = await stockOfProduct(db, companyId, productId)
  if (!stock.locations) return null
  const qty = stock.totals.join(' + ')
  if (stock.locations === 1) return `This product still has ${qty} in stock, in location ${stock.largest[0].code}: move it out or adjust it to zero before deactivating the product.`
  const places = stock.largest.map((l) => `${l.code} (${l.qty})`).join(', ') + (stock.locations > stock.largest.length ? ', …' : '')
  return `This product still has ${qty} in stock in ${stock.locations} locations: ${places}. Move it out or adjust it to zero before deactivating the product.`
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
const INSERT_CHUNK = 3000

/**
 * `POST /api/core/locations/range/` (SPEC 12.3): every location a pattern names, in one transaction, one multi-row
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
    storageCategoryId: await refInCompany(db, storageCategories, actor.companyId, input.storage_category, 'storage_category'),
    isActive: input.is_active ?? true,
  }
  // SPEC 18.1: each location takes its place from its code by the warehouse's layout rule
  const rule = await warehouseRule(db, actor.companyId, warehouseId as number)
  const ids: number[] = []
  for (let i = 0; i < codes.length; i += INSERT_CHUNK) {
    const rows = await db
      .insert(locations)
      .values(codes.slice(i, i + INSERT_CHUNK).map((code) => ({ ...attrs, ...layoutColumns(rule, code), code, companyId: actor.companyId, warehouseId: warehouseId as number })))
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

/**
 * Replace a product's packs with `packs` (SPEC 12.1: edited on the product's form). A row with `id` edits that pack
 * (it must be this product's), one without adds a pack, a pack left out is removed (nothing refers to a pack's row;
 * its history stays in the product's audit trail). Refused as 400 on `packs.<row>.<field>`:
 * - a GTIN that is another product's, or another product's pack's (a scan names one product);
 * - removing a pack, or changing its unit or units per pack, while stock of the product is recorded in that pack's
 *   unit (the stock's quantity would silently mean another number of units). The product's own unit is not a pack
 *   stock is recorded in, so a pack in that unit stays free to edit.
 */
export async function setProductPacks(db: DbOrTx, companyId: number, productId: number, packs: ProductPackItemValues[]): Promise<void> {
  const errors: FieldErrors = {}
  const existing = await db
    .select({ id: productPacks.id, uomId: productPacks.uomId, uomCode: uoms.code, qtyPerPack: productPacks.qtyPerPack, gtin: productPacks.gtin })
    .from(productPacks)
    .innerJoin(uoms, eq(uoms.id, productPacks.uomId))
    .where(and(eq(productPacks.companyId, companyId), eq(productPacks.productId, productId)))
  const byId = new Map(existing.map((p) => [p.id, p]))
  const [product] = await db.select({ uomId: products.uomId }).from(products).where(eq(products.id, productId))
  // units: each in the company (a second company's unit is a 400 on the row's uom)
  const uomIds = [...new Set(packs.map((p) => p.uom))]
  const known = uomIds.length
    ? new Set((await db.select({ id: uoms.id }).from(uoms).where(and(eq(uoms.companyId, companyId), inArray(uoms.id, uomIds)))).map((u) => u.id))
    : new Set<number>()
  packs.forEach((p, i) => {
    if (p.id !== undefined && !byId.has(p.id)) addFieldError(errors, `packs.${i}.id`, "This pack is not one of this product's packs.")
    if (!known.has(p.uom)) addFieldError(errors, `packs.${i}.uom`, `Invalid pk "${p.uom}" - object does not exist.`)
  })
  // GTINs: not another product's own, nor another product's pack's
  const gtins = packs.map((p) => p.gtin).filter((g): g is string => Boolean(g))
  if (gtins.length) {
    const taken = [
      ...(await db
        .select({ gtin: productGtins.gtin, code: products.code })
        .from(productGtins)
        .innerJoin(products, eq(products.id, productGtins.productId))
        .where(and(eq(productGtins.companyId, companyId), inArray(productGtins.gtin, gtins), ne(productGtins.productId, productId)))),
      ...(await db
        .select({ gtin: sql<string>`${productPacks.gtin}`, code: products.code })
        .from(productPacks)
        .innerJoin(products, eq(products.id, productPacks.productId))
        .where(and(eq(productPacks.companyId, companyId), inArray(productPacks.gtin, gtins), ne(productPacks.productId, productId)))),
    ]
    for (const t of taken) {
      const i = packs.findIndex((p) => p.gtin === t.gtin)
      addFieldError(errors, `packs.${i}.gtin`, `"${t.gtin}" already belongs to product ${t.code}.`)
    }
  }
  // stock recorded in a pack's unit keeps that pack, its unit and its units per pack
  const kept = new Map(packs.flatMap((p, i) => (p.id === undefined ? [] : [[p.id, { p, i }] as const])))
  for (const old of existing) {
    if (old.uomId === product?.uomId) continue
    const next = kept.get(old.id)
    const changed = !next || next.p.uom !== old.uomId || Number(next.p.qty_per_pack) !== Number(old.qtyPerPack)
    if (!changed) continue
    if (await hasStockAt(db, companyId, { productId, uom: old.uomCode })) {
      const message = `Stock of this product is recorded in ${old.uomCode}: this pack cannot be removed, nor its unit or units per pack changed, while that stock is there.`
      addFieldError(errors, next ? `packs.${next.i}.${next.p.uom !== old.uomId ? 'uom' : 'qty_per_pack'}` : 'packs', message)
    }
  }
  if (Object.keys(errors).length) throw new ApiError(400, errors)

  const values = (p: ProductPackItemValues) =>
    Object.fromEntries(
      Object.entries({
        uomId: p.uom,
        qtyPerPack: p.qty_per_pack,
        gtin: p.gtin,
        lengthMm: p.length_mm,
        widthMm: p.width_mm,
        heightMm: p.height_mm,
        weightKg: p.weight_kg,
        packsPerPallet: p.packs_per_pallet,
        isActive: p.is_active,
      }).filter(([, v]) => v !== undefined),
    )
  const removed = existing.filter((p) => !kept.has(p.id)).map((p) => p.id)
  if (removed.length) await db.delete(productPacks).where(inArray(productPacks.id, removed))
  // GTINs may move between this product's packs: free them first, so the unique index never sees one twice
  const moving = packs.filter((p) => p.id !== undefined && p.gtin !== undefined && p.gtin !== byId.get(p.id)?.gtin).map((p) => p.id as number)
  if (moving.length) await db.update(productPacks).set({ gtin: null }).where(inArray(productPacks.id, moving))
  for (const p of packs) {
    if (p.id !== undefined) await db.update(productPacks).set(values(p)).where(eq(productPacks.id, p.id))
  }
  const added = packs.filter((p) => p.id === undefined)
  if (added.length) await db.insert(productPacks).values(added.map((p) => ({ ...values(p), companyId, productId }) as typeof productPacks.$inferInsert))
}

/** A storage category's limits as the capacity rules take them (§20.3). */
export async function storageCategoryLimits(db: DbOrTx, companyId: number, id: number): Promise<StorageCategoryLimits | null> {
  const [c] = await db
    .select({
      code: storageCategories.code,
      max_pallets: storageCategories.maxPallets,
      max_weight_kg: storageCategories.maxWeightKg,
      allowed_storage_classes: storageCategories.allowedStorageClasses,
      mixing: storageCategories.mixing,
    })
    .from(storageCategories)
    .where(and(eq(storageCategories.id, id), eq(storageCategories.companyId, companyId)))
  return c ?? null
}

const CATEGORY_FIELD: Record<CapacityRefusal['code'], string> = {
  full: 'max_pallets',
  too_heavy: 'max_weight_kg',
  class_not_allowed: 'allowed_storage_classes',
  mixes_products: 'mixing',
  mixes_lots: 'mixing',
}

/** Why a location holding what it holds now breaks a limit, as the category's or the location's save says it. */
function holdingText(r: CapacityRefusal, location: string): string {
  switch (r.code) {
    case 'full':
      return `Location ${location} holds ${r.pallets} pallets now, more than ${r.max}.`
    case 'too_heavy':
      return `Location ${location} holds ${r.weight_kg} kg now, more than ${r.max} kg.`
    case 'class_not_allowed':
      return `Location ${location} holds ${r.storage_class} products now.`
    case 'mixes_products':
      return `Location ${location} holds more than one product now.`
    case 'mixes_lots':
      return `Location ${location} holds more than one lot now.`
  }
}

/**
 * §20.3: a storage category whose limits are below what one of its locations holds now is refused on save, each limit
 * on its field (the first location that breaks it named), and a location is refused the category it would overflow
 * (on `storage_category`). Runs after the write, in its transaction: a refusal undoes it.
 */
export async function refuseOverfullCategory(ctx: WriteContext, categoryId: number, onlyLocationId?: number): Promise<void> {
  const limits = await storageCategoryLimits(ctx.db, ctx.user.companyId, categoryId)
  if (!limits) return
  const errors = await overfullCategoryErrors(ctx.db, ctx.user.companyId, categoryId, limits, onlyLocationId)
  if (Object.keys(errors).length) throw new ApiError(400, errors)
}

/**
 * §20.3: a location's own `capacity_pallets` below the pallets it holds now is refused on that field (the pallets the
 * category allows are checked by refuseOverfullCategory). Runs after the write, in its transaction.
 */
export async function refuseOverfullLocation(ctx: WriteContext, locationId: number, capacityPallets: number): Promise<void> {
  const held = (await locationLoads(ctx.db, ctx.user.companyId, [locationId])).get(locationId)
  if (!held) return
  const [r] = capacityRefusals({ capacity_pallets: capacityPallets, category: null }, held, EMPTY_LOAD)
  if (!r) return
  const [loc] = await ctx.db.select({ code: locations.code }).from(locations).where(eq(locations.id, locationId))
  const errors: FieldErrors = {}
  addFieldError(errors, 'capacity_pallets', holdingText(r, loc?.code ?? String(locationId)))
  throw new ApiError(400, errors)
}

/** What the category's locations (or one of them) hold now against `limits`: field errors, empty when all fit. */
export async function overfullCategoryErrors(db: DbOrTx, companyId: number, categoryId: number, limits: StorageCategoryLimits, onlyLocationId?: number): Promise<FieldErrors> {
  const locs = await db
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.storageCategoryId, categoryId), onlyLocationId === undefined ? undefined : eq(locations.id, onlyLocationId)))
    .orderBy(locations.code)
  const errors: FieldErrors = {}
  // a location's own capacity_pallets is the location's business: only the category's limits are checked here
  const loads = await locationLoads(db, companyId, locs.map((l) => l.id))
  for (const l of locs) {
    const held = loads.get(l.id)
    if (!held) continue
    for (const r of capacityRefusals({ capacity_pallets: null, category: limits }, held, EMPTY_LOAD)) {
      const field = onlyLocationId === undefined ? CATEGORY_FIELD[r.code] : 'storage_category'
      if (!errors[field]?.length) addFieldError(errors, field, holdingText(r, l.code))
    }
  }
  return errors
}

/**
 * §20.3, for many locations at once (a CSV import): each location given a category that what it holds now would
 * overflow, with the first limit it breaks as the location's save says it.
 */
export async function categoryOverflows(db: DbOrTx, companyId: number, pairs: { locationId: number; categoryId: number }[]): Promise<Map<number, string>> {
  const out = new Map<number, string>()
  const byCategory = new Map<number, number[]>()
  for (const p of pairs) byCategory.set(p.categoryId, [...(byCategory.get(p.categoryId) ?? []), p.locationId])
  for (const [categoryId, ids] of byCategory) {
    const limits = await storageCategoryLimits(db, companyId, categoryId)
    if (!limits) continue
    const loads = await locationLoads(db, companyId, ids)
    if (!loads.size) continue
    const codes = await db.select({ id: locations.id, code: locations.code }).from(locations).where(and(eq(locations.companyId, companyId), inArray(locations.id, [...loads.keys()])))
    for (const l of codes) {
      const [r] = capacityRefusals({ capacity_pallets: null, category: limits }, loads.get(l.id) ?? EMPTY_LOAD, EMPTY_LOAD)
      if (r) out.set(l.id, holdingText(r, l.code))
    }
  }
  return out
}
