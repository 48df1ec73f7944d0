import { api } from '../../../lib/api-client'
import type { InboundDocument, InboundDocumentRequest } from '../receiving-types'

/** POST /receiving/documents/ (admins, supervisors). */
export function createInboundDocument(body: InboundDocumentRequest): Promise<InboundDocument> {
  return api.post<InboundDocument>('/receiving/documents/', body)
}

/** PATCH /receiving/documents/:id/ while nothing has happened to it; `lines` replaces every line. */
export function updateInboundDocument(id: number, body: Partial<InboundDocumentRequest>): Promise<InboundDocument> {
  return api.patch<InboundDocument>(`/receiving/documents/${id}/`, body)
}
