/** Sales orders, waves and shipments: the contract's types (contracts/shipping), and what is the screens' own. */

export type {
  PackageItem,
  PickItem,
  PickSuggestionLine,
  SalesOrder,
  SalesOrderRow,
  Shipment,
  ShippingDraft,
  ShipRequest,
  Wave,
  WaveRow,
} from '../../../contracts/shipping/shipping.contract'
export type { Carrier } from '../../../contracts/partners/partners.contract'
import type { SalesOrder, Wave } from '../../../contracts/shipping/shipping.contract'

export type ShippingKind = 'order' | 'wave'
export interface ShippingTarget {
  kind: ShippingKind
  id: number
}

/** What the wizard needs of an order's or a wave's detail. */
export type ShippingDetail = Pick<SalesOrder | Wave, 'id' | 'code' | 'status' | 'warehouse' | 'draft'> & { customer?: SalesOrder['customer'] }
