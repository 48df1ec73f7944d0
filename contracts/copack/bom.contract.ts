/** Bills of materials as documents (SPEC 12.7, 12.6; ADR 0016): the product made, its components with quantities. */
import { z } from 'zod'
import { decimalOut, id, idFilter, listQuery, pageOf, pkField, positiveDecimal3, productRef, timestampOut } from '../primitives'
import { COPACK_STATUSES } from './copack.rules'
import { MAX_BOM_COMPONENTS } from './bom.rules'

/** One row of the list: the product, how many components, in use or not. */
export const bomRowOut = z.object({
  id,
  product: productRef,
  components_count: z.number(),
  is_active: z.boolean(),
  /** 1 when created, +1 on every change of the components (ADR 0016) */
  revision: z.number().int(),
  created_at: timestampOut,
  updated_at: timestampOut,
})
export type BomRow = z.infer<typeof bomRowOut>

/** Making one unit of the product takes `qty_per_unit` of this component (in the component's unit). */
export const bomComponentOut = z.object({ id, product: productRef.extend({ uom: z.string() }), qty_per_unit: decimalOut })
export type BomComponent = z.infer<typeof bomComponentOut>

/**
 * A copack order that has not finished with this product, with the revision its copy of the components is (ADR 0016):
 * a DRAFT stops a deactivation; one that reserved keeps its revision through any edit.
 */
export const bomOpenOrderOut = z.object({ id, code: z.string(), status: z.enum(COPACK_STATUSES), bom_revision: z.number().int().nullable() })
export type BomOpenOrder = z.infer<typeof bomOpenOrderOut>

export const bomDetailOut = bomRowOut.extend({ components: z.array(bomComponentOut), open_orders: z.array(bomOpenOrderOut) })
export type BomDetail = z.infer<typeof bomDetailOut>

export const bomComponentBody = z.object({ product: pkField, qty_per_unit: positiveDecimal3 })
const components = z
  .array(bomComponentBody, { error: 'Expected a list of items.' })
  .min(1, 'A bill of materials needs at least one component.')
  .max(MAX_BOM_COMPONENTS, `Ensure this field has no more than ${MAX_BOM_COMPONENTS} elements.`)

/** POST: the product made and its components; a product has at most one bill of materials. */
export const bomCreateBody = z.object({ product: pkField, components, is_active: z.boolean().optional() })
/** PATCH: the components (all of them, replacing the list) and/or `is_active`; the product never changes. */
export const bomUpdateBody = z.object({ components: components.optional(), is_active: z.boolean().optional() })
export type BomInput = { product: number; components: { product: number; qty_per_unit: string }[]; is_active?: boolean }
export type BomUpdate = Omit<Partial<BomInput>, 'product'>

export const bomListQuery = listQuery.extend({
  product: idFilter.optional(),
  is_active: z.enum(['true', 'false'], { error: 'Must be a valid boolean.' }).optional(),
})
export const bomListOut = pageOf(bomRowOut)
