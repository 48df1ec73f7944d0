/** The putaway step's suggestions (SPEC 2.8): a destination per pallet of the draft. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { PutawayReason } from '../../../contracts/receiving/receiving.contract'
import type { DbOrTx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { receiptLines } from '../../db/schema/documents'
import { stockLines } from '../../db/schema/inventory'
import type { AuthUser } from '../../http/context'
import { toMilli } from '../../kernel/qty-math'
import { docOr404 } from './inbound-documents'
import { draftOf } from './receipt-draft'
import { openTasksByLocation } from '../workforce/tasks.service'

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
  const incoming = JSON.stringify(await openTasksByLocation(db, user.companyId, doc.warehouseId, 'putaway'))
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
  const taken = new Set<number>()
  const out: PutawaySuggestion[] = []
  for (const g of groups) {
    const storageClass = g.lines[0].storageClass
    const palletCounts = palletCountsOf(storageClass)
    const pallets = sql<number>`coalesce(${palletCounts.n}, 0)`
    const productIds = [...new Set(g.lines.map((l) => l.productId))]
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
        pallets,
        incoming: incomingInto,
        nearby: sql<boolean>`${aisleOf(locations.code)} = ANY(ARRAY(${nearbyAisles}))`,
      })
      .from(locations)
      .leftJoin(palletCounts, eq(palletCounts.locationId, locations.id))
      .where(
        and(
          eq(locations.companyId, user.companyId),
          eq(locations.warehouseId, doc.warehouseId),
          eq(locations.isActive, true),
          eq(locations.kind, 'storage'),
          eq(locations.storageClass, storageClass),
          sql`(${locations.capacityPallets} IS NULL OR ${pallets} + ${incomingInto} < ${locations.capacityPallets})`,
        ),
      )
      .orderBy(sql`(${pallets} + ${incomingInto}) = 0 DESC`, sql`${aisleOf(locations.code)} = ANY(ARRAY(${nearbyAisles})) DESC`, asc(locations.code))
      .limit(taken.size + 6)
    const free = candidates
      .filter((c) => !taken.has(c.id))
      .map((c): PutawayLocation => {
        const empty = Number(c.pallets) + Number(c.incoming) === 0
        const reasons: PutawayReason[] = ['storage_class']
        if (empty) reasons.push('empty')
        if (c.nearby) reasons.push('same_product_nearby')
        if (c.capacity !== null) reasons.push('has_room')
        return {
          id: c.id,
          code: c.code,
          kind: c.kind,
          storage_class: c.storageClass,
          empty,
          pallets: Number(c.pallets) + Number(c.incoming),
          capacity_pallets: c.capacity,
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
    })
  }
  return out
}
