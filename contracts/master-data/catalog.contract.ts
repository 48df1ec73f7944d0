/** Units, products and product packs (SPEC 3): what the API answers and takes. */
import { z } from 'zod'
import { codeField, codeNameBody, codeNameOut, codeRef, decimalField, gtinField, id, idRef, nameField, positiveDecimal3, productRef } from '../primitives'
import { STORAGE_CLASSES } from './master-data.rules'

export const uomOut = codeNameOut
export type Uom = z.infer<typeof uomOut>
export const uomBody = codeNameBody
export type UomInput = z.input<typeof uomBody>

export const productOut = z.object({
  id,
  code: z.string(),
  variant: z.string(),
  name1: z.string(),
  uom: codeRef,
  storage_class: z.string(),
})
export type Product = z.infer<typeof productOut>
export const productBody = z.object({
  code: codeField,
  variant: z.string().trim().max(64).optional(),
  name1: nameField,
  uom: idRef,
  storage_class: z.enum(STORAGE_CLASSES).optional(),
})
export type ProductInput = z.input<typeof productBody>

export const productPackOut = z.object({
  id,
  product: productRef,
  uom: codeRef,
  qty_per_pack: z.string(),
  gtin: z.string().nullable(),
  length_mm: z.number().nullable(),
  width_mm: z.number().nullable(),
  height_mm: z.number().nullable(),
  weight_kg: z.string().nullable(),
})
export type ProductPack = z.infer<typeof productPackOut>
const mm = z.number().int().min(0).max(100_000).nullable().optional()
export const productPackBody = z.object({
  product: idRef,
  uom: idRef,
  qty_per_pack: positiveDecimal3,
  gtin: gtinField.nullable().optional(),
  length_mm: mm,
  width_mm: mm,
  height_mm: mm,
  weight_kg: decimalField(12, 3).nullable().optional(), // numeric(12, 3)
})
export type ProductPackInput = z.input<typeof productPackBody>
