/** Receiving's documents (SPEC 2.8): create a purchase order or ASN, cancel an open one, and the lookups the other steps share. */
import type { z } from 'zod'
import type { inboundDocumentBody } from '../../../contracts/receiving/receiving.contract'
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { inboundDocumentLines, inboundDocuments, receipts } from '../../db/schema/documents'
import { suppliers } from '../../db/schema/partners'
import type { AuthUser } from '../../http/context'
import { ApiError, conflict, fieldError, notFound, pgError } from '../../http/errors'
import { resolveWarehouse } from '../../kernel/warehouse-scope'

export type CreateDocumentInput = z.output<typeof inboundDocumentBody>

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
