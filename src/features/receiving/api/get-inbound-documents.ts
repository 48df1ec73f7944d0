import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { receivingKeys } from '../receiving-query-keys'
import type { InboundDocumentRow } from '../receiving-types'

/** The documents one can receive: open, or partly received. */
export async function getInboundDocuments(params: ListParams): Promise<Paged<InboundDocumentRow>> {
  const body = await api.get<unknown>('/receiving/documents/', { query: { ...toListQuery(params), status: 'open,receiving' } })
  return toPaged<InboundDocumentRow>(body)
}

export function inboundDocumentsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: receivingKeys.documents(params),
    queryFn: () => getInboundDocuments(params),
    staleTime: LIST_STALE_TIME,
  })
}
