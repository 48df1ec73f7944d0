import type { Database, Db, DbOrTx, Tx } from '../db/client'
import type { Env } from '../env'
import type { Role } from '../db/schema/users'
import type { ApiKeyScope } from '../../contracts/integrations/api-keys.rules'
import type { TokenService } from '../modules/auth/tokens'
import type { LoginThrottle } from '../modules/auth/throttle'
import type { PrintQueue } from '../modules/printing/print-queue'
import type { EmailOutbox } from '../modules/quality/email-outbox'
import type { JobRunner } from '../kernel/job-queue'
import type { SessionCache } from './session-cache'
import type { SessionEvents } from './session-events'
import type { StatementCache } from './statement-cache'

/** What every route can reach: the database, settings and shared services. */
export type AppDeps = {
  database: Database
  db: Db
  env: Pick<Env, 'dataDir' | 'smtpUrl' | 'printerAllowNetworks'> & Partial<Pick<Env, 'spoolDir' | 'printLeaseMs' | 'printPollMs'>>
  tokens: TokenService
  throttle: LoginThrottle
  sessions: SessionCache
  /** ends or re-checks sessions on every server process (LISTEN/NOTIFY on PostgreSQL) */
  events: SessionEvents
  /** built statements of repeated list requests */
  statements: StatementCache
  /** the label print queue's worker (ADR 0004): created, started and stopped by createApp */
  printQueue: PrintQueue
  /** the e-mail outbox's worker: created, started and stopped by createApp */
  outbox: EmailOutbox
  /** this process's runner of the one job queue (ADR 0017): modules register handlers; createApp starts and stops it */
  jobs: JobRunner
  /**
   * what the owners of reservations do when a count takes reserved stock, inside the count's transaction (ADR 0011 §4):
   * each gives back `qty` on the line (moved or its pick marked short) and answers how much it held
   */
  reservationHooks: { short: ((tx: Tx, actor: { companyId: number; userId: number }, short: { lineId: number; qty: string; reference: string }) => Promise<string>)[] }
  /** what other modules do inside the transaction that starts a task (the tasks service calls no module itself) */
  taskHooks: {
    started: ((tx: Tx, companyId: number, taskId: number) => Promise<void>)[]
    /** run before a task is finished by its done action; one throws to refuse it (a putaway whose pallet is on the dock) */
    finishing: ((db: DbOrTx, companyId: number, taskId: number) => Promise<void>)[]
  }
}

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

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
  }
  interface FastifyRequest {
    user: AuthUser
  }
}
