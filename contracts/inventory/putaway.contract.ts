/**
 * POST /inventory/putaways/ (SPEC 11.4, ADR 0014 shape 1): put a received pallet away. The pallet (by `pallet_code` or
 * `sscc`) moves from the dock to `to_location` (reason `putaway`, the task as reference) and its putaway `task` is
 * finished in the same transaction; applied once per `command_id`.
 */
import { z } from 'zod'
import { commandIdField } from '../commands/commands.contract'
import { id, pkField } from '../primitives'
import { stockLineOut } from './inventory.contract'
import { moveOut } from './ledger.contract'

export const putawayBody = z
  .object({
    command_id: commandIdField.optional(),
    task: pkField.describe('the putaway task'),
    pallet_code: z.string().trim().min(1).max(100).optional(),
    sscc: z.string().trim().min(1).max(100).optional(),
    to_location: pkField.describe('the scanned destination; another than the suggested one must be valid for the pallet'),
  })
  .superRefine((b, ctx) => {
    const given = [b.pallet_code, b.sscc].filter((v) => v !== undefined).length
    if (given === 0) ctx.addIssue({ code: 'custom', path: ['non_field_errors'], message: 'Give a pallet_code or an sscc.' })
    if (given > 1) ctx.addIssue({ code: 'custom', path: ['non_field_errors'], message: 'Give only one of pallet_code and sscc.' })
  })
export type PutawayBody = z.input<typeof putawayBody>
export type PutawayCommand = z.output<typeof putawayBody>

export const putawayOut = z.object({
  command_id: z.string().nullable(),
  task: z.object({ id, status: z.string() }),
  suggested_location: id.nullable().describe('where the task suggested the pallet go'),
  moves: z.array(moveOut),
  lines: z.array(stockLineOut),
})
export type PutawayResult = z.infer<typeof putawayOut>
