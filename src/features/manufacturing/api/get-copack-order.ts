import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { manufacturingKeys } from '../manufacturing-query-keys'
import type { CopackOrderDetail } from '../copack-types'

export function getCopackOrder(id: number): Promise<CopackOrderDetail> {
  return api.get<CopackOrderDetail>(`/manufacturing/copack-orders/${id}/`)
}

export function copackOrderQueryOptions(id: number) {
  return queryOptions({
    queryKey: manufacturingKeys.copackOrder(id),
    queryFn: () => getCopackOrder(id),
  })
}
