/**
 * Cluster picking on the handheld (docs/requirements.md §19.5): a pick batch as the handheld caches it when taken, the
 * cart bound to it, and one confirmed pick of a stop into its order's tote. Each command applies once per command_id.
 *
 * GET  /api/shipping/batches/?mine=true            the caller's batches not yet done (open, in progress)
 * GET  /api/shipping/batches/{id}/                 one batch with its stops in path order (PickBatchDetail)
 * POST /api/shipping/batches/{id}/cart/            { command_id, cart }: the cart carrying the batch's totes
 * POST /api/shipping/batches/{id}/picks/           { command_id, task, stock_line, qty, tote, ... }: one stop picked
 */
import { z } from 'zod'
import { commandIdField } from '../commands/commands.contract'
import { codeRef, decimal3, decimalOut, id, idRef, userRef } from '../primitives'
import { PICK_BATCH_STATUSES } from './shipping.rules'
import { TASK_STATUSES } from '../tasks/tasks.rules'

/** a cart's code: what its label reads; its totes read `<cart>-<n>` (cluster-pick.rules.ts) */
export const cartField = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(32, 'Ensure this field has no more than 32 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.]*$/, 'Enter a valid cart code: letters, digits, "_" or ".".')

const stockOut = z.object({ stock_line: id, lot: z.string().nullable(), expiry: z.string().nullable().describe('YYYY-MM-DD'), available: decimalOut })

export const pickBatchStopOut = z.object({
  task: id.describe('the pick task this stop is'),
  seq: z.number().describe('1-based place in the path (docs/requirements.md §18.3)'),
  status: z.enum(TASK_STATUSES),
  order: codeRef,
  line: id.describe('the sales order line'),
  tote: z.number().describe("the order's tote on the cart"),
  location: codeRef,
  product: z.object({ id, code: z.string(), name: z.string(), gtins: z.array(z.string()) }),
  stock_line: id.describe('the reserved stock line (its lot is the FEFO lot)'),
  lot: z.string().nullable(),
  expiry: z.string().nullable(),
  sscc: z.string().nullable(),
  pallet_code: z.string().nullable(),
  qty: decimalOut.describe('what the stop reserves (the task quantity less what a count made short)'),
  picked_qty: decimalOut.nullable().describe('what was picked, once done'),
  short_qty: decimalOut.nullable().describe('what was not found (a short pick) or what a count took'),
  alternatives: z.array(stockOut).describe("the product's other lots in this location: another lot needs a reason; an expired one is refused"),
})
export type PickBatchStop = z.infer<typeof pickBatchStopOut>

export const pickBatchDetailOut = z.object({
  id,
  code: z.string(),
  wave: codeRef,
  warehouse: codeRef,
  status: z.enum(PICK_BATCH_STATUSES),
  assignee: userRef.nullable(),
  cart: z.string().nullable(),
  totes: z.number(),
  orders: z.array(z.object({ tote: z.number(), order: codeRef, carrier: z.object({ id, name: z.string() }).nullable() })),
  stops: z.array(pickBatchStopOut),
  started_at: z.string().nullable(),
})
export type PickBatchDetail = z.infer<typeof pickBatchDetailOut>

export const pickBatchRowOut = z.object({
  id,
  code: z.string(),
  wave: codeRef,
  status: z.enum(PICK_BATCH_STATUSES),
  assignee: userRef.nullable(),
  cart: z.string().nullable(),
  orders: z.number(),
  stops: z.number(),
  done: z.number().describe('stops picked (done)'),
})
export type PickBatchRow = z.infer<typeof pickBatchRowOut>

export const batchCartBody = z.object({ command_id: commandIdField, cart: cartField })
export type BatchCartBody = z.input<typeof batchCartBody>

export const batchPickBody = z.object({
  command_id: commandIdField,
  task: idRef.describe('the stop (a pick task of this batch)'),
  stock_line: idRef.describe('the stock line picked from: the reserved one, or another lot of the same product there (needs override_reason)'),
  qty: decimal3.describe('what was picked: at most what the stop reserves; less is a short pick (needs short_reason)'),
  tote: z.number().int().min(1).max(99).describe("the tote it went into: the stop's order's"),
  override_reason: z.string().trim().min(1).max(200).optional(),
  short_reason: z.string().trim().min(1).max(200).optional(),
})
export type BatchPickBody = z.input<typeof batchPickBody>

export const batchPickOut = z.object({
  task: id,
  picked: decimalOut,
  short: decimalOut.describe("'0' when the stop was picked in full"),
  exception_task: id.nullable().describe('the exception task a short pick created'),
  batch_status: z.enum(PICK_BATCH_STATUSES),
  command_id: z.string(),
})
export type BatchPickOut = z.infer<typeof batchPickOut>
