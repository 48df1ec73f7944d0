import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { workforceKeys } from '../workforce-query-keys'
import type { WorkforceUser } from '../workforce-types'

export function usersQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: workforceKeys.users(params),
    queryFn: async () => toPaged<WorkforceUser>(await api.get<unknown>('/users/users/', { query: toListQuery(params) })),
    staleTime: LIST_STALE_TIME,
  })
}
