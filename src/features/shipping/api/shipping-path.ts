import type { ShippingTarget } from '../shipping-types'

/** /shipping/orders/{id}/ or /shipping/waves/{id}/: the same calls exist for both. */
export const targetPath = (target: ShippingTarget) => `/shipping/${target.kind === 'order' ? 'orders' : 'waves'}/${target.id}/`
