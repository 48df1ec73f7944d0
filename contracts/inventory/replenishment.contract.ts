/** POST /api/inventory/replenishment/run/ (docs/requirements.md §20.2): the sweep, once per command_id. */
import { z } from 'zod'
import { commandIdField } from '../commands/commands.contract'
import { codeRef, decimalOut, id, idRef } from '../primitives'

export const replenishmentRunBody = z.object({
  command_id: commandIdField,
  warehouse: idRef.optional().describe("only this warehouse's faces (default: every warehouse of the company)"),
})
export type ReplenishmentRunBody = z.input<typeof replenishmentRunBody>

export const replenishmentTaskOut = z.object({
  task: id.describe('the replenishment task (tasks.type replenishment)'),
  face: id,
  location: codeRef.describe('the pick face'),
  product: id,
  source: codeRef.describe('the reserve location it comes from'),
  source_line: id,
  qty: decimalOut,
})

export const replenishmentRunOut = z.object({
  created: z.number(),
  tasks: z.array(replenishmentTaskOut),
  command_id: z.string(),
})
export type ReplenishmentRunOut = z.infer<typeof replenishmentRunOut>
