/**
 * POST /api/workforce/command-refusals/ (SPEC 11.11, ADR 0014): a handheld command the server refused, reported by the
 * handheld so a supervisor sees it as an exception task. One per command_id: a repeat answers with the first.
 */
import { z } from 'zod'
import { id, nestsDeeperThan } from '../primitives'
import { REFUSAL_PAYLOAD_MAX_BYTES, REFUSAL_PAYLOAD_MAX_DEPTH, refusalPayloadBytes } from './command-refusal-limits'

export const commandRefusalBody = z.object({
  command_id: z.uuid('Must be a valid UUID.'),
  kind: z.string().trim().min(1, 'This field may not be blank.').max(50, 'Ensure this field has no more than 50 characters.'),
  device: z.string().trim().min(1, 'This field may not be blank.').max(64, 'Ensure this field has no more than 64 characters.'),
  seq: z.number().int().min(1).max(2_147_483_647),
  payload: z.record(z.string(), z.unknown()).superRefine((payload, ctx) => {
    // depth first: serializing a deep nesting is what overflows the stack
    if (nestsDeeperThan(payload, REFUSAL_PAYLOAD_MAX_DEPTH)) ctx.addIssue({ code: 'custom', message: `Nested too deeply: at most ${REFUSAL_PAYLOAD_MAX_DEPTH} levels.` })
    else if (refusalPayloadBytes(payload) > REFUSAL_PAYLOAD_MAX_BYTES) ctx.addIssue({ code: 'custom', message: `Too large: at most ${REFUSAL_PAYLOAD_MAX_BYTES} bytes as JSON.` })
  }),
  reason: z.string().trim().min(1, 'This field may not be blank.').max(1000, 'Ensure this field has no more than 1000 characters.'),
  /** when the operator made the command (ISO) */
  created_at: z.iso.datetime({ offset: true, message: 'Enter a valid date/time.' }),
  /** what the operator read, for the supervisor ('PAL-1 → B-01-02') */
  summary: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').optional(),
})
export type CommandRefusalBody = z.infer<typeof commandRefusalBody>

export const commandRefusalOut = z.object({
  command_id: z.string(),
  task: id.describe('the exception task'),
  created: z.boolean().describe('false when this command_id was reported before'),
})
export type CommandRefusalOut = z.infer<typeof commandRefusalOut>
