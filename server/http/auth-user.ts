import type { Role } from '../db/schema/users'
import type { ApiKeyScope } from '../../contracts/integrations/api-keys.rules'

/**
 * The signed-in user of a request. A session revoked or a user changed is refused or read again at once, on every
 * server process (SessionEvents).
 */
export type AuthUser = {
  id: number
  username: string
  role: Role
  companyId: number
  sessionId: string
  defaultSiteId: number | null
  defaultWarehouseId: number | null
  /**
   * Set when the request came with an API key (ADR 0019): the key acts for its company with its scopes, as its
   * creator (`id`); audit rows name it.
   */
  apiKey?: { id: number; name: string; scopes: readonly ApiKeyScope[] }
}
