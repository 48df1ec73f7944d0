import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../db/client'
import { type JobState, jobs } from '../db/schema/jobs'
import { JOB_CANCELLABLE, JOB_RETRYABLE } from '../../contracts/system/jobs.rules'

/**
 * The one job queue (ADR 0017; STYLE habit 19). A job is a row of `jobs`, written in the caller's transaction, so it
 * exists if and only if the change that asked for it committed. A runner in each server process claims due jobs with
 * `FOR UPDATE SKIP LOCKED` and a lease, runs the handler registered for their kind, and marks them done, or queued
 * again with exponential back-off and jitter, or `failed` (the dead letter) after their last attempt. A claim whose lease
 * expired (its process died) is run again by any runner: the queue is at least once, and a handler that must not
 * repeat an effect keeps a marker on its own domain row (ADR 0017 "At most once on an at-least-once queue").
 */

export type EnqueueInput = {
  kind: string
  companyId: number | null
  payload?: unknown
  /** due from (default now) */
  runAt?: Date
  maxAttempts?: number
  /** jobs of this kind with this key run one at a time, in id order (a later one waits while an earlier is queued or running) */
  orderKey?: string
  /** one queued or running job per (kind, key): a second enqueue returns the first job's id */
  dedupeKey?: string
}

/** A job's row as enqueued: its defaults (now, five attempts, no order key) filled in. */
const jobRow = (input: Omit<EnqueueInput, 'dedupeKey'>) => ({
  kind: input.kind,
  companyId: input.companyId,
  payload: input.payload ?? {},
  runAt: input.runAt ?? new Date(),
  maxAttempts: input.maxAttempts ?? 5,
  orderKey: input.orderKey ?? null,
})

/** Write a job in the caller's transaction (or alone, given the database). Returns the job's id, or the id of the queued or running job with the same dedupe key. */
export async function enqueue(db: DbOrTx, input: EnqueueInput): Promise<number> {
  // delivered when the caller's transaction commits, never if it rolls back: the runners LISTENing wake at once
  await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${input.kind})`)
  const values = { ...jobRow(input), dedupeKey: input.dedupeKey ?? null }
  if (values.dedupeKey === null) {
    const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id })
    return row.id
  }
  // ON CONFLICT DO NOTHING leaves the caller's transaction usable; it waits for another transaction inserting the same key
  for (;;) {
    const [row] = await db
      .insert(jobs)
      .values(values)
      .onConflictDoNothing({ target: [jobs.kind, jobs.dedupeKey], where: sql`${jobs.dedupeKey} is not null and ${jobs.state} in ('queued', 'running')` })
      .returning({ id: jobs.id })
    if (row) return row.id
    const [existing] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, values.kind), eq(jobs.dedupeKey, values.dedupeKey), inArray(jobs.state, ['queued', 'running'])))
    if (existing) return existing.id
    // the holder finished between the insert and the read: try again
  }
}

/**
 * Write many jobs in one statement per thousand, in the caller's transaction (a batch of labels): one notify per kind.
 * No dedupe keys here (each would need its own conflict check); returns the ids in the order given.
 */
export async function enqueueMany(db: DbOrTx, inputs: readonly Omit<EnqueueInput, 'dedupeKey'>[]): Promise<number[]> {
  for (const kind of new Set(inputs.map((i) => i.kind))) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${kind})`)
  const ids: number[] = []
  for (let i = 0; i < inputs.length; i += 1000) {
    const rows = await db
      .insert(jobs)
      .values(inputs.slice(i, i + 1000).map(jobRow))
      .returning({ id: jobs.id })
    ids.push(...rows.map((r) => r.id))
  }
  return ids
}

/**
 * Enqueue a job unless one of its kind and order key is queued (not yet running): that one will see whatever the
 * caller's transaction adds for it. One statement; notifies only when it inserted. Two transactions at once may both
 * insert: the order key runs them one after the other, the second finding little to do. Returns whether it inserted.
 */
export async function enqueueUnlessQueued(db: DbOrTx, input: Omit<EnqueueInput, 'dedupeKey' | 'orderKey'> & { orderKey: string }): Promise<boolean> {
  const row = jobRow(input)
  const result = await db.execute<{ id: number }>(sql`
    with ins as (
      insert into ${jobs} (kind, company_id, payload, run_at, max_attempts, order_key)
      select ${row.kind}, ${row.companyId}::int, ${JSON.stringify(row.payload)}::jsonb, ${row.runAt.toISOString()}::timestamptz, ${row.maxAttempts}::int, ${row.orderKey}
      where not exists (select 1 from ${jobs} where kind = ${row.kind} and order_key = ${row.orderKey} and state = 'queued')
      returning id)
    select id, pg_notify(${JOBS_CHANNEL}, ${row.kind}) from ins`)
  return result.rows.length > 0
}

/** The channel enqueue notifies on commit; runners on PostgreSQL listen to it (polling stays the guarantee). */
export const JOBS_CHANNEL = 'wms_jobs'

/** Why an admin's action was refused; the routes turn it into a 400 (ADR 0015 codes). */
export type JobActionResult = { ok: true } | { ok: false; reason: 'not_found' | 'state' | 'duplicate' }

/** Cancel a queued or running job. A running handler's result is dropped (every update after a claim is conditional on the claim); its runner's next heartbeat aborts it. */
export async function cancelJob(db: DbOrTx, id: number, scope: number | undefined): Promise<JobActionResult> {
  return transition(db, id, scope, JOB_CANCELLABLE, { state: 'cancelled', leaseUntil: null, lockedBy: null, finishedAt: new Date() })
}

/** `scope`: the admin's company (a job of another company, or of none, is not found); undefined: any job (tests, tools). */
/** Run a failed, cancelled or waiting job again now, with its attempts counted from zero. */
export async function retryJob(db: DbOrTx, id: number, scope: number | undefined): Promise<JobActionResult> {
  return transition(db, id, scope, JOB_RETRYABLE, { state: 'queued', attempts: 0, runAt: new Date(), leaseUntil: null, lockedBy: null, finishedAt: null })
}

async function transition(
  db: DbOrTx,
  id: number,
  companyId: number | undefined,
  from: readonly JobState[],
  set: Partial<typeof jobs.$inferInsert>,
): Promise<JobActionResult> {
  const own = companyId === undefined ? sql`true` : eq(jobs.companyId, companyId)
  let rows: { id: number }[]
  try {
    rows = await db
      .update(jobs)
      .set(set)
      .where(and(eq(jobs.id, id), own, inArray(jobs.state, [...from])))
      .returning({ id: jobs.id })
  } catch (e) {
    // a retried job whose dedupe key another queued or running job holds now (the partial unique index)
    if (isUniqueViolation(e)) return { ok: false, reason: 'duplicate' }
    throw e
  }
  if (rows.length) return { ok: true }
  const [exists] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, id), own))
  return { ok: false, reason: exists ? 'state' : 'not_found' }
}

function isUniqueViolation(e: unknown): boolean {
  for (let cur: unknown = e, i = 0; i < 4 && cur && typeof cur === 'object'; i++, cur = (cur as { cause?: unknown }).cause) {
    if ((cur as { code?: unknown }).code === '23505') return true
  }
  return false
}

/** What a handler is given: the claimed job, and a signal that aborts when the claim is lost (cancelled, or recovered elsewhere) or the runner stops. */
export type JobContext = {
  id: number
  kind: string
  companyId: number | null
  payload: unknown
  /** 1 on the first run; a run after an expired lease counts too */
  attempt: number
  maxAttempts: number
  signal: AbortSignal
}

export type JobHandler = (job: JobContext) => Promise<void>

/** A handler throws this to dead-letter its job at once: retrying cannot help. */
export class PermanentJobError extends Error {}

export type KindOptions = {
  /** jobs of this kind running at once in this process (default 1) */
  concurrency?: number
  /** first retry delay, doubling per attempt, capped at maxBackoffMs */
  backoffMs?: number
  maxBackoffMs?: number
  /** explicit delays by attempt (the last repeats), for schedules that run over days; wins over backoffMs */
  retryDelaysMs?: readonly number[]
  /** up to this fraction of a delay is taken off at random, so jobs that failed together do not retry together (default 0.2) */
  jitter?: number
  /** this kind's lease; the runner extends it while the handler runs (default the runner's) */
  leaseMs?: number
  /**
   * Told when a job of this kind is dead-lettered, by its handler's last failure or by a last run whose lease expired
   * (the handler was not there to see it): the module marks its own row failed (ADR 0017). An error here is logged.
   */
  onDeadLetter?: (job: Omit<JobContext, 'signal'>, reason: string) => Promise<void>
}

/** `Database.listen`'s shape: LISTEN on a channel over a connection of its own (PostgreSQL only). */
export type Listen = (channel: string, onMessage: (payload: string) => void, onLost: (error: Error) => void) => Promise<() => Promise<void>>

export type JobRunnerOptions = {
  /** how often due jobs and expired leases are looked for; the guarantee, whatever the wake-up does */
  pollMs: number
  /** PostgreSQL: wake on a job committed by any process (NOTIFY) instead of at the next poll; lost, it listens again */
  listen?: Listen
  leaseMs: number
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void }
}

export const DEFAULT_JOB_RUNNER_OPTIONS: JobRunnerOptions = { pollMs: 1000, leaseMs: 30_000 }
const DEFAULT_KIND: Required<Omit<KindOptions, 'retryDelaysMs' | 'onDeadLetter'>> = { concurrency: 1, backoffMs: 1000, maxBackoffMs: 3_600_000, jitter: 0.2, leaseMs: 0 }

export const LEASE_EXPIRED_ERROR = 'The process running this job stopped before it finished (its lease expired).'

/** The delay before attempt `attempts + 1`, after `attempts` runs. */
export function retryDelay(kind: KindOptions, attempts: number, random = Math.random): number {
  const o = { ...DEFAULT_KIND, ...kind }
  const base = kind.retryDelaysMs?.length
    ? kind.retryDelaysMs[Math.min(attempts, kind.retryDelaysMs.length) - 1]
    : Math.min(o.maxBackoffMs, o.backoffMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (1 - o.jitter * random()))
}

type Registered = { handler: JobHandler; opts: Required<Omit<KindOptions, 'retryDelaysMs' | 'onDeadLetter'>> & KindOptions; running: number }
type Claimed = { id: number; kind: string; company_id: number | null; payload: unknown; attempts: number; max_attempts: number }

/**
 * One per process: claims due jobs of the kinds registered with it, at most `concurrency` of a kind at once, and runs
 * them. Started and stopped by createApp (onReady / onClose).
 */
export class JobRunner {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  private opts: JobRunnerOptions
  private readonly kinds = new Map<string, Registered>()
  private readonly inflight = new Map<number, { promise: Promise<void>; abort: AbortController }>()
  private timer: NodeJS.Timeout | undefined
  private running = false
  private pass: Promise<void> | undefined
  private again = false
  private stopped = true
  private idleWaiters: (() => void)[] = []
  private unlisten: (() => Promise<void>) | undefined
  private relisten: NodeJS.Timeout | undefined

  constructor(
    private readonly db: Db,
    opts: Partial<JobRunnerOptions> = {},
  ) {
    this.opts = { ...DEFAULT_JOB_RUNNER_OPTIONS, ...opts }
  }

  register(kind: string, handler: JobHandler, opts: KindOptions = {}): void {
    if (this.kinds.has(kind)) throw new Error(`job kind ${kind} is registered twice`)
    this.kinds.set(kind, { handler, opts: { ...DEFAULT_KIND, leaseMs: this.opts.leaseMs, ...opts }, running: 0 })
  }

  /** Change a registered kind's options (tests shorten back-off); its handler and dead-letter hook stay unless given. */
  configureKind(kind: string, opts: KindOptions): void {
    const registered = this.kinds.get(kind)
    if (!registered) throw new Error(`job kind ${kind} is not registered`)
    registered.opts = { ...registered.opts, ...opts }
  }

  configure(opts: Partial<JobRunnerOptions>): void {
    this.opts = { ...this.opts, ...opts }
    if (!this.stopped && opts.pollMs !== undefined) this.startTimer()
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.startTimer()
    void this.listen()
    this.wake()
  }

  /** LISTEN for committed jobs; a lost connection is listened again after a poll's time (polling covers the gap). */
  private async listen(): Promise<void> {
    const listen = this.opts.listen
    // a process with no kinds registered has nothing to wake for: no connection held for it
    if (!listen || this.stopped || !this.kinds.size) return
    try {
      const stop = await listen(
        JOBS_CHANNEL,
        (kind) => {
          if (this.kinds.has(kind)) this.wake()
        },
        (e) => {
          this.unlisten = undefined
          this.opts.log?.warn({ err: e }, 'job queue LISTEN lost; polling until it is back')
          this.scheduleRelisten()
        },
      )
      if (this.stopped) await stop()
      else this.unlisten = stop
    } catch (e) {
      this.opts.log?.warn({ err: e }, 'job queue LISTEN failed; polling until it works')
      this.scheduleRelisten()
    }
  }

  private scheduleRelisten(): void {
    if (this.stopped) return
    clearTimeout(this.relisten)
    this.relisten = setTimeout(() => void this.listen(), Math.max(this.opts.pollMs, 1000))
    this.relisten.unref()
  }

  private startTimer(): void {
    clearInterval(this.timer)
    this.timer = setInterval(() => this.wake(), this.opts.pollMs)
    this.timer.unref()
  }

  /** Stop claiming, abort the running handlers' signals and wait for them; a job whose handler gave up because of the stop is queued again, its attempt not counted. */
  async stop(): Promise<void> {
    if (this.stopped) return
    this.stopped = true
    clearInterval(this.timer)
    clearTimeout(this.relisten)
    const unlisten = this.unlisten
    this.unlisten = undefined
    await unlisten?.()
    // a pass under way may be claiming: let it finish (a claim it makes now is handed back, below in tick)
    await this.pass
    for (const { abort } of this.inflight.values()) abort.abort(new Error('the job runner is stopping'))
    await Promise.allSettled([...this.inflight.values()].map((f) => f.promise))
    this.notifyIdle()
  }

  /** Look for work now (a job was just committed). */
  wake(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = true
    this.pass = this.tick()
      .catch((e: unknown) => this.opts.log?.error({ err: e }, 'job runner pass failed'))
      .finally(() => {
        this.running = false
        if (this.again) {
          this.again = false
          this.wake()
        } else if (!this.inflight.size) this.notifyIdle()
      })
  }

  /** Tests: resolves when this runner has nothing in flight and its pass is over. */
  async idle(): Promise<void> {
    if (!this.running && !this.inflight.size) return
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve))
  }

  private notifyIdle(): void {
    const waiters = this.idleWaiters
    this.idleWaiters = []
    for (const w of waiters) w()
  }

  /** One pass: recover expired claims, then claim due jobs while a registered kind has room. */
  async tick(): Promise<void> {
    await this.recoverExpired()
    while (!this.stopped) {
      const free = [...this.kinds].filter(([, k]) => k.running < k.opts.concurrency).map(([kind]) => kind)
      if (!free.length) return
      const job = await this.claim(free)
      if (!job) return
      if (this.stopped) {
        // claimed while the runner was being stopped: hand it back, the attempt not counted
        await this.db
          .update(jobs)
          .set({ state: 'queued', attempts: sql`${jobs.attempts} - 1`, leaseUntil: null, lockedBy: null })
          .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.state, 'running'), eq(jobs.lockedBy, this.id)))
        return
      }
      this.run(job)
    }
  }

  /**
   * Claims of this runner's kinds whose lease expired: their runner died (or hung past its lease). Queued again with no
   * delay while they have attempts left (the lost run counts as one, so a job whose runs keep dying still reaches its
   * dead letter), else failed and told to the kind's onDeadLetter. Only registered kinds: the hook is here.
   */
  async recoverExpired(now = new Date()): Promise<number> {
    const kinds = [...this.kinds.keys()]
    if (!kinds.length) return 0
    const last = sql`${jobs.attempts} >= ${jobs.maxAttempts}`
    const rows = await this.db
      .update(jobs)
      .set({
        state: sql`case when ${last} then 'failed' else 'queued' end`,
        runAt: now,
        leaseUntil: null,
        lockedBy: null,
        lastError: LEASE_EXPIRED_ERROR,
        finishedAt: sql`case when ${last} then ${now}::timestamptz else null end`,
      })
      .where(and(eq(jobs.state, 'running'), lt(jobs.leaseUntil, now), inArray(jobs.kind, kinds)))
      .returning({ id: jobs.id, kind: jobs.kind, companyId: jobs.companyId, payload: jobs.payload, attempts: jobs.attempts, maxAttempts: jobs.maxAttempts, state: jobs.state })
    for (const r of rows) {
      if (r.state === 'failed') await this.deadLettered({ id: r.id, kind: r.kind, companyId: r.companyId, payload: r.payload, attempt: r.attempts, maxAttempts: r.maxAttempts }, LEASE_EXPIRED_ERROR)
    }
    return rows.length
  }

  private async deadLettered(job: Omit<JobContext, 'signal'>, reason: string): Promise<void> {
    try {
      await this.kinds.get(job.kind)?.opts.onDeadLetter?.(job, reason)
    } catch (e) {
      this.opts.log?.error({ err: e, jobId: job.id, kind: job.kind }, 'job dead-letter hook failed')
    }
  }

  /**
   * Claim the oldest due job of one of `kinds`. The job is chosen by a scalar sub-select (runs once; ADR 0004's
   * amendment) locked with SKIP LOCKED, so two runners never take one job. A job with an order key is due only when no
   * earlier job of its kind and key is queued or running: an earlier job is visible as queued to every snapshot until
   * it is finished, so two runners cannot start two jobs of one key.
   */
  private async claim(kinds: string[]): Promise<Claimed | undefined> {
    const now = new Date()
    const lease = (kind: string) => this.kinds.get(kind)!.opts.leaseMs
    const leases = sql.join(
      kinds.map((k) => sql`when ${k} then ${lease(k)}::int`),
      sql` `,
    )
    const kindList = sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )
    const result = await this.db.execute<Claimed>(sql`
      update ${jobs} set state = 'running', attempts = attempts + 1, locked_by = ${this.id}, started_at = ${now},
        lease_until = ${now}::timestamptz + make_interval(secs => (case kind ${leases} end) / 1000.0)
      where id = (
          select j.id from ${jobs} j
          where j.state = 'queued' and j.kind in (${kindList}) and j.run_at <= ${now}
            and (j.order_key is null or not exists (
              select 1 from ${jobs} e
              where e.kind = j.kind and e.order_key = j.order_key and e.state in ('queued', 'running')
                and (e.id < j.id or e.state = 'running')))
          order by j.run_at, j.id
          limit 1
          for update skip locked)
        and state = 'queued'
      returning id, kind, company_id, payload, attempts, max_attempts`)
    return result.rows[0]
  }

  private run(job: Claimed): void {
    const kind = this.kinds.get(job.kind)!
    kind.running++
    const abort = new AbortController()
    const promise = this.execute(job, kind, abort).finally(() => {
      kind.running--
      this.inflight.delete(job.id)
      this.wake()
    })
    this.inflight.set(job.id, { promise, abort })
  }

  private async execute(job: Claimed, kind: Registered, abort: AbortController): Promise<void> {
    const mine = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.state, 'running'), eq(jobs.lockedBy, this.id))
    // extend the lease while the handler runs; losing it (cancelled, or recovered by another runner) aborts the handler
    const beat = setInterval(() => {
      void this.db
        .update(jobs)
        .set({ leaseUntil: new Date(Date.now() + kind.opts.leaseMs) })
        .where(mine)
        .returning({ id: jobs.id })
        .then((rows) => {
          if (!rows.length) abort.abort(new Error('the job is no longer this runner’s'))
        })
        .catch((e: unknown) => this.opts.log?.warn({ err: e, jobId: job.id }, 'job lease not extended'))
    }, Math.max(10, Math.floor(kind.opts.leaseMs / 3)))
    beat.unref()
    try {
      await kind.handler({ id: job.id, kind: job.kind, companyId: job.company_id, payload: job.payload, attempt: job.attempts, maxAttempts: job.max_attempts, signal: abort.signal })
      clearInterval(beat)
      await this.db.update(jobs).set({ state: 'done', finishedAt: new Date(), leaseUntil: null, lastError: null }).where(mine)
    } catch (e) {
      clearInterval(beat)
      const reason = (e instanceof Error ? e.message : String(e)).slice(0, 2000)
      if (this.stopped && abort.signal.aborted) {
        // gave up because this process is stopping: not the job's fault, run it again soon elsewhere
        await this.db.update(jobs).set({ state: 'queued', attempts: sql`${jobs.attempts} - 1`, runAt: new Date(), leaseUntil: null, lockedBy: null }).where(mine)
        return
      }
      const dead = e instanceof PermanentJobError || job.attempts >= job.max_attempts
      this.opts.log?.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, reason, dead }, 'job failed')
      const written = await this.db
        .update(jobs)
        .set(
          dead
            ? { state: 'failed', lastError: reason, finishedAt: new Date(), leaseUntil: null }
            : { state: 'queued', lastError: reason, runAt: new Date(Date.now() + retryDelay(kind.opts, job.attempts)), leaseUntil: null, lockedBy: null },
        )
        .where(mine)
        .returning({ id: jobs.id })
      if (dead && written.length) await this.deadLettered({ id: job.id, kind: job.kind, companyId: job.company_id, payload: job.payload, attempt: job.attempts, maxAttempts: job.max_attempts }, reason)
    }
  }
}
