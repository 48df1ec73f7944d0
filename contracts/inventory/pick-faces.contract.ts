/**
 * Pick faces (docs/requirements.md §20.1): a location × product picked from, its minimum (a refill is due below it), its
 * maximum (what it holds) and the unit it is refilled in. Quantities are exact decimal strings in the product's unit.
 * A minimum above the maximum is checked by the server against the stored face too (a PATCH may send one of them).
 */
import { z } from 'zod'
import { codeRef, decimal3, decimalOut, id, idFilter, idRef, positiveDecimal3, productRef, timestampOut } from '../primitives'
import { REPLENISH_UNITS } from './pick-faces.rules'

export const pickFaceOut = z.object({
  id,
  location: codeRef,
  warehouse: codeRef.describe("always the location's warehouse"),
  product: productRef,
  min_qty: decimalOut.describe('a refill is due when the face holds less than this'),
  max_qty: decimalOut.describe('what the face holds at most (its capacity)'),
  replenish_unit: z.enum(REPLENISH_UNITS),
  replenish_qty: decimalOut.describe('product units per replenishment unit'),
  is_active: z.boolean(),
  on_hand: decimalOut.describe('available stock of the product in the location now'),
  created_at: timestampOut,
  updated_at: timestampOut,
})
export type PickFace = z.infer<typeof pickFaceOut>

export const pickFaceBody = z.object({
  location: idRef,
  warehouse: idRef.optional().describe("optional: when given, the location must be in it (a face's warehouse is always its location's)"),
  product: idRef,
  min_qty: decimal3,
  // §20.1: a maximum below what the location holds now is allowed (no refill is due), a maximum of 0 is not
  max_qty: positiveDecimal3,
  replenish_unit: z.enum(REPLENISH_UNITS).optional(),
  replenish_qty: positiveDecimal3.optional(),
  is_active: z.boolean().optional(),
})
export type PickFaceInput = z.input<typeof pickFaceBody>
export const pickFacePatch = pickFaceBody.partial()

export const pickFaceListQuery = z.object({
  product: idFilter.optional(),
  location: idFilter.optional(),
  warehouse: idFilter.optional(),
  is_active: z.enum(['true', 'false']).optional(),
})
