/**
 * The stock service's vocabulary (SPEC 3, SPEC 10): who changes stock, what a change names (its source line, its
 * target line or location, its reason), what it answers, and the quantity rule every change checks first.
 */
import type { StockMoveReason } from '../../db/schema/inventory'
import { STOCK_MOVE_REASONS, type stockLines, type stockMoves } from '../../db/schema/inventory'
import { fieldError } from '../../http/errors'

/** Who changes stock: the company the change belongs to, and the user recorded in the ledger. */
export type StockActor = { companyId: number; userId: number | null }

/** A decimal quantity as a string, at most 3 places. */
export type Qty = string

export type StockLine = typeof stockLines.$inferSelect

/** What distinguishes two lines of the same product in the same location. Absent means null. */
export type LineAttributes = {
  lot?: string | null
  palletCode?: string | null
  sscc?: string | null
  /** unit code; defaults to the product's unit */
  uom?: string
  /** YYYY-MM-DD */
  expiryDate?: string | null
  ownerName?: string | null
}

export type StockChange = {
  moveId: number
  /** the source line after the change; `deleted` when it reached zero */
  from?: { line: StockLine; deleted: boolean }
  /** the target line after the change */
  to?: StockLine
  /** the ledger row written (absent from postStockMovesInTx's runs of line deltas): a caller answers from it */
  move?: StockMove
}

export type StockMove = typeof stockMoves.$inferSelect

export const QTY_RE = /^\d{1,11}(\.\d{1,3})?$/

/** Validate a quantity string: digits with at most 3 places, greater than zero. */
export function parseQty(value: string | number, field = 'qty'): Qty {
  const s = String(value).trim()
  if (!QTY_RE.test(s)) throw fieldError(field, 'Enter a number with at most 3 decimal places.')
  if (!/[1-9]/.test(s)) throw fieldError(field, 'Ensure this value is greater than 0.')
  return s
}

/** The source of a change: a line, the quantity comes out of it. */
export type StockSource = {
  lineId: number
  expectedVersion?: number
  /** take reserved quantity too (picking/shipping what was reserved), lowering reserved_qty by the same amount */
  fromReserved?: boolean
  /**
   * the line as the caller has just read it in this transaction (a move command reads a pallet's lines): the plan's
   * own unlocked read of it is skipped. Only its unchanging attributes and status are planned with, as from that
   * read; quantity and version are still checked by the conditional UPDATE.
   */
  line?: StockLine
}

/** The target of a change: an existing line, or a location (the line is found by its attributes, or created). */
export type StockTarget =
  | { lineId: number; expectedVersion?: number }
  | ({
      locationId: number
      /**
       * the location's code when the caller has just read the location, in the company, in this transaction (a
       * move command checks it is active): the stock service's own read of it is skipped (the outbox drain of SPEC 11.9)
       */
      locationCode?: string
      productId?: number
    } & LineAttributes)

export type StockMoveInput = {
  reason: StockMoveReason
  qty: Qty | number
  /** absent for stock that enters (receipt, produce, a positive adjustment or count) */
  from?: StockSource
  /**
   * absent for stock that leaves (ship, consume, a negative adjustment or count). With a source, a location target
   * inherits the source's product and attributes; any attribute given here (e.g. a new palletCode) replaces it.
   */
  to?: StockTarget
  reference?: string
  /** an adjustment's reason code (damaged, found, ...), kept on the move */
  reasonCode?: string | null
  /** why, in the user's words (an adjustment's note, an override of a suggested lot) */
  note?: string
}

/** A change whose quantity is checked: what the single move and the batched run both apply. */
export type CheckedMoveInput = StockMoveInput & { qty: Qty }

/** The checks every change passes before it touches a line: a valid quantity, a source or a target, a known reason. */
export function checkMoveInput(input: StockMoveInput): CheckedMoveInput {
  const qty = parseQty(input.qty)
  if (!input.from && !input.to) throw fieldError('non_field_errors', 'A stock move needs a source, a target, or both.')
  if (!STOCK_MOVE_REASONS.includes(input.reason)) throw fieldError('reason', `Unknown reason "${input.reason}".`)
  return { ...input, qty }
}

/** Reasons that take stock for an order or production: never from a blocked or quarantined line. */
export const UNAVAILABLE_REFUSES = new Set<StockMoveReason>(['pick', 'ship', 'consume'])
