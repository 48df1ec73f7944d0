import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { receivingKeys } from '../receiving-query-keys'
import type { LocationOption } from '../receiving-types'

/** Another destination than the suggested ones: GET /api/core/locations/?search= (SPEC 9: 10 suggestions). */
export function locationSearchQueryOptions(warehouse: number, search: string) {
  return queryOptions({
    queryKey: receivingKeys.locations(warehouse, search),
    queryFn: async () => toPaged<LocationOption>(await api.get<unknown>('/core/locations/', { query: { search, warehouse, is_active: 'true', page_size: 10 } })).results,
    enabled: search.length >= 2,
  })
}
