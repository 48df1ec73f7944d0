import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { manufacturingKeys } from '../manufacturing-query-keys'

/** How many components a product's bill of materials has: GET /api/manufacturing/boms/?result_product= (count only). */
export async function getBomCount(productId: number, signal?: AbortSignal): Promise<number> {
  return toPaged<unknown>(await api.get<unknown>('/manufacturing/boms/', { query: { result_product: productId, page: 1, page_size: 1 }, signal })).count
}

export function bomCountQueryOptions(productId: number) {
  return queryOptions({
    queryKey: manufacturingKeys.bomCount(productId),
    queryFn: ({ signal }) => getBomCount(productId, signal),
  })
}
