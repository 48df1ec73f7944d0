/** Reading receiving's documents and receipts: the list rows, a document's detail, a receipt with its pallets and tasks. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { products, uoms } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { inboundDocumentLines, inboundDocuments, receiptLines, receipts } from '../../db/schema/documents'
import { suppliers } from '../../db/schema/partners'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import type { AuthUser } from '../../http/context'
import { notFound } from '../../http/errors'
import { fromMilli, toMilli } from '../../kernel/qty-math'

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
  externalId: inboundDocuments.externalId,
  status: inboundDocuments.status,
  supplier: { id: suppliers.id, code: suppliers.code, name: suppliers.name },
  warehouse: { id: warehouses.id, code: warehouses.code },
  expectedDate: inboundDocuments.expectedDate,
  cancelReason: inboundDocuments.cancelReason,
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
  external_id: r.externalId,
  status: r.status,
  supplier: r.supplier,
  warehouse: r.warehouse,
  expected_date: r.expectedDate,
  lines_count: Number(r.linesCount),
  cancel_reason: r.cancelReason,
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
    // nothing has happened to it yet (SPEC 12.6): the office may still change it
    editable: row.status === 'open' && all.length === 0,
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
        sscc: line.sscc,
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
