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

/** A product the shared picker offers (src/components/product-picker). */
export type { ProductOption } from '../../components/product-picker'
