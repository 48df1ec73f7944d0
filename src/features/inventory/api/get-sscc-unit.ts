import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { inventoryKeys } from '../inventory-query-keys'

/**
 * How many stock lines carry an SSCC (ADR 0018): moving one line of a unit of several lines is a split of the
 * unit, so the mover is asked what the part moved away becomes.
 */
export function ssccUnitQueryOptions(sscc: string) {
  return queryOptions({
    queryKey: inventoryKeys.ssccUnit(sscc),
    queryFn: async ({ signal }) => (await api.get<{ count: number }>('/inventory/stock/', { query: { sscc, page_size: 1 }, signal })).count,
  })
}
