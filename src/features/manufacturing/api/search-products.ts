import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { manufacturingKeys } from '../manufacturing-query-keys'
import type { ProductOption } from '../copack-types'

// SPEC 9: suggestion lists show 10
const PAGE_SIZE = 10

/** The product picker's options: GET /api/product/products/?search= (code and name). */
export async function searchProducts(search: string): Promise<ProductOption[]> {
  const body = await api.get<unknown>('/product/products/', { query: { search: search || undefined, page: 1, page_size: PAGE_SIZE } })
  return toPaged<ProductOption>(body).results
}

export function productSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: manufacturingKeys.productSearch(search),
    queryFn: () => searchProducts(search),
  })
}
