import type { Role } from '../db/schema/users'

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
}
