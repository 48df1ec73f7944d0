import { api } from '../../../lib/api-client'
import type { Receipt } from '../receiving-types'

/** The label step: a pallet and an SSCC per received line (calling again allocates nothing new). */
export function assignPallets(documentId: number): Promise<Receipt> {
  return api.post<Receipt>(`/receiving/documents/${documentId}/pallets/`, {})
}
