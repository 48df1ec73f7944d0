/**
 * Shipping (SPEC 2.9): sales orders, waves, and the 4-step wizard on them.
 *
 *   select an order or a wave → picking (GET pick-suggestions: stock per line by FEFO) → packing → ship.
 *
 * The wizard keeps picks and packages on the client until Finish; Finish (POST …/ship/) books them in one
 * transaction: stock leaves through the stock service (removeStock, reason ship, reference = order code), one done
 * pick task per pick records the work for the dashboard, packages and their contents are stored, order lines count
 * what shipped, and the order (every order of a wave) is closed as shipped. The idempotency key is unique per company:
 * Finish twice books once and answers the same shipment.
 *
 * Picking takes only unreserved stock (qty − reserved): stock a copack order holds is never shipped.
 *
 * This file is the module's face (ADR 0009: other modules import only it); the work is split by job:
 *   sales-orders.ts      the documents: orders and waves created, edited and cancelled
 *   shipping-targets.ts  what the wizard works on (an order or a wave) and what is left to ship
 *   pick-suggestions.ts  the picking step's FEFO suggestions
 *   shipping-draft.ts    drafting: the wizard's saved picks, packages, carrier and tracking
 *   shipment-booking.ts  booking: Finish takes the stock out and closes the order or wave
 *   shipping-reads.ts    reading: list rows, an order's and a wave's detail, a shipment
 *   wave-release.ts      releasing a wave: its stock reserved, its batches and pick tasks (SPEC 19.3)
 *   order-reservations.ts a released order's reservations: given back, consumed, moved by a count
 */
export {
  cancelSalesOrder,
  cancelWave,
  type CreateOrderInput,
  createSalesOrder,
  createWave,
  SALES_ORDER_ENTITY,
  updateSalesOrder,
  updateWave,
  WAVE_ENTITY,
} from './sales-orders'
export { pickSuggestions } from './pick-suggestions'
export { releaseWave } from './wave-release'
export { batchTaskStarted, shippingReservationShort } from './order-reservations'
export { reportShortPick } from './short-picks'
export { saveShippingDraft, shippingDraft } from './shipping-draft'
export { type ShipInput, ship } from './shipment-booking'
export { orderCount, orderDetail, orderRows, orderRowSelect, serializeOrderRow, serializeWaveRow, shipmentView, waveDetail, waveRows } from './shipping-reads'
