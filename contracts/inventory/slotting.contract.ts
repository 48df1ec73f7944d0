/**
 * Slotting (docs/requirements.md §20.4): GET /api/inventory/slotting/ (the last result of a warehouse),
 * POST .../slotting/run/ (recompute) and POST .../slotting/approve/ (move tasks for the chosen suggestions).
 */
import { z } from 'zod'
import { commandIdField } from '../commands/commands.contract'
import { codeRef, decimalOut, id, idRef, pkField, productRef } from '../primitives'

export const SLOTTING_DEFAULT_DAYS = 30
export const SLOTTING_MAX_DAYS = 365
const days = z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(SLOTTING_MAX_DAYS)

export const slottingQuery = z.object({
  warehouse: pkField.describe('the warehouse'),
  days: days.optional().describe(`the pick lines of the last N days make the velocity (default ${SLOTTING_DEFAULT_DAYS}); another window than the stored result's recomputes it`),
})

export const slottingRunBody = z.object({
  command_id: commandIdField,
  warehouse: idRef,
  days: days.optional(),
})

export const slottingApproveBody = z.object({
  command_id: commandIdField,
  warehouse: idRef,
  suggestions: z.array(z.string().min(1).max(80)).min(1).max(10_000).describe("ids of the last result's suggestions"),
})

const slottingClass = z.enum(['A', 'B', 'C'])

export const slottingProductOut = z.object({
  product: productRef,
  lines: z.number().describe('pick lines (ledger moves with reason pick or ship) in the window'),
  lines_per_week: z.number(),
  class: slottingClass,
})

export const slottingFaceOut = z.object({
  id: id.describe('the pick face'),
  location: codeRef,
  product: productRef,
  travel_metres: z.number().nullable().describe('the walk from the start to the face and on to the end point; null when the location has no place (§18.1)'),
  class: slottingClass,
})

export const slottingMoveOut = z.object({
  product: productRef,
  from: codeRef,
  to: codeRef,
})

export const slottingSuggestionOut = z.object({
  id: z.string(),
  kind: z.enum(['swap', 'move']),
  moves: z.array(slottingMoveOut),
  metres_per_week: z.number().describe('lines/week × the travel cost difference'),
})

export const slottingResultOut = z.object({
  warehouse: codeRef,
  days: z.number(),
  computed_at: z.string(),
  duration_ms: z.number(),
  products: z.array(slottingProductOut),
  faces: z.array(slottingFaceOut),
  suggestions: z.array(slottingSuggestionOut),
  metres_per_week: z.number(),
  metres_per_week_after: z.number(),
})
export type SlottingResultOut = z.infer<typeof slottingResultOut>

export const slottingRunOut = slottingResultOut.extend({ command_id: z.string() })

export const slottingApproveOut = z.object({
  created: z.number(),
  tasks: z.array(z.object({ task: id, product: productRef, from: codeRef, to: codeRef, qty: decimalOut.nullable() })),
  command_id: z.string(),
})
export type SlottingApproveOut = z.infer<typeof slottingApproveOut>
