/**
 * API keys' scopes (docs/requirements.md §6, ADR 0019): an explicit list, nothing implied. Zod-free: the server,
 * the app and the tests share it.
 */
export const API_KEY_SCOPES = ['read', 'orders', 'inbound', 'stock', 'webhooks'] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

/** `wms_` and the base64url of 32 random bytes (43 characters). */
export const API_KEY_PREFIX = 'wms_'
export const API_KEY_RANDOM_BYTES = 32
/** How many characters of the key are kept in clear to tell keys apart in lists (`wms_` and 8 more). */
export const API_KEY_SHOWN_CHARS = 12

/** The rate limit a key gets unless its creator sets another (requests per second, and the burst it may spend at once). */
export const API_KEY_DEFAULT_RATE = 50
export const API_KEY_DEFAULT_BURST = 200
export const API_KEY_MAX_RATE = 10_000
