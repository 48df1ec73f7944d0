import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { coreKeys } from '../core-query-keys'
import type { PutawayRule } from '../core-types'

export async function getPutawayRules(params: ListParams): Promise<Paged<PutawayRule>> {
  return toPaged<PutawayRule>(await api.get<unknown>('/inventory/putaway-rules/', { query: toListQuery(params) }))
}

export function putawayRulesQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: coreKeys.putawayRules(params),
    queryFn: () => getPutawayRules(params),
    staleTime: LIST_STALE_TIME,
  })
}
