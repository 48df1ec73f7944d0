/**
 * Finish (SPEC 2.8, ADR 0005 as amended by ADR 0014, shape 1): book the draft receipt into the warehouse's receiving
 * dock, once per idempotency key, with a putaway task per pallet pointing at its destination; the putaway command
 * (putaway.service) then moves the pallet there.
 */
import type { z } from 'zod'
import type { receiveBody } from '../../../contracts/receiving/receiving.contract'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { inboundDocumentLines, inboundDocuments, receiptLines, receipts } from '../../db/schema/documents'
import type { AuthUser } from '../../http/context'
import { ApiError, fieldError, pgError } from '../../http/errors'
import { receiveStock } from '../inventory/stock.service'
import { fromMilli, type Milli, sumMilli, toMilli } from '../../kernel/qty-math'
import { reportSupplierIssue } from '../quality/quality.service'
import { createTask } from '../workforce/tasks.service'
import { assertReceivable, docOr404 } from './inbound-documents'
import { receivingDock } from './putaway.service'
import { draftOf, toReceiptLines } from './receipt-draft'
import { documentRows, receiptView, serializeDocumentRow } from './receiving-reads'
import { emitEvent } from '../../kernel/events'

export type ReceiveInput = z.output<typeof receiveBody>

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
  // the stock lands on the dock (where the pallet physically is) until its putaway task's scan moves it
  const dock = booked.some((l) => toMilli(l.qty ?? '0') > 0n) ? await receivingDock(tx, user.companyId, doc.warehouseId) : null

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

  const actor = { companyId: user.companyId, userId: user.id, apiKeyId: user.apiKey?.id }
  const totals = new Map<number, { qty: Milli; damaged: Milli }>()
  for (const [i, l] of booked.entries()) {
    const qty = toMilli(l.qty ?? '0')
    let stockLineId: number | null = null
    if (qty > 0n) {
      const change = await receiveStock(tx, actor, {
        productId: l.productId,
        locationId: (dock as { id: number }).id,
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
  // docs/requirements.md §6: the systems around hear of it, in this transaction (ADR 0020)
  const [docRow] = await documentRows(tx).where(eq(inboundDocuments.id, doc.id))
  await emitEvent(tx, { companyId: user.companyId, type: 'receipt.booked', payload: { document: serializeDocumentRow(docRow), receipt: await receiptView(tx, receiptId) } })
  return { receiptId, created: true, emailQueued }
}
