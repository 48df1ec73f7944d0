import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { coreKeys } from '../core-query-keys'
import type { Warehouse } from '../core-types'

export async function getWarehouses(params: ListParams): Promise<Paged<Warehouse>> {
  return toPaged<Warehouse>(await api.get<unknown>('/core/warehouses/', { query: toListQuery(params) }))
}

export function warehousesQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: coreKeys.warehouses(params),
    queryFn: () => getWarehouses(params),
    staleTime: LIST_STALE_TIME,
  })
}

/** One warehouse, with its layout rule (SPEC 18.1): the location range's preview reads it. */
export function warehouseQueryOptions(id: number) {
  return queryOptions({
    queryKey: coreKeys.warehouse(id),
    queryFn: () => api.get<Warehouse>(`/core/warehouses/${id}/`),
    staleTime: LIST_STALE_TIME,
  })
}
