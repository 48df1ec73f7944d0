/** Receiving (SPEC 2.8): purchase orders and ASNs, the wizard's draft receipt, its pallets, putaway suggestions and Finish. */
import { z } from 'zod'
import { CAPACITY_REASONS } from '../inventory/capacity.rules'
import {
  codeField,
  codeRef,
  dateField,
  decimal3,
  decimalOut,
  id,
  idempotencyKeyField,
  idQuery,
  listQuery,
  nameRef,
  optionalCode,
  pageOf,
  pkField,
  positiveDecimal3,
  productRef,
  timestampOut,
  userRef,
} from '../primitives'
import { isValidSscc } from '../gs1/gs1'
import { externalIdField } from '../intake/intake.contract'
import { TASK_STATUSES } from '../tasks/tasks.rules'
import { INBOUND_KINDS, INBOUND_STATUSES, LINE_RECEIPT_STATUSES, RECEIPT_STATUSES } from './receiving.rules'

/** A document as the list shows it. */
export const inboundDocumentRowOut = z.object({
  id,
  kind: z.enum(INBOUND_KINDS),
  code: z.string(),
  external_id: z.string().nullable().describe("the sending system's id (unique per company and kind); null for documents made here"),
  status: z.enum(INBOUND_STATUSES),
  supplier: nameRef,
  warehouse: codeRef,
  expected_date: z.string().nullable(),
  lines_count: z.number(),
  cancel_reason: z.string().describe('why it was cancelled; empty unless cancelled'),
  created_at: timestampOut,
  received_at: timestampOut.nullable(),
})
export type InboundDocumentRow = z.infer<typeof inboundDocumentRowOut>
export const inboundDocumentListOut = pageOf(inboundDocumentRowOut)

export const receiptLineOut = z.object({
  id,
  line: z.number().describe('the document line'),
  product: productRef,
  received_qty: decimalOut,
  damaged_qty: decimalOut,
  lot: z.string().nullable(),
  expiry_date: z.string().nullable(),
  pallet_code: z.string().nullable(),
  sscc: z.string().nullable(),
  location: codeRef.nullable(),
  stock_line: z.number().nullable().describe('the stock line it was booked into (booked receipts)'),
  task: z.number().nullable().describe('the putaway task of its pallet (booked receipts)'),
})
export type ReceiptLine = z.infer<typeof receiptLineOut>

export const receiptPalletOut = z.object({
  pallet_code: z.string(),
  sscc: z.string().nullable(),
  location: codeRef.nullable(),
  lines: z.array(z.number()),
  task: z.number().nullable(),
})
export type ReceiptPallet = z.infer<typeof receiptPalletOut>

/** A receipt: the wizard's draft, or a booked one. */
export const receiptOut = z.object({
  id,
  document: z.number(),
  status: z.enum(RECEIPT_STATUSES),
  idempotency_key: z.string().nullable(),
  created_at: timestampOut,
  updated_at: timestampOut,
  booked_at: timestampOut.nullable(),
  booked_by: userRef.nullable(),
  supplier_issue: z.number().nullable(),
  lines: z.array(receiptLineOut),
  pallets: z.array(receiptPalletOut),
  tasks: z.array(
    z.object({
      id,
      type: z.string(),
      status: z.enum(TASK_STATUSES),
      location: codeRef.nullable(),
      qty: decimalOut.nullable(),
      reference: z.string(),
    }),
  ),
})
export type Receipt = z.infer<typeof receiptOut>

/** Finish's answer: the booked receipt and where the document stands now. */
export const bookedReceiptOut = receiptOut.extend({ document_status: z.enum(INBOUND_STATUSES) })
export type BookedReceipt = z.infer<typeof bookedReceiptOut>

export const inboundDocumentLineOut = z.object({
  id,
  product: productRef.extend({ uom: z.string(), storage_class: z.string() }),
  expected_qty: decimalOut,
  lot: z.string().nullable(),
  expiry_date: z.string().nullable(),
  sscc: z.string().nullable().describe('the announced pallet (ASN) this line is on'),
  received_qty: decimalOut,
  damaged_qty: decimalOut,
  difference: decimalOut.describe('received + damaged − expected: negative = under-receipt, positive = over-receipt'),
  receipt_status: z.enum(LINE_RECEIPT_STATUSES),
})
export type InboundDocumentLine = z.infer<typeof inboundDocumentLineOut>

/** A document with its lines, the wizard's draft and the booked receipts. */
export const inboundDocumentOut = inboundDocumentRowOut.extend({
  editable: z.boolean().describe('open, and no receipt (draft or booked) exists yet: the office may still change it (SPEC 12.6)'),
  lines: z.array(inboundDocumentLineOut),
  draft: receiptOut.nullable(),
  receipts: z.array(receiptOut),
})
export type InboundDocument = z.infer<typeof inboundDocumentOut>

export const inboundDocumentListQuery = listQuery.extend({
  status: z.string().max(200).optional().describe('one status or a comma list: open, receiving, received, cancelled'),
  kind: z.enum(INBOUND_KINDS).optional(),
  warehouse: idQuery.optional(),
})

const ssccField = z
  .string()
  .trim()
  .regex(/^\d{18}$/, 'An SSCC has 18 digits.')
  .nullable()
  .optional()

/** An announced pallet's SSCC: 18 digits with GS1's check digit (docs/requirements.md §7.1). */
const announcedSsccField = z
  .string()
  .trim()
  .regex(/^\d{18}$/, 'An SSCC has 18 digits.')
  .refine(isValidSscc, 'Enter a valid SSCC (18 digits with a correct check digit).')
  .nullable()
  .optional()

/** POST /receiving/documents/ (admins, supervisors). */
export const inboundDocumentBody = z.object({
  kind: z.enum(INBOUND_KINDS),
  code: codeField,
  external_id: externalIdField,
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
        sscc: announcedSsccField,
      }),
    )
    .min(1, 'A document needs at least one line.')
    .max(500),
})
export type InboundDocumentRequest = z.input<typeof inboundDocumentBody>

/** PATCH /receiving/documents/:id/ while it is editable: any part of the create body; `lines` replaces every line. */
export const inboundDocumentUpdateBody = inboundDocumentBody.partial()


/** POST /receiving/documents/:id/sscc/: one scan of an announced pallet checks in all of it (docs/requirements.md §7.1). */
export const ssccCheckInBody = z.object({ sscc: announcedSsccField.unwrap().unwrap() })
export type SsccCheckInRequest = z.input<typeof ssccCheckInBody>

/** GET /receiving/sscc/:sscc/: the open document announcing a pallet. */
export const ssccDocumentOut = z.object({ id, code: z.string() })
export const ssccParams = z.object({ sscc: z.string().regex(/^\d{18}$/) })

/** One received quantity of a document line, as the wizard's check step sends it. */
export const receivedItemBody = z.object({
  line: pkField,
  received_qty: decimal3,
  damaged_qty: decimal3.optional(),
  lot: optionalCode(),
  expiry_date: dateField.nullable().optional(),
  pallet_code: optionalCode(),
  sscc: ssccField,
  location: pkField.nullable().optional(),
})
export type ReceivedItem = z.input<typeof receivedItemBody>

/** PUT / PATCH /receiving/documents/:id/draft/ */
export const receiptDraftBody = z.object({ lines: z.array(receivedItemBody).max(1000) })

/** POST /receiving/documents/:id/pallets/ (body optional). */
export const assignPalletsBody = z
  .object({
    pallets: z
      .array(z.object({ lines: z.array(pkField).min(1) }))
      .max(500)
      .optional(),
  })
  .nullish()

/**
 * Why a putaway location is suggested (SPEC 10.6, §20.3), as codes the screen translates: its storage class, empty,
 * a product of the pallet in the same aisle, room under its pallets limit, one of a putaway rule's locations or in
 * its preferred zone, and within its storage category's weight, class and mixing limits.
 */
export const PUTAWAY_REASONS = ['storage_class', 'empty', 'same_product_nearby', 'has_room', 'rule_location', 'rule_zone', 'fits_category'] as const
export type PutawayReason = (typeof PUTAWAY_REASONS)[number]

/** Why a putaway rule's location was skipped (§20.3): its capacity (contracts/inventory/capacity.rules.ts) or what it is. */
export const PUTAWAY_SKIP_REASONS = [...CAPACITY_REASONS, 'not_storage', 'taken'] as const
export type PutawaySkipReason = (typeof PUTAWAY_SKIP_REASONS)[number]
export const putawaySkipOut = z.object({ id, code: z.string(), reasons: z.array(z.enum(PUTAWAY_SKIP_REASONS)) })

export const locationSuggestionOut = z.object({
  id,
  code: z.string(),
  kind: z.string(),
  storage_class: z.string(),
  empty: z.boolean().describe('no stock line in it and no open putaway task into it'),
  pallets: z.number().describe('pallets in it plus open putaway tasks into it'),
  capacity_pallets: z.number().nullable().describe('how many pallets it holds; null = no limit'),
  reasons: z
    .array(z.enum(PUTAWAY_REASONS))
    .describe(
      'why it is suggested: its storage class is the pallet\'s, it is empty, one of the pallet\'s products is in the same aisle, it has room below its capacity, ' +
        'a putaway rule names it or its zone, it is within its storage category\'s limits',
    ),
})
export type LocationSuggestion = z.infer<typeof locationSuggestionOut>

export const putawaySuggestionOut = z.object({
  pallet_code: z.string().nullable(),
  sscc: z.string().nullable(),
  lines: z.array(z.number()),
  products: z.array(codeRef),
  storage_class: z.string(),
  location: locationSuggestionOut.nullable(),
  alternatives: z.array(locationSuggestionOut),
  skipped: z
    .array(putawaySkipOut)
    .describe("the putaway rules' locations passed over, in the rules' order, each with why (full, too heavy, class not allowed, mixing, not a storage location of the pallet's class, given to another pallet)"),
})
export type PutawaySuggestion = z.infer<typeof putawaySuggestionOut>
export const putawaySuggestionsOut = z.object({ pallets: z.array(putawaySuggestionOut) })

export const supplierIssueRequestBody = z.object({
  issue_type: pkField.nullable().optional(),
  severity: z.number().int().min(1).max(5).optional(),
  description: z.string().max(2000).optional(),
  email: z.boolean().optional(),
  email_to: z.string().max(500).nullable().optional(),
})

/** POST /receiving/documents/:id/receive/ (Finish). */
export const receiveBody = z.object({
  idempotency_key: idempotencyKeyField,
  lines: z.array(receivedItemBody).max(1000).optional().describe('the received lines; absent: the saved draft'),
  pallets: z
    .array(
      z.object({
        pallet_code: z.string().trim().min(1).max(64),
        sscc: ssccField,
        location: pkField,
      }),
    )
    .max(1000)
    .optional()
    .describe("each pallet's destination location"),
  close: z.boolean().optional().describe('mark the document received even when lines are short'),
  report_issue: supplierIssueRequestBody.nullable().optional().describe('open a supplier issue (SPEC 2.15) with the booking, e.g. for damaged goods'),
})
export type ReceiveRequest = z.input<typeof receiveBody>
