/** Companies, sites, warehouses and locations (SPEC 3): what the API answers and takes. */
import { z } from 'zod'
import { codeField, codeRef, id, idRef, nameField, timezoneField } from '../primitives'
import { LOCATION_KINDS, STORAGE_CLASSES } from './master-data.rules'

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
  gs1_prefix: z
    .string()
    .regex(/^\d{6,12}$/, 'A GS1 company prefix has 6 to 12 digits.')
    .nullable()
    .optional(),
})
export type CompanyInput = z.input<typeof companyBody>

export const siteOut = z.object({
  id,
  code: z.string(),
  name: z.string(),
  company: codeRef,
})
export type Site = z.infer<typeof siteOut>
export const siteBody = z.object({ code: codeField, name: nameField })
export type SiteInput = z.input<typeof siteBody>

export const warehouseOut = z.object({
  id,
  code: z.string(),
  name: z.string(),
  site: codeRef,
  timezone: z.string(),
})
export type Warehouse = z.infer<typeof warehouseOut>
export const warehouseBody = z.object({
  code: codeField,
  name: nameField,
  site: idRef,
  timezone: timezoneField.optional(),
})
export type WarehouseInput = z.input<typeof warehouseBody>

export const locationOut = z.object({
  id,
  code: z.string(),
  name: z.string(),
  warehouse: codeRef,
  kind: z.string(),
  storage_class: z.string(),
  is_active: z.boolean(),
})
export type Location = z.infer<typeof locationOut>
export const locationBody = z.object({
  code: codeField,
  name: z.string().trim().max(200).optional(),
  warehouse: idRef,
  kind: z.enum(LOCATION_KINDS).optional(),
  storage_class: z.enum(STORAGE_CLASSES).optional(),
  is_active: z.boolean().optional(),
})
export type LocationInput = z.input<typeof locationBody>
