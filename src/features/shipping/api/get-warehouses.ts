import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { shippingKeys } from '../shipping-query-keys'

/** The company's warehouses, for the order form's warehouse (GET /api/core/warehouses/). */
export function warehousesQueryOptions() {
  return queryOptions({
    queryKey: shippingKeys.warehouses(),
    queryFn: async () => toPaged<{ id: number; code: string; name: string }>(await api.get<unknown>('/core/warehouses/', { query: { page_size: 100, ordering: 'code' } })).results,
  })
}
