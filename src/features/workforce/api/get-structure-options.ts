import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { workforceKeys } from '../workforce-query-keys'
import type { Option } from '../workforce-types'

/** The company's sites, for a user's default site. */
export function siteOptionsQueryOptions() {
  return queryOptions({
    queryKey: workforceKeys.siteOptions(),
    queryFn: async () => toPaged<Option>(await api.get<unknown>('/core/sites/', { query: { page_size: 100 } })).results,
  })
}

/** The company's warehouses, for a user's default warehouse. */
export function warehouseOptionsQueryOptions() {
  return queryOptions({
    queryKey: workforceKeys.warehouseOptions(),
    queryFn: async () => toPaged<Option>(await api.get<unknown>('/core/warehouses/', { query: { page_size: 100 } })).results,
  })
}
