/**
 * Intake from other systems (docs/requirements.md §7.1): sales orders and inbound documents keyed by the sender's `external_id`,
 * one at a time or up to BULK_INTAKE_MAX per request, each answered on its own.
 */
import { z } from 'zod'
import { BULK_INTAKE_MAX, INTAKE_RESULTS } from './intake.rules'

/** The sending system's own id for a document: sending it again answers, updates or refuses the same document. */
export const externalIdField = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(100, 'Ensure this field has no more than 100 characters.')
  .nullable()
  .optional()

/** POST …/bulk/: the documents, each one the single create body with an `external_id`. */
export const bulkIntakeBody = z.object({
  documents: z
    .array(z.unknown())
    .min(1, 'Send at least one document.')
    .max(BULK_INTAKE_MAX, `Send at most ${BULK_INTAKE_MAX} documents per request.`),
})

export const bulkIntakeItemOut = z.object({
  index: z.number().describe('position in the request'),
  external_id: z.string().nullable(),
  result: z.enum(INTAKE_RESULTS),
  id: z.number().nullable().describe('the document (null when refused before one existed)'),
  status: z.number().describe('the HTTP status this document alone would have had: 201, 200, 400 or 409'),
  errors: z.record(z.string(), z.unknown()).nullable().describe('refused: the field errors in DRF shape, or {"detail": …} for a conflict'),
})
export type BulkIntakeItem = z.infer<typeof bulkIntakeItemOut>

export const bulkIntakeOut = z.object({
  created: z.number(),
  unchanged: z.number(),
  updated: z.number(),
  refused: z.number(),
  results: z.array(bulkIntakeItemOut),
})
export type BulkIntakeResult = z.infer<typeof bulkIntakeOut>
