import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { receivingKeys } from '../receiving-query-keys'
import type { Printer } from '../receiving-types'

export function printersQueryOptions() {
  return queryOptions({
    queryKey: receivingKeys.printers(),
    queryFn: async () => toPaged<Printer>(await api.get<unknown>('/printing/printers/', { query: { page_size: 100 } })).results,
  })
}
