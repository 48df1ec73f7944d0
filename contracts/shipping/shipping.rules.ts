/** Shipping's statuses (SPEC 2.9), zod-free so machines and screens may import them. */

/** open → shipped (closed by its shipment); open → cancelled. */
export const SALES_ORDER_STATUSES = ['open', 'shipped', 'cancelled'] as const
export type SalesOrderStatus = (typeof SALES_ORDER_STATUSES)[number]
export const WAVE_STATUSES = ['open', 'shipped', 'cancelled'] as const
export type WaveStatus = (typeof WAVE_STATUSES)[number]
