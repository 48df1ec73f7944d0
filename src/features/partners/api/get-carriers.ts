import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { partnersKeys } from '../partners-query-keys'
import type { Carrier } from '../partners-types'

export async function getCarriers(params: ListParams): Promise<Paged<Carrier>> {
  return toPaged<Carrier>(await api.get<unknown>('/partners/carriers/', { query: toListQuery(params) }))
}

export function carriersQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: partnersKeys.carriers(params),
    queryFn: () => getCarriers(params),
    staleTime: LIST_STALE_TIME,
  })
}
