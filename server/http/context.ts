import type { Database, Db } from '../db/client'
import type { Env } from '../env'
import type { Role } from '../db/schema/users'
import type { TokenService } from '../modules/auth/tokens'
import type { LoginThrottle } from '../modules/auth/throttle'
import type { SessionCache } from './session-cache'
import type { StatementCache } from './statement-cache'

/** What every route can reach: the database, settings and shared services. */
export type AppDeps = {
  database: Database
  db: Db
  env: Pick<Env, 'dataDir' | 'smtpUrl'> & Partial<Pick<Env, 'spoolDir' | 'printLeaseMs' | 'printPollMs'>>
  tokens: TokenService
  throttle: LoginThrottle
  sessions: SessionCache
  /** built statements of repeated list requests */
  statements: StatementCache
}

/**
 * The signed-in user of a request. A session revoked or a user disabled through this server is refused at once;
 * through another process, within a few seconds (SessionCache).
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

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
  }
  interface FastifyRequest {
    user: AuthUser
  }
}
