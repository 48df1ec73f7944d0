import type { ListParams } from '../../lib/list-query'
import type { ShippingTarget } from './shipping-types'

/** Query keys of the shipping feature. */
export const shippingKeys = {
  all: ['shipping'] as const,
  orders: (params: ListParams) => [...shippingKeys.all, 'orders', params] as const,
  waves: (params: ListParams) => [...shippingKeys.all, 'waves', params] as const,
  target: (target: ShippingTarget) => [...shippingKeys.all, target.kind, target.id] as const,
  suggestions: (target: ShippingTarget) => [...shippingKeys.all, target.kind, target.id, 'pick-suggestions'] as const,
  carriers: () => [...shippingKeys.all, 'carriers'] as const,
}
