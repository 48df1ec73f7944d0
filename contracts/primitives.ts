/**
 * The shapes every contract is built from (ADR 0010; docs/decisions/0010): ids, exact decimals, dates, codes and
 * names as the API takes them, the references rows carry, the DRF list envelope and error bodies. Framework-free:
 * zod only. Messages are DRF's English texts; the client translates what it shows.
 */
import { z } from 'zod'
import { isValidGtin } from './gs1/gs1'

/**
 * Whether a JSON value nests objects and arrays more than `max` levels deep (the value itself is level 1 when it is an
 * object or an array). Walked with a stack of its own, so a pathological nesting costs no recursion.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length) {
    const [v, depth] = stack.pop()!
    if (v === null || typeof v !== 'object') continue
    if (depth > max) return true
    for (const child of Object.values(v as Record<string, unknown>)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
  }
  return false
}

/** PostgreSQL integer (int4): no id or count the API takes goes beyond it. */
export const INT4_MAX = 2_147_483_647

// ---- ids ----

/** A row's primary key as the API answers it. */
export const id = z.number()

/** A primary key in a body as a number or a string of digits (SPEC 2.12's form types the product id into a text field). */
export const pkField = z
  .union([z.number(), z.string().trim().regex(/^\d{1,10}$/, 'A valid integer is required.').transform(Number)])
  .pipe(z.number().int('A valid integer is required.').positive('A valid integer is required.').max(INT4_MAX, 'A valid integer is required.'))

/** A reference to another row in a body: a positive integer within int4; a larger one is a 400 on its field, never the database's overflow (SPEC 15.4). */
export const idRef = z.number().int().positive().max(INT4_MAX, 'Invalid pk - object does not exist.')

/** A path id; a malformed one is a 404 (see server/http/errors.ts). */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) })

/** An id filter in a query string (`?product=12`). */
export const idQuery = z.coerce.number().int().positive().max(INT4_MAX)

/** A master-data list's id filter in a query string (`?site=3`): beyond int4 is DRF's filter answer (SPEC 15.4). */
export const idFilter = z.coerce.number().int().positive().max(INT4_MAX, 'Select a valid choice.')

// ---- references a row carries ----

export const codeRef = z.object({ id, code: z.string() })
export const nameRef = z.object({ id, code: z.string(), name: z.string() })
export const productRef = z.object({ id, code: z.string(), name1: z.string() })
export const userRef = z.object({ id, username: z.string() })

// ---- quantities: exact decimal strings, never floats (SPEC 3) ----

/** A quantity as the API answers it: an exact decimal string with 3 places, e.g. "12.500". */
export const decimalOut = z.string()

/**
 * An exact decimal in a body, as a string or a number, kept as the string and bounded like its column's
 * numeric(precision, scale), so a value the column cannot hold is a 400 on its field rather than the database's
 * overflow (SPEC 17.2: weight_kg 2147483647).
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
/** A quantity in a body: numeric(14, 3), at most 3 decimal places. */
export const decimal3 = decimalField(14, 3)
export const positiveDecimal3 = decimal3.refine((v) => Number(v) > 0, 'Ensure this value is greater than 0.')

// ---- texts ----

export const codeField = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(64, 'Ensure this field has no more than 64 characters.')
  .regex(/^[A-Za-z0-9._\-/]+$/, 'Use letters, digits, dot, underscore, hyphen or slash.')
export const nameField = z.string().trim().min(1, 'This field may not be blank.').max(200, 'Ensure this field has no more than 200 characters.')
export const optionalText = (max = 200) => z.string().trim().max(max).optional()
export const emailField = z.email('Enter a valid email address.').max(254)

/** Free text such as lots and pallet codes: trimmed, blank means none. */
export const optionalCode = (max = 64) =>
  z
    .string()
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v))

/** Finish sends one key per attempt of a wizard; the same key books once (UUIDs fit). */
export const idempotencyKeyField = z
  .string()
  .trim()
  .min(8, 'Ensure this field has at least 8 characters.')
  .max(100, 'Ensure this field has no more than 100 characters.')
  .regex(/^[A-Za-z0-9._:-]+$/, 'Use letters, digits, dot, underscore, colon or hyphen.')

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return true
  } catch {
    return false
  }
}
export const timezoneField = z.string().refine(isValidTimeZone, 'Unknown time zone.')

export const gtinField = z.string().trim().refine(isValidGtin, 'Enter a valid GTIN (8, 12, 13 or 14 digits with a correct check digit).')

/** The many master-data rows that are a code and a name (plus a few columns of their own). */
export const codeNameOut = z.object({ id, code: z.string(), name: z.string(), is_active: z.boolean() })
/** `is_active: false` deactivates: rows that history refers to are never deleted (SPEC 12.5). */
export const codeNameBody = z.object({ code: codeField, name: nameField, is_active: z.boolean().optional() })

// ---- dates ----

/** YYYY-MM-DD, a real calendar date. */
export const dateField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date has wrong format. Use YYYY-MM-DD.')
  .refine((s) => {
    const d = new Date(s + 'T00:00:00Z')
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
  }, 'Date has wrong format. Use YYYY-MM-DD.')

/** A moment as the API answers it: ISO 8601 in UTC. */
export const timestampOut = z.string()

// ---- lists (DRF's PageNumberPagination, SearchFilter, OrderingFilter) ----

/** Query parameters every list takes. */
export const listQuery = z.object({
  page: z.string().optional(),
  page_size: z.string().optional(),
  search: z.string().max(200).optional(),
  ordering: z.string().max(200).optional(),
})
export type ListQuery = z.infer<typeof listQuery>

/** The list envelope: {count, next, previous, results}. */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(row) })
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] }

// ---- errors (DRF's dialect, STYLE habit 9) ----

/** 400: `{"field": ["message"]}` or `{"non_field_errors": [...]}`. */
export const fieldErrorsOut = z.record(z.string(), z.array(z.string()))
export type FieldErrors = z.infer<typeof fieldErrorsOut>

/**
 * Every other error: `{"detail": "..."}`, with the message's stable `code` and the values it quotes (`params`) when it
 * is one of contracts/errors/server-messages.rules.ts (ADR 0015: the app translates by code).
 */
export const detailOut = z.object({ detail: z.string(), code: z.string().optional(), params: z.record(z.string(), z.string()).optional() })
export type DetailError = z.infer<typeof detailOut>

// ---- documents (SPEC 12.6) ----

/** POST …/cancel/ of a document, an order or a wave: why (the desktop asks for it; it goes to the audit trail). */
export const cancelBody = z
  .object({ reason: z.string().trim().max(500, 'Ensure this field has no more than 500 characters.').optional() })
  .nullish()
export type CancelRequest = NonNullable<z.input<typeof cancelBody>>
