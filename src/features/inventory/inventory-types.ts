/** What the inventory API answers (SPEC 3 "Stock item", 2.5 scan). Quantities are exact decimal strings. */

export interface StockLine {
  id: number
  product: { id: number; code: string; name1: string; uom: string }
  location: { id: number; code: string }
  lot: string | null
  pallet_code: string | null
  sscc: string | null
  /** exact decimal with 3 places, e.g. "12.500" */
  qty: string
  reserved_qty: string
  uom: string
  /** YYYY-MM-DD */
  expiry_date: string | null
  owner: { name: string } | null
}

export type ScanKind = 'product' | 'gtin' | 'lot' | 'pallet' | 'location'

export interface ScanResult {
  product: { id: number; code: string; name1: string; uom: string }
  total_qty: string
  uom: string
  locations_count: number
  lines: StockLine[]
}

export interface ScanResponse {
  code: string
  kind: ScanKind | null
  gs1: Record<string, string> | null
  results: ScanResult[]
  truncated: boolean
}
