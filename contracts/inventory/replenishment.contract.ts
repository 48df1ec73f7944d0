/** POST /api/inventory/replenishment/run/ (docs/requirements.md §20.2): the sweep, once per command_id. */
import { z } from 'zod'
import { commandIdField } from '../commands/commands.contract'
import { codeRef, decimalOut, id, idRef, positiveDecimal3 } from '../primitives'

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

/**
 * POST /api/inventory/replenishment/confirm/ (docs/requirements.md §20.2): the operator brought the refill to its face;
 * once per command_id, and one of the routes the handheld's outbox may batch.
 */
export const replenishmentConfirmBody = z.object({
  command_id: commandIdField,
  task: idRef.describe('the replenishment task'),
  stock_line: idRef.optional().describe('the reserve line taken from (default: the one the task names)'),
  qty: positiveDecimal3.describe('what was brought: at most what the task asks'),
  location: idRef.describe('the face scanned at the end: must be the task\'s face'),
})
export type ReplenishmentConfirmBody = z.input<typeof replenishmentConfirmBody>

export const replenishmentConfirmOut = z.object({
  task: id,
  face: codeRef,
  moved: decimalOut,
  move: id.describe('the ledger row (reason replenishment)'),
  command_id: z.string(),
})
export type ReplenishmentConfirmOut = z.infer<typeof replenishmentConfirmOut>
