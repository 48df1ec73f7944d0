/** The answer of a CSV import or its preview (`?dry_run=1`; SPEC 12.8). */
import { z } from 'zod'
import { fieldErrorsOut } from '../primitives'

export const importQuery = z.object({
  dry_run: z.enum(['0', '1', 'true', 'false']).optional(),
  progress: z.string().min(8).max(64).optional().describe('an id the client chose; GET .../import/progress/?id= answers how far the import is'),
})

export const importRowError = z.object({
  row: z.number().describe('the line in the file (the header is line 1)'),
  code: z.string().describe("the row's code as written"),
  errors: fieldErrorsOut,
  codes: z
    .record(z.string(), z.array(z.object({ code: z.string(), params: z.record(z.string(), z.string()) }).nullable()))
    .optional()
    .describe("each message's code and values, position by position (ADR 0015; null: a message without a code)"),
})
export type ImportRowError = z.infer<typeof importRowError>

export const importResultOut = z.object({
  dry_run: z.boolean(),
  rows: z.number().describe('data rows read'),
  created: z.number().describe('rows that create a record (or would, in a preview)'),
  updated: z.number().describe('rows that change the record with that code'),
  error_rows: z.number(),
  ignored_columns: z.array(z.string()).describe("the header's columns this import does not know, in the file's order: their values are not read"),
  errors: z.array(importRowError).describe('each refused row with its errors, the first 1,000'),
})
export type ImportResult = z.infer<typeof importResultOut>

/** How far an import is (`GET .../import/progress/?id=`): rows checked, then written; null when it is not running. */
export const importProgressOut = z.object({
  phase: z.enum(['checking', 'writing', 'finishing']),
  done: z.number(),
  total: z.number(),
})
export type ImportProgress = z.infer<typeof importProgressOut>

export const importProgressQuery = z.object({ id: z.string().min(8).max(64) })
