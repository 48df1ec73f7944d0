/** Units, products and product packs (SPEC 3): what the API answers and takes. */
import { z } from 'zod'
import { isValidGtin } from '../gs1/gs1'
import { codeField, codeNameBody, codeNameOut, codeRef, decimalField, gtinField, id, idRef, nameField, positiveDecimal3, productRef } from '../primitives'
import { MAX_PRODUCT_GTINS, MAX_PRODUCT_PACKS, STORAGE_CLASSES } from './master-data.rules'

export const uomOut = codeNameOut
export type Uom = z.infer<typeof uomOut>
export const uomBody = codeNameBody
export type UomInput = z.input<typeof uomBody>

/**
 * A product's GTINs (SPEC 12.2): several, each with its check digit verified; every bad or repeated one is named in
 * one list on the field: `400 {"gtins": [...]}`.
 */
export const gtinsField = z
  .array(z.string().trim(), 'Expected a list of items.')
  .max(MAX_PRODUCT_GTINS, `Ensure this field has no more than ${MAX_PRODUCT_GTINS} elements.`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>()
    for (const g of list) {
      if (!isValidGtin(g)) ctx.addIssue({ code: 'custom', message: `"${g}" is not a valid GTIN (8, 12, 13 or 14 digits with a correct check digit).` })
      else if (seen.has(g)) ctx.addIssue({ code: 'custom', message: `"${g}" is listed twice.` })
      seen.add(g)
    }
  })

/** One of a product's packs as the product answers it (SPEC 12.1: edited with the product, on its form). */
export const productPackItemOut = z.object({
  id,
  uom: codeRef,
  qty_per_pack: z.string(),
  gtin: z.string().nullable(),
  length_mm: z.number().nullable(),
  width_mm: z.number().nullable(),
  height_mm: z.number().nullable(),
  weight_kg: z.string().nullable(),
  packs_per_pallet: z.number().nullable(),
  is_active: z.boolean(),
})
export type ProductPackItem = z.infer<typeof productPackItemOut>

const packMm = z.number().int('A valid integer is required.').min(0, 'Ensure this value is greater than or equal to 0.').max(100_000, 'Ensure this value is less than or equal to 100000.').nullable().optional()
/**
 * One pack in a product's `packs` list: with `id` it edits that pack of the product, without it adds one. The list
 * replaces the product's packs (a pack left out is removed). Errors name the row: `packs.1.gtin`.
 */
export const productPackItemBody = z.object({
  id: idRef.optional(),
  uom: idRef,
  qty_per_pack: positiveDecimal3,
  gtin: gtinField.nullable().optional(),
  length_mm: packMm,
  width_mm: packMm,
  height_mm: packMm,
  weight_kg: decimalField(12, 3).nullable().optional(),
  packs_per_pallet: z.number().int('A valid integer is required.').min(1, 'Ensure this value is greater than or equal to 1.').max(100_000, 'Ensure this value is less than or equal to 100000.').nullable().optional(),
  is_active: z.boolean().optional(),
})
export type ProductPackItemInput = z.input<typeof productPackItemBody>

/** A product's packs: each GTIN once, each pack once (its unit names it). */
export const productPacksField = z
  .array(productPackItemBody, 'Expected a list of items.')
  .max(MAX_PRODUCT_PACKS, `Ensure this field has no more than ${MAX_PRODUCT_PACKS} elements.`)
  .superRefine((list, ctx) => {
    const gtins = new Set<string>()
    const uoms = new Set<number>()
    const ids = new Set<number>()
    list.forEach((p, i) => {
      if (p.gtin) {
        if (gtins.has(p.gtin)) ctx.addIssue({ code: 'custom', path: [i, 'gtin'], message: `"${p.gtin}" is listed twice.` })
        gtins.add(p.gtin)
      }
      if (uoms.has(p.uom)) ctx.addIssue({ code: 'custom', path: [i, 'uom'], message: 'This product already has a pack in this unit.' })
      uoms.add(p.uom)
      if (p.id !== undefined) {
        if (ids.has(p.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'This pack is listed twice.' })
        ids.add(p.id)
      }
    })
  })

export const productOut = z.object({
  id,
  code: z.string(),
  variant: z.string(),
  name1: z.string(),
  name2: z.string(),
  uom: codeRef,
  storage_class: z.string(),
  gtins: z.array(z.string()),
  shelf_life_days: z.number().nullable(),
  lot_tracked: z.boolean(),
  expiry_tracked: z.boolean(),
  is_active: z.boolean(),
  packs: z.array(productPackItemOut),
})
export type Product = z.infer<typeof productOut>
export const productBody = z.object({
  code: codeField,
  variant: z.string().trim().max(64, 'Ensure this field has no more than 64 characters.').optional(),
  name1: nameField,
  name2: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').optional(),
  uom: idRef,
  storage_class: z.enum(STORAGE_CLASSES).optional(),
  gtins: gtinsField.optional(),
  shelf_life_days: z.number().int().min(0).max(36_500).nullable().optional(),
  lot_tracked: z.boolean().optional(),
  expiry_tracked: z.boolean().optional(),
  is_active: z.boolean().optional(),
  packs: productPacksField.optional(),
})
export type ProductInput = z.input<typeof productBody>

// the pack as the packs list answers it: the item of a product's `packs`, with its product (keys in the same order)
export const productPackOut = z.object({ id, product: productRef, ...productPackItemOut.omit({ id: true }).shape })
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
  packs_per_pallet: z.number().int().min(1).max(100_000).nullable().optional(),
  is_active: z.boolean().optional(),
})
export type ProductPackInput = z.input<typeof productPackBody>
