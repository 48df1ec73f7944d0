/** The putaway step's suggestions (SPEC 2.8): a destination per pallet of the draft. */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { receiptLines } from '../../db/schema/documents'
import { stockLines } from '../../db/schema/inventory'
import type { AuthUser } from '../../http/context'
import { toMilli } from '../../kernel/qty-math'
import { docOr404 } from './inbound-documents'
import { draftOf } from './receipt-draft'

export type PutawaySuggestion = {
  pallet_code: string | null
  sscc: string | null
  lines: number[]
  products: { id: number; code: string }[]
  storage_class: string
  location: {
    id: number
    code: string
    kind: string
    storage_class: string
    empty: boolean
  } | null
  alternatives: {
    id: number
    code: string
    kind: string
    storage_class: string
    empty: boolean
  }[]
}

/**
 * A destination per pallet of the draft: an active storage location of the document's warehouse with the storage
 * class of the pallet's (first) product, empty ones first, then by code; no two pallets get the same suggestion.
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
  const taken = new Set<number>()
  const out: PutawaySuggestion[] = []
  for (const g of groups) {
    const storageClass = g.lines[0].storageClass
    const candidates = await db
      .select({
        id: locations.id,
        code: locations.code,
        kind: locations.kind,
        storageClass: locations.storageClass,
        empty: sql<boolean>`NOT EXISTS (SELECT 1 FROM ${stockLines} WHERE ${stockLines.locationId} = ${locations.id})`,
      })
      .from(locations)
      .where(and(eq(locations.warehouseId, doc.warehouseId), eq(locations.isActive, true), eq(locations.kind, 'storage'), eq(locations.storageClass, storageClass)))
      .orderBy(sql`NOT EXISTS (SELECT 1 FROM ${stockLines} WHERE ${stockLines.locationId} = ${locations.id}) DESC`, asc(locations.code))
      .limit(taken.size + 6)
    const free = candidates
      .filter((c) => !taken.has(c.id))
      .map((c) => ({
        id: c.id,
        code: c.code,
        kind: c.kind,
        storage_class: c.storageClass,
        empty: Boolean(c.empty),
      }))
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
