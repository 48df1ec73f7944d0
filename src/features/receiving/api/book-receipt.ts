import { api } from '../../../lib/api-client'
import type { BookedReceipt, ReceiveRequest } from '../receiving-types'

/** Finish: books the saved draft into each pallet's destination, once per idempotency key. */
export function bookReceipt(documentId: number, body: ReceiveRequest): Promise<BookedReceipt> {
  return api.post<BookedReceipt>(`/receiving/documents/${documentId}/receive/`, body)
}
