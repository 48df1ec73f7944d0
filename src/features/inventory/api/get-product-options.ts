import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { inventoryKeys } from '../inventory-query-keys'

export interface ProductOption {
  id: number
  code: string
  name1: string
}

/** Products whose code or name matches `search`, for a product picker (a ledger filter, a count plan, found stock). */
export function productOptionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: inventoryKeys.productOptions(search),
    queryFn: async ({ signal }) =>
      toPaged<ProductOption>(await api.get<unknown>('/product/products/', { query: { search, page_size: 10 }, signal })).results,
    staleTime: 30_000,
  })
}
