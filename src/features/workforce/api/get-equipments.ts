import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { workforceKeys } from '../workforce-query-keys'
import type { Equipment } from '../workforce-types'

export function equipmentsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: workforceKeys.equipments(params),
    queryFn: async () => toPaged<Equipment>(await api.get<unknown>('/workforce/equipments/', { query: toListQuery(params) })),
    staleTime: LIST_STALE_TIME,
  })
}
