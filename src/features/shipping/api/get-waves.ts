import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { shippingKeys } from '../shipping-query-keys'
import type { WaveRow } from '../shipping-types'

/** Open waves. */
export function wavesQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: shippingKeys.waves(params),
    queryFn: async () => toPaged<WaveRow>(await api.get<unknown>('/shipping/waves/', { query: { ...toListQuery(params), status: 'open' } })),
    staleTime: LIST_STALE_TIME,
  })
}
