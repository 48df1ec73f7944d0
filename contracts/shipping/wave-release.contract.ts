/**
 * POST /api/shipping/waves/{id}/release/ (docs/requirements.md §19.3): reserve a wave's stock and create its pick
 * work, once per command_id. The answer is also the payload of the `wave.released` event.
 */
import { z } from 'zod'
import { commandIdField } from '../commands/commands.contract'
import { codeRef, decimalOut, id } from '../primitives'
import { DEFAULT_RELEASE_TOTES, MAX_RELEASE_TOTES, RELEASE_SHORTAGE_RULES, WAVE_STATUSES } from './shipping.rules'

export { MAX_RELEASE_TOTES }

export const waveReleaseBody = z.object({
  command_id: commandIdField.describe('a UUID the client chooses: the same id again answers the first release and applies nothing'),
  shortage: z
    .enum(RELEASE_SHORTAGE_RULES)
    .default('short')
    .describe('an order that cannot be fully reserved: short = released with what could be reserved (listed in shortages); hold = nothing reserved, it leaves the wave (listed in held)'),
  totes: z.number().int().min(1).max(MAX_RELEASE_TOTES).default(DEFAULT_RELEASE_TOTES).describe("the cart's totes: one order per tote, so the orders are split into batches of this many"),
})
export type WaveReleaseBody = z.input<typeof waveReleaseBody>

export const waveReleaseOut = z.object({
  wave: z.object({ id, code: z.string(), status: z.enum(WAVE_STATUSES), warehouse: codeRef }),
  batches: z.array(
    z.object({
      id,
      code: z.string(),
      totes: z.number(),
      orders: z.array(z.object({ order: z.number(), code: z.string(), tote: z.number() })).describe('the tote each order is picked into'),
      tasks: z.number().describe("the batch's pick tasks: its stops in path order (docs/requirements.md §18.3)"),
    }),
  ),
  tasks: z.number().describe('pick tasks created: one per reservation'),
  shortages: z.array(
    z.object({ order: z.number(), code: z.string(), line: z.number(), product: codeRef, wanted: decimalOut, reserved: decimalOut }),
  ).describe('lines of released orders reserved less than they want (shortage: short)'),
  held: z.array(z.object({ order: z.number(), code: z.string() })).describe('orders that could not be fully reserved and left the wave, still open (shortage: hold)'),
  replenishments: z
    .array(z.object({ task: id, location: codeRef, product: id, source: codeRef, qty: decimalOut }))
    .describe('pick faces the release left below their minimum, refilled first: their replenishment tasks (top priority; docs/requirements.md §20.2)'),
  command_id: z.string(),
})
export type WaveReleaseOut = z.infer<typeof waveReleaseOut>
