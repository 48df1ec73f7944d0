import type { ApiKeyScope } from '../../contracts/integrations/api-keys.rules'
import type { Role } from '../db/schema/users'

/**
 * Which scope lets an API key call a route (docs/requirements.md §6, ADR 0019): the one map, read by the auth hook
 * beside each route's declared roles. A route no entry covers is refused to keys (deny by default, like the roles).
 * `read` is every GET a supervisor may call; the others are the writes of one area, each listed by its pattern.
 */
const NEVER_FOR_KEYS = ['/api/auth/', '/api/api/auth/', '/api/users/', '/api/integrations/api-keys']

const WRITES: Record<Exclude<ApiKeyScope, 'read'>, readonly string[]> = {
  orders: ['/api/shipping/orders/', '/api/shipping/orders/bulk/', '/api/shipping/orders/:id/', '/api/shipping/orders/:id/cancel/'],
  inbound: ['/api/receiving/documents/', '/api/receiving/documents/bulk/', '/api/receiving/documents/:id/', '/api/receiving/documents/:id/cancel/'],
  stock: ['/api/inventory/moves/', '/api/inventory/adjustments/', '/api/inventory/stock/:id/block/', '/api/inventory/stock/:id/release/'],
  webhooks: [],
}
/** The webhook subscriptions are admin routes; the `webhooks` scope covers all of them, reads included. */
const WEBHOOKS_PREFIX = '/api/integrations/webhooks/'

const stripSlash = (url: string) => (url.endsWith('/') ? url.slice(0, -1) : url)
const same = (a: string, b: string) => stripSlash(a) === stripSlash(b)

/** The scope a key needs for this route, or null when no key may call it. */
export function scopeForRoute(method: string, url: string, roles: readonly Role[] | undefined): ApiKeyScope | null {
  if (NEVER_FOR_KEYS.some((p) => url === stripSlash(p) || url.startsWith(p))) return null
  if (url === stripSlash(WEBHOOKS_PREFIX) || url.startsWith(WEBHOOKS_PREFIX)) return 'webhooks'
  // a key does what a supervisor may: an admin-only route stays a person's
  if (!roles?.includes('supervisor')) return null
  const m = method === 'HEAD' ? 'GET' : method
  if (m === 'GET') return 'read'
  for (const [scope, urls] of Object.entries(WRITES) as [ApiKeyScope, readonly string[]][]) if (urls.some((u) => same(u, url))) return scope
  return null
}
