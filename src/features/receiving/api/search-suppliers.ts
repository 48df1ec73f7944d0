import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { receivingKeys } from '../receiving-query-keys'
import type { SupplierOption } from '../receiving-types'

// SPEC 9: suggestion lists show 10
const PAGE_SIZE = 10

/** The supplier picker's options: GET /api/partners/suppliers/?search= (code and name). */
export async function searchSuppliers(search: string): Promise<SupplierOption[]> {
  const body = await api.get<unknown>('/partners/suppliers/', { query: { search: search || undefined, page: 1, page_size: PAGE_SIZE, ordering: 'code' } })
  return toPaged<SupplierOption>(body).results
}

export function supplierSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: receivingKeys.suppliers(search),
    queryFn: () => searchSuppliers(search),
  })
}
