/** Receiving's documents (SPEC 2.8): create a purchase order or ASN, cancel an open one, and the lookups the other steps share. */
import type { z } from 'zod'
import type { inboundDocumentBody, inboundDocumentUpdateBody } from '../../../contracts/receiving/receiving.contract'
import { and, asc, eq } from 'drizzle-orm'
import { checkProducts, companyReference } from '../../kernel/references'
import type { DbOrTx } from '../../db/client'
import { inboundDocumentLines, inboundDocuments, receipts } from '../../db/schema/documents'
import { suppliers } from '../../db/schema/partners'
import type { AuthUser } from '../../http/context'
import { conflict, fieldError, notFound, pgError } from '../../http/errors'
import { fromMilli, toMilli } from '../../kernel/qty-math'
import { resolveWarehouse } from '../../kernel/warehouse-scope'
import { diffChanges, recordAudit } from '../audit/audit.service'

export type CreateDocumentInput = z.output<typeof inboundDocumentBody>
export type UpdateDocumentInput = z.output<typeof inboundDocumentUpdateBody>

/** The audit trail's name for these records (GET /api/audit/?entity=inbound_documents&entity_id=). */
export const INBOUND_DOCUMENT_ENTITY = 'inbound_documents'

const checkSupplier = (db: DbOrTx, user: AuthUser, supplierId: number) => companyReference(db, suppliers, 'supplier', user.companyId, supplierId)

export const lineValues = (companyId: number, documentId: number, lines: CreateDocumentInput['lines']) =>
  lines.map((l) => ({
    companyId,
    documentId,
    productId: l.product,
    expectedQty: l.expected_qty,
    lot: l.lot ?? null,
    expiryDate: l.expiry_date ?? null,
    sscc: l.sscc ?? null,
  }))

/** What the audit trail keeps of the lines: product, quantity (exact, minimal: "5" and "5.000" are no change), lot and expiry. */
export const auditLines = (lines: { product: number; expected_qty: string; lot?: string | null; expiry_date?: string | null; sscc?: string | null }[]) =>
  lines.map((l) => ({ product: l.product, expected_qty: fromMilli(toMilli(l.expected_qty)), lot: l.lot ?? null, expiry_date: l.expiry_date ?? null, sscc: l.sscc ?? null }))

const duplicateCode = (e: unknown) => {
  if (pgError(e)?.code === '23505') throw fieldError('code', 'A document with this code already exists.')
  throw e
}

export async function createInboundDocument(db: DbOrTx, user: AuthUser, body: CreateDocumentInput): Promise<number> {
  const warehouseId = await resolveWarehouse(db, user, body.warehouse)
  const supplierId = await checkSupplier(db, user, body.supplier)
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
          supplierId,
          code: body.code,
          expectedDate: body.expected_date ?? null,
          createdById: user.id,
        })
        .returning({ id: inboundDocuments.id })
      await tx.insert(inboundDocumentLines).values(lineValues(user.companyId, doc.id, body.lines))
      await recordAudit(tx, { companyId: user.companyId, userId: user.id, apiKeyId: user.apiKey?.id }, {
        entity: INBOUND_DOCUMENT_ENTITY,
        entityId: doc.id,
        action: 'create',
        changes: { kind: body.kind, code: body.code, supplier: supplierId, warehouse: warehouseId, expected_date: body.expected_date ?? null, lines: auditLines(body.lines) },
      })
      return doc.id
    })
  } catch (e) {
    return duplicateCode(e)
  }
}

/** Nothing has happened to it yet: open, and no receipt (not even the wizard's draft) exists. */
async function assertEditable(tx: DbOrTx, doc: DocRow): Promise<void> {
  const [started] = await tx.select({ id: receipts.id }).from(receipts).where(eq(receipts.documentId, doc.id)).limit(1)
  if (doc.status !== 'open' || started)
    throw conflict({
      detail: `Document ${doc.code} can no longer be changed: receiving has started (it is ${doc.status}${started && doc.status === 'open' ? ', with a receipt in progress' : ''}).`,
      status: doc.status,
    })
}

/** Edit a document while nothing has happened to it (SPEC 12.6): its header, and `lines` replaces every line. */
export async function updateInboundDocument(db: DbOrTx, user: AuthUser, id: number, body: UpdateDocumentInput): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const doc = await docOr404(tx, user, id, true)
      await assertEditable(tx, doc)
      const warehouseId = body.warehouse != null ? await resolveWarehouse(tx, user, body.warehouse) : doc.warehouseId
      const supplierId = body.supplier !== undefined ? await checkSupplier(tx, user, body.supplier) : doc.supplierId
      if (body.lines) await checkProducts(tx, user.companyId, body.lines.map((l) => l.product))
      const before = { kind: doc.kind, code: doc.code, supplier: doc.supplierId, warehouse: doc.warehouseId, expected_date: doc.expectedDate }
      const after = {
        kind: body.kind ?? doc.kind,
        code: body.code ?? doc.code,
        supplier: supplierId,
        warehouse: warehouseId,
        expected_date: body.expected_date !== undefined ? body.expected_date : doc.expectedDate,
      }
      await tx
        .update(inboundDocuments)
        .set({ kind: after.kind, code: after.code, supplierId: after.supplier, warehouseId: after.warehouse, expectedDate: after.expected_date })
        .where(eq(inboundDocuments.id, doc.id))
      const changes: Record<string, unknown> = diffChanges(before, after)
      if (body.lines) {
        const old = await tx.select().from(inboundDocumentLines).where(eq(inboundDocumentLines.documentId, doc.id)).orderBy(asc(inboundDocumentLines.id))
        const oldLines = auditLines(old.map((l) => ({ product: l.productId, expected_qty: l.expectedQty, lot: l.lot, expiry_date: l.expiryDate, sscc: l.sscc })))
        const newLines = auditLines(body.lines)
        await tx.delete(inboundDocumentLines).where(eq(inboundDocumentLines.documentId, doc.id))
        await tx.insert(inboundDocumentLines).values(lineValues(user.companyId, doc.id, body.lines))
        Object.assign(changes, diffChanges({ lines: oldLines }, { lines: newLines }))
      }
      if (Object.keys(changes).length) await recordAudit(tx, { companyId: user.companyId, userId: user.id, apiKeyId: user.apiKey?.id }, { entity: INBOUND_DOCUMENT_ENTITY, entityId: doc.id, action: 'update', changes })
    })
  } catch (e) {
    duplicateCode(e)
  }
}


export type DocRow = typeof inboundDocuments.$inferSelect

export async function docOr404(db: DbOrTx, user: AuthUser, id: number, lock = false): Promise<DocRow> {
  const q = db
    .select()
    .from(inboundDocuments)
    .where(and(eq(inboundDocuments.id, id), eq(inboundDocuments.companyId, user.companyId)))
  const [doc] = lock ? await q.for('update') : await q
  if (!doc) throw notFound('No such record.')
  return doc
}

const OPEN_STATUSES = ['open', 'receiving'] as const
export function assertReceivable(doc: DocRow): void {
  if (!(OPEN_STATUSES as readonly string[]).includes(doc.status)) {
    throw conflict({
      detail: `Document ${doc.code} is ${doc.status}: only an open or receiving document can be received.`,
      status: doc.status,
    })
  }
}

/** Cancel an open document (refused once receiving has booked something), with the reason the audit trail keeps. */
export async function cancelInboundDocument(db: DbOrTx, user: AuthUser, id: number, reason = ''): Promise<void> {
  await db.transaction(async (tx) => {
    const doc = await docOr404(tx, user, id, true)
    if (doc.status !== 'open')
      throw conflict({
        detail: `Document ${doc.code} is ${doc.status}: only an open document can be cancelled.`,
        status: doc.status,
      })
    await tx.delete(receipts).where(and(eq(receipts.documentId, doc.id), eq(receipts.status, 'draft')))
    await tx.update(inboundDocuments).set({ status: 'cancelled', cancelReason: reason }).where(eq(inboundDocuments.id, doc.id))
    await recordAudit(tx, { companyId: user.companyId, userId: user.id, apiKeyId: user.apiKey?.id }, { entity: INBOUND_DOCUMENT_ENTITY, entityId: doc.id, action: 'cancel', changes: { status: [doc.status, 'cancelled'] }, note: reason })
  })
}
