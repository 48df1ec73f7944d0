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
export type { PickPath } from '../../../contracts/layout/layout.contract'
export type { WavePlan, WavePlanOrder, WavePlanRequest, WaveProposal } from '../../../contracts/shipping/wave-plan.contract'
export type { WaveReleaseBody, WaveReleaseOut } from '../../../contracts/shipping/wave-release.contract'
export type { BatchAssignBody, BatchAssignOut, PickProgress, PickProgressBatch, PickProgressWave } from '../../../contracts/shipping/pick-progress.contract'
import type { SalesOrder, Wave } from '../../../contracts/shipping/shipping.contract'
import type { Customer } from '../../../contracts/partners/partners.contract'

export type ShippingKind = 'order' | 'wave'
export interface ShippingTarget {
  kind: ShippingKind
  id: number
}

/** What the wizard needs of an order's or a wave's detail. */
export type ShippingDetail = Pick<SalesOrder | Wave, 'id' | 'code' | 'status' | 'warehouse' | 'draft'> & { customer?: SalesOrder['customer'] }

export type { Customer } from '../../../contracts/partners/partners.contract'
export type { SalesOrderRequest, WaveRequest } from '../../../contracts/shipping/shipping.contract'
export type { CancelRequest } from '../../../contracts/primitives'

/** A document's status, as the lists filter it (SPEC 12.6). */
export type DocumentStatus = SalesOrder['status'] | Wave['status']

/** A customer as the order form holds it: its minimum shelf life is shown under the picker. */
export type CustomerOption = Pick<Customer, 'id' | 'code' | 'name' | 'min_shelf_life_days'>
