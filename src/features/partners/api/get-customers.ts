import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { partnersKeys } from '../partners-query-keys'
import type { Customer } from '../partners-types'

export async function getCustomers(params: ListParams): Promise<Paged<Customer>> {
  return toPaged<Customer>(await api.get<unknown>('/partners/customers/', { query: toListQuery(params) }))
}

export function customersQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: partnersKeys.customers(params),
    queryFn: () => getCustomers(params),
    staleTime: LIST_STALE_TIME,
  })
}
