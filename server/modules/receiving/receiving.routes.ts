import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { INBOUND_KINDS, INBOUND_STATUSES, inboundDocuments, RECEIPT_STATUSES } from '../../db/schema/documents'
import { suppliers } from '../../db/schema/partners'
import { TASK_STATUSES } from '../../db/schema/tasks'
import { ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { fieldError } from '../../http/errors'
import { listQuerySchema, orderingClause, pageParams, pageResponse, searchCondition } from '../../http/pagination'
import { codeField, codeRef, dateField, decimal3, idempotencyKeyField, idParams, nameRef, optionalCode, pageOf, pkField, positiveDecimal3, productRef } from '../../../contracts/primitives'
import {
  assignPallets,
  bookReceipt,
  cancelInboundDocument,
  createInboundDocument,
  documentCount,
  documentDetail,
  documentRows,
  putawaySuggestions,
  receiptView,
  saveDraft,
  serializeDocumentRow,
} from './receiving.service'

const TAG = 'receiving'

const documentRow = z.object({
  id: z.number(),
  kind: z.enum(INBOUND_KINDS),
  code: z.string(),
  status: z.enum(INBOUND_STATUSES),
  supplier: nameRef,
  warehouse: codeRef,
  expected_date: z.string().nullable(),
  lines_count: z.number(),
  created_at: z.string(),
  received_at: z.string().nullable(),
})

const receiptOut = z.object({
  id: z.number(),
  document: z.number(),
  status: z.enum(RECEIPT_STATUSES),
  idempotency_key: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  booked_at: z.string().nullable(),
  booked_by: z.object({ id: z.number(), username: z.string() }).nullable(),
  supplier_issue: z.number().nullable(),
  lines: z.array(
    z.object({
      id: z.number(),
      line: z.number().describe('the document line'),
      product: productRef,
      received_qty: z.string(),
      damaged_qty: z.string(),
      lot: z.string().nullable(),
      expiry_date: z.string().nullable(),
      pallet_code: z.string().nullable(),
      sscc: z.string().nullable(),
      location: codeRef.nullable(),
      stock_line: z.number().nullable().describe('the stock line it was booked into (booked receipts)'),
      task: z.number().nullable().describe('the putaway task of its pallet (booked receipts)'),
    }),
  ),
  pallets: z.array(
    z.object({
      pallet_code: z.string(),
      sscc: z.string().nullable(),
      location: codeRef.nullable(),
      lines: z.array(z.number()),
      task: z.number().nullable(),
    }),
  ),
  tasks: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      status: z.enum(TASK_STATUSES),
      location: codeRef.nullable(),
      qty: z.string().nullable(),
      reference: z.string(),
    }),
  ),
})

const documentDetailOut = documentRow.extend({
  lines: z.array(
    z.object({
      id: z.number(),
      product: productRef.extend({
        uom: z.string(),
        storage_class: z.string(),
      }),
      expected_qty: z.string(),
      lot: z.string().nullable(),
      expiry_date: z.string().nullable(),
      received_qty: z.string(),
      damaged_qty: z.string(),
      difference: z.string().describe('received + damaged − expected: negative = under-receipt, positive = over-receipt'),
      receipt_status: z.enum(['pending', 'under', 'complete', 'over']),
    }),
  ),
  draft: receiptOut.nullable(),
  receipts: z.array(receiptOut),
})

const createBody = z.object({
  kind: z.enum(INBOUND_KINDS),
  code: codeField,
  supplier: pkField,
  warehouse: pkField.nullable().optional(),
  expected_date: dateField.nullable().optional(),
  lines: z
    .array(
      z.object({
        product: pkField,
        expected_qty: positiveDecimal3,
        lot: optionalCode(),
        expiry_date: dateField.nullable().optional(),
      }),
    )
    .min(1, 'A document needs at least one line.')
    .max(500),
})

const receivedItem = z.object({
  line: pkField,
  received_qty: decimal3,
  damaged_qty: decimal3.optional(),
  lot: optionalCode(),
  expiry_date: dateField.nullable().optional(),
  pallet_code: optionalCode(),
  sscc: z
    .string()
    .trim()
    .regex(/^\d{18}$/, 'An SSCC has 18 digits.')
    .nullable()
    .optional(),
  location: pkField.nullable().optional(),
})
const draftBody = z.object({ lines: z.array(receivedItem).max(1000) })

const receiveBody = z.object({
  idempotency_key: idempotencyKeyField,
  lines: z.array(receivedItem).max(1000).optional().describe('the received lines; absent: the saved draft'),
  pallets: z
    .array(
      z.object({
        pallet_code: z.string().trim().min(1).max(64),
        sscc: z
          .string()
          .trim()
          .regex(/^\d{18}$/, 'An SSCC has 18 digits.')
          .nullable()
          .optional(),
        location: pkField,
      }),
    )
    .max(1000)
    .optional()
    .describe("each pallet's destination location"),
  close: z.boolean().optional().describe('mark the document received even when lines are short'),
  report_issue: z
    .object({
      issue_type: pkField.nullable().optional(),
      severity: z.number().int().min(1).max(5).optional(),
      description: z.string().max(2000).optional(),
      email: z.boolean().optional(),
      email_to: z.string().max(500).nullable().optional(),
    })
    .nullable()
    .optional()
    .describe('open a supplier issue (SPEC 2.15) with the booking, e.g. for damaged goods'),
})

const listQuery = listQuerySchema.extend({
  status: z.string().max(200).optional().describe('one status or a comma list: open, receiving, received, cancelled'),
  kind: z.enum(INBOUND_KINDS).optional(),
  warehouse: z.coerce.number().int().positive().max(2_147_483_647).optional(),
})

const ORDERING = {
  id: inboundDocuments.id,
  code: inboundDocuments.code,
  kind: inboundDocuments.kind,
  status: inboundDocuments.status,
  expected_date: inboundDocuments.expectedDate,
  created_at: inboundDocuments.createdAt,
  supplier__code: suppliers.code,
  supplier__name: suppliers.name,
}

/** SPEC 2.8 receiving, on real documents (issue 7). Documents are created by admins and supervisors; the wizard's steps are operator work. */
export const receivingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db

  app.get(
    '/receiving/documents/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'Purchase orders and ASNs',
        querystring: listQuery,
        response: { 200: pageOf(documentRow) },
      },
    },
    async (req) => {
      const q = req.query
      const p = pageParams(q)
      const statuses = (q.status ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      const bad = statuses.filter((s) => !(INBOUND_STATUSES as readonly string[]).includes(s))
      if (bad.length) throw fieldError('status', `Select a valid choice. ${bad.join(', ')} is not one of the available choices.`)
      const where = and(
        eq(inboundDocuments.companyId, req.user.companyId),
        statuses.length ? inArray(inboundDocuments.status, statuses as (typeof INBOUND_STATUSES)[number][]) : undefined,
        q.kind ? eq(inboundDocuments.kind, q.kind) : undefined,
        q.warehouse ? eq(inboundDocuments.warehouseId, q.warehouse) : undefined,
        searchCondition(q.search, [inboundDocuments.code, suppliers.code, suppliers.name]),
      )
      const order = orderingClause(q.ordering, ORDERING, '-id', inboundDocuments.id)
      const [rows, [{ count }]] = await Promise.all([
        documentRows(db)
          .where(where)
          .orderBy(...order)
          .limit(p.pageSize)
          .offset(p.offset),
        documentCount(db).where(where),
      ])
      return pageResponse(req, p, count, rows.map(serializeDocumentRow))
    },
  )

  app.post(
    '/receiving/documents/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Create a PO or ASN with its lines (admins, supervisors)',
        body: createBody,
        response: { 201: documentDetailOut },
      },
    },
    async (req, reply) => {
      const id = await createInboundDocument(db, req.user, req.body)
      return reply.status(201).send(await documentDetail(db, req.user, id))
    },
  )

  app.get(
    '/receiving/documents/:id/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'A document with its lines (expected, received, damaged, difference), the wizard draft and the booked receipts',
        params: idParams,
        response: { 200: documentDetailOut },
      },
    },
    async (req) => documentDetail(db, req.user, req.params.id),
  )

  app.post(
    '/receiving/documents/:id/cancel/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Cancel an open document (admins, supervisors)',
        params: idParams,
        response: { 200: documentDetailOut },
      },
    },
    async (req) => {
      await cancelInboundDocument(db, req.user, req.params.id)
      return documentDetail(db, req.user, req.params.id)
    },
  )

  const draftSchema = (summary: string) => ({
    tags: [TAG],
    summary,
    params: idParams,
    body: draftBody,
    response: { 200: receiptOut },
  })
  app.put(
    '/receiving/documents/:id/draft/',
    {
      config: { roles: ANY_ROLE },
      schema: draftSchema("Save the check step: replaces the draft's lines (a field left out keeps its saved value)"),
    },
    async (req) => {
      return receiptView(db, await saveDraft(db, req.user, req.params.id, req.body.lines, 'replace'))
    },
  )
  app.patch(
    '/receiving/documents/:id/draft/',
    {
      config: { roles: ANY_ROLE },
      schema: draftSchema('Save part of the check step: replaces only the draft lines of the document lines named'),
    },
    async (req) => {
      return receiptView(db, await saveDraft(db, req.user, req.params.id, req.body.lines, 'merge'))
    },
  )

  app.post(
    '/receiving/documents/:id/pallets/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'The label step: pallet codes and SSCCs for the draft lines',
        description:
          'Body optional. Without `pallets`, every draft line with a received quantity and no pallet gets its own (calling twice allocates nothing new). ' +
          'With `pallets: [{lines: [document line ids]}]`, each group goes on one new pallet. SSCCs come from the company GS1 prefix; the pallet code is the SSCC.',
        params: idParams,
        body: z
          .object({
            pallets: z
              .array(z.object({ lines: z.array(pkField).min(1) }))
              .max(500)
              .optional(),
          })
          .nullish(),
        response: { 200: receiptOut },
      },
    },
    async (req) => {
      return receiptView(
        db,
        await assignPallets(
          db,
          req.user,
          req.params.id,
          req.body?.pallets?.map((p) => p.lines),
        ),
      )
    },
  )

  const locationSuggestion = z.object({
    id: z.number(),
    code: z.string(),
    kind: z.string(),
    storage_class: z.string(),
    empty: z.boolean(),
  })
  app.get(
    '/receiving/documents/:id/putaway-suggestions/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'A destination per pallet of the draft: same storage class, active storage location of the warehouse, empty first',
        params: idParams,
        response: {
          200: z.object({
            pallets: z.array(
              z.object({
                pallet_code: z.string().nullable(),
                sscc: z.string().nullable(),
                lines: z.array(z.number()),
                products: z.array(codeRef),
                storage_class: z.string(),
                location: locationSuggestion.nullable(),
                alternatives: z.array(locationSuggestion),
              }),
            ),
          }),
        },
      },
    },
    async (req) => ({
      pallets: await putawaySuggestions(db, req.user, req.params.id),
    }),
  )

  app.post(
    '/receiving/documents/:id/receive/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'Finish: book the receipt into stock (once per idempotency key)',
        description:
          "Books the given lines (else the saved draft) into each pallet's destination location through the stock ledger (reason receipt), " +
          'opens one putaway task per pallet, adds received and damaged quantities to the document lines, and moves the document to received ' +
          '(every line arrived, or close=true) or receiving. 201 with the receipt; the same key again answers 200 with the same receipt and books nothing.',
        params: idParams,
        body: receiveBody,
        response: {
          200: receiptOut.extend({ document_status: z.enum(INBOUND_STATUSES) }),
          201: receiptOut.extend({ document_status: z.enum(INBOUND_STATUSES) }),
        },
      },
    },
    async (req, reply) => {
      const result = await bookReceipt(db, req.user, req.params.id, req.body)
      if (result.emailQueued) {
        try {
          app.deps.outbox.wake()
        } catch {
          // the outbox polls on its own; waking it only saves a few seconds
        }
      }
      const [doc] = await db.select({ status: inboundDocuments.status }).from(inboundDocuments).where(eq(inboundDocuments.id, req.params.id))
      return reply.status(result.created ? 201 : 200).send({
        ...(await receiptView(db, result.receiptId)),
        document_status: doc.status,
      })
    },
  )
}
