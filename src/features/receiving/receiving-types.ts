/** Receiving documents and receipts as the API answers them (server/modules/receiving/receiving.routes.ts). */
import type { Printer as ContractPrinter } from '../../../contracts/printing/printing.contract'

export interface Ref {
  id: number
  code: string
}
export interface NameRef extends Ref {
  name: string
}

export type InboundStatus = 'open' | 'receiving' | 'received' | 'cancelled'

export interface InboundDocumentRow {
  id: number
  kind: 'po' | 'asn'
  code: string
  status: InboundStatus
  supplier: NameRef
  warehouse: Ref
  expected_date: string | null
  lines_count: number
  created_at: string
  received_at: string | null
}

export interface ReceiptLine {
  id: number
  /** the document line */
  line: number
  product: Ref & { name1: string }
  received_qty: string
  damaged_qty: string
  lot: string | null
  expiry_date: string | null
  pallet_code: string | null
  sscc: string | null
  location: Ref | null
  stock_line: number | null
  task: number | null
}

export interface ReceiptPallet {
  pallet_code: string
  sscc: string | null
  location: Ref | null
  lines: number[]
  task: number | null
}

export interface Receipt {
  id: number
  document: number
  status: 'draft' | 'booked'
  idempotency_key: string | null
  created_at: string
  updated_at: string
  booked_at: string | null
  booked_by: { id: number; username: string } | null
  supplier_issue: number | null
  lines: ReceiptLine[]
  pallets: ReceiptPallet[]
  tasks: { id: number; type: string; status: string; location: Ref | null; qty: string | null; reference: string }[]
}

export interface BookedReceipt extends Receipt {
  document_status: InboundStatus
}

export interface InboundDocumentLine {
  id: number
  product: Ref & { name1: string; uom: string; storage_class: string }
  expected_qty: string
  lot: string | null
  expiry_date: string | null
  received_qty: string
  damaged_qty: string
  difference: string
  receipt_status: 'pending' | 'under' | 'complete' | 'over'
}

export interface InboundDocument extends InboundDocumentRow {
  lines: InboundDocumentLine[]
  draft: Receipt | null
  receipts: Receipt[]
}

/** What the check step sends per line (PUT draft). */
export interface ReceivedItem {
  line: number
  received_qty: string
  damaged_qty?: string
  lot?: string | null
  expiry_date?: string | null
  location?: number | null
}

export interface LocationSuggestion {
  id: number
  code: string
  kind: string
  storage_class: string
  empty: boolean
}

export interface PutawaySuggestion {
  pallet_code: string | null
  sscc: string | null
  lines: number[]
  products: Ref[]
  storage_class: string
  location: LocationSuggestion | null
  alternatives: LocationSuggestion[]
}

export interface SupplierIssueRequest {
  issue_type?: number | null
  severity?: number
  description?: string
}

export interface ReceiveRequest {
  idempotency_key: string
  pallets: { pallet_code: string; sscc?: string | null; location: number }[]
  report_issue?: SupplierIssueRequest | null
}

/** What the label step needs of a printer (contracts/printing). */
export type Printer = Pick<ContractPrinter, 'id' | 'name' | 'is_virtual'>

export interface LocationOption {
  id: number
  code: string
}
