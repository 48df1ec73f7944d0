/** What the collector reads from the API (SPEC 7 "Scan", "Tasks"). Quantities are exact decimal strings. */

export type ScanKind = 'product' | 'gtin' | 'lot' | 'pallet' | 'location'

export interface StockLine {
  id: number
  product: { id: number; code: string; name1: string; uom: string }
  location: { id: number; code: string }
  lot: string | null
  pallet_code: string | null
  sscc: string | null
  qty: string
  uom: string
  /** YYYY-MM-DD */
  expiry_date: string | null
}

export interface ScanResult {
  product: { id: number; code: string; name1: string; uom: string }
  total_qty: string
  uom: string
  locations_count: number
  lines: StockLine[]
}

/** GET /api/inventory/scan/?code= */
export interface ScanResponse {
  code: string
  kind: ScanKind | null
  gs1: Record<string, string> | null
  results: ScanResult[]
  truncated: boolean
}

/**
 * What a read of the scan screen keeps of its lookup: a few products with their totals, small enough for
 * 50 reads to live in localStorage (the full lines are on /m/lookup).
 */
export interface ScanSummary {
  kind: ScanKind | null
  products: { code: string; name: string; qty: string; uom: string; locations: number }[]
  /** products found beyond those kept */
  more: number
}

export const SUMMARY_PRODUCTS = 3

export type TaskStatus = 'open' | 'pending' | 'in_progress' | 'done' | 'cancelled'

export interface Task {
  id: number
  type: string
  status: TaskStatus
  warehouse: { id: number; code: string } | null
  location: { id: number; code: string } | null
  product: { id: number; code: string; name1: string } | null
  qty: string | null
  reference: string
  assignee: { id: number; username: string } | null
  created_at: string
  started_at: string | null
  finished_at: string | null
}
