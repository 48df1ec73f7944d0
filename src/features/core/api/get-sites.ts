import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { coreKeys } from '../core-query-keys'
import type { Site } from '../core-types'

export async function getSites(params: ListParams): Promise<Paged<Site>> {
  return toPaged<Site>(await api.get<unknown>('/core/sites/', { query: toListQuery(params) }))
}

export function sitesQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: coreKeys.sites(params),
    queryFn: () => getSites(params),
    staleTime: LIST_STALE_TIME,
  })
}
