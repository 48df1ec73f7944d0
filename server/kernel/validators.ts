import { z } from 'zod'
import { gs1CheckDigit, isValidGtin } from '../../machines/scanner/gs1'

export const codeField = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(64, 'Ensure this field has no more than 64 characters.')
  .regex(/^[A-Za-z0-9._\-/]+$/, 'Use letters, digits, dot, underscore, hyphen or slash.')
export const nameField = z.string().trim().min(1, 'This field may not be blank.').max(200, 'Ensure this field has no more than 200 characters.')
export const optionalText = (max = 200) => z.string().trim().max(max).optional()
export const emailField = z.email('Enter a valid email address.').max(254)
/** PostgreSQL's integer: every id column. A larger id is a 400 on its field, never the database's overflow (issue 14). */
export const PG_INT_MAX = 2_147_483_647
export const idRef = z.number().int().positive().max(PG_INT_MAX, 'Invalid pk - object does not exist.')
/** An id filter in a query string (`?site=3`). */
export const idFilter = z.coerce.number().int().positive().max(PG_INT_MAX, 'Select a valid choice.')

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return true
  } catch {
    return false
  }
}
export const timezoneField = z.string().refine(isValidTimeZone, 'Unknown time zone.')

// GS1 mod-10 check digit (GTIN-8/12/13/14, SSCC): one implementation, shared with the handheld and the GS1 parser
export { gs1CheckDigit, isValidGtin }
export const gtinField = z.string().trim().refine(isValidGtin, 'Enter a valid GTIN (8, 12, 13 or 14 digits with a correct check digit).')

/**
 * Exact decimals travel as strings (never floats), bounded like their column's numeric(precision, scale), so a value
 * the column cannot hold is a 400 on its field rather than the database's overflow (issue 14: weight_kg 2147483647).
 */
export const decimalField = (precision: number, scale: number) => {
  const whole = precision - scale
  const format = new RegExp(`^\\d+(\\.\\d{1,${scale}})?$`)
  return z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => format.test(v), `Enter a number with at most ${scale} decimal places.`)
    .refine((v) => !format.test(v) || v.split('.')[0].replace(/^0+(?=\d)/, '').length <= whole, `Ensure that there are no more than ${whole} digits before the decimal point.`)
}
/** numeric(14, 3): quantities. */
export const decimal3 = decimalField(14, 3)
export const positiveDecimal3 = decimal3.refine((v) => Number(v) > 0, 'Ensure this value is greater than 0.')
export const STORAGE_CLASSES = ['ambient', 'chilled', 'frozen', 'hazmat', 'bulk', 'high_value'] as const
export const LOCATION_KINDS = ['storage', 'picking', 'dock', 'staging', 'quarantine', 'production'] as const
