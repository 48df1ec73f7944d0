import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { shippingKeys } from '../shipping-query-keys'
import type { SalesOrder, Wave } from '../shipping-types'

/** A sales order with its lines, as its form edits it. */
export function orderDocumentQueryOptions(id: number) {
  return queryOptions({
    queryKey: shippingKeys.orderDocument(id),
    queryFn: () => api.get<SalesOrder>(`/shipping/orders/${id}/`),
    staleTime: 0,
  })
}

/** A wave with its orders. */
export function waveDocumentQueryOptions(id: number) {
  return queryOptions({
    queryKey: shippingKeys.waveDocument(id),
    queryFn: () => api.get<Wave>(`/shipping/waves/${id}/`),
    staleTime: 0,
  })
}
