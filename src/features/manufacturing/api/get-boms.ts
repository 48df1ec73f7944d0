import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { manufacturingKeys } from '../manufacturing-query-keys'
import type { BomRow } from '../bom-types'

/** The list's row, with the product's code as the row's `code` (what the table names a row by). */
export type BomListRow = BomRow & { code: string }

/** GET /api/manufacturing/boms/ (SPEC 12.7): product, components count, active. */
export async function getBoms(params: ListParams): Promise<Paged<BomListRow>> {
  const page = toPaged<BomRow>(await api.get<unknown>('/manufacturing/boms/', { query: toListQuery(params) }))
  return { count: page.count, results: page.results.map((r) => ({ ...r, code: r.product.code })) }
}

export function bomsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: manufacturingKeys.boms(params),
    queryFn: () => getBoms(params),
    staleTime: LIST_STALE_TIME,
  })
}
