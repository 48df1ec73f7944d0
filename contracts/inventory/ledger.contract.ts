/**
 * The stock ledger and the stock commands (SPEC 10.1): GET/POST /inventory/moves/, POST /inventory/adjustments/,
 * POST /inventory/stock/{id}/block/ and /release/. Every command takes an optional `command_id` (applied once).
 */
import { z } from 'zod'
import { commandIdField } from '../commands/commands.contract'
import { codeRef, dateField, decimal3, decimalOut, detailOut, id, idQuery, listQuery, optionalCode, pageOf, pkField, positiveDecimal3, productRef, timestampOut, userRef } from '../primitives'
import { ADJUSTMENT_REASONS, MOVE_REASONS, SPLIT_SSCC_CHOICES, STOCK_STATUSES } from './inventory.rules'
import { stockLineOut } from './inventory.contract'

/** One row of the ledger: a change of stock (or of a line's status), who made it, when and why. */
export const moveOut = z.object({
  id,
  created_at: timestampOut,
  user: userRef.nullable(),
  reason: z.enum(MOVE_REASONS),
  reason_code: z.string().nullable().describe('adjustment reason code (damaged, found, lost, expired, quality, correction), or blocked/quarantine on a block'),
  note: z.string().describe('why, in the user\'s words (an adjustment\'s note, a block reason, an override of a suggested lot)'),
  reference: z.string().describe('the document or task behind the change (PO, SO, copack order, count plan)'),
  product: productRef,
  lot: z.string().nullable(),
  pallet_code: z.string().nullable(),
  sscc: z.string().nullable(),
  from_location: codeRef.nullable(),
  to_location: codeRef.nullable(),
  qty: decimalOut.describe('exact decimal, always positive: out of from_location, into to_location'),
  stock_line: id.nullable().describe('the line the stock went into (or came from, for stock that left)'),
})
export type StockMove = z.infer<typeof moveOut>

export const moveListQuery = listQuery.extend({
  product: idQuery.optional(),
  location: idQuery.optional().describe('moves out of or into this location'),
  lot: z.string().max(100).optional().describe('exact lot'),
  pallet_code: z.string().max(100).optional().describe('exact pallet code'),
  sscc: z.string().max(100).optional().describe('exact SSCC'),
  reason: z.string().max(200).optional().describe('one reason or a comma list: ' + MOVE_REASONS.join(', ')),
  user: idQuery.optional().describe('user id'),
  stock_line: idQuery.optional().describe('moves into or out of this stock line'),
  date_from: dateField.optional().describe('YYYY-MM-DD, inclusive (UTC)'),
  date_to: dateField.optional().describe('YYYY-MM-DD, inclusive (UTC)'),
})
export type MoveListQuery = z.infer<typeof moveListQuery>
export const moveListOut = pageOf(moveOut)

/** Stale `expected_version` (or a line emptied meanwhile): 409 with the line as it is now (null when it is gone). */
export const staleLineOut = detailOut.extend({ line: stockLineOut.nullable() })

const expectedVersion = z.number().int().positive().optional().describe('the version the user saw; a line changed since answers 409 with the line as it is now')

/**
 * POST /inventory/moves/: a whole pallet (`pallet_code` or `sscc`), or a quantity of one line (`stock_line`, `qty`;
 * without `qty`, all that is free), to `to_location`.
 */
export const moveCreateBody = z
  .object({
    command_id: commandIdField.optional(),
    pallet_code: z.string().trim().min(1).max(100).optional(),
    sscc: z.string().trim().min(1).max(100).optional(),
    stock_line: pkField.optional(),
    qty: positiveDecimal3.optional(),
    expected_version: expectedVersion,
    from_location: pkField.optional().describe('where the client saw the stock (the scanned location); stock that is elsewhere now is a 409, so two people moving one pallet cannot both win'),
    to_location: pkField,
    note: z.string().trim().max(500).optional(),
    split_sscc: z
      .enum(SPLIT_SSCC_CHOICES, { error: `Choose one of: ${SPLIT_SSCC_CHOICES.join(', ')}.` })
      .optional()
      .describe(
        'when the stock moved is part of an SSCC (part of a line, or one line of a mixed pallet): `new` gives the part moved away a new SSCC (and pallet code), `none` moves it as loose stock. Absent: `none`. A whole unit keeps its SSCC (ADR 0018)',
      ),
  })
  .superRefine((b, ctx) => {
    const given = [b.pallet_code, b.sscc, b.stock_line].filter((v) => v !== undefined).length
    if (given === 0) ctx.addIssue({ code: 'custom', path: ['non_field_errors'], message: 'Give a pallet_code, an sscc or a stock_line.' })
    if (given > 1) ctx.addIssue({ code: 'custom', path: ['non_field_errors'], message: 'Give only one of pallet_code, sscc and stock_line.' })
    if (b.qty !== undefined && b.stock_line === undefined) ctx.addIssue({ code: 'custom', path: ['qty'], message: 'A quantity moves part of a stock_line; a pallet moves whole.' })
  })
export type MoveCreateBody = z.input<typeof moveCreateBody>

/** What a move command answers: its moves and the lines as they are now in the destination. */
export const moveCreateOut = z.object({
  command_id: z.string().nullable(),
  moves: z.array(moveOut),
  lines: z.array(stockLineOut),
})
export type MoveResult = z.infer<typeof moveCreateOut>

/**
 * POST /inventory/adjustments/ (admins and supervisors): set an existing line to `qty` (0 empties it), or book stock
 * found where the system had none (`product`, `location`, `lot`, `expiry_date`, `pallet_code`, `sscc`, `qty`).
 */
export const adjustmentBody = z
  .object({
    command_id: commandIdField.optional(),
    stock_line: pkField.optional().describe('the line to correct; absent to book found stock'),
    expected_version: expectedVersion,
    qty: decimal3.describe('the line\'s new quantity (found stock: the quantity found, > 0)'),
    product: pkField.optional(),
    location: pkField.optional(),
    lot: optionalCode(100),
    expiry_date: dateField.nullable().optional(),
    pallet_code: optionalCode(100),
    sscc: optionalCode(100),
    reason_code: z.enum(ADJUSTMENT_REASONS, { error: `Choose one of: ${ADJUSTMENT_REASONS.join(', ')}.` }),
    note: z.string().trim().max(500).default(''),
  })
  .superRefine((b, ctx) => {
    if (b.stock_line !== undefined) return
    if (b.product === undefined) ctx.addIssue({ code: 'custom', path: ['product'], message: 'This field is required.' })
    if (b.location === undefined) ctx.addIssue({ code: 'custom', path: ['location'], message: 'This field is required.' })
    if (!/[1-9]/.test(b.qty)) ctx.addIssue({ code: 'custom', path: ['qty'], message: 'Ensure this value is greater than 0.' })
  })
export type AdjustmentBody = z.input<typeof adjustmentBody>

/** An adjustment's answer: its move (null when the line already held that quantity) and the line now (null when emptied). */
export const adjustmentOut = z.object({
  command_id: z.string().nullable(),
  move: moveOut.nullable(),
  line: stockLineOut.nullable(),
})
export type AdjustmentResult = z.infer<typeof adjustmentOut>

/** POST /inventory/stock/{id}/block/ and /release/: the whole pallet when the line has one. */
export const blockBody = z.object({
  command_id: commandIdField.optional(),
  reason: z.string({ error: 'This field is required.' }).trim().min(1, 'This field may not be blank.').max(500, 'Ensure this field has no more than 500 characters.'),
  status: z.enum(['blocked', 'quarantine'] as const satisfies readonly (typeof STOCK_STATUSES)[number][]).default('blocked').describe('block only: blocked (default) or quarantine'),
  expected_version: expectedVersion,
})
export type BlockBody = z.input<typeof blockBody>

export const blockOut = z.object({
  command_id: z.string().nullable(),
  lines: z.array(stockLineOut).describe('every line whose status changed (the pallet\'s lines)'),
  moves: z.array(moveOut).describe('the ledger rows recording who, when and why'),
})
export type BlockResult = z.infer<typeof blockOut>
