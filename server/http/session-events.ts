import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database, Db } from '../db/client'
import type { SessionCache } from './session-cache'

/** A session ended, or a user changed (role, password, active flag): who must be read again from the database. */
export type SessionEvent = { session: string } | { user: number }

export const SESSION_CHANNEL = 'wms_sessions'
const ECHO_TIMEOUT_MS = 2_000
const RETRY_MS = 1_000

type Wire = SessionEvent & { from?: string; nonce?: string }

/**
 * Tell every server process on this PostgreSQL database (the CLI included) to forget a session or a user.
 * Harmless on PGlite: nobody else listens there (one process owns the embedded database).
 */
export async function notifySessionEvent(db: Db, event: SessionEvent, extra: Omit<Wire, keyof SessionEvent> = {}): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${JSON.stringify({ ...event, ...extra })})`)
}

/**
 * Revocations, deactivations and role changes reach every process at once (SPEC 17.2).
 * This process forgets at once; on PostgreSQL the event goes out with NOTIFY, every process LISTENs, and a publisher
 * waits until its own event comes back (by then PostgreSQL has handed it to every listener). While the LISTEN
 * connection is down, the session cache keeps nothing, so no process serves a session it may have missed news of.
 */
export class SessionEvents {
  private readonly id = randomUUID()
  private stopListening: (() => Promise<void>) | undefined
  private retry: NodeJS.Timeout | undefined
  private stopped = false
  private readonly pending = new Map<string, () => void>()

  constructor(
    private readonly database: Database,
    private readonly sessions: SessionCache,
    private readonly log: (message: string) => void = () => {},
  ) {}

  /** Whether events of other processes are heard (always, on PGlite). */
  get listening(): boolean {
    return !this.database.listen || this.stopListening !== undefined
  }

  async start(): Promise<void> {
    if (!this.database.listen) return
    this.stopped = false
    this.sessions.disable()
    await this.connect()
  }

  private async connect(): Promise<void> {
    if (this.stopped || !this.database.listen) return
    try {
      this.stopListening = await this.database.listen(SESSION_CHANNEL, (payload) => this.receive(payload), (e) => this.lost(e))
      // anything said while nobody listened is unknown: start from an empty cache
      this.sessions.disable()
      this.sessions.enable()
    } catch (e) {
      this.lost(e as Error)
    }
  }

  private lost(e: Error): void {
    this.stopListening = undefined
    this.sessions.disable()
    if (this.stopped) return
    this.log(`session events not heard (${e.message}); sessions are checked on every request until they are`)
    clearTimeout(this.retry)
    this.retry = setTimeout(() => void this.connect(), RETRY_MS)
    this.retry.unref()
  }

  private receive(payload: string): void {
    let event: Wire
    try {
      event = JSON.parse(payload) as Wire
    } catch {
      return
    }
    this.apply(event)
    if (event.from === this.id && event.nonce) this.pending.get(event.nonce)?.()
  }

  private apply(event: SessionEvent): void {
    if ('session' in event && typeof event.session === 'string') this.sessions.forgetSession(event.session)
    if ('user' in event && typeof event.user === 'number') this.sessions.forgetUser(event.user)
  }

  /** Forget here at once, and on every other process before this resolves (PostgreSQL). */
  async publish(event: SessionEvent): Promise<void> {
    this.apply(event)
    if (!this.database.listen) return
    const nonce = randomUUID()
    const echoed = this.listening
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ECHO_TIMEOUT_MS)
          this.pending.set(nonce, () => {
            clearTimeout(timer)
            resolve()
          })
        })
      : Promise.resolve()
    try {
      await notifySessionEvent(this.database.db, event, { from: this.id, nonce })
      await echoed
    } finally {
      this.pending.delete(nonce)
    }
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.retry)
    const stop = this.stopListening
    this.stopListening = undefined
    await stop?.()
  }
}
