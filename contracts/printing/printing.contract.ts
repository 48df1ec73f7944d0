/** Printers, label printing and print jobs (SPEC 3 "Printer", 7; ADR 0004). */
import { z } from 'zod'
import { id, idQuery, INT4_MAX, listQuery, nameField, pageOf, timestampOut } from '../primitives'
import { isValidPrinterHost, MAX_LABEL_BATCH, MAX_PRINTER_NETWORKS, PRINT_COPIES, PRINT_JOB_KINDS, PRINT_JOB_STATUSES, PRINTER_LIMITS } from './printing.rules'

export const printerOut = z.object({
  id,
  name: z.string(),
  host: z.string(),
  port: z.number(),
  resolution: z.number().describe('dpi: 203 or 300'),
  label_width_mm: z.number(),
  label_height_mm: z.number(),
  is_virtual: z.boolean(),
  online: z.boolean().nullable().describe('null until the queue has talked to the printer'),
  last_seen_at: timestampOut.nullable(),
  last_error: z.string().nullable(),
})
export type Printer = z.infer<typeof printerOut>

const hostField = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(PRINTER_LIMITS.hostMax)
  .refine(isValidPrinterHost, 'Enter a host name or an IP address.')

/** What an admin or supervisor may set on a printer (POST; PATCH takes any part of it). Unset fields take PRINTER_DEFAULTS. */
export const printerBody = z.object({
  name: nameField,
  host: hostField,
  port: z
    .number()
    .int()
    .min(PRINTER_LIMITS.port.min, 'Ensure this value is greater than or equal to 1.')
    .max(PRINTER_LIMITS.port.max, 'Ensure this value is less than or equal to 65535.')
    .optional(),
  resolution: z.union([z.literal(203), z.literal(300)], { error: 'Choose 203 or 300 dpi.' }).optional(),
  label_width_mm: z.number().int().min(PRINTER_LIMITS.labelWidthMm.min).max(PRINTER_LIMITS.labelWidthMm.max).optional(),
  label_height_mm: z.number().int().min(PRINTER_LIMITS.labelHeightMm.min).max(PRINTER_LIMITS.labelHeightMm.max).optional(),
})
/** What the printer form sends: every field, the resolution one the renderer knows. */
export type PrinterInput = Required<z.input<typeof printerBody>>

export const printJobOut = z.object({
  id,
  printer: z.object({ id, name: z.string() }),
  kind: z.enum(PRINT_JOB_KINDS),
  target_id: z.string(),
  target_label: z.string().describe('what a person reads: the location code, or the pallet code and SSCC'),
  copies: z.number(),
  status: z.enum(PRINT_JOB_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  next_attempt_at: timestampOut.nullable().describe('when a queued job is tried next'),
  created_by: z.string().nullable(),
  created_at: timestampOut,
  sent_at: timestampOut.nullable(),
})
export type PrintJob = z.infer<typeof printJobOut>
export const printJobDetailOut = printJobOut.extend({ zpl: z.string() })
export const printJobListOut = pageOf(printJobOut)

export const printJobsQuery = listQuery.extend({
  status: z.enum(PRINT_JOB_STATUSES).optional(),
  kind: z.enum(PRINT_JOB_KINDS).optional(),
  printer: idQuery.optional(),
})

/** POST /printing/{locations|pallets}/:id/print/ */
export const printRequest = z.object({
  copies: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(PRINT_COPIES.min, 'Ensure this value is greater than or equal to 1.')
    .max(PRINT_COPIES.max, 'Ensure this value is less than or equal to 50.')
    .default(1),
  printer: z.union([z.number().int().positive().max(INT4_MAX), z.string().trim().min(1).max(200)], {
    error: (iss) => (iss.input === undefined ? 'This field is required.' : 'Give a printer id or name.'),
  }),
})
export type PrintRequest = z.input<typeof printRequest>

export { MAX_LABEL_BATCH }
const BATCH_TOO_MANY = `One print takes at most ${MAX_LABEL_BATCH} locations: narrow the search or print in several batches.`

/**
 * POST /printing/locations/print/ (SPEC 12.3): the labels of the locations named by id, or of every location matching
 * the list's search (`search` as the locations list takes it; blank = all), one print job per label.
 */
export const printLocationsRequest = printRequest.extend({
  ids: z.array(id, 'Expected a list of items.').min(1, 'Choose at least one location.').max(MAX_LABEL_BATCH, BATCH_TOO_MANY).optional(),
  search: z.string().max(200).optional(),
})
export type PrintLocationsRequest = z.input<typeof printLocationsRequest>
export const printLocationsOut = z.object({ jobs: z.number(), first: z.string().nullable(), last: z.string().nullable() })
export type PrintLocationsResult = z.infer<typeof printLocationsOut>

/** GET /printing/{locations|pallets}/:id/target/: what an ID on the label form names (docs/requirements.md §5). */
export const labelTargetOut = z.object({
  target_id: z.string().describe("the location's id, or the pallet's code"),
  target_label: z.string().describe('what a person reads: the code and name of the location, the pallet code and its product'),
})
export type LabelTarget = z.infer<typeof labelTargetOut>

/** What a label is printed or previewed for: a location code, or a pallet code or SSCC. */
export const labelTargetParams = z.object({ id: z.string().max(100) })

export const labelPreviewQuery = z.object({
  dpi: z.enum(['203', '300'], { error: 'Choose 203 or 300.' }).optional(),
  printer: idQuery.optional().describe("use this printer's label size and resolution"),
})

/**
 * GET/PATCH /printing/settings/ (docs/requirements.md §2.7; ADR 0004 amendment on printer addresses): the networks the
 * company's printers may be on, IP addresses or CIDR ranges. Loopback and link-local are refused on save.
 */
export const printingSettingsOut = z.object({
  allowed_networks: z.array(z.string()),
  is_default: z.boolean().describe('true while no admin has set the networks: the private ranges'),
})
export type PrintingSettings = z.infer<typeof printingSettingsOut>
export const printingSettingsPatch = z.object({
  allowed_networks: z
    .array(z.string().trim().min(1, 'This field may not be blank.').max(64, 'Ensure this field has no more than 64 characters.'), 'Expected a list of items.')
    .max(MAX_PRINTER_NETWORKS, `Ensure this field has no more than ${MAX_PRINTER_NETWORKS} elements.`),
})
export type PrintingSettingsPatch = z.input<typeof printingSettingsPatch>
