/** Shipping's statuses (SPEC 2.9), zod-free so machines and screens may import them. */

/** open → shipped (closed by its shipment); open → cancelled. */
export const SALES_ORDER_STATUSES = ['open', 'shipped', 'cancelled'] as const
export type SalesOrderStatus = (typeof SALES_ORDER_STATUSES)[number]
/** open → released (stock reserved, pick work created: SPEC 19.3) → shipped; open or released → cancelled. */
export const WAVE_STATUSES = ['open', 'released', 'shipped', 'cancelled'] as const
export type WaveStatus = (typeof WAVE_STATUSES)[number]

/** A cart's worth of a released wave (SPEC 19.3, 19.5): one order per tote, its tasks the stops in path order. */
export const PICK_BATCH_STATUSES = ['open', 'in_progress', 'done', 'cancelled'] as const
export type PickBatchStatus = (typeof PICK_BATCH_STATUSES)[number]

/** A released order line's hold on a stock line: active until its order ships (consumed) or is cancelled (released). */
export const ORDER_RESERVATION_STATUSES = ['active', 'consumed', 'released'] as const
export type OrderReservationStatus = (typeof ORDER_RESERVATION_STATUSES)[number]

/** What a release does with an order it cannot fully reserve (SPEC 19.3). */
export const RELEASE_SHORTAGE_RULES = ['short', 'hold'] as const
export type ReleaseShortageRule = (typeof RELEASE_SHORTAGE_RULES)[number]
/** The cart's totes when the release does not say (one order per tote). */
export const DEFAULT_RELEASE_TOTES = 8
/** The most totes a release's cart may have (the desktop's dialog checks it before sending). */
export const MAX_RELEASE_TOTES = 48
