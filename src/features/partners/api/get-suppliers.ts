import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { partnersKeys } from '../partners-query-keys'
import type { Supplier } from '../partners-types'

export async function getSuppliers(params: ListParams): Promise<Paged<Supplier>> {
  return toPaged<Supplier>(await api.get<unknown>('/partners/suppliers/', { query: toListQuery(params) }))
}

export function suppliersQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: partnersKeys.suppliers(params),
    queryFn: () => getSuppliers(params),
    staleTime: LIST_STALE_TIME,
  })
}
