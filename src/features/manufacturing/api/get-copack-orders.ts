import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { manufacturingKeys } from '../manufacturing-query-keys'
import type { CopackOrderRow } from '../copack-types'

export async function getCopackOrders(params: ListParams): Promise<Paged<CopackOrderRow>> {
  return toPaged<CopackOrderRow>(await api.get<unknown>('/manufacturing/copack-orders/', { query: toListQuery(params) }))
}

export function copackOrdersQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: manufacturingKeys.copackOrders(params),
    queryFn: () => getCopackOrders(params),
    staleTime: LIST_STALE_TIME,
  })
}
