import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { manufacturingKeys } from '../manufacturing-query-keys'
import type { BomDetail } from '../bom-types'

/** GET /api/manufacturing/boms/{id}/: the components and the copack orders not finished with the product. */
export function bomQueryOptions(id: number) {
  return queryOptions({
    queryKey: manufacturingKeys.bom(id),
    queryFn: ({ signal }) => api.get<BomDetail>(`/manufacturing/boms/${id}/`, { signal }),
  })
}
