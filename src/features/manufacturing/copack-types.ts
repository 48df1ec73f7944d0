/** Copack orders as the API answers them (SPEC 3 "Copack order"; server/modules/manufacturing/copack.routes.ts). */
import type { CopackAction, CopackStatus } from '../../../machines/copack/copack.machine'

export type { CopackStatus } from '../../../machines/copack/copack.machine'

interface Ref {
  id: number
  code: string
}
interface ProductRef extends Ref {
  name1: string
}

export interface CopackOrderRow {
  id: number
  code: string
  status: CopackStatus
  result_product: number
  result_product_code: string
  result_product_name: string
  /** exact decimal string */
  result_qty: string
  company: number
  site: number
  warehouse: number
  warehouse_code: string
  created_at: string
  reserved_at: string | null
  completed_at: string | null
  cancelled_at: string | null
}

export interface CopackComponent {
  product: ProductRef & { uom: string }
  qty_per_unit: string
  needed: string
  available: string
  reserved: string
  missing: string
}

export interface CopackReservation {
  id: number
  stock_line: number
  product: Ref
  location: Ref
  lot: string | null
  pallet_code: string | null
  expiry_date: string | null
  qty: string
  status: 'active' | 'released' | 'consumed'
  task: number | null
}

export interface CopackTask {
  id: number
  type: string
  status: string
  location: Ref | null
  product: ProductRef | null
  qty: string | null
  reference: string
  assignee: { id: number; username: string } | null
  created_at: string
  started_at: string | null
  finished_at: string | null
}

export interface CopackOrderDetail extends CopackOrderRow {
  created_by: string | null
  produced_location: Ref | null
  actions: CopackAction[]
  components: CopackComponent[]
  reservations: CopackReservation[]
  tasks: CopackTask[]
}

export interface NewCopackOrder {
  code: string
  result_product: number
  result_qty: string
}

/** A product the picker offers (GET /api/product/products/?search=). */
export interface ProductOption {
  id: number
  code: string
  name1: string
}
