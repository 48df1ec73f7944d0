/**
 * POST /api/shipping/short-picks/ (SPEC 11.8): the handheld found less than the pick asked for. The operator's reason
 * becomes an exception task for a supervisor (the desktop tasks screen), once per command_id.
 */
import { z } from 'zod'
import { commandIdField } from '../commands/commands.contract'
import { decimalOut, id, pkField, positiveDecimal3 } from '../primitives'

export const shortPickBody = z.object({
  command_id: commandIdField.optional(),
  order: pkField.describe('the sales order being picked'),
  line: pkField.describe('its line that came up short'),
  location: pkField.nullable().optional().describe('where the operator looked'),
  expected: positiveDecimal3.describe('what the pick asked for'),
  picked: z
    .string()
    .trim()
    .regex(/^\d{1,11}(\.\d{1,3})?$/, 'Enter a number with up to 3 decimals.')
    .describe('what the operator found and picked (0 when nothing)'),
  reason: z.string().trim().min(1, 'This field may not be blank.').max(200, 'Ensure this field has no more than 200 characters.'),
})
export type ShortPickBody = z.input<typeof shortPickBody>

export const shortPickOut = z.object({
  task: id.describe('the exception task'),
  order: z.number(),
  line: z.number(),
  missing: decimalOut,
  command_id: z.string().nullable(),
})
export type ShortPickOut = z.infer<typeof shortPickOut>
