/** What a scan may name (SPEC 2.5), zod-free so screens may import it. */

export const SCAN_KINDS = ['product', 'gtin', 'lot', 'pallet', 'location'] as const
export type ScanKind = (typeof SCAN_KINDS)[number]

/** Lines listed per scan; totals and location counts always cover every line. */
export const SCAN_MAX_LINES = 500

// A GS1-128 symbol holds at most 48 data characters; 128 leaves room for brackets, separators and typed codes.
export const SCAN_CODE_MAX = 128

/** A stock line's status (SPEC 10.4): only `available` stock is suggested, reserved or picked. */
export const STOCK_STATUSES = ['available', 'quarantine', 'blocked'] as const
export type StockStatus = (typeof STOCK_STATUSES)[number]

/** Why the ledger changed (stock_moves.reason). `block`/`release` change a line's status, not its quantity. */
export const MOVE_REASONS = ['receipt', 'putaway', 'move', 'pick', 'ship', 'adjust', 'consume', 'produce', 'count', 'block', 'release', 'replenishment'] as const
export type MoveReason = (typeof MOVE_REASONS)[number]

/** Reason codes of an adjustment (POST /inventory/adjustments/), kept on its move. */
export const ADJUSTMENT_REASONS = ['damaged', 'found', 'lost', 'expired', 'quality', 'correction'] as const
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number]

/**
 * What the part of an SSCC moved away becomes (ADR 0018: an SSCC is one unit in one place): a new SSCC, whose label
 * the mover prints on the spot, or none (loose stock). `none` is the default: a client that cannot print the label
 * there and then (the handheld's quantity move) would otherwise put a number on the ledger that no label carries.
 */
export const SPLIT_SSCC_CHOICES = ['new', 'none'] as const
export type SplitSsccChoice = (typeof SPLIT_SSCC_CHOICES)[number]

/** A count plan: counting (open), every location counted but some await review (review), closed, cancelled. */
export const COUNT_PLAN_STATUSES = ['open', 'review', 'closed', 'cancelled'] as const
export type CountPlanStatus = (typeof COUNT_PLAN_STATUSES)[number]

/**
 * One location of a count plan:
 * - pending: its count task is open;
 * - recount: the first count was beyond tolerance, a recount task is open for a different operator;
 * - review: counted, beyond tolerance and not confirmed by a second count: a supervisor approves, rejects or sends to recount;
 * - approved: its variance was posted (within tolerance, confirmed by a second count, or approved);
 * - rejected: nothing posted.
 */
export const COUNT_LOCATION_STATUSES = ['pending', 'recount', 'review', 'approved', 'rejected'] as const
export type CountLocationStatus = (typeof COUNT_LOCATION_STATUSES)[number]

/** Review actions on a counted location. */
export const COUNT_REVIEW_ACTIONS = ['approve', 'reject', 'recount'] as const
export type CountReviewAction = (typeof COUNT_REVIEW_ACTIONS)[number]

/** Inventory settings' defaults (GET /inventory/settings/ before any PATCH). */
export const INVENTORY_SETTINGS_DEFAULTS = {
  near_expiry_days: 30,
  count_tolerance_percent: '0.000',
  count_tolerance_qty: '0.000',
  blind_counts: true,
  blind_receiving: true,
} as const

/** The most locations one count plan may hold. */
export const COUNT_MAX_LOCATIONS = 5000
