/** Companies, sites, warehouses and locations (SPEC 3): what the API answers and takes. */
import { z } from 'zod'
import { codeField, codeRef, decimalField, id, idRef, INT4_MAX, nameField, timezoneField } from '../primitives'
import { LOCATION_KINDS, STORAGE_CLASSES, STORAGE_MIXING } from './master-data.rules'
import { layoutRuleBody, layoutRuleOut, locationLayoutFields, locationLayoutOut } from '../layout/layout.contract'

// Companies: a user sees and edits only their own; new companies come from the operator (npm run user / seed).
export const companyOut = z.object({
  id,
  code: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  logo_url_dark: z.string().nullable(),
  gs1_prefix: z.string().nullable(),
})
export type Company = z.infer<typeof companyOut>
export const companyBody = z.object({
  name: nameField.optional(),
  logo_url: z.url().max(500).nullable().optional(),
  logo_url_dark: z.url().max(500).nullable().optional(),
  gs1_prefix: z.string().regex(/^\d{6,12}$/, 'A GS1 company prefix has 6 to 12 digits.').nullable().optional(),
})
export type CompanyInput = z.input<typeof companyBody>

/** `is_active: false` deactivates a row (SPEC 12.5): rows that history refers to are never deleted. */
const isActive = z.boolean().optional()

export const siteOut = z.object({ id, code: z.string(), name: z.string(), company: codeRef, is_active: z.boolean() })
export type Site = z.infer<typeof siteOut>
export const siteBody = z.object({ code: codeField, name: nameField, is_active: isActive })
export type SiteInput = z.input<typeof siteBody>

export const warehouseOut = z.object({
  id,
  code: z.string(),
  name: z.string(),
  site: codeRef,
  timezone: z.string(),
  layout_rule: layoutRuleOut.describe("how a location's code names its place, and the walk geometry (SPEC 18.1); the default until set"),
  is_active: z.boolean(),
})
export type Warehouse = z.infer<typeof warehouseOut>
export const warehouseBody = z.object({
  code: codeField,
  name: nameField,
  site: idRef,
  timezone: timezoneField.optional(),
  layout_rule: layoutRuleBody.nullable().optional().describe('replaced whole: a field left out takes its default; null = the default rule (SPEC 18.1)'),
  is_active: isActive,
})
export type WarehouseInput = z.input<typeof warehouseBody>

/** A storage category (§20.3): what a location of it may hold; a null limit or an empty list of classes is no limit. */
export const storageCategoryOut = z.object({
  id,
  code: z.string(),
  name: z.string(),
  max_pallets: z.number().nullable().describe('pallets a location of it holds; null = no limit (a location\'s own capacity_pallets applies too)'),
  max_weight_kg: z.string().nullable().describe('kilograms a location of it holds, from the product packs\' weight × quantity; null = no limit'),
  allowed_storage_classes: z.array(z.string()).describe('the storage classes of the products it may hold; empty = any'),
  mixing: z.enum(STORAGE_MIXING).describe('any; same_product: one product per location; same_lot: one product and lot per location'),
  is_active: z.boolean(),
})
export type StorageCategory = z.infer<typeof storageCategoryOut>
export const storageCategoryBody = z.object({
  code: codeField,
  name: nameField,
  max_pallets: z.number().int().min(0).max(100_000).nullable().optional(),
  max_weight_kg: decimalField(12, 3).nullable().optional(),
  allowed_storage_classes: z
    .array(z.enum(STORAGE_CLASSES))
    .max(STORAGE_CLASSES.length)
    .transform((l) => [...new Set(l)])
    .optional(),
  mixing: z.enum(STORAGE_MIXING).optional(),
  is_active: isActive,
})
export type StorageCategoryInput = z.input<typeof storageCategoryBody>

export const locationOut = z.object({
  id,
  code: z.string(),
  name: z.string(),
  warehouse: codeRef,
  kind: z.string(),
  storage_class: z.string(),
  capacity_pallets: z.number().nullable().describe('pallets the location holds; null = no limit'),
  pick_sequence: z.number().nullable().describe('pick-path order; null = the code order'),
  storage_category: codeRef.nullable().describe('its storage category (§20.3); null = none'),
  is_active: z.boolean(),
}).extend(locationLayoutOut.shape)
export type Location = z.infer<typeof locationOut>
/** A location's fields other than its code and warehouse: what a range gives each location it creates. */
export const locationAttributes = z.object({
  name: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').optional(),
  kind: z.enum(LOCATION_KINDS).optional(),
  storage_class: z.enum(STORAGE_CLASSES).optional(),
  capacity_pallets: z.number().int().min(0).max(100_000).nullable().optional(),
  pick_sequence: z.number().int().min(0).max(INT4_MAX).nullable().optional(),
  storage_category: idRef.nullable().optional(),
  is_active: isActive,
})
export const locationBody = locationAttributes.extend({ code: codeField, warehouse: idRef }).extend(locationLayoutFields.shape)
export type LocationInput = z.input<typeof locationBody>

/** The most locations one range may create (SPEC 12.3). */
export const MAX_LOCATION_RANGE = 100_000

/**
 * `POST /api/core/locations/range/` (SPEC 12.3): each `{from-to}` of the pattern is a zero-padded run, e.g.
 * `A{01-12}-{01-20}-{01-05}-{01-05}`; the other fields are given to every location created.
 */
export const locationRangeBody = locationAttributes.extend({
  warehouse: idRef,
  pattern: z.string().trim().min(1, 'This field may not be blank.').max(200, 'Ensure this field has no more than 200 characters.'),
})
export type LocationRangeInput = z.input<typeof locationRangeBody>
export const locationRangeOut = z.object({ created: z.number(), first: z.string(), last: z.string(), ids: z.array(id) })
export type LocationRangeResult = z.infer<typeof locationRangeOut>
