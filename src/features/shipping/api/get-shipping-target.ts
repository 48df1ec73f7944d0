import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { shippingKeys } from '../shipping-query-keys'
import type { ShippingDetail, ShippingTarget } from '../shipping-types'
import { targetPath } from './shipping-path'

/** The order or wave with its saved wizard draft. */
export function shippingTargetQueryOptions(target: ShippingTarget) {
  return queryOptions({
    queryKey: shippingKeys.target(target),
    queryFn: () => api.get<ShippingDetail>(targetPath(target)),
    staleTime: 0,
  })
}
