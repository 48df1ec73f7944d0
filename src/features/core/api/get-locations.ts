import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { coreKeys } from '../core-query-keys'
import type { Location } from '../core-types'

export async function getLocations(params: ListParams): Promise<Paged<Location>> {
  return toPaged<Location>(await api.get<unknown>('/core/locations/', { query: toListQuery(params) }))
}

export function locationsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: coreKeys.locations(params),
    queryFn: () => getLocations(params),
    staleTime: LIST_STALE_TIME,
  })
}
