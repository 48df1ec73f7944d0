import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type PrinterResolution, printJobs, printers } from '../../db/schema/printing'
import { renderPngOffThread } from './labels/render-pool'
import { allowedPrinterNetworks, checkPrinterHost } from './printer-address'
import { parseZpl } from './labels/zpl'

/**
 * The print queue (ADR 0004). Jobs live in print_jobs; a worker claims one with a status transition
 * (queued → sending, attempts + 1, a lease), writes its ZPL to the printer over raw TCP (or to the spool for the
 * virtual printer) and marks it sent. Before the first byte leaves, `delivery_started_at` is committed, so after a
 * crash the queue knows which interrupted jobs cannot have printed (requeued) and which may have (`unknown`, for
 * a person to check: a Zebra printer has no way to say "already printed", and a second pallet label with the
 * same SSCC is worse than a missing one).
 */
export type PrintQueueOptions = {
  /** first retry delay; doubles per attempt */
  backoffMs: number
  maxBackoffMs: number
  /** attempts before a job is failed */
  maxAttempts: number
  connectTimeoutMs: number
  /** time to hand the whole job to the printer once connected */
  writeTimeoutMs: number
  /** how long a claim holds; longer than connect + write timeouts */
  leaseMs: number
  /** how often due retries and expired leases are looked for */
  pollMs: number
  /** jobs in flight at once (one per printer) */
  concurrency: number
  /** where the virtual printer writes <job-id>-<attempt>.zpl and .png */
  spoolDir: string
  /** how long the virtual printer's files are kept (its "paper"; the job and its ZPL stay in the database) */
  spoolKeepMs: number
  /** networks a printer may be on beyond its company's setting, loopback included (WMS_PRINTER_ALLOW_NETWORKS) */
  operatorAllowedNetworks: readonly string[]
  /** tests: how a printer's host name resolves (default: the system resolver) */
  resolveHost?: (host: string) => Promise<string[]>
  /** tests: runs after the printer has the bytes and before the job is marked sent */
  afterWrite?: (jobId: number) => Promise<void>
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void }
}

export const DEFAULT_PRINT_QUEUE_OPTIONS: Omit<PrintQueueOptions, 'spoolDir'> = {
  backoffMs: 1000,
  maxBackoffMs: 60_000,
  maxAttempts: 5,
  connectTimeoutMs: 3000,
  writeTimeoutMs: 10_000,
  leaseMs: 30_000,
  pollMs: 1000,
  concurrency: 4,
  spoolKeepMs: 7 * 24 * 3600_000,
  operatorAllowedNetworks: [],
}

/** The spool is looked through at most this often (on start, then after writes). */
const SPOOL_PRUNE_EVERY_MS = 3600_000

export const UNKNOWN_OUTCOME_ERROR = 'The server stopped while this job was being sent: the label may or may not have printed. Check the printer, then resend if it is missing.'

export const STOPPED_BEFORE_SENDING_ERROR = 'the server sending it stopped before the printer was reached.'

/**
 * Send timeouts that fit inside a lease shorter than the default one (WMS_PRINT_LEASE_MS): a claim must outlive
 * connecting and writing, or a live sender's job would be recovered under it.
 */
export function timeoutsWithin(leaseMs: number): Pick<PrintQueueOptions, 'connectTimeoutMs' | 'writeTimeoutMs'> {
  const { connectTimeoutMs, writeTimeoutMs } = DEFAULT_PRINT_QUEUE_OPTIONS
  if (connectTimeoutMs + writeTimeoutMs < leaseMs) return { connectTimeoutMs, writeTimeoutMs }
  return { connectTimeoutMs: Math.floor(leaseMs / 5), writeTimeoutMs: Math.floor(leaseMs / 3) }
}

type Claimed = { id: number; printerId: number; zpl: string; attempts: number }
type Target = { companyId: number; isVirtual: boolean; host: string; port: number; resolution: number }

/** A failure before any byte left: safe to retry, unless `final` (retrying could not change it). */
class NotDelivered extends Error {
  constructor(
    message: string,
    readonly final = false,
  ) {
    super(message)
  }
}

export class PrintQueue {
  private opts: PrintQueueOptions
  private timer: NodeJS.Timeout | undefined
  private running = false
  private again = false
  private stopped = true
  private readonly inflight = new Map<number, Promise<void>>() // by printer id
  private idleWaiters: (() => void)[] = []
  private prunedAt = 0

  constructor(
    private readonly db: Db,
    opts: Partial<PrintQueueOptions> & { spoolDir: string },
  ) {
    this.opts = { ...DEFAULT_PRINT_QUEUE_OPTIONS, ...opts }
  }

  configure(opts: Partial<PrintQueueOptions>): void {
    this.opts = { ...this.opts, ...opts }
    if (!this.stopped && opts.pollMs !== undefined) {
      clearInterval(this.timer)
      this.timer = setInterval(() => this.wake(), this.opts.pollMs)
      this.timer.unref()
    }
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.timer = setInterval(() => this.wake(), this.opts.pollMs)
    this.timer.unref()
    this.pruneSpool()
    this.wake()
  }

  /**
   * Remove the virtual printer's files older than spoolKeepMs, so the demo printer doesn't fill the disk over months.
   * Returns how many files went. A file that can't be read or removed is left for the next time.
   */
  pruneSpool(now = Date.now()): number {
    this.prunedAt = now
    let names: string[]
    try {
      names = readdirSync(this.opts.spoolDir)
    } catch {
      return 0 // no spool yet
    }
    let removed = 0
    for (const name of names) {
      if (!/^\d+-\d+\.(zpl|png)$/.test(name)) continue
      const file = path.join(this.opts.spoolDir, name)
      try {
        if (now - statSync(file).mtimeMs > this.opts.spoolKeepMs) {
          rmSync(file)
          removed++
        }
      } catch {
        /* gone already, or not ours to remove */
      }
    }
    return removed
  }

  /** Stop claiming and wait for the jobs in flight (each bounded by its timeouts). */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await Promise.allSettled([...this.inflight.values()])
  }

  /** Look for work now (a job was just queued). */
  wake(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = true
    void this.tick()
      .catch((e: unknown) => this.opts.log?.error({ err: e }, 'print queue pass failed'))
      .finally(() => {
        this.running = false
        if (this.again) {
          this.again = false
          this.wake()
        } else if (!this.inflight.size) this.notifyIdle()
      })
  }

  /** Tests: resolves when nothing is in flight and nothing is due. */
  async idle(): Promise<void> {
    if (!this.running && !this.inflight.size) return
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve))
  }

  private notifyIdle(): void {
    const waiters = this.idleWaiters
    this.idleWaiters = []
    for (const w of waiters) w()
  }

  /** One pass: recover expired claims, then claim due jobs for printers not busy here. */
  async tick(): Promise<void> {
    await this.recoverExpired()
    while (!this.stopped && this.inflight.size < this.opts.concurrency) {
      const job = await this.claim()
      if (!job) break
      const p = this.process(job).finally(() => {
        this.inflight.delete(job.printerId)
        this.wake()
      })
      this.inflight.set(job.printerId, p)
    }
  }

  /**
   * Claims whose holder died: requeue those that cannot have reached the printer (or fail them once they have had
   * their attempts: a claim counts as an attempt however it ended); the rest are `unknown`.
   */
  async recoverExpired(now = new Date()): Promise<void> {
    const expired = and(eq(printJobs.status, 'sending'), lt(printJobs.leaseUntil, now))
    const undelivered = and(expired, isNull(printJobs.deliveryStartedAt))
    await this.db
      .update(printJobs)
      .set({ status: 'queued', leaseUntil: null, nextAttemptAt: now })
      .where(and(undelivered, lt(printJobs.attempts, this.opts.maxAttempts)))
    await this.db
      .update(printJobs)
      .set({ status: 'failed', leaseUntil: null, lastError: sql`'Failed after ' || ${printJobs.attempts} || ' attempts: ' || ${STOPPED_BEFORE_SENDING_ERROR}::text` })
      .where(and(undelivered, gte(printJobs.attempts, this.opts.maxAttempts)))
    await this.db
      .update(printJobs)
      .set({ status: 'unknown', leaseUntil: null, lastError: UNKNOWN_OUTCOME_ERROR })
      .where(and(expired, isNotNull(printJobs.deliveryStartedAt)))
  }

  /**
   * Claim the next due job of a printer that has no job in flight in any process (ADR 0004: one job per printer at a
   * time; raw port 9100 serves one connection at a time). Two steps in one transaction:
   * 1. lock one printer row that has a due job and no job `sending` (FOR NO KEY UPDATE SKIP LOCKED: a printer
   *    another process is claiming for is passed over; new jobs, which only take a key-share lock on it, still enqueue);
   * 2. with that lock held, a new statement (a new snapshot in READ COMMITTED, so it sees every claim committed before
   *    the lock was ours) checks again that nothing of that printer is `sending` and claims its oldest due job.
   * The job is chosen with `id = (SELECT …)`: a scalar sub-select runs once, where `id IN (SELECT … LIMIT 1 …)` is a
   * join PostgreSQL may evaluate more than once, and a second row claimed there was never sent (stranded until its
   * lease expired).
   */
  private async claim(): Promise<Claimed | undefined> {
    const tried = [...this.inflight.keys()]
    // a printer that turned busy between the two steps is skipped and the next one tried
    for (let round = 0; round < 4 && !this.stopped; round++) {
      const now = new Date()
      const outcome = await this.db.transaction(async (tx): Promise<Claimed | 'busy' | undefined> => {
        const candidates = await tx.execute<{ id: number }>(sql`
          select p.id from ${printers} p
          where exists (select 1 from ${printJobs} j where j.printer_id = p.id and j.status = 'queued' and j.next_attempt_at <= ${now})
            and not exists (select 1 from ${printJobs} s where s.printer_id = p.id and s.status = 'sending')
            ${tried.length ? sql`and p.id not in (${sql.join(tried, sql`, `)})` : sql``}
          order by (select min(j.next_attempt_at) from ${printJobs} j where j.printer_id = p.id and j.status = 'queued'), p.id
          limit 1
          for no key update skip locked`)
        const printerId = candidates.rows[0]?.id
        if (printerId === undefined) return undefined
        tried.push(printerId)
        const claimed = await tx.execute<{ id: number; printer_id: number; zpl: string; attempts: number }>(sql`
          update ${printJobs} set status = 'sending', attempts = attempts + 1, lease_until = ${new Date(now.getTime() + this.opts.leaseMs)}, delivery_started_at = null
          where id = (
              select id from ${printJobs}
              where printer_id = ${printerId} and status = 'queued' and next_attempt_at <= ${now}
              order by next_attempt_at, id
              limit 1
              for update skip locked)
            and status = 'queued'
            and not exists (select 1 from ${printJobs} s where s.printer_id = ${printerId} and s.status = 'sending')
          returning id, printer_id, zpl, attempts`)
        const row = claimed.rows[0]
        return row ? { id: row.id, printerId: row.printer_id, zpl: row.zpl, attempts: row.attempts } : 'busy'
      })
      if (outcome !== 'busy') return outcome
    }
    return undefined
  }

  private async process(job: Claimed): Promise<void> {
    const [printer] = await this.db
      .select({ companyId: printers.companyId, isVirtual: printers.isVirtual, host: printers.host, port: printers.port, resolution: printers.resolution })
      .from(printers)
      .where(eq(printers.id, job.printerId))
    try {
      if (!printer) throw new NotDelivered('The printer no longer exists.')
      const delivered = printer.isVirtual ? await this.toSpool(job, printer) : await this.toSocket(job, printer)
      if (!delivered) return // the claim was lost (another server recovered it); that server decides
      await this.opts.afterWrite?.(job.id)
      await this.db
        .update(printJobs)
        .set({ status: 'sent', sentAt: new Date(), leaseUntil: null, lastError: null })
        .where(and(eq(printJobs.id, job.id), eq(printJobs.attempts, job.attempts), inArray(printJobs.status, ['sending', 'unknown'])))
      await this.db.update(printers).set({ isOnline: true, lastSeenAt: new Date(), lastError: null }).where(eq(printers.id, job.printerId))
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e)
      if (!(e instanceof NotDelivered)) {
        // bytes may have gone out before the error: not safe to repeat automatically
        this.opts.log?.error({ err: e, jobId: job.id }, 'print job interrupted after delivery started')
        await this.db
          .update(printJobs)
          .set({ status: 'unknown', leaseUntil: null, lastError: `${reason}. ${UNKNOWN_OUTCOME_ERROR}` })
          .where(and(eq(printJobs.id, job.id), eq(printJobs.attempts, job.attempts), eq(printJobs.status, 'sending')))
        return
      }
      const failed = job.attempts >= this.opts.maxAttempts || e.final
      const delay = Math.min(this.opts.maxBackoffMs, this.opts.backoffMs * 2 ** (job.attempts - 1))
      this.opts.log?.warn({ jobId: job.id, attempt: job.attempts, reason, failed }, 'print job not delivered')
      await this.db
        .update(printJobs)
        .set({
          status: failed ? 'failed' : 'queued',
          leaseUntil: null,
          deliveryStartedAt: null,
          lastError: failed ? `Failed after ${job.attempts} attempts: ${reason}` : reason,
          nextAttemptAt: new Date(Date.now() + delay),
        })
        .where(and(eq(printJobs.id, job.id), eq(printJobs.attempts, job.attempts), eq(printJobs.status, 'sending')))
      if (printer) await this.db.update(printers).set({ isOnline: false, lastError: reason }).where(eq(printers.id, job.printerId))
    }
  }

  /** Commit "delivery started" before the first byte; false when the claim is no longer ours. */
  private async markDeliveryStarted(job: Claimed): Promise<boolean> {
    const rows = await this.db
      .update(printJobs)
      .set({ deliveryStartedAt: new Date() })
      .where(and(eq(printJobs.id, job.id), eq(printJobs.attempts, job.attempts), eq(printJobs.status, 'sending')))
      .returning({ id: printJobs.id })
    return rows.length === 1
  }

  private async toSpool(job: Claimed, printer: Target): Promise<boolean> {
    let png: Buffer
    try {
      mkdirSync(this.opts.spoolDir, { recursive: true })
      png = await renderSpoolPng(job.zpl, printer.resolution as PrinterResolution)
    } catch (e) {
      throw new NotDelivered(`The virtual printer could not render the job: ${e instanceof Error ? e.message : String(e)}`)
    }
    if (!(await this.markDeliveryStarted(job))) return false
    const base = path.join(this.opts.spoolDir, `${job.id}-${job.attempts}`)
    await writeFile(base + '.zpl', job.zpl)
    await writeFile(base + '.png', png)
    if (Date.now() - this.prunedAt > SPOOL_PRUNE_EVERY_MS) this.pruneSpool()
    return true
  }

  private async toSocket(job: Claimed, printer: Target): Promise<boolean> {
    if (!printer.host) throw new NotDelivered('The printer has no host.')
    // ADR 0004 (amendment on printer addresses): the host is resolved and checked before any connection, and the
    // connection goes to the address that was checked (a name cannot point elsewhere in between)
    const policy = { allowed: await allowedPrinterNetworks(this.db, printer.companyId), operatorAllowed: this.opts.operatorAllowedNetworks }
    const checked = await checkPrinterHost(printer.host, policy, this.opts.resolveHost)
    if (checked.ok === 'unresolved') throw new NotDelivered(`Cannot reach ${printer.host}:${printer.port}: the host name does not resolve.`)
    if (!checked.ok) throw new NotDelivered(`The printer address ${checked.address} is outside the networks allowed for printers: no connection was made.`, true)
    const socket = await connect(checked.address, printer.port, this.opts.connectTimeoutMs, printer.host)
    try {
      if (!(await this.markDeliveryStarted(job))) return false
      await writeAll(socket, job.zpl, this.opts.writeTimeoutMs)
      return true
    } finally {
      socket.destroy()
    }
  }
}

/**
 * What the virtual printer "prints": the PNG of a job's ZPL, rendered in the label pool's threads, never on the event
 * loop (ADR 0004, amendment on rendering: a batch rendered here held every request for minutes).
 */
function renderSpoolPng(zpl: string, dpi: PrinterResolution): Promise<Buffer> {
  return renderPngOffThread(parseZpl(zpl, dpi).label)
}

function connect(address: string, port: number, timeoutMs: number, host = address): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port })
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new NotDelivered(`No answer from ${host}:${port} within ${timeoutMs} ms.`))
    }, timeoutMs)
    socket.once('connect', () => {
      clearTimeout(timer)
      socket.removeAllListeners('error')
      resolve(socket)
    })
    socket.once('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      socket.destroy()
      reject(new NotDelivered(e.code === 'ECONNREFUSED' ? `Connection refused by ${host}:${port}.` : `Cannot reach ${host}:${port}: ${e.code ?? e.message}.`))
    })
  })
}

/**
 * Resolves when the whole job has been handed to the network and the printer closed its side (or kept it open
 * past the timeout: raw port 9100 has no acknowledgement, so "flushed" is the most a sender can know).
 */
function writeAll(socket: net.Socket, data: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let flushed = false
    const settle = (e?: Error) => {
      clearTimeout(timer)
      if (flushed) resolve()
      else reject(e ?? new Error('The printer closed the connection before it had the whole job'))
    }
    const timer = setTimeout(() => settle(new Error(`The printer did not take the job within ${timeoutMs} ms`)), timeoutMs)
    socket.on('error', (e) => settle(e))
    socket.on('close', () => settle())
    // a printer answers nothing on 9100; anything it sends is read and dropped so it cannot stall the socket
    socket.on('data', () => {})
    socket.end(data, 'utf8', () => {
      flushed = true
    })
  })
}
