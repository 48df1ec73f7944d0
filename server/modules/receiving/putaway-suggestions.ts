/** The putaway step's suggestions (SPEC 2.8): a destination per pallet of the draft. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { PutawayReason, PutawaySkipReason } from '../../../contracts/receiving/receiving.contract'
import { capacityRefusals, EMPTY_LOAD, type LocationLoad, type StorageCategoryLimits } from '../../../contracts/inventory/capacity.rules'
import type { DbOrTx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { locations, storageCategories } from '../../db/schema/core'
import { putawayRules } from '../../db/schema/putaway'
import { receiptLines } from '../../db/schema/documents'
import { stockLines } from '../../db/schema/inventory'
import type { AuthUser } from '../../http/context'
import { toMilli } from '../../kernel/qty-math'
import { docOr404 } from './inbound-documents'
import { draftOf } from './receipt-draft'
import { openTasksByLocation } from '../workforce/tasks.service'
import { loadOf, locationLoads, unitWeights } from '../inventory/holdings.service'

export type PutawayLocation = {
  id: number
  code: string
  kind: string
  storage_class: string
  empty: boolean
  pallets: number
  capacity_pallets: number | null
  reasons: PutawayReason[]
}

export type PutawaySuggestion = {
  pallet_code: string | null
  sscc: string | null
  lines: number[]
  products: { id: number; code: string }[]
  storage_class: string
  location: PutawayLocation | null
  alternatives: PutawayLocation[]
  skipped: { id: number; code: string; reasons: PutawaySkipReason[] }[]
}

/** A location's aisle: its code up to the first dash (A07-01-02 -> A07). "Nearby" means the same aisle. */
const aisleOf = (code: typeof locations.code) => sql`split_part(${code}, '-', 1)`

/**
 * A destination per pallet of the draft (SPEC 10.6: suggestions tell the truth): an active storage location of the
 * document's warehouse with the storage class of the pallet's (first) product that has room (pallets there plus open
 * putaway tasks into it below its `capacity_pallets`, when set); truly empty ones first (no stock line and no open
 * putaway task into it), then those in an aisle already holding one of the pallet's products, then by code; no two
 * pallets get the same suggestion. Each location says why, as reason codes the screen translates.
 */
export async function putawaySuggestions(db: DbOrTx, user: AuthUser, id: number): Promise<PutawaySuggestion[]> {
  const doc = await docOr404(db, user, id)
  const draft = await draftOf(db, doc.id)
  if (!draft) return []
  const lines = await db
    .select({
      documentLineId: receiptLines.documentLineId,
      palletCode: receiptLines.palletCode,
      sscc: receiptLines.sscc,
      qty: receiptLines.qty,
      lot: receiptLines.lot,
      productId: products.id,
      productCode: products.code,
      storageClass: products.storageClass,
    })
    .from(receiptLines)
    .innerJoin(products, eq(products.id, receiptLines.productId))
    .where(eq(receiptLines.receiptId, draft.id))
    .orderBy(asc(receiptLines.id))
  const groups: {
    key: string
    palletCode: string | null
    sscc: string | null
    lines: typeof lines
  }[] = []
  for (const l of lines.filter((x) => toMilli(x.qty) > 0n)) {
    const key = l.palletCode ?? `line:${l.documentLineId}`
    let g = groups.find((x) => x.key === key)
    if (!g) groups.push((g = { key, palletCode: l.palletCode, sscc: l.sscc, lines: [] }))
    g.lines.push(l)
  }
  // pallets on their way: open putaway tasks per destination (the workforce module owns tasks)
  const incomingTasks = await openTasksByLocation(db, user.companyId, doc.warehouseId, 'putaway')
  const incoming = JSON.stringify(incomingTasks)
  const incomingInto = sql<number>`coalesce((${incoming}::jsonb ->> ${locations.id}::text)::int, 0)`
  // pallets per location of the warehouse and storage class: a pallet code, or a line without one as a pallet of its own
  const palletCountsOf = (storageClass: string) =>
    db
      .select({
        locationId: stockLines.locationId,
        n: sql<number>`count(DISTINCT coalesce(${stockLines.palletCode}, 'line:' || ${stockLines.id}::text))::int`.as('n'),
      })
      .from(stockLines)
      .innerJoin(locations, eq(locations.id, stockLines.locationId))
      .where(and(eq(stockLines.companyId, user.companyId), eq(locations.warehouseId, doc.warehouseId), eq(locations.storageClass, storageClass)))
      .groupBy(stockLines.locationId)
      .as('pallet_counts')
  // §20.3: the warehouse's putaway rules for these products, in their order
  const allProducts = [...new Set(lines.map((l) => l.productId))]
  const rules = allProducts.length
    ? await db
        .select({ productId: putawayRules.productId, zone: putawayRules.zone, locationIds: putawayRules.locationIds })
        .from(putawayRules)
        .where(and(eq(putawayRules.companyId, user.companyId), eq(putawayRules.warehouseId, doc.warehouseId), eq(putawayRules.isActive, true), inArray(putawayRules.productId, allProducts)))
        .orderBy(asc(putawayRules.sequence), asc(putawayRules.code))
    : []
  const weights = await unitWeights(db, user.companyId, allProducts)
  const taken = new Set<number>()
  const out: PutawaySuggestion[] = []
  for (const g of groups) {
    const storageClass = g.lines[0].storageClass
    const palletCounts = palletCountsOf(storageClass)
    const pallets = sql<number>`coalesce(${palletCounts.n}, 0)`
    const productIds = [...new Set(g.lines.map((l) => l.productId))]
    const load = loadOf(weights, g.lines)
    const classes = sql`ARRAY[${sql.join(load.storage_classes.map((c) => sql`${c}`), sql`, `)}]::text[]`
    const ruleLocs = [...new Set(rules.filter((r) => productIds.includes(r.productId)).flatMap((r) => r.locationIds))]
    const ruleZones = [...new Set(rules.filter((r) => productIds.includes(r.productId) && r.zone).map((r) => r.zone as string))]
    // a rule's locations first, in its order, then its zones; the rest after (sql.raw: indexes this code made)
    const whens = [
      ...ruleLocs.map((l, i) => sql`WHEN ${locations.id} = ${l} THEN ${sql.raw(String(i))}`),
      ...ruleZones.map((z, i) => sql`WHEN ${locations.zone} = ${z} THEN ${sql.raw(String(ruleLocs.length + i))}`),
    ]
    const rank = whens.length ? sql<number>`CASE ${sql.join(whens, sql` `)} ELSE ${sql.raw(String(NOT_PREFERRED))} END` : sql<number>`(${sql.raw(String(NOT_PREFERRED))})::int` // an expression: a bare integer in ORDER BY names a column
    const maxPallets = sql`least(${locations.capacityPallets}, ${storageCategories.maxPallets})`
    const nearbyAisles = db
      .selectDistinct({ aisle: aisleOf(locations.code) })
      .from(stockLines)
      .innerJoin(locations, eq(locations.id, stockLines.locationId))
      .where(and(eq(stockLines.companyId, user.companyId), inArray(stockLines.productId, productIds), eq(locations.warehouseId, doc.warehouseId)))
    const candidates = await db
      .select({
        id: locations.id,
        code: locations.code,
        kind: locations.kind,
        storageClass: locations.storageClass,
        capacity: locations.capacityPallets,
        maxPallets: sql<number | null>`${maxPallets}`,
        category: {
          id: storageCategories.id,
          code: storageCategories.code,
          max_pallets: storageCategories.maxPallets,
          max_weight_kg: storageCategories.maxWeightKg,
          allowed_storage_classes: storageCategories.allowedStorageClasses,
          mixing: storageCategories.mixing,
        },
        pallets,
        incoming: incomingInto,
        rank,
        nearby: sql<boolean>`${aisleOf(locations.code)} = ANY(ARRAY(${nearbyAisles}))`,
      })
      .from(locations)
      .leftJoin(palletCounts, eq(palletCounts.locationId, locations.id))
      .leftJoin(storageCategories, eq(storageCategories.id, locations.storageCategoryId))
      .where(
        and(
          eq(locations.companyId, user.companyId),
          eq(locations.warehouseId, doc.warehouseId),
          eq(locations.isActive, true),
          eq(locations.kind, 'storage'),
          eq(locations.storageClass, storageClass),
          // SPEC 10.6, §20.3: room under the smaller of its capacity and its category's, and a class its category allows
          sql`(${maxPallets} IS NULL OR ${pallets} + ${incomingInto} < ${maxPallets})`,
          sql`(${storageCategories.id} IS NULL OR cardinality(${storageCategories.allowedStorageClasses}) = 0 OR ${classes} <@ ${storageCategories.allowedStorageClasses})`,
        ),
      )
      .orderBy(
        sql`${rank}`,
        sql`(${pallets} + ${incomingInto}) = 0 DESC`,
        sql`${aisleOf(locations.code)} = ANY(ARRAY(${nearbyAisles})) DESC`,
        asc(locations.code),
      )
      .limit(taken.size + 20)
    // weight and mixing against what each holds now (§20.3): read for these few, in one query
    const held = await locationLoads(
      db,
      user.companyId,
      candidates.filter((c) => c.category?.id && !taken.has(c.id)).map((c) => c.id),
    )
    const refusalsOf = (c: (typeof candidates)[number]) => {
      const now: LocationLoad = { ...(held.get(c.id) ?? EMPTY_LOAD), pallets: Number(c.pallets) + Number(c.incoming) }
      const category = c.category?.id ? (c.category as StorageCategoryLimits) : null
      return capacityRefusals({ capacity_pallets: c.capacity, category }, now, load)
    }
    const free = candidates
      .filter((c) => !taken.has(c.id) && refusalsOf(c).length === 0)
      .slice(0, 6)
      .map((c): PutawayLocation => {
        const empty = Number(c.pallets) + Number(c.incoming) === 0
        const reasons: PutawayReason[] = ['storage_class']
        const r = Number(c.rank)
        if (r < ruleLocs.length) reasons.push('rule_location')
        else if (r < NOT_PREFERRED) reasons.push('rule_zone')
        if (empty) reasons.push('empty')
        if (c.nearby) reasons.push('same_product_nearby')
        if (c.maxPallets !== null) reasons.push('has_room')
        if (c.category?.id) reasons.push('fits_category')
        return {
          id: c.id,
          code: c.code,
          kind: c.kind,
          storage_class: c.storageClass,
          empty,
          pallets: Number(c.pallets) + Number(c.incoming),
          capacity_pallets: c.maxPallets === null ? null : Number(c.maxPallets),
          reasons,
        }
      })
    const best = free[0] ?? null
    if (best) taken.add(best.id)
    out.push({
      pallet_code: g.palletCode,
      sscc: g.sscc,
      lines: g.lines.map((l) => l.documentLineId),
      products: [...new Map(g.lines.map((l) => [l.productId, { id: l.productId, code: l.productCode }])).values()],
      storage_class: storageClass,
      location: best,
      alternatives: free.slice(1, 6),
      skipped: await skippedRuleLocations(db, user.companyId, ruleLocs, best?.id ?? null, taken, storageClass, load, incomingTasks),
    })
  }
  return out
}

const NOT_PREFERRED = 100_000

/**
 * The rule's locations ahead of the suggestion that were passed over, in the rule's order, each with why (§20.3):
 * capacity (full counting open putaway tasks into it, too heavy, a class its category refuses, mixing), not an active
 * storage location of the pallet's class, or already given to another pallet of this receipt.
 */
async function skippedRuleLocations(db: DbOrTx, companyId: number, ruleLocs: number[], chosen: number | null, taken: Set<number>, storageClass: string, load: LocationLoad, incoming: Record<number, number>) {
  const before = chosen !== null && ruleLocs.includes(chosen) ? ruleLocs.slice(0, ruleLocs.indexOf(chosen)) : ruleLocs
  if (!before.length) return []
  const rows = await db
    .select({
      id: locations.id,
      code: locations.code,
      kind: locations.kind,
      isActive: locations.isActive,
      storageClass: locations.storageClass,
      capacity: locations.capacityPallets,
      category: {
        id: storageCategories.id,
        code: storageCategories.code,
        max_pallets: storageCategories.maxPallets,
        max_weight_kg: storageCategories.maxWeightKg,
        allowed_storage_classes: storageCategories.allowedStorageClasses,
        mixing: storageCategories.mixing,
      },
    })
    .from(locations)
    .leftJoin(storageCategories, eq(storageCategories.id, locations.storageCategoryId))
    .where(and(eq(locations.companyId, companyId), inArray(locations.id, before)))
  const held = await locationLoads(db, companyId, before)
  const byId = new Map(rows.map((r) => [r.id, r]))
  const out: { id: number; code: string; reasons: PutawaySkipReason[] }[] = []
  for (const id of before) {
    const r = byId.get(id)
    if (!r) continue
    const reasons: PutawaySkipReason[] = []
    if (!r.isActive || r.kind !== 'storage' || r.storageClass !== storageClass) reasons.push('not_storage')
    const h = held.get(id) ?? EMPTY_LOAD
    const now = { ...h, pallets: h.pallets + Number(incoming[id] ?? 0) }
    const category = r.category?.id ? (r.category as StorageCategoryLimits) : null
    for (const refusal of capacityRefusals({ capacity_pallets: r.capacity, category }, now, load)) reasons.push(refusal.code)
    if (!reasons.length && taken.has(id)) reasons.push('taken')
    if (reasons.length) out.push({ id, code: r.code, reasons })
  }
  return out
}
