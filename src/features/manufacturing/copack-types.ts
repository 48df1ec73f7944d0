/** Copack orders as the API answers them: the contract's types (contracts/copack; SPEC 3 "Copack order"). */
export type {
  CopackComponent,
  CopackOrderDetail,
  CopackOrderRow,
  CopackReservation,
  CopackTask,
  NewCopackOrder,
} from '../../../contracts/copack/copack.contract'
export type { CopackStatus } from '../../../contracts/copack/copack.rules'

/** A product the picker offers (GET /api/product/products/?search=). */
export interface ProductOption {
  id: number
  code: string
  name1: string
}
