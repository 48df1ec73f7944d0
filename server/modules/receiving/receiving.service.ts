/**
 * Receiving (SPEC 2.8, issue 7): purchase orders and ASNs, and the 4-step wizard on them.
 *
 *   select document → check (PUT/PATCH /draft/: received, damaged, lot, expiry per line) → label (POST /pallets/: a
 *   pallet code and SSCC per pallet) → putaway (GET /putaway-suggestions/, then POST /receive/ books it).
 *
 * Every step saves into the document's draft receipt, so leaving half-way loses nothing. Finish (receive) books the
 * draft once per idempotency key: a second call with the same key answers the same receipt and moves no stock.
 *
 * Booking puts the received quantity straight into each pallet's destination location through the stock service
 * (reason receipt, reference = document code) and opens one putaway task per pallet for the operator to confirm the
 * placement (docs/decisions/0005-receive-into-destination.md). Stock is never in a dock limbo that a crash between
 * two steps could strand, and the ledger invariant holds after every commit. Damaged quantities are recorded on the
 * receipt and the document line, never put into stock, and can open a supplier issue (SPEC 2.15) in the same
 * transaction.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { products, uoms } from '../../db/schema/catalog'
import { companies, locations, warehouses } from '../../db/schema/core'
import { type InboundKind, inboundDocumentLines, inboundDocuments, receiptLines, receipts } from '../../db/schema/documents'
import { stockLines } from '../../db/schema/inventory'
import { suppliers } from '../../db/schema/partners'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import type { AuthUser } from '../../http/context'
import { ApiError, conflict, fieldError, notFound, pgError } from '../../http/errors'
import { receiveStock, ssccInStock } from '../inventory/stock.service'
import { fromMilli, type Milli, sumMilli, toMilli } from '../../kernel/qty-math'
import { resolveWarehouse } from '../../kernel/warehouse-scope'
import { allocateSscc } from '../printing/printing.service'
import { reportSupplierIssue } from '../quality/quality.service'
import { createTask } from '../workforce/tasks.service'

export type CreateDocumentInput = {
  kind: InboundKind
  code: string
  supplier: number
  warehouse?: number | null
  expected_date?: string | null
  lines: {
    product: number
    expected_qty: string
    lot?: string | null
    expiry_date?: string | null
  }[]
}

export async function createInboundDocument(db: DbOrTx, user: AuthUser, body: CreateDocumentInput): Promise<number> {
  const warehouseId = await resolveWarehouse(db, user, body.warehouse)
  const [supplier] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.id, body.supplier), eq(suppliers.companyId, user.companyId)))
  if (!supplier) throw fieldError('supplier', `Invalid pk "${body.supplier}" - object does not exist.`)
  await checkProducts(
    db,
    user.companyId,
    body.lines.map((l) => l.product),
  )
  try {
    return await db.transaction(async (tx) => {
      const [doc] = await tx
        .insert(inboundDocuments)
        .values({
          companyId: user.companyId,
          warehouseId,
          kind: body.kind,
          supplierId: supplier.id,
          code: body.code,
          expectedDate: body.expected_date ?? null,
          createdById: user.id,
        })
        .returning({ id: inboundDocuments.id })
      await tx.insert(inboundDocumentLines).values(
        body.lines.map((l) => ({
          companyId: user.companyId,
          documentId: doc.id,
          productId: l.product,
          expectedQty: l.expected_qty,
          lot: l.lot ?? null,
          expiryDate: l.expiry_date ?? null,
        })),
      )
      return doc.id
    })
  } catch (e) {
    if (pgError(e)?.code === '23505') throw fieldError('code', 'A document with this code already exists.')
    throw e
  }
}

/** Every product id belongs to the company, else 400 {"lines": ["Line n: invalid product ..."]}. */
export async function checkProducts(db: DbOrTx, companyId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)]
  const found = new Set(
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.companyId, companyId), inArray(products.id, unique)))
    ).map((p) => p.id),
  )
  const bad = ids.map((id, i) => (found.has(id) ? null : `Line ${i + 1}: Invalid pk "${id}" - object does not exist.`)).filter((m): m is string => m !== null)
  if (bad.length) throw new ApiError(400, { lines: bad })
}

type DocRow = typeof inboundDocuments.$inferSelect

async function docOr404(db: DbOrTx, user: AuthUser, id: number, lock = false): Promise<DocRow> {
  const q = db
    .select()
    .from(inboundDocuments)
    .where(and(eq(inboundDocuments.id, id), eq(inboundDocuments.companyId, user.companyId)))
  const [doc] = lock ? await q.for('update') : await q
  if (!doc) throw notFound('No such record.')
  return doc
}

const OPEN_STATUSES = ['open', 'receiving'] as const
function assertReceivable(doc: DocRow): void {
  if (!(OPEN_STATUSES as readonly string[]).includes(doc.status)) {
    throw conflict({
      detail: `Document ${doc.code} is ${doc.status}: only an open or receiving document can be received.`,
      status: doc.status,
    })
  }
}

export async function cancelInboundDocument(db: DbOrTx, user: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const doc = await docOr404(tx, user, id, true)
    if (doc.status !== 'open')
      throw conflict({
        detail: `Document ${doc.code} is ${doc.status}: only an open document can be cancelled.`,
        status: doc.status,
      })
    await tx.delete(receipts).where(and(eq(receipts.documentId, doc.id), eq(receipts.status, 'draft')))
    await tx.update(inboundDocuments).set({ status: 'cancelled' }).where(eq(inboundDocuments.id, doc.id))
  })
}

// ------------------------------------------------------------------------------------------------------- draft

/** One received quantity of a document line, as the wizard sends it. */
export type ReceivedItem = {
  line: number
  received_qty: string
  damaged_qty?: string
  lot?: string | null
  expiry_date?: string | null
  pallet_code?: string | null
  sscc?: string | null
  location?: number | null
}

type DraftLine = typeof receiptLines.$inferInsert

async function draftOf(tx: DbOrTx, documentId: number) {
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
async function toReceiptLines(tx: DbOrTx, doc: DocRow, items: ReceivedItem[], previous: (typeof receiptLines.$inferSelect)[]): Promise<Omit<DraftLine, 'receiptId'>[]> {
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

// ------------------------------------------------------------------------------------------------------ putaway

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

// ------------------------------------------------------------------------------------------------------ booking

export type ReceiveInput = {
  idempotency_key: string
  lines?: ReceivedItem[]
  pallets?: { pallet_code: string; sscc?: string | null; location: number }[]
  close?: boolean
  report_issue?: {
    issue_type?: number | null
    severity?: number
    description?: string
    email?: boolean
    email_to?: string | null
  } | null
}

/** Book the receipt (Finish). Returns the receipt id and whether this call booked it (false: same key, already booked). */
export async function bookReceipt(db: DbOrTx, user: AuthUser, id: number, body: ReceiveInput): Promise<{ receiptId: number; created: boolean; emailQueued: boolean }> {
  try {
    return await db.transaction((tx) => bookIn(tx, user, id, body))
  } catch (e) {
    if (pgError(e)?.code === '23505') throw fieldError('idempotency_key', 'This key was already used for another receipt.')
    throw e
  }
}

async function bookIn(tx: Tx, user: AuthUser, id: number, body: ReceiveInput): Promise<{ receiptId: number; created: boolean; emailQueued: boolean }> {
  // the document's row lock serialises two Finish clicks; the second then finds the booked key and books nothing
  const doc = await docOr404(tx, user, id, true)
  const [done] = await tx
    .select({ id: receipts.id, documentId: receipts.documentId })
    .from(receipts)
    .where(and(eq(receipts.companyId, user.companyId), eq(receipts.idempotencyKey, body.idempotency_key)))
  if (done) {
    if (done.documentId !== doc.id) throw fieldError('idempotency_key', 'This key was already used for another receipt.')
    return { receiptId: done.id, created: false, emailQueued: false }
  }
  assertReceivable(doc)
  const draft = await draftOf(tx, doc.id)
  const previous = draft ? await tx.select().from(receiptLines).where(eq(receiptLines.receiptId, draft.id)).orderBy(asc(receiptLines.id)) : []
  const lines = body.lines ? await toReceiptLines(tx, doc, body.lines, previous) : previous.map(({ id: _id, receiptId: _r, stockLineId: _s, taskId: _t, ...rest }) => rest)
  if (!lines.some((l) => toMilli(l.qty ?? '0') > 0n || toMilli(l.damagedQty ?? '0') > 0n)) {
    throw fieldError('lines', 'Nothing to receive: give a received or damaged quantity for at least one line.')
  }

  // destinations: the pallet's location from `pallets`, else the line's own
  const pallets = new Map((body.pallets ?? []).map((p) => [p.pallet_code, p]))
  const destinations = new Set<number>((body.pallets ?? []).map((p) => p.location))
  for (const l of lines) if (l.locationId) destinations.add(l.locationId)
  const valid = new Set(
    destinations.size
      ? (
          await tx
            .select({ id: locations.id })
            .from(locations)
            .where(and(inArray(locations.id, [...destinations]), eq(locations.companyId, user.companyId), eq(locations.warehouseId, doc.warehouseId), eq(locations.isActive, true)))
        ).map((l) => l.id)
      : [],
  )
  const badPallets = (body.pallets ?? [])
    .filter((p) => !valid.has(p.location))
    .map((p) => `Pallet ${p.pallet_code}: location ${p.location} is not an active location of the document's warehouse.`)
  if (badPallets.length) throw new ApiError(400, { pallets: badPallets })
  const errors: string[] = []
  const booked = lines.map((l, i) => {
    const pallet = l.palletCode ? pallets.get(l.palletCode) : undefined
    const locationId = pallet?.location ?? l.locationId ?? null
    if (toMilli(l.qty ?? '0') > 0n && !locationId) errors.push(`Line ${i + 1}: no destination location; give its pallet a location.`)
    return {
      ...l,
      locationId,
      sscc: pallet?.sscc !== undefined ? pallet.sscc : (l.sscc ?? null),
    }
  })
  if (errors.length) throw new ApiError(400, { lines: errors })

  let receiptId: number
  if (draft) {
    receiptId = draft.id
    await tx.delete(receiptLines).where(eq(receiptLines.receiptId, draft.id))
    await tx
      .update(receipts)
      .set({
        status: 'booked',
        idempotencyKey: body.idempotency_key,
        bookedAt: sql`now()`,
        bookedById: user.id,
        updatedAt: sql`now()`,
      })
      .where(eq(receipts.id, draft.id))
  } else {
    const [created] = await tx
      .insert(receipts)
      .values({
        companyId: user.companyId,
        documentId: doc.id,
        status: 'booked',
        idempotencyKey: body.idempotency_key,
        createdById: user.id,
        bookedAt: sql`now()`,
        bookedById: user.id,
      })
      .returning({ id: receipts.id })
    receiptId = created.id
  }

  // one putaway task per pallet (a line without a pallet is its own), pointing at the destination
  const taskOf = new Map<string, number>()
  const palletKey = (l: (typeof booked)[number], i: number) => (l.palletCode ? `p:${l.palletCode}:${l.locationId}` : `l:${i}`)
  for (const [i, l] of booked.entries()) {
    if (toMilli(l.qty ?? '0') <= 0n) continue
    const key = palletKey(l, i)
    if (taskOf.has(key)) continue
    const same = booked.filter((b, j) => toMilli(b.qty ?? '0') > 0n && palletKey(b, j) === key)
    const oneProduct = same.every((b) => b.productId === l.productId)
    const taskId = await createTask(tx, {
      companyId: user.companyId,
      warehouseId: doc.warehouseId,
      type: 'putaway',
      locationId: l.locationId,
      productId: oneProduct ? l.productId : null,
      qty: oneProduct ? fromMilli(sumMilli(same.map((b) => toMilli(b.qty ?? '0')))) : null,
      reference: doc.code,
    })
    taskOf.set(key, taskId)
  }

  const actor = { companyId: user.companyId, userId: user.id }
  const totals = new Map<number, { qty: Milli; damaged: Milli }>()
  for (const [i, l] of booked.entries()) {
    const qty = toMilli(l.qty ?? '0')
    let stockLineId: number | null = null
    if (qty > 0n) {
      const change = await receiveStock(tx, actor, {
        productId: l.productId,
        locationId: l.locationId as number,
        qty: fromMilli(qty),
        reason: 'receipt',
        reference: doc.code,
        lot: l.lot ?? null,
        expiryDate: l.expiryDate ?? null,
        palletCode: l.palletCode ?? null,
        sscc: l.sscc ?? null,
      })
      stockLineId = change.to?.id ?? null
    }
    await tx.insert(receiptLines).values({
      ...l,
      receiptId,
      stockLineId,
      taskId: qty > 0n ? (taskOf.get(palletKey(l, i)) ?? null) : null,
    })
    const t = totals.get(l.documentLineId) ?? { qty: 0n, damaged: 0n }
    t.qty += qty
    t.damaged += toMilli(l.damagedQty ?? '0')
    totals.set(l.documentLineId, t)
  }
  for (const [lineId, t] of totals) {
    await tx
      .update(inboundDocumentLines)
      .set({
        receivedQty: sql`${inboundDocumentLines.receivedQty} + ${fromMilli(t.qty)}::numeric`,
        damagedQty: sql`${inboundDocumentLines.damagedQty} + ${fromMilli(t.damaged)}::numeric`,
      })
      .where(eq(inboundDocumentLines.id, lineId))
  }
  // received once every line has arrived (good or damaged), or when the user closes it short
  const [{ short }] = await tx
    .select({ short: sql<number>`count(*)::int` })
    .from(inboundDocumentLines)
    .where(and(eq(inboundDocumentLines.documentId, doc.id), sql`${inboundDocumentLines.receivedQty} + ${inboundDocumentLines.damagedQty} < ${inboundDocumentLines.expectedQty}`))
  const complete = short === 0 || body.close === true
  await tx
    .update(inboundDocuments)
    .set({
      status: complete ? 'received' : 'receiving',
      receivedAt: complete ? sql`now()` : null,
    })
    .where(eq(inboundDocuments.id, doc.id))

  let emailQueued = false
  if (body.report_issue) {
    const damaged = booked.filter((l) => toMilli(l.damagedQty ?? '0') > 0n)
    const codes = new Map(
      (
        await tx
          .select({ id: products.id, code: products.code })
          .from(products)
          .where(inArray(products.id, [...new Set(booked.map((b) => b.productId))]))
      ).map((p) => [p.id, p.code]),
    )
    const summary = damaged.map((l) => `${codes.get(l.productId)}: ${fromMilli(toMilli(l.damagedQty ?? '0'))} avariado(s)`).join('; ')
    const r = body.report_issue
    // the supplier-issue service joins this transaction (a savepoint): the issue exists exactly when the receipt does
    const issueId = await reportSupplierIssue(tx, user, doc.supplierId, {
      issueTypeId: r.issue_type ?? null,
      severity: r.severity ?? 3,
      description: r.description?.trim() || `Recebimento ${doc.code}${summary ? ` — ${summary}` : ''}`,
      email: r.email ?? false,
      emailTo: r.email_to,
    })
    await tx.update(receipts).set({ supplierIssueId: issueId }).where(eq(receipts.id, receiptId))
    emailQueued = r.email ?? false
  }
  return { receiptId, created: true, emailQueued }
}

// ------------------------------------------------------------------------------------------------------ reading

export async function receiptView(db: DbOrTx, receiptId: number) {
  const [r] = await db.select({ receipt: receipts, bookedBy: users.username }).from(receipts).leftJoin(users, eq(users.id, receipts.bookedById)).where(eq(receipts.id, receiptId))
  const lines = await db
    .select({
      line: receiptLines,
      productCode: products.code,
      productName: products.name1,
      locationCode: locations.code,
    })
    .from(receiptLines)
    .innerJoin(products, eq(products.id, receiptLines.productId))
    .leftJoin(locations, eq(locations.id, receiptLines.locationId))
    .where(eq(receiptLines.receiptId, receiptId))
    .orderBy(asc(receiptLines.id))
  const taskIds = [...new Set(lines.map((l) => l.line.taskId).filter((t): t is number => t !== null))]
  const taskRows = taskIds.length
    ? await db
        .select({
          id: tasks.id,
          type: tasks.type,
          status: tasks.status,
          locationId: tasks.locationId,
          locationCode: locations.code,
          qty: tasks.qty,
          reference: tasks.reference,
        })
        .from(tasks)
        .leftJoin(locations, eq(locations.id, tasks.locationId))
        .where(inArray(tasks.id, taskIds))
        .orderBy(asc(tasks.id))
    : []
  const pallets = new Map<
    string,
    {
      pallet_code: string
      sscc: string | null
      location: { id: number; code: string } | null
      lines: number[]
      task: number | null
    }
  >()
  for (const { line, locationCode } of lines) {
    if (!line.palletCode) continue
    const p = pallets.get(line.palletCode) ?? {
      pallet_code: line.palletCode,
      sscc: line.sscc,
      location: line.locationId ? { id: line.locationId, code: locationCode as string } : null,
      lines: [],
      task: line.taskId,
    }
    p.lines.push(line.documentLineId)
    pallets.set(line.palletCode, p)
  }
  return {
    id: r.receipt.id,
    document: r.receipt.documentId,
    status: r.receipt.status,
    idempotency_key: r.receipt.idempotencyKey,
    created_at: r.receipt.createdAt.toISOString(),
    updated_at: r.receipt.updatedAt.toISOString(),
    booked_at: r.receipt.bookedAt?.toISOString() ?? null,
    booked_by: r.receipt.bookedById ? { id: r.receipt.bookedById, username: r.bookedBy as string } : null,
    supplier_issue: r.receipt.supplierIssueId,
    lines: lines.map(({ line, productCode, productName, locationCode }) => ({
      id: line.id,
      line: line.documentLineId,
      product: { id: line.productId, code: productCode, name1: productName },
      received_qty: line.qty,
      damaged_qty: line.damagedQty,
      lot: line.lot,
      expiry_date: line.expiryDate,
      pallet_code: line.palletCode,
      sscc: line.sscc,
      location: line.locationId ? { id: line.locationId, code: locationCode as string } : null,
      stock_line: line.stockLineId,
      task: line.taskId,
    })),
    pallets: [...pallets.values()],
    tasks: taskRows.map((t) => ({
      id: t.id,
      type: t.type,
      status: t.status,
      location: t.locationId ? { id: t.locationId, code: t.locationCode as string } : null,
      qty: t.qty,
      reference: t.reference,
    })),
  }
}

export const documentRowSelect = {
  id: inboundDocuments.id,
  kind: inboundDocuments.kind,
  code: inboundDocuments.code,
  status: inboundDocuments.status,
  supplier: { id: suppliers.id, code: suppliers.code, name: suppliers.name },
  warehouse: { id: warehouses.id, code: warehouses.code },
  expectedDate: inboundDocuments.expectedDate,
  createdAt: inboundDocuments.createdAt,
  receivedAt: inboundDocuments.receivedAt,
  linesCount: sql<number>`(SELECT count(*)::int FROM ${inboundDocumentLines} WHERE ${inboundDocumentLines.documentId} = ${inboundDocuments.id})`,
}

export const documentRows = (db: DbOrTx) =>
  db
    .select(documentRowSelect)
    .from(inboundDocuments)
    .innerJoin(suppliers, eq(suppliers.id, inboundDocuments.supplierId))
    .innerJoin(warehouses, eq(warehouses.id, inboundDocuments.warehouseId))
    .$dynamic()
export const documentCount = (db: DbOrTx) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(inboundDocuments)
    .innerJoin(suppliers, eq(suppliers.id, inboundDocuments.supplierId))
    .$dynamic()

type DocumentRow = Awaited<ReturnType<ReturnType<typeof documentRows>['execute']>>[number]
export const serializeDocumentRow = (r: DocumentRow) => ({
  id: r.id,
  kind: r.kind,
  code: r.code,
  status: r.status,
  supplier: r.supplier,
  warehouse: r.warehouse,
  expected_date: r.expectedDate,
  lines_count: Number(r.linesCount),
  created_at: r.createdAt.toISOString(),
  received_at: r.receivedAt?.toISOString() ?? null,
})

export async function documentDetail(db: DbOrTx, user: AuthUser, id: number) {
  const [row] = await documentRows(db)
    .where(and(eq(inboundDocuments.id, id), eq(inboundDocuments.companyId, user.companyId)))
    .limit(1)
  if (!row) throw notFound('No such record.')
  const lines = await db
    .select({
      line: inboundDocumentLines,
      code: products.code,
      name1: products.name1,
      uom: uoms.code,
      storageClass: products.storageClass,
    })
    .from(inboundDocumentLines)
    .innerJoin(products, eq(products.id, inboundDocumentLines.productId))
    .innerJoin(uoms, eq(uoms.id, products.uomId))
    .where(eq(inboundDocumentLines.documentId, id))
    .orderBy(asc(inboundDocumentLines.id))
  const all = await db.select({ id: receipts.id, status: receipts.status }).from(receipts).where(eq(receipts.documentId, id)).orderBy(asc(receipts.id))
  const draft = all.find((r) => r.status === 'draft')
  const booked = all.filter((r) => r.status === 'booked')
  return {
    ...serializeDocumentRow(row),
    lines: lines.map(({ line, code, name1, uom, storageClass }) => {
      const arrived = toMilli(line.receivedQty) + toMilli(line.damagedQty)
      const expected = toMilli(line.expectedQty)
      return {
        id: line.id,
        product: {
          id: line.productId,
          code,
          name1,
          uom,
          storage_class: storageClass,
        },
        expected_qty: line.expectedQty,
        lot: line.lot,
        expiry_date: line.expiryDate,
        received_qty: line.receivedQty,
        damaged_qty: line.damagedQty,
        // received + damaged − expected: negative is an under-receipt, positive an over-receipt
        difference: fromMilli(arrived - expected),
        receipt_status: arrived === 0n ? ('pending' as const) : arrived < expected ? ('under' as const) : arrived > expected ? ('over' as const) : ('complete' as const),
      }
    }),
    draft: draft ? await receiptView(db, draft.id) : null,
    receipts: await Promise.all(booked.map((b) => receiptView(db, b.id))),
  }
}
