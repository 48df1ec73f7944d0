/**
 * Lot trace (SPEC 10.8): GET /inventory/trace/?lot=[&product=] or ?sscc= (or ?pallet_code=): where the
 * stock came from (receipts, supplier, date) and where every unit went (moves, copack consumption, shipments).
 */
import { z } from 'zod'
import { codeRef, decimalOut, idQuery, nameRef, productRef, timestampOut } from '../primitives'
import { stockLineOut } from './inventory.contract'
import { moveOut } from './ledger.contract'

export const traceQuery = z
  .object({
    lot: z.string().trim().min(1).max(100).optional(),
    sscc: z.string().trim().min(1).max(100).optional(),
    pallet_code: z.string().trim().min(1).max(100).optional(),
    product: idQuery.optional().describe('narrow a lot to one product'),
  })
  .superRefine((q, ctx) => {
    if (!q.lot && !q.sscc && !q.pallet_code) ctx.addIssue({ code: 'custom', path: ['lot'], message: 'Give a lot, an sscc or a pallet_code.' })
  })

export const traceReceiptOut = z.object({
  document: z.string().describe('the receipt reference (PO / ASN code)'),
  supplier: nameRef.nullable(),
  date: timestampOut,
  product: productRef,
  lot: z.string().nullable(),
  pallet_code: z.string().nullable(),
  sscc: z.string().nullable(),
  location: codeRef.nullable(),
  qty: decimalOut,
})

export const traceConsumptionOut = z.object({
  order: z.string().describe('the copack order code'),
  result_product: productRef.nullable(),
  date: timestampOut,
  product: productRef,
  lot: z.string().nullable(),
  qty: decimalOut,
})

export const traceShipmentOut = z.object({
  order: z.string().describe('the shipping order code'),
  customer: nameRef.nullable(),
  date: timestampOut,
  product: productRef,
  lot: z.string().nullable(),
  pallet_code: z.string().nullable(),
  qty: decimalOut,
})

export const traceOut = z.object({
  lot: z.string().nullable(),
  sscc: z.string().nullable(),
  pallet_code: z.string().nullable(),
  products: z.array(productRef),
  received_qty: decimalOut,
  shipped_qty: decimalOut,
  consumed_qty: decimalOut,
  on_hand_qty: decimalOut,
  receipts: z.array(traceReceiptOut),
  moves: z.array(moveOut).describe('every move, oldest first (at most 2,000; see moves_truncated)'),
  moves_truncated: z.boolean(),
  consumption: z.array(traceConsumptionOut),
  shipments: z.array(traceShipmentOut),
  on_hand: z.array(stockLineOut),
})
export type LotTrace = z.infer<typeof traceOut>
