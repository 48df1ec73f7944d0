import { z } from 'zod'

/** Request fields shared by the process APIs (copack, receiving, shipping). */

/** A primary key as a number or a string of digits (SPEC 2.12's form types the product id into a text field). */
export const pkField = z
  .union([z.number(), z.string().trim().regex(/^\d{1,10}$/, 'A valid integer is required.').transform(Number)])
  .pipe(z.number().int('A valid integer is required.').positive('A valid integer is required.').max(2_147_483_647, 'A valid integer is required.'))

/** A path id; a malformed one is a 404 (see server/http/errors.ts). */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

/** YYYY-MM-DD, a real calendar date. */
export const dateField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date has wrong format. Use YYYY-MM-DD.')
  .refine((s) => {
    const d = new Date(s + 'T00:00:00Z')
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
  }, 'Date has wrong format. Use YYYY-MM-DD.')

/** Finish sends one key per attempt of the wizard; the same key books once (UUIDs fit). */
export const idempotencyKeyField = z
  .string()
  .trim()
  .min(8, 'Ensure this field has at least 8 characters.')
  .max(100, 'Ensure this field has no more than 100 characters.')
  .regex(/^[A-Za-z0-9._:-]+$/, 'Use letters, digits, dot, underscore, colon or hyphen.')

/** Free text such as lots and pallet codes: trimmed, blank means none. */
export const optionalCode = (max = 64) =>
  z
    .string()
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v))

export const productRef = z.object({ id: z.number(), code: z.string(), name1: z.string() })
export const codeRef = z.object({ id: z.number(), code: z.string() })
export const nameRef = z.object({ id: z.number(), code: z.string(), name: z.string() })
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(row) })
