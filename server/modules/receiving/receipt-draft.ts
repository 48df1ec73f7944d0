/** The wizard's draft receipt (SPEC 2.8): the check step's quantities and the label step's pallets, saved as the user goes. */
import type { z } from 'zod'
import type { receivedItemBody } from '../../../contracts/receiving/receiving.contract'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { companies, locations } from '../../db/schema/core'
import { inboundDocumentLines, inboundDocuments, receiptLines, receipts } from '../../db/schema/documents'
import type { AuthUser } from '../../http/context'
import { ApiError, conflict, fieldError } from '../../http/errors'
import { ssccInStock } from '../inventory/stock.service'
import { toMilli } from '../../kernel/qty-math'
import { allocateSscc } from '../printing/printing.service'
import { assertReceivable, docOr404, type DocRow } from './inbound-documents'

/** One received quantity of a document line, as the wizard sends it (the contract's, validated). */
export type ReceivedItem = z.output<typeof receivedItemBody>

type DraftLine = typeof receiptLines.$inferInsert

export async function draftOf(tx: DbOrTx, documentId: number) {
  const [draft] = await tx
    .select()
    .from(receipts)
    .where(and(eq(receipts.documentId, documentId), eq(receipts.status, 'draft')))
  return draft
}

async function ensureDraft(tx: Tx, user: AuthUser, doc: DocRow): Promise<number> {
  const draft = await draftOf(tx, doc.id)
  if (draft) return draft.id
  const [created] = await tx
    .insert(receipts)
    .values({
      companyId: user.companyId,
      documentId: doc.id,
      status: 'draft',
      createdById: user.id,
    })
    .returning({ id: receipts.id })
  return created.id
}

/** Turn the wizard's items into receipt lines: lines of this document, locations of its warehouse, lot and expiry defaulting to the line's. */
export async function toReceiptLines(tx: DbOrTx, doc: DocRow, items: ReceivedItem[], previous: (typeof receiptLines.$inferSelect)[]): Promise<Omit<DraftLine, 'receiptId'>[]> {
  const docLines = await tx.select().from(inboundDocumentLines).where(eq(inboundDocumentLines.documentId, doc.id))
  const byId = new Map(docLines.map((l) => [l.id, l]))
  const errors: string[] = []
  const locationIds = [...new Set(items.map((i) => i.location).filter((l): l is number => l != null))]
  const validLocations = new Set(
    locationIds.length
      ? (
          await tx
            .select({ id: locations.id })
            .from(locations)
            .where(and(inArray(locations.id, locationIds), eq(locations.companyId, doc.companyId), eq(locations.warehouseId, doc.warehouseId), eq(locations.isActive, true)))
        ).map((l) => l.id)
      : [],
  )
  const out = items.map((item, i) => {
    const line = byId.get(item.line)
    if (!line) errors.push(`Line ${i + 1}: ${item.line} is not a line of document ${doc.code}.`)
    if (item.location != null && !validLocations.has(item.location)) errors.push(`Line ${i + 1}: location ${item.location} is not an active location of the document's warehouse.`)
    // what the item leaves out keeps what the draft already had for that line (e.g. its pallet from the label step)
    const before = previous.find((p) => p.documentLineId === item.line)
    return {
      documentLineId: item.line,
      productId: line?.productId ?? 0,
      qty: item.received_qty,
      damagedQty: item.damaged_qty ?? '0',
      lot: item.lot !== undefined ? item.lot : (before?.lot ?? line?.lot ?? null),
      expiryDate: item.expiry_date !== undefined ? item.expiry_date : (before?.expiryDate ?? line?.expiryDate ?? null),
      palletCode: item.pallet_code !== undefined ? item.pallet_code : (before?.palletCode ?? null),
      sscc: item.sscc !== undefined ? item.sscc : item.pallet_code !== undefined ? null : (before?.sscc ?? null),
      locationId: item.location !== undefined ? item.location : (before?.locationId ?? null),
    }
  })
  if (errors.length) throw new ApiError(400, { lines: errors })
  return out
}

/**
 * Save the check step: PUT replaces the draft's lines with `items`; PATCH replaces only the lines of the document
 * lines it names and keeps the others. Either way a field an item leaves out keeps its saved value.
 */
export async function saveDraft(db: DbOrTx, user: AuthUser, id: number, items: ReceivedItem[], mode: 'replace' | 'merge'): Promise<number> {
  return db.transaction(async (tx) => {
    const doc = await docOr404(tx, user, id, true)
    assertReceivable(doc)
    const receiptId = await ensureDraft(tx, user, doc)
    const previous = await tx.select().from(receiptLines).where(eq(receiptLines.receiptId, receiptId)).orderBy(asc(receiptLines.id))
    const lines = await toReceiptLines(tx, doc, items, previous)
    const named = new Set(items.map((i) => i.line))
    const kept = mode === 'merge' ? previous.filter((p) => !named.has(p.documentLineId)) : []
    await tx.delete(receiptLines).where(eq(receiptLines.receiptId, receiptId))
    const all = [...kept.map(({ id: _id, ...rest }) => rest), ...lines.map((l) => ({ ...l, receiptId }))].sort((a, b) => a.documentLineId - b.documentLineId)
    if (all.length) await tx.insert(receiptLines).values(all.map((l) => ({ ...l, receiptId })))
    await tx
      .update(receipts)
      .set({ updatedAt: sql`now()` })
      .where(eq(receipts.id, receiptId))
    return receiptId
  })
}

/**
 * An SSCC from the company's GS1 prefix through the printing module's allocator, skipping serials that stock or
 * another receipt already carries. Null when the company has no prefix.
 */
async function palletSscc(tx: Tx, companyId: number, prefix: string | null): Promise<string | null> {
  if (!prefix || !/^\d{6,12}$/.test(prefix)) return null
  const inReceipt = async (sscc: string) => {
    const [used] = await tx
      .select({ id: receiptLines.id })
      .from(receiptLines)
      .innerJoin(receipts, eq(receipts.id, receiptLines.receiptId))
      .where(and(eq(receipts.companyId, companyId), eq(receiptLines.sscc, sscc)))
      .limit(1)
    return used !== undefined
  }
  return allocateSscc(tx, {
    companyId,
    prefix,
    inUse: async (sscc) => (await ssccInStock(tx, companyId, sscc)) || (await inReceipt(sscc)),
    fail: (detail) => conflict({ detail }),
  })
}

/**
 * The label step: put draft lines on pallets, each with a pallet code and an SSCC. Without `groups`, every draft line
 * with a received quantity and no pallet yet gets its own pallet (lines already on a pallet keep it: calling twice
 * allocates nothing new). With `groups`, each group of document lines goes on one new pallet.
 * Pallet code = the SSCC (as the stock seed does); without a GS1 prefix, PAL-<document>-<n> and no SSCC.
 */
export async function assignPallets(db: DbOrTx, user: AuthUser, id: number, groups: number[][] | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    const doc = await docOr404(tx, user, id, true)
    assertReceivable(doc)
    const draft = await draftOf(tx, doc.id)
    const lines = draft ? await tx.select().from(receiptLines).where(eq(receiptLines.receiptId, draft.id)).orderBy(asc(receiptLines.id)) : []
    const receiving = lines.filter((l) => toMilli(l.qty) > 0n)
    if (!draft || !receiving.length) throw fieldError('non_field_errors', 'Save received quantities first (check step): there is nothing to put on a pallet.')
    const [company] = await tx.select({ prefix: companies.gs1Prefix }).from(companies).where(eq(companies.id, user.companyId))
    let n = new Set(lines.map((l) => l.palletCode).filter(Boolean)).size
    const newPallet = async () => {
      n++
      const sscc = await palletSscc(tx, user.companyId, company?.prefix ?? null)
      return { palletCode: sscc ?? `PAL-${doc.code}-${n}`, sscc }
    }
    const plan: {
      ids: number[]
      pallet: { palletCode: string; sscc: string | null }
    }[] = []
    if (groups?.length) {
      const errors: string[] = []
      const used = new Set<number>()
      for (const [g, group] of groups.entries()) {
        const ids = receiving.filter((l) => group.includes(l.documentLineId)).map((l) => l.id)
        const unknown = group.filter((lineId) => !receiving.some((l) => l.documentLineId === lineId))
        if (unknown.length) errors.push(`Pallet ${g + 1}: line(s) ${unknown.join(', ')} have no received quantity in the draft.`)
        if (group.some((lineId) => used.has(lineId))) errors.push(`Pallet ${g + 1}: a line can go on one pallet only.`)
        group.forEach((lineId) => used.add(lineId))
        plan.push({ ids, pallet: { palletCode: '', sscc: null } })
      }
      if (errors.length) throw new ApiError(400, { pallets: errors })
    } else {
      for (const l of receiving.filter((r) => !r.palletCode)) plan.push({ ids: [l.id], pallet: { palletCode: '', sscc: null } })
    }
    for (const p of plan) {
      p.pallet = await newPallet()
      await tx.update(receiptLines).set({ palletCode: p.pallet.palletCode, sscc: p.pallet.sscc }).where(inArray(receiptLines.id, p.ids))
    }
    await tx
      .update(receipts)
      .set({ updatedAt: sql`now()` })
      .where(eq(receipts.id, draft.id))
    return draft.id
  })
}

/**
 * One scan of an announced pallet (docs/requirements.md §7.1): every line of the ASN that carries this SSCC goes into
 * the draft as announced (expected quantity, lot, expiry), on one pallet that keeps the SSCC as its code; the user
 * may still adjust it before Finish. Refused when no line of the document announces it, or when stock or a booked
 * receipt already carries it (ADR 0018: one place per SSCC).
 */
export async function checkInSscc(db: DbOrTx, user: AuthUser, id: number, sscc: string): Promise<number> {
  const doc = await docOr404(db, user, id)
  assertReceivable(doc)
  const announced = await db
    .select()
    .from(inboundDocumentLines)
    .where(and(eq(inboundDocumentLines.documentId, doc.id), eq(inboundDocumentLines.sscc, sscc)))
    .orderBy(asc(inboundDocumentLines.id))
  if (!announced.length) throw fieldError('sscc', `No open ASN announces the pallet ${sscc}.`)
  const [booked] = await db
    .select({ id: receiptLines.id })
    .from(receiptLines)
    .innerJoin(receipts, eq(receipts.id, receiptLines.receiptId))
    .where(and(eq(receipts.companyId, user.companyId), eq(receipts.status, 'booked'), eq(receiptLines.sscc, sscc)))
    .limit(1)
  if (booked || (await ssccInStock(db, user.companyId, sscc))) throw conflict({ detail: `Pallet ${sscc} was already received.` })
  return saveDraft(
    db,
    user,
    doc.id,
    announced.map((l) => ({ line: l.id, received_qty: l.expectedQty, lot: l.lot, expiry_date: l.expiryDate, pallet_code: sscc, sscc })),
    'merge',
  )
}

/** The open document whose lines announce this SSCC (the receiver's key into the ASN), or null. */
export async function documentOfSscc(db: DbOrTx, user: AuthUser, sscc: string): Promise<{ id: number; code: string } | null> {
  const [row] = await db
    .select({ id: inboundDocuments.id, code: inboundDocuments.code })
    .from(inboundDocumentLines)
    .innerJoin(inboundDocuments, eq(inboundDocuments.id, inboundDocumentLines.documentId))
    .where(and(eq(inboundDocumentLines.companyId, user.companyId), eq(inboundDocumentLines.sscc, sscc), inArray(inboundDocuments.status, ['open', 'receiving'])))
    .orderBy(asc(inboundDocuments.id))
    .limit(1)
  return row ?? null
}
