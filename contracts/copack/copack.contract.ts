/** Co-packing orders and bills of materials (SPEC 2.12, 3 "Copack order", 7 "Copack"). */
import { z } from 'zod'
import { taskOut } from '../tasks/tasks.contract'
import { codeField, codeRef, decimalOut, detailOut, id, listQuery, pageOf, pkField, positiveDecimal3, productRef, timestampOut } from '../primitives'
import { COPACK_ACTION_NAMES, COPACK_STATUSES, RESERVATION_STATUSES } from './copack.rules'

export const copackRowOut = z.object({
  id,
  code: z.string(),
  status: z.enum(COPACK_STATUSES),
  result_product: id,
  result_product_code: z.string(),
  result_product_name: z.string(),
  result_qty: decimalOut,
  /** the revision of the product's bill of materials the order's components are a copy of; null: it had none (ADR 0016) */
  bom_revision: z.number().int().nullable(),
  company: id,
  site: id,
  warehouse: id,
  warehouse_code: z.string(),
  created_at: timestampOut,
  reserved_at: timestampOut.nullable(),
  completed_at: timestampOut.nullable(),
  cancelled_at: timestampOut.nullable(),
})
export type CopackOrderRow = z.infer<typeof copackRowOut>

export const copackComponentOut = z.object({
  product: productRef.extend({ uom: z.string() }),
  qty_per_unit: decimalOut,
  needed: decimalOut,
  available: decimalOut,
  reserved: decimalOut,
  missing: decimalOut,
})
export type CopackComponent = z.infer<typeof copackComponentOut>

export const copackReservationOut = z.object({
  id,
  stock_line: id,
  product: codeRef,
  location: codeRef,
  lot: z.string().nullable(),
  pallet_code: z.string().nullable(),
  expiry_date: z.string().nullable(),
  qty: decimalOut,
  status: z.enum(RESERVATION_STATUSES),
  task: id.nullable(),
})
export type CopackReservation = z.infer<typeof copackReservationOut>

/** A task of the order: a task without its warehouse (the order names it). */
export const copackTaskOut = taskOut.omit({ warehouse: true })
export type CopackTask = z.infer<typeof copackTaskOut>

export const copackDetailOut = copackRowOut.extend({
  created_by: z.string().nullable(),
  produced_location: codeRef.nullable(),
  actions: z.array(z.enum(COPACK_ACTION_NAMES)),
  components: z.array(copackComponentOut),
  reservations: z.array(copackReservationOut),
  tasks: z.array(copackTaskOut),
})
export type CopackOrderDetail = z.infer<typeof copackDetailOut>

export const copackListQuery = listQuery.extend({
  status: z.string().max(200).optional().describe('one status or a comma list: DRAFT, RESERVED, IN_PROGRESS, COMPLETED, CANCELLED'),
})
export const copackListOut = pageOf(copackRowOut)

export const copackCreateBody = z.object({
  code: codeField,
  result_product: pkField,
  result_qty: positiveDecimal3.optional(),
  company: pkField.nullable().optional(),
  site: pkField.nullable().optional(),
  warehouse: pkField.nullable().optional(),
})
/** What the new-order form sends. */
export type NewCopackOrder = { code: string; result_product: number; result_qty: string }

/** POST .../complete/: optionally where to produce. */
export const copackCompleteBody = z.object({ location: pkField.optional() }).nullish()

/** One component a reserve finds short. */
export const missingComponentOut = z.object({ product: id, code: z.string(), needed: decimalOut, available: decimalOut, missing: decimalOut })
export type MissingComponent = z.infer<typeof missingComponentOut>

/** 409 of a reserve: why, and what is short (empty when the product has no bill of materials). */
export const reserveConflictOut = detailOut.extend({ missing: z.array(missingComponentOut).optional() })
