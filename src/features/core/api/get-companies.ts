import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { coreKeys } from '../core-query-keys'
import type { Company } from '../core-types'

export async function getCompanies(params: ListParams): Promise<Paged<Company>> {
  return toPaged<Company>(await api.get<unknown>('/core/companies/', { query: toListQuery(params) }))
}

export function companiesQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: coreKeys.companies(params),
    queryFn: () => getCompanies(params),
    staleTime: LIST_STALE_TIME,
  })
}
