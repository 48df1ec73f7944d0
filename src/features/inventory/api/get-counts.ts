import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { inventoryKeys } from '../inventory-query-keys'
import type { CountDetail, CountPlan, CountSheet } from '../inventory-types'

/** SPEC 10.9: the count plans with their progress. */
export function countsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: inventoryKeys.countList(params),
    queryFn: async ({ signal }) => toPaged<CountPlan>(await api.get<unknown>('/inventory/counts/', { query: toListQuery(params), signal })),
    staleTime: LIST_STALE_TIME,
  })
}

/** One plan: progress, and each location's counts, variances and the moves since the count started. */
export function countQueryOptions(id: number) {
  return queryOptions({
    queryKey: inventoryKeys.count(id),
    queryFn: ({ signal }) => api.get<CountDetail>(`/inventory/counts/${id}/`, { signal }),
    staleTime: 0,
  })
}

/** What a counter sees before counting one location (blind: no system quantities). */
export function countSheetQueryOptions(id: number, location: number) {
  return queryOptions({
    queryKey: inventoryKeys.countSheet(id, location),
    queryFn: ({ signal }) => api.get<CountSheet>(`/inventory/counts/${id}/locations/${location}/`, { signal }),
    staleTime: 0,
  })
}
