/** What a scan may name (SPEC 2.5), zod-free so screens may import it. */

export const SCAN_KINDS = ['product', 'gtin', 'lot', 'pallet', 'location'] as const
export type ScanKind = (typeof SCAN_KINDS)[number]

/** Lines listed per scan; totals and location counts always cover every line. */
export const SCAN_MAX_LINES = 500

// A GS1-128 symbol holds at most 48 data characters; 128 leaves room for brackets, separators and typed codes.
export const SCAN_CODE_MAX = 128
