/** Shipping (SPEC 2.9): sales orders, waves, the wizard's draft, pick suggestions (FEFO) and Finish (the shipment). */
import { z } from 'zod'
import { codeField, codeRef, dateField, decimalOut, id, idempotencyKeyField, idQuery, listQuery, nameRef, pageOf, pkField, positiveDecimal3, timestampOut, userRef } from '../primitives'
import { externalIdField } from '../intake/intake.contract'
import { SALES_ORDER_STATUSES, WAVE_STATUSES } from './shipping.rules'

const orderProduct = z.object({ id, code: z.string(), name1: z.string(), uom: z.string() })

/** An order as the list shows it. */
export const salesOrderRowOut = z.object({
  id,
  code: z.string(),
  external_id: z.string().nullable().describe("the sending system's id (unique per company); null for orders made here"),
  status: z.enum(SALES_ORDER_STATUSES),
  customer: nameRef,
  warehouse: codeRef,
  wave: codeRef.nullable(),
  carrier: nameRef.nullable().describe('the carrier the office planned'),
  ship_date: z.string().nullable(),
  priority: z.number().describe('0 normal; higher is more urgent (0-9): waves take the urgent orders first (SPEC 19.1)'),
  lines_count: z.number(),
  cancel_reason: z.string().describe('why it was cancelled; empty unless cancelled'),
  created_at: timestampOut,
  shipped_at: timestampOut.nullable(),
})
export type SalesOrderRow = z.infer<typeof salesOrderRowOut>
export const salesOrderListOut = pageOf(salesOrderRowOut)

export const salesOrderLineOut = z.object({
  id,
  order: z.number(),
  product: orderProduct,
  qty: decimalOut,
  shipped_qty: decimalOut,
  remaining: decimalOut,
})
export type SalesOrderLine = z.infer<typeof salesOrderLineOut>

export const shipmentOut = z.object({
  id,
  order: z.number().nullable(),
  wave: z.number().nullable(),
  carrier: nameRef.nullable(),
  tracking_reference: z.string(),
  idempotency_key: z.string(),
  booked_at: timestampOut,
  booked_by: userRef.nullable(),
  orders: z.array(z.object({ id, code: z.string(), status: z.enum(SALES_ORDER_STATUSES) })),
  picks: z.array(
    z.object({
      id,
      line: z.number(),
      order: z.number(),
      stock_line: z.number(),
      product: codeRef,
      location: codeRef.nullable(),
      lot: z.string().nullable(),
      qty: decimalOut,
    }),
  ),
  packages: z.array(z.object({ id, code: z.string(), contents: z.array(z.object({ line: z.number(), qty: decimalOut })) })),
})
export type Shipment = z.infer<typeof shipmentOut>

const pickItemBody = z.object({
  line: pkField,
  stock_line: pkField,
  qty: positiveDecimal3,
  override_reason: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('why a lot other than the FEFO best one is picked (SPEC 10.5): required then, kept on the ledger move as its note'),
})
const packageItemBody = z.object({ code: z.string().trim().min(1).max(64), contents: z.array(z.object({ line: pkField, qty: positiveDecimal3 })).max(2000) })

/** PUT / PATCH …/draft/: the wizard's steps, replacing the saved draft. */
export const shippingDraftBody = z.object({
  picks: z.array(pickItemBody).max(2000).optional(),
  packages: z.array(packageItemBody).max(500).optional(),
  carrier: pkField.nullable().optional(),
  tracking_reference: z.string().trim().max(100).optional(),
})

/** The wizard's saved steps, as stored and answered. */
export const shippingDraftOut = z.object({
  picks: z.array(z.object({ line: z.number(), stock_line: z.number(), qty: z.string(), override_reason: z.string().optional() })).optional(),
  packages: z.array(z.object({ code: z.string(), contents: z.array(z.object({ line: z.number(), qty: z.string() })) })).optional(),
  carrier: z.number().nullable().optional(),
  tracking_reference: z.string().optional(),
})
export type ShippingDraft = z.infer<typeof shippingDraftOut>
export type PickItem = NonNullable<ShippingDraft['picks']>[number]
export type PackageItem = NonNullable<ShippingDraft['packages']>[number]
export const shippingDraftResponseOut = z.object({ draft: shippingDraftOut.nullable(), updated_at: timestampOut.nullable() })

/** An order with its lines, the wizard's draft and its shipments. */
export const salesOrderOut = salesOrderRowOut.extend({
  customer: nameRef.extend({
    min_shelf_life_days: z.number().nullable().describe("the customer's minimum shelf life in days: the wizard picks nothing expiring sooner (SPEC 12.6 shows it on the order)"),
  }),
  editable: z.boolean().describe('open, and picking has not started (no saved picks on it or its wave): the office may still change it (SPEC 12.6)'),
  draft: shippingDraftOut.nullable(),
  draft_updated_at: timestampOut.nullable(),
  lines: z.array(salesOrderLineOut),
  shipments: z.array(shipmentOut),
})
export type SalesOrder = z.infer<typeof salesOrderOut>

export const waveRowOut = z.object({
  id,
  code: z.string(),
  status: z.enum(WAVE_STATUSES),
  warehouse: codeRef,
  orders_count: z.number(),
  cancel_reason: z.string(),
  created_at: timestampOut,
  shipped_at: timestampOut.nullable(),
})
export type WaveRow = z.infer<typeof waveRowOut>
export const waveListOut = pageOf(waveRowOut)

/** A wave with its orders (each with its lines), the wizard's draft and its shipments. */
export const waveOut = waveRowOut.extend({
  editable: z.boolean().describe('open, and picking has not started: its orders may still change'),
  draft: shippingDraftOut.nullable(),
  draft_updated_at: timestampOut.nullable(),
  orders: z.array(salesOrderRowOut.extend({ lines: z.array(salesOrderLineOut) })),
  shipments: z.array(shipmentOut),
})
export type Wave = z.infer<typeof waveOut>

export const pickSuggestionLineOut = z.object({
  line: z.number(),
  order: z.number(),
  order_code: z.string(),
  product: orderProduct,
  qty: decimalOut,
  shipped_qty: decimalOut,
  remaining: decimalOut,
  available: decimalOut.describe('stock of the product in the warehouse that this order may take: what a release reserved for the line, plus free stock (qty − reserved)'),
  min_expiry_date: z.string().nullable().describe("the customer's minimum shelf life as a date (today + min_shelf_life_days): nothing expiring before it is suggested or may be picked"),
  suggestions: z.array(
    z.object({
      stock_line: z.number(),
      location: codeRef,
      pick_sequence: z.number().nullable().describe("the location's place in the pick path; null = by its code (SPEC 11.8)"),
      lot: z.string().nullable(),
      pallet_code: z.string().nullable(),
      sscc: z.string().nullable(),
      expiry_date: z.string().nullable(),
      available: decimalOut.describe('free on this stock line, or (reserved) what the release holds on it for this line'),
      qty: decimalOut.describe('suggested quantity to pick from this stock line (FEFO); 0 once the line is covered'),
      reserved: z.boolean().optional().describe("held for this line by its wave's release (SPEC 19.3): offered first"),
    }),
  ),
})
export type PickSuggestionLine = z.infer<typeof pickSuggestionLineOut>
export const pickSuggestionsOut = z.object({ lines: z.array(pickSuggestionLineOut) })

/** POST …/ship/ (Finish). */
export const shipBody = z.object({
  idempotency_key: idempotencyKeyField,
  picks: z.array(pickItemBody).max(2000).optional().describe("absent: the saved draft's picks, packages, carrier and tracking reference"),
  packages: z.array(packageItemBody).max(500).optional().describe("when given, every picked line's quantity must be packed exactly"),
  carrier: pkField.nullable().optional(),
  tracking_reference: z.string().trim().max(100).optional(),
})
export type ShipRequest = z.input<typeof shipBody>

export const salesOrderListQuery = listQuery.extend({
  status: z.string().max(200).optional().describe('one status or a comma list: open, shipped, cancelled'),
  wave: idQuery.optional(),
  in_wave: z.enum(['true', 'false']).optional().describe('false: only orders in no open wave (the ones a new wave may take)'),
  warehouse: idQuery.optional(),
})
export const waveListQuery = listQuery.extend({ status: z.string().max(200).optional().describe('open, shipped, cancelled') })

/** SPEC 19.1: 0 normal, higher is more urgent, at most 9. */
export const orderPriorityField = z
  .number({ error: 'A valid integer is required.' })
  .int('A valid integer is required.')
  .min(0, 'Ensure this value is greater than or equal to 0.')
  .max(9, 'Ensure this value is less than or equal to 9.')

/** POST /shipping/orders/ (admins, supervisors). */
export const salesOrderBody = z.object({
  code: codeField,
  external_id: externalIdField,
  customer: pkField,
  carrier: pkField.nullable().optional(),
  warehouse: pkField.nullable().optional(),
  ship_date: dateField.nullable().optional(),
  priority: orderPriorityField.optional().describe('0 normal (the default); higher is more urgent, up to 9 (SPEC 19.1)'),
  lines: z
    .array(z.object({ product: pkField, qty: positiveDecimal3 }))
    .min(1, 'An order needs at least one line.')
    .max(500),
})
export type SalesOrderRequest = z.input<typeof salesOrderBody>
/** PATCH /shipping/orders/:id/ while editable: any part of the create body; `lines` replaces every line. */
export const salesOrderUpdateBody = salesOrderBody.partial()

/** POST /shipping/waves/ (admins, supervisors). */
export const waveBody = z.object({ code: codeField, orders: z.array(pkField).min(1, 'A wave needs at least one order.').max(500), warehouse: pkField.nullable().optional() })
export type WaveRequest = z.input<typeof waveBody>
/** PATCH /shipping/waves/:id/ while editable: its code, or its orders (replacing them). */
export const waveUpdateBody = waveBody.omit({ warehouse: true }).partial()
