import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { manufacturingKeys } from '../manufacturing-query-keys'

/** Whether a product has an active bill of materials: GET /api/manufacturing/boms/?product=&is_active=true (count only; ADR 0016). */
export async function getBomCount(productId: number, signal?: AbortSignal): Promise<number> {
  return toPaged<unknown>(await api.get<unknown>('/manufacturing/boms/', { query: { product: productId, is_active: 'true', page: 1, page_size: 1 }, signal })).count
}

export function bomCountQueryOptions(productId: number) {
  return queryOptions({
    queryKey: manufacturingKeys.bomCount(productId),
    queryFn: ({ signal }) => getBomCount(productId, signal),
  })
}
