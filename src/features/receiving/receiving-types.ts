/** Receiving documents and receipts: the contract's types (contracts/receiving), and what is the screens' own. */
import type { Printer as ContractPrinter } from '../../../contracts/printing/printing.contract'

export type {
  BookedReceipt,
  InboundDocument,
  InboundDocumentLine,
  InboundDocumentRequest,
  InboundDocumentRow,
  LocationSuggestion,
  PutawaySuggestion,
  Receipt,
  ReceiptLine,
  ReceiptPallet,
  ReceivedItem,
  ReceiveRequest,
} from '../../../contracts/receiving/receiving.contract'
export type { InboundKind, InboundStatus } from '../../../contracts/receiving/receiving.rules'

/** What the label step needs of a printer (contracts/printing). */
export type Printer = Pick<ContractPrinter, 'id' | 'name' | 'is_virtual'>

/** A destination the putaway step's picker offers. */
export interface LocationOption {
  id: number
  code: string
}

/** A supplier as the document form's picker offers it. */
export interface SupplierOption {
  id: number
  code: string
  name: string
}
