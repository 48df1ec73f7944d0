/** The answer of a CSV import or its preview (`?dry_run=1`; issue 18). */
import { z } from 'zod'
import { fieldErrorsOut } from '../primitives'

export const importQuery = z.object({ dry_run: z.enum(['0', '1', 'true', 'false']).optional() })

export const importRowError = z.object({
  row: z.number().describe('the line in the file (the header is line 1)'),
  code: z.string().describe("the row's code as written"),
  errors: fieldErrorsOut,
})
export type ImportRowError = z.infer<typeof importRowError>

export const importResultOut = z.object({
  dry_run: z.boolean(),
  rows: z.number().describe('data rows read'),
  created: z.number().describe('rows that create a record (or would, in a preview)'),
  updated: z.number().describe('rows that change the record with that code'),
  error_rows: z.number(),
  errors: z.array(importRowError).describe('each refused row with its errors, the first 1,000'),
})
export type ImportResult = z.infer<typeof importResultOut>
