import type { Database, Db } from '../db/client'
import type { Env } from '../env'
import type { Role } from '../db/schema/users'
import type { TokenService } from '../modules/auth/tokens'
import type { LoginThrottle } from '../modules/auth/throttle'

/** What every route can reach: the database, settings and shared services. */
export type AppDeps = {
  database: Database
  db: Db
  env: Pick<Env, 'dataDir' | 'smtpUrl'>
  tokens: TokenService
  throttle: LoginThrottle
}

/** The signed-in user, loaded on every request (a disabled user or a revoked session is refused at once). */
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
