import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { catalogKeys } from '../catalog-query-keys'
import type { ProductPack } from '../catalog-types'

export async function getProductPacks(params: ListParams): Promise<Paged<ProductPack>> {
  return toPaged<ProductPack>(await api.get<unknown>('/product/product-packs/', { query: toListQuery(params) }))
}

export function productPacksQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: catalogKeys.productPacks(params),
    queryFn: () => getProductPacks(params),
    staleTime: LIST_STALE_TIME,
  })
}
