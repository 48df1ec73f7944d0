import { api } from '../../../lib/api-client'
import type { ShipRequest, Shipment, ShippingTarget } from '../shipping-types'
import { targetPath } from './shipping-path'

/** Finish: ships the order or wave once per idempotency key. */
export function ship(target: ShippingTarget, body: ShipRequest): Promise<Shipment> {
  return api.post<Shipment>(`${targetPath(target)}ship/`, body)
}
