import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { catalogKeys } from '../catalog-query-keys'
import type { Product } from '../catalog-types'

export async function getProducts(params: ListParams): Promise<Paged<Product>> {
  return toPaged<Product>(await api.get<unknown>('/product/products/', { query: toListQuery(params) }))
}

export function productsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: catalogKeys.products(params),
    queryFn: () => getProducts(params),
    staleTime: LIST_STALE_TIME,
  })
}
