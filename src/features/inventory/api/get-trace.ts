import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { inventoryKeys } from '../inventory-query-keys'
import type { LotTrace } from '../inventory-types'

export type TraceQuery = { lot?: string; sscc?: string }

/** SPEC 10.8: where a lot (or SSCC) came from and where every unit went. */
export function traceQueryOptions(query: TraceQuery) {
  return queryOptions({
    queryKey: inventoryKeys.trace(query),
    queryFn: ({ signal }) => api.get<LotTrace>('/inventory/trace/', { query, signal }),
    staleTime: 0,
  })
}
