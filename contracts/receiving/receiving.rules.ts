/** Receiving's kinds and statuses (SPEC 2.8), zod-free so machines and screens may import them. */

export const INBOUND_KINDS = ['po', 'asn'] as const
export type InboundKind = (typeof INBOUND_KINDS)[number]
/** open → receiving (a partial receipt booked) → received; open → cancelled. */
export const INBOUND_STATUSES = ['open', 'receiving', 'received', 'cancelled'] as const
export type InboundStatus = (typeof INBOUND_STATUSES)[number]
export const RECEIPT_STATUSES = ['draft', 'booked'] as const
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number]
/** How a document line stands against what was announced. */
export const LINE_RECEIPT_STATUSES = ['pending', 'under', 'complete', 'over'] as const
