import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { api, ApiError } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { catalogKeys } from '../catalog-query-keys'
import type { Uom } from '../catalog-types'
import { UomEndpointNotFoundError, uomEndpointQueryOptions } from './find-uom-endpoint'

export async function getUoms(endpoint: string, params: ListParams): Promise<Paged<Uom>> {
  return toPaged<Uom>(await api.get<unknown>(endpoint, { query: toListQuery(params) }))
}

/** The endpoint is probed once (SPEC 7) and the list then read from the winner. */
export function uomsQueryOptions(queryClient: QueryClient, params: ListParams) {
  return queryOptions({
    queryKey: catalogKeys.uoms(params),
    queryFn: async () => getUoms(await queryClient.ensureQueryData(uomEndpointQueryOptions()), params),
    staleTime: LIST_STALE_TIME,
    // a probe that found nothing will find nothing a second later either
    retry: (failureCount, error) => !(error instanceof UomEndpointNotFoundError) && !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  })
}
