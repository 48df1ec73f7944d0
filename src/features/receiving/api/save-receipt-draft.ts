import { api } from '../../../lib/api-client'
import type { Receipt, ReceivedItem } from '../receiving-types'

/** The check step's save (PUT replaces the draft's lines; a field left out keeps its saved value, e.g. the pallet). */
export function saveReceiptDraft(documentId: number, lines: ReceivedItem[]): Promise<Receipt> {
  return api.put<Receipt>(`/receiving/documents/${documentId}/draft/`, { lines })
}
