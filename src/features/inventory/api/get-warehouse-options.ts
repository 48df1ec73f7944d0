import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { inventoryKeys } from '../inventory-query-keys'

export type WarehouseOption = { id: number; code: string; name: string }

/** The company's warehouses, for a screen that works on one (GET /api/core/warehouses/). */
export function warehouseOptionsQueryOptions() {
  return queryOptions({
    queryKey: inventoryKeys.warehouseOptions(),
    queryFn: async ({ signal }) => toPaged<WarehouseOption>(await api.get<unknown>('/core/warehouses/', { query: { page_size: 100, ordering: 'code' }, signal })).results,
    staleTime: 5 * 60_000,
  })
}
