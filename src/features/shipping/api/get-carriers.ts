import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { shippingKeys } from '../shipping-query-keys'
import type { Carrier } from '../shipping-types'

export function carriersQueryOptions() {
  return queryOptions({
    queryKey: shippingKeys.carriers(),
    queryFn: async () => toPaged<Carrier>(await api.get<unknown>('/partners/carriers/', { query: { page_size: 100 } })).results,
  })
}
