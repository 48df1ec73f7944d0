import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { shippingKeys } from '../shipping-query-keys'
import type { SalesOrderRow } from '../shipping-types'

/** Open sales orders (the ones one can ship). */
export function salesOrdersQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: shippingKeys.orders(params),
    queryFn: async () => toPaged<SalesOrderRow>(await api.get<unknown>('/shipping/orders/', { query: { ...toListQuery(params), status: 'open' } })),
    staleTime: LIST_STALE_TIME,
  })
}
