import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { receivingKeys } from '../receiving-query-keys'
import type { InboundDocument } from '../receiving-types'

export function inboundDocumentQueryOptions(id: number) {
  return queryOptions({
    queryKey: receivingKeys.document(id),
    queryFn: () => api.get<InboundDocument>(`/receiving/documents/${id}/`),
    // the draft changes as the wizard saves: always ask again when the wizard opens
    staleTime: 0,
  })
}
