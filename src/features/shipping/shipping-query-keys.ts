import type { ListParams } from '../../lib/list-query'
import type { ShippingTarget } from './shipping-types'

/** Query keys of the shipping feature. */
export const shippingKeys = {
  all: ['shipping'] as const,
  orders: (params: ListParams) => [...shippingKeys.all, 'orders', params] as const,
  waves: (params: ListParams) => [...shippingKeys.all, 'waves', params] as const,
  target: (target: ShippingTarget) => [...shippingKeys.all, target.kind, target.id] as const,
  suggestions: (target: ShippingTarget) => [...shippingKeys.all, target.kind, target.id, 'pick-suggestions'] as const,
  pickPath: (waveId: number) => [...shippingKeys.all, 'wave', waveId, 'pick-path'] as const,
  carriers: () => [...shippingKeys.all, 'carriers'] as const,
  // the documents screens (SPEC 12.6): every status, and the detail the forms edit
  orderDocuments: (params: ListParams, status: string) => [...shippingKeys.all, 'order-documents', params, status] as const,
  waveDocuments: (params: ListParams, status: string) => [...shippingKeys.all, 'wave-documents', params, status] as const,
  orderDocument: (id: number) => [...shippingKeys.all, 'order-document', id] as const,
  waveDocument: (id: number) => [...shippingKeys.all, 'wave-document', id] as const,
  warehouses: () => [...shippingKeys.all, 'warehouses'] as const,
  freeOrders: () => [...shippingKeys.all, 'free-orders'] as const,
  // the supervisor's view of picking (SPEC 19.6)
  pickProgress: (warehouse: number | null) => [...shippingKeys.all, 'pick-progress', warehouse] as const,
  assignableUsers: () => [...shippingKeys.all, 'assignable-users'] as const,
  customerSearch: (search: string) => [...shippingKeys.all, 'customer-search', search] as const,
}
