/** Customers, suppliers and carriers (SPEC 3): code-and-name rows with a few columns of their own. */
import { z } from 'zod'
import { codeNameBody, codeNameOut, emailField, optionalText } from '../primitives'

export const customerOut = codeNameOut.extend({ email: z.string().nullable(), min_shelf_life_days: z.number().nullable() })
export type Customer = z.infer<typeof customerOut>
export const customerBody = codeNameBody.extend({
  email: emailField.nullable().optional(),
  // the shortest remaining shelf life, in days, the customer accepts; null = any unexpired lot
  min_shelf_life_days: z.number().int().min(0).max(36_500).nullable().optional(),
})

export const supplierOut = codeNameOut.extend({ edi: z.string(), priority: z.number(), email: z.string().nullable() })
export type Supplier = z.infer<typeof supplierOut>
export const supplierBody = codeNameBody.extend({
  edi: optionalText(64),
  priority: z.number().int().min(1).max(5).optional(),
  email: emailField.nullable().optional(),
})

/** SPEC 19.1: the last time of day its truck takes the day's parcels, 'HH:MM' on the warehouse's clock; blank = none. */
export const cutoffTimeField = z
  .string({ error: 'Enter a time as HH:MM (00:00 to 23:59).' })
  .trim()
  .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'Enter a time as HH:MM (00:00 to 23:59).')
  .transform((v) => (v === '' ? null : v))

export const carrierOut = codeNameOut.extend({ cutoff_time: z.string().nullable().describe("'HH:MM': its truck's last pick-up of the day (SPEC 19.1); null = none") })
export type Carrier = z.infer<typeof carrierOut>
export const carrierBody = codeNameBody.extend({ cutoff_time: cutoffTimeField.nullable().optional() })
