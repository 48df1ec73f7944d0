import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { inboundDocuments, INBOUND_STATUSES } from '../../db/schema/documents'
import { suppliers } from '../../db/schema/partners'
import { ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { fieldError, notFound } from '../../http/errors'
import { orderingClause, pageParams, pageResponse, searchCondition } from '../../http/pagination'
import { cancelBody, idParams } from '../../../contracts/primitives'
import { bulkIntakeBody, bulkIntakeOut } from '../../../contracts/intake/intake.contract'
import { intakeSummary, singleIntakeAnswer } from '../../kernel/intake'
import { intakeInboundDocuments } from './inbound-intake'
import {
  assignPalletsBody,
  bookedReceiptOut,
  inboundDocumentBody,
  inboundDocumentListOut,
  inboundDocumentListQuery,
  inboundDocumentOut,
  inboundDocumentUpdateBody,
  putawaySuggestionsOut,
  receiptDraftBody,
  receiptOut,
  receiveBody,
  ssccCheckInBody,
  ssccDocumentOut,
  ssccParams,
} from '../../../contracts/receiving/receiving.contract'
import {
  assignPallets,
  bookReceipt,
  cancelInboundDocument,
  checkInSscc,
  documentOfSscc,
  createInboundDocument,
  documentCount,
  documentDetail,
  documentRows,
  putawaySuggestions,
  receiptView,
  saveDraft,
  serializeDocumentRow,
  updateInboundDocument,
} from './receiving.service'

const TAG = 'receiving'

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

/** SPEC 2.8 receiving, on real documents. Documents are created by admins and supervisors; the wizard's steps are operator work. */
export const receivingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db

  app.get(
    '/receiving/documents/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'Purchase orders and ASNs',
        querystring: inboundDocumentListQuery,
        response: { 200: inboundDocumentListOut },
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
        description:
          'With an `external_id` (docs/requirements.md §7.1) the same document sent again answers 200 with the existing one; different content updates it while no work has started (200), and is refused 409 after.',
        body: inboundDocumentBody,
        response: { 200: inboundDocumentOut, 201: inboundDocumentOut },
      },
    },
    async (req, reply) => {
      if (req.body.external_id) {
        const [result] = await intakeInboundDocuments(db, req.user, [req.body])
        const { status, id } = singleIntakeAnswer(result)
        return reply.status(status).send(await documentDetail(db, req.user, id))
      }
      const id = await createInboundDocument(db, req.user, req.body)
      return reply.status(201).send(await documentDetail(db, req.user, id))
    },
  )

  app.post(
    '/receiving/documents/bulk/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Take in up to 1,000 POs and ASNs by external_id, each answered on its own (admins, supervisors)',
        body: bulkIntakeBody,
        response: { 200: bulkIntakeOut },
      },
    },
    async (req) => intakeSummary(await intakeInboundDocuments(db, req.user, req.body.documents)),
  )

  app.get(
    '/receiving/documents/:id/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'A document with its lines (expected, received, damaged, difference), the wizard draft and the booked receipts',
        params: idParams,
        response: { 200: inboundDocumentOut },
      },
    },
    async (req) => documentDetail(db, req.user, req.params.id),
  )

  app.patch(
    '/receiving/documents/:id/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Edit a document while nothing has happened to it (admins, supervisors)',
        description: 'Any part of the create body; `lines` replaces every line. 409 once receiving has started (a draft or booked receipt exists) or the document is not open.',
        params: idParams,
        body: inboundDocumentUpdateBody,
        response: { 200: inboundDocumentOut },
      },
    },
    async (req) => {
      await updateInboundDocument(db, req.user, req.params.id, req.body)
      return documentDetail(db, req.user, req.params.id)
    },
  )

  app.post(
    '/receiving/documents/:id/cancel/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Cancel an open document, with a reason (admins, supervisors)',
        description: 'The reason is required (400 on `reason` when missing or blank); it is kept as `cancel_reason` and in the audit trail. 409 unless the document is open.',
        params: idParams,
        body: cancelBody,
        response: { 200: inboundDocumentOut },
      },
    },
    async (req) => {
      // SPEC 12.9: a document is cancelled with a reason, which the document and its audit trail keep
      const reason = req.body?.reason
      if (reason === undefined) throw fieldError('reason', 'This field is required.')
      if (reason === '') throw fieldError('reason', 'This field may not be blank.')
      await cancelInboundDocument(db, req.user, req.params.id, reason)
      return documentDetail(db, req.user, req.params.id)
    },
  )

  const draftSchema = (summary: string) => ({
    tags: [TAG],
    summary,
    params: idParams,
    body: receiptDraftBody,
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
    '/receiving/documents/:id/sscc/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'One scan of an announced pallet: every ASN line carrying this SSCC goes into the draft as announced, on a pallet keeping the SSCC',
        params: idParams,
        body: ssccCheckInBody,
        response: { 200: receiptOut },
      },
    },
    async (req) => receiptView(db, await checkInSscc(db, req.user, req.params.id, req.body.sscc)),
  )

  app.get(
    '/receiving/sscc/:sscc/',
    {
      config: { roles: ANY_ROLE },
      schema: { tags: [TAG], summary: 'The open PO or ASN announcing this pallet (SSCC)', params: ssccParams, response: { 200: ssccDocumentOut } },
    },
    async (req) => {
      const doc = await documentOfSscc(db, req.user, req.params.sscc)
      if (!doc) throw notFound(`No open ASN announces the pallet ${req.params.sscc}.`)
      return doc
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
        body: assignPalletsBody,
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

  app.get(
    '/receiving/documents/:id/putaway-suggestions/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'A destination per pallet of the draft: same storage class, active storage location of the warehouse, empty first',
        params: idParams,
        response: { 200: putawaySuggestionsOut },
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
        response: { 200: bookedReceiptOut, 201: bookedReceiptOut },
      },
    },
    async (req, reply) => {
      const result = await bookReceipt(db, req.user, req.params.id, req.body)
      if (result.emailQueued) {
        // the mail's job committed with the receipt (ADR 0017); the runner polls on its own, waking it saves a few seconds
        app.deps.jobs.wake()
      }
      const [doc] = await db.select({ status: inboundDocuments.status }).from(inboundDocuments).where(eq(inboundDocuments.id, req.params.id))
      return reply.status(result.created ? 201 : 200).send({
        ...(await receiptView(db, result.receiptId)),
        document_status: doc.status,
      })
    },
  )
}
