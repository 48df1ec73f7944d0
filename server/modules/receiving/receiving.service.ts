/**
 * Receiving (SPEC 2.8): purchase orders and ASNs, and the 4-step wizard on them.
 *
 *   select document → check (PUT/PATCH /draft/: received, damaged, lot, expiry per line) → label (POST /pallets/: a
 *   pallet code and SSCC per pallet) → putaway (GET /putaway-suggestions/, then POST /receive/ books it).
 *
 * Every step saves into the document's draft receipt, so leaving half-way loses nothing. Finish (receive) books the
 * draft once per idempotency key: a second call with the same key answers the same receipt and moves no stock.
 *
 * Booking puts the received quantity straight into each pallet's destination location through the stock service
 * (reason receipt, reference = document code) and opens one putaway task per pallet for the operator to confirm the
 * placement (docs/decisions/0005-receive-into-destination.md). Stock is never in a dock limbo that a crash between
 * two steps could strand, and the ledger invariant holds after every commit. Damaged quantities are recorded on the
 * receipt and the document line, never put into stock, and can open a supplier issue (SPEC 2.15) in the same
 * transaction.
 *
 * This file is the module's face (ADR 0009: other modules import only it); the work is split by job:
 *   inbound-documents.ts    the documents: create, edit, cancel, the lookups every step shares
 *   receipt-draft.ts        drafting: the check step's quantities and the label step's pallets
 *   putaway-suggestions.ts  the putaway step's suggested destinations
 *   receipt-booking.ts      booking: Finish puts the stock away and opens the putaway tasks
 *   receiving-reads.ts      reading: list rows, a document's detail, a receipt
 */
export {
  cancelInboundDocument,
  type CreateDocumentInput,
  createInboundDocument,
  INBOUND_DOCUMENT_ENTITY,
  updateInboundDocument,
} from './inbound-documents'
export { assignPallets, checkInSscc, documentOfSscc, type ReceivedItem, saveDraft } from './receipt-draft'
export { type PutawaySuggestion, putawaySuggestions } from './putaway-suggestions'
export { bookReceipt, type ReceiveInput } from './receipt-booking'
export { documentCount, documentDetail, documentRows, documentRowSelect, receiptView, serializeDocumentRow } from './receiving-reads'
