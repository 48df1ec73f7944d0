import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { receivingKeys } from '../receiving-query-keys'
import type { InboundDocumentRow, InboundStatus } from '../receiving-types'

/** Every PO and ASN (SPEC 12.6), or those of one status. */
export async function listInboundDocuments(params: ListParams, status: InboundStatus | undefined): Promise<Paged<InboundDocumentRow>> {
  const body = await api.get<unknown>('/receiving/documents/', { query: { ...toListQuery(params), status } })
  return toPaged<InboundDocumentRow>(body)
}

export function inboundDocumentListQueryOptions(params: ListParams, status: InboundStatus | undefined) {
  return queryOptions({
    queryKey: receivingKeys.documentList(params, status),
    queryFn: () => listInboundDocuments(params, status),
    staleTime: LIST_STALE_TIME,
  })
}
