import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { shippingKeys } from '../shipping-query-keys'
import type { PickPath } from '../shipping-types'

/** A wave's pick path (SPEC 18.3): its stops in walking order, the metres and the code-order baseline. */
export function wavePickPathQueryOptions(waveId: number) {
  return queryOptions({
    queryKey: shippingKeys.pickPath(waveId),
    queryFn: () => api.get<PickPath>(`/shipping/waves/${waveId}/pick-path/`),
    staleTime: 0,
  })
}
