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

/** A reserve line of the refill's product in its source location, as the handheld reads it to name the line scanned. */
export const refillSourceLineOut = z.object({
  id,
  lot: z.string().nullable(),
  expiry: z.string().nullable(),
  sscc: z.string().nullable(),
  pallet_code: z.string().nullable(),
  qty: decimalOut,
})
export type RefillSourceLine = z.infer<typeof refillSourceLineOut>

/**
 * GET /api/inventory/replenishment/tasks/{task}/ (docs/requirements.md §20.2): what the handheld needs to do a refill
 * offline: the face, the reserve location and its planned line, the product (with its GTINs), the quantity, and the
 * product's other available lines in that location (another lot may be taken when the handheld can name its line).
 */
export const refillTaskOut = z.object({
  task: id,
  status: z.string(),
  face: codeRef.describe('the pick face location the refill goes to'),
  source: codeRef.describe('the reserve location it comes from'),
  source_line: id.describe('the planned reserve line'),
  product: z.object({ id, code: z.string(), name1: z.string(), gtins: z.array(z.string()) }),
  lot: z.string().nullable(),
  expiry: z.string().nullable(),
  sscc: z.string().nullable(),
  pallet_code: z.string().nullable(),
  qty: decimalOut,
  lines: z.array(refillSourceLineOut).describe("the product's available, unexpired lines in the source location (the planned one first)"),
})
export type RefillTask = z.infer<typeof refillTaskOut>

/** GET/PUT /api/inventory/replenishment/schedule/ (docs/requirements.md §20.2): the company's scheduled sweep. */
export const replenishmentScheduleBody = z.object({
  every_minutes: z.number().int().min(5).max(1440).nullable().describe('run the sweep every this many minutes (5–1440); null: no scheduled sweep'),
})
export type ReplenishmentScheduleBody = z.input<typeof replenishmentScheduleBody>

export const replenishmentScheduleOut = z.object({
  every_minutes: z.number().int().nullable(),
  next_at: z.string().nullable().describe('when the next scheduled sweep runs'),
  last_at: z.string().nullable().describe('when the last scheduled sweep ran'),
  last_tasks: z.number().int().nullable().describe('the refills that run created'),
})
export type ReplenishmentScheduleOut = z.infer<typeof replenishmentScheduleOut>
