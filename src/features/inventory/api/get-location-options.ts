import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { inventoryKeys } from '../inventory-query-keys'

export interface LocationOption {
  id: number
  code: string
  name: string | null
  is_active: boolean
}

// SPEC 9: suggestions read 10 at a time
const OPTIONS_PAGE_SIZE = 10

/** Locations whose code or name matches `search`, for a destination picker. */
export function locationOptionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: inventoryKeys.locationOptions(search),
    queryFn: async ({ signal }) =>
      toPaged<LocationOption>(await api.get<unknown>('/core/locations/', { query: { search, page_size: OPTIONS_PAGE_SIZE }, signal })).results,
    staleTime: 30_000,
  })
}
