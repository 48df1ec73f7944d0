/**
 * The supervisor's view of picking in progress (docs/requirements.md §19.6): the released waves that still have a batch
 * to pick, per batch how far it is, who picks it and since when; and a batch handed to someone else.
 *
 * GET  /api/shipping/pick-progress/?warehouse=&wave=   admins and supervisors
 * POST /api/shipping/batches/{id}/assign/              { command_id, user }: admins and supervisors, once per command_id
 */
import { z } from 'zod'
import { commandIdField } from '../commands/commands.contract'
import { codeRef, decimalOut, id, idFilter, idRef, userRef } from '../primitives'
import { PICK_BATCH_STATUSES } from './shipping.rules'

export const pickProgressQuery = z.object({
  warehouse: idFilter.optional().describe("only this warehouse's waves"),
  wave: idFilter.optional().describe('only this wave'),
})

export const pickProgressBatchOut = z.object({
  id,
  code: z.string(),
  status: z.enum(PICK_BATCH_STATUSES),
  totes: z.number().describe("the cart's totes"),
  orders: z.number().describe('orders picked into its totes (one order per tote)'),
  stops: z.number().describe('its pick tasks not cancelled: the lines to pick'),
  done: z.number().describe('stops picked (done)'),
  units: decimalOut.describe("the stops' quantities"),
  units_done: decimalOut.describe("the picked stops' quantities"),
  exceptions: z.number().describe('stops short (short_qty > 0): a short pick, or a count that took their stock'),
  assignee: userRef.nullable().describe("who picks it: the batch's operator, else who holds its open stops; null when nobody took it"),
  cart: z.string().nullable(),
  started_at: z.string().nullable(),
  elapsed_seconds: z.number().nullable().describe("seconds since started_at by the server's clock"),
})
export type PickProgressBatch = z.infer<typeof pickProgressBatchOut>

export const pickProgressWaveOut = z.object({
  id,
  code: z.string(),
  warehouse: codeRef,
  stops: z.number(),
  done: z.number(),
  exceptions: z.number(),
  batches: z.array(pickProgressBatchOut).describe('in code order; cancelled batches left out, done ones kept'),
})
export type PickProgressWave = z.infer<typeof pickProgressWaveOut>

export const pickProgressOut = z.object({
  now: z.string().describe("the server's clock when read"),
  waves: z.array(pickProgressWaveOut).describe('released waves with a batch open or in progress, oldest first'),
})
export type PickProgress = z.infer<typeof pickProgressOut>

export const batchAssignBody = z.object({
  command_id: commandIdField,
  user: idRef.nullable().describe('an active user of the company; null gives the batch back to the pool'),
})
export type BatchAssignBody = z.input<typeof batchAssignBody>

export const batchAssignOut = z.object({
  batch: pickProgressBatchOut,
  moved: z.number().describe('open or in-progress stops that changed hands (done stops stay with who picked them)'),
  command_id: z.string(),
})
export type BatchAssignOut = z.infer<typeof batchAssignOut>
