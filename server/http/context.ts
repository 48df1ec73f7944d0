import type { Database, Db, DbOrTx, Tx } from '../db/client'
import type { Env } from '../env'
import type { TokenService } from '../modules/auth/tokens'
import type { LoginThrottle } from '../modules/auth/throttle'
import type { PrintSender } from '../modules/printing/print-sender'
import type { EmailOutbox } from '../modules/quality/email-outbox'
import type { WebhookSender } from '../modules/integrations/webhook-sender'
import type { JobRunner } from '../kernel/job-queue'
import type { AuthUser } from './auth-user'
import type { SessionCache } from './session-cache'
import type { SessionEvents } from './session-events'
import type { StatementCache } from './statement-cache'

/** What every route can reach: the database, settings and shared services. */
export type AppDeps = {
  database: Database
  db: Db
  env: Pick<Env, 'dataDir' | 'smtpUrl' | 'printerAllowNetworks'> & Partial<Pick<Env, 'spoolDir' | 'jobLeaseMs' | 'jobPollMs'>>
  tokens: TokenService
  throttle: LoginThrottle
  sessions: SessionCache
  /** ends or re-checks sessions on every server process (LISTEN/NOTIFY on PostgreSQL) */
  events: SessionEvents
  /** built statements of repeated list requests */
  statements: StatementCache
  /** sends labels (ADR 0004): its `print` kind registered on `jobs` by createApp (ADR 0017) */
  printSender: PrintSender
  /** the supplier e-mail sender: its kind registered on `jobs` by createApp when SMTP is set (ADR 0017) */
  outbox: EmailOutbox
  /** the webhook sender (ADR 0020): its kind registered on `jobs` by createApp; its address policy checks URLs on save */
  webhookSender: WebhookSender
  /** this process's runner of the one job queue (ADR 0017): modules register handlers; createApp starts and stops it */
  jobs: JobRunner
  /**
   * what the owners of reservations do when a count takes reserved stock, inside the count's transaction (ADR 0011 §4):
   * each gives back `qty` on the line (moved or its pick marked short) and answers how much it held
   */
  reservationHooks: { short: ((tx: Tx, actor: { companyId: number; userId: number }, short: { lineId: number; qty: string; reference: string }) => Promise<string>)[] }
  /** what other modules do inside the transaction that starts a task (the tasks service calls no module itself) */
  taskHooks: {
    started: ((tx: Tx, companyId: number, taskId: number, userId: number) => Promise<void>)[]
    /** run before a task is finished by its done action; one throws to refuse it (a putaway whose pallet is on the dock) */
    finishing: ((db: DbOrTx, companyId: number, taskId: number) => Promise<void>)[]
  }
}

export type { AuthUser } from './auth-user'

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
  }
  interface FastifyRequest {
    user: AuthUser
  }
}
