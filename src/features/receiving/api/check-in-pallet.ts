import { api } from '../../../lib/api-client'
import type { Receipt } from '../receiving-types'

/** One scan of an announced pallet's SSCC (docs/requirements.md §7.1): its lines go into the draft as announced. */
export function checkInPallet(documentId: number, sscc: string): Promise<Receipt> {
  return api.post<Receipt>(`/receiving/documents/${documentId}/sscc/`, { sscc })
}
