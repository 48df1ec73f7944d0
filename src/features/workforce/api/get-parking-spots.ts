import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { workforceKeys } from '../workforce-query-keys'
import type { ParkingSpot } from '../workforce-types'

export function parkingSpotsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: workforceKeys.parkingSpots(params),
    queryFn: async () => toPaged<ParkingSpot>(await api.get<unknown>('/workforce/parking-spots/', { query: toListQuery(params) })),
    staleTime: LIST_STALE_TIME,
  })
}
