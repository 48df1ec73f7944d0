import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { shippingKeys } from '../shipping-query-keys'
import type { Customer, CustomerOption } from '../shipping-types'

// SPEC 9: suggestion lists show 10
const PAGE_SIZE = 10

/** The customer picker's options: GET /api/partners/customers/?search= (code and name). */
export function customerSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: shippingKeys.customerSearch(search),
    queryFn: async (): Promise<CustomerOption[]> =>
      toPaged<Customer>(await api.get<unknown>('/partners/customers/', { query: { search: search || undefined, page: 1, page_size: PAGE_SIZE, ordering: 'code' } })).results.map(
        (c) => ({ id: c.id, code: c.code, name: c.name, min_shelf_life_days: c.min_shelf_life_days }),
      ),
  })
}
