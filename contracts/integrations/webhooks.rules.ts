/**
 * Webhooks (docs/requirements.md §6, ADR 0020). Zod-free: the server, the app and the tests share it.
 */
export const EVENT_TYPES = [
  'order.created',
  'order.shipped',
  'receipt.booked',
  'stock.moved',
  'stock.adjusted',
  'stock.status_changed',
  'count.approved',
  'task.exception',
  'wave.released',
] as const
export type EventType = (typeof EVENT_TYPES)[number]

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

/** `whsec_` and the base64 of 32 random bytes: the Standard Webhooks secret format, which its verifiers read as is. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'
export const WEBHOOK_SECRET_BYTES = 32

/**
 * The waits between a delivery's attempts: at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (Standard
 * Webhooks' suggested schedule), 27 h 35 min in all; the attempt after the last wait failing makes it dead.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]
/** A receiver has this long to answer (the body need not be read). */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** A subscription's URL: at most this long. */
export const WEBHOOK_URL_MAX = 2000
