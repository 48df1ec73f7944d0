import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { workforceKeys } from '../workforce-query-keys'
import type { Skill } from '../workforce-types'

export function skillsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: workforceKeys.skills(params),
    queryFn: async () => toPaged<Skill>(await api.get<unknown>('/workforce/skills/', { query: toListQuery(params) })),
    staleTime: LIST_STALE_TIME,
  })
}
