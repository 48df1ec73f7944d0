import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { shippingKeys } from '../shipping-query-keys'
import type { SalesOrderRow, WaveRow } from '../shipping-types'

/** Sales orders of every status, or of one (`status` ''): the documents list (SPEC 12.6). */
export function orderDocumentsQueryOptions(params: ListParams, status: string) {
  return queryOptions({
    queryKey: shippingKeys.orderDocuments(params, status),
    queryFn: async () => toPaged<SalesOrderRow>(await api.get<unknown>('/shipping/orders/', { query: { ...toListQuery(params), status: status || undefined } })),
    staleTime: LIST_STALE_TIME,
  })
}

/** Waves of every status, or of one. */
export function waveDocumentsQueryOptions(params: ListParams, status: string) {
  return queryOptions({
    queryKey: shippingKeys.waveDocuments(params, status),
    queryFn: async () => toPaged<WaveRow>(await api.get<unknown>('/shipping/waves/', { query: { ...toListQuery(params), status: status || undefined } })),
    staleTime: LIST_STALE_TIME,
  })
}

/** The open orders in no open wave: what a new wave may take (GET /shipping/orders/?status=open&in_wave=false). */
export function freeOrdersQueryOptions() {
  return queryOptions({
    queryKey: shippingKeys.freeOrders(),
    queryFn: async () =>
      toPaged<SalesOrderRow>(await api.get<unknown>('/shipping/orders/', { query: { status: 'open', in_wave: 'false', page_size: 100, ordering: 'code' } })).results,
  })
}
