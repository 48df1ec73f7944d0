/** Sales orders, waves and shipments as the API answers them (server/modules/shipping/shipping.routes.ts). */

export interface Ref {
  id: number
  code: string
}

export type ShippingKind = 'order' | 'wave'
export interface ShippingTarget {
  kind: ShippingKind
  id: number
}

export interface SalesOrderRow {
  id: number
  code: string
  status: 'open' | 'shipped' | 'cancelled'
  customer: Ref & { name: string }
  warehouse: Ref
  wave: Ref | null
  ship_date: string | null
  lines_count: number
  created_at: string
  shipped_at: string | null
}

export interface WaveRow {
  id: number
  code: string
  status: 'open' | 'shipped' | 'cancelled'
  warehouse: Ref
  orders_count: number
  created_at: string
  shipped_at: string | null
}

export interface PickItem {
  line: number
  stock_line: number
  qty: string
}
export interface PackageItem {
  code: string
  contents: { line: number; qty: string }[]
}

/** The wizard's saved steps (GET/PUT /draft/). */
export interface ShippingDraft {
  picks?: PickItem[]
  packages?: PackageItem[]
  carrier?: number | null
  tracking_reference?: string
}

/** What the wizard needs of an order or a wave's detail. */
export interface ShippingDetail {
  id: number
  code: string
  status: 'open' | 'shipped' | 'cancelled'
  warehouse: Ref
  draft: ShippingDraft | null
  customer?: Ref & { name: string }
}

export interface PickSuggestionLine {
  line: number
  order: number
  order_code: string
  product: Ref & { name1: string; uom: string }
  qty: string
  shipped_qty: string
  remaining: string
  available: string
  suggestions: {
    stock_line: number
    location: Ref
    lot: string | null
    pallet_code: string | null
    sscc: string | null
    expiry_date: string | null
    available: string
    qty: string
  }[]
}

export interface ShipRequest {
  idempotency_key: string
  picks: PickItem[]
  packages: PackageItem[]
  carrier: number | null
  tracking_reference: string
}

export interface Shipment {
  id: number
  order: number | null
  wave: number | null
  carrier: (Ref & { name: string }) | null
  tracking_reference: string
  idempotency_key: string
  booked_at: string
  booked_by: { id: number; username: string } | null
  orders: { id: number; code: string; status: string }[]
  picks: { id: number; line: number; order: number; stock_line: number; product: Ref; location: Ref | null; lot: string | null; qty: string }[]
  packages: { id: number; code: string; contents: { line: number; qty: string }[] }[]
}

export type { Carrier } from '../../../contracts/partners/partners.contract'
