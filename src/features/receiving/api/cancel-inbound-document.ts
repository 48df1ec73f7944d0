import { api } from '../../../lib/api-client'
import type { InboundDocument } from '../receiving-types'

/** POST /receiving/documents/:id/cancel/ with the reason the audit trail keeps (an open document only). */
export function cancelInboundDocument(id: number, reason: string): Promise<InboundDocument> {
  return api.post<InboundDocument>(`/receiving/documents/${id}/cancel/`, { reason })
}
