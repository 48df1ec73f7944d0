import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { type PrinterResolution, printJobs } from '../../db/schema/printing'
import { printers } from '../../db/schema/printers'
import { enqueueMany, type JobContext, type JobRunner, LEASE_EXPIRED_ERROR, PermanentJobError, retryDelay } from '../../kernel/job-queue'
import { renderPngOffThread } from './labels/render-pool'
import { allowedPrinterNetworks, checkPrinterHost } from './printer-address'
import { parseZpl } from './labels/zpl'

/**
 * Sending labels (ADR 0004), as a handler of the one job queue (ADR 0017, "At most once on an at-least-once queue").
 * A print request stores its `print_jobs` row (what the printing screens list) and enqueues a `print` job with
 * `{ printJobId }` in one transaction; the job's order key `printer:<id>` keeps one job per printer across processes.
 * The queue claims, leases, retries with back-off and dead-letters; this handler writes the ZPL to the printer over raw
 * TCP (or to the spool for the virtual printer). Before the first byte leaves, `delivery_started_at` is committed, so
 * a run that finds it set knows an earlier run died after the printer may have printed: the row turns `unknown`, for a
 * person to check (a Zebra printer has no way to say "already printed", and a second pallet label with the same SSCC
 * is worse than a missing one); nothing is sent again without a person's resend.
 */
export type PrintSenderOptions = {
  /** first retry delay; doubles per attempt */
  backoffMs: number
  maxBackoffMs: number
  /** attempts before a job is failed (the queue job's max_attempts, set when it is enqueued) */
  maxAttempts: number
  connectTimeoutMs: number
  /** time to hand the whole job to the printer once connected */
  writeTimeoutMs: number
  /** jobs in flight at once in this process (one per printer, by the order key) */
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

export const DEFAULT_PRINT_SENDER_OPTIONS: Omit<PrintSenderOptions, 'spoolDir'> = {
  backoffMs: 1000,
  maxBackoffMs: 60_000,
  maxAttempts: 5,
  connectTimeoutMs: 3000,
  writeTimeoutMs: 10_000,
  concurrency: 4,
  spoolKeepMs: 7 * 24 * 3600_000,
  operatorAllowedNetworks: [],
}

/** The queue's job kind for one label job (ADR 0017). */
export const PRINT_JOB_KIND = 'print'

/** The spool is looked through at most this often (on start, then after writes). */
const SPOOL_PRUNE_EVERY_MS = 3600_000

export const UNKNOWN_OUTCOME_ERROR = 'The server stopped while this job was being sent: the label may or may not have printed. Check the printer, then resend if it is missing.'

export const STOPPED_BEFORE_SENDING_ERROR = 'the server sending it stopped before the printer was reached.'

/** Put stored `print_jobs` rows on the one job queue, in the caller's transaction (the caller wakes its runner after commit). */
export async function enqueuePrintJobs(tx: DbOrTx, rows: readonly { id: number; companyId: number; printerId: number }[], maxAttempts = DEFAULT_PRINT_SENDER_OPTIONS.maxAttempts): Promise<void> {
  await enqueueMany(
    tx,
    rows.map((r) => ({ kind: PRINT_JOB_KIND, companyId: r.companyId, payload: { printJobId: r.id }, maxAttempts, orderKey: `printer:${r.printerId}` })),
  )
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

const printJobIdOf = (payload: unknown) => Number((payload as { printJobId?: unknown }).printJobId)

export class PrintSender {
  private opts: PrintSenderOptions
  private prunedAt = 0
  private runner: JobRunner | undefined

  constructor(
    private readonly db: Db,
    opts: Partial<PrintSenderOptions> & { spoolDir: string },
  ) {
    this.opts = { ...DEFAULT_PRINT_SENDER_OPTIONS, ...opts }
  }

  get spoolDir(): string {
    return this.opts.spoolDir
  }

  /** attempts a new job is given (its max_attempts on the queue) */
  get maxAttempts(): number {
    return this.opts.maxAttempts
  }

  /** Register the `print` kind on a runner (the app's, or a test's standing in for another process). */
  register(runner: JobRunner, kind: { jitter?: number } = {}): void {
    this.runner = runner
    runner.register(PRINT_JOB_KIND, (job) => this.send(job), {
      concurrency: this.opts.concurrency,
      backoffMs: this.opts.backoffMs,
      maxBackoffMs: this.opts.maxBackoffMs,
      ...kind,
      onDeadLetter: (job, reason) => this.deadLettered(printJobIdOf(job.payload), job.attempt, reason),
    })
    this.pruneSpool()
  }

  /** Tests: shorter timeouts and back-off (the runner's poll is the runner's). */
  configure(opts: Partial<Omit<PrintSenderOptions, 'spoolDir'>> & { jitter?: number }): void {
    const { jitter, ...own } = opts
    this.opts = { ...this.opts, ...own }
    this.runner?.configureKind(PRINT_JOB_KIND, {
      backoffMs: this.opts.backoffMs,
      maxBackoffMs: this.opts.maxBackoffMs,
      concurrency: this.opts.concurrency,
      ...(jitter === undefined ? {} : { jitter }),
    })
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

  /** The dead letter (ADR 0017): the row is failed, or `unknown` when its last run may have reached the printer. */
  private async deadLettered(id: number, attempts: number, reason: string): Promise<void> {
    const [row] = await this.db.select({ status: printJobs.status, deliveryStartedAt: printJobs.deliveryStartedAt }).from(printJobs).where(eq(printJobs.id, id))
    if (!row || row.status === 'sent' || row.status === 'unknown') return
    if (row.deliveryStartedAt) {
      await this.db.update(printJobs).set({ status: 'unknown', leaseUntil: null, lastError: UNKNOWN_OUTCOME_ERROR }).where(eq(printJobs.id, id))
      return
    }
    const why = reason === LEASE_EXPIRED_ERROR ? STOPPED_BEFORE_SENDING_ERROR : reason
    await this.db
      .update(printJobs)
      .set({ status: 'failed', leaseUntil: null, lastError: `Failed after ${attempts} attempts: ${why}` })
      .where(and(eq(printJobs.id, id), inArray(printJobs.status, ['queued', 'sending'])))
  }

  /** One run of a `print` job. */
  private async send(run: JobContext): Promise<void> {
    const id = printJobIdOf(run.payload)
    const [row] = await this.db.select().from(printJobs).where(eq(printJobs.id, id))
    if (!row || (row.status !== 'queued' && row.status !== 'sending')) return // sent, failed, unknown or gone: nothing to do
    if (row.status === 'sending' && row.deliveryStartedAt) {
      // an earlier run died after the first byte (ADR 0004): never sent again automatically
      await this.db
        .update(printJobs)
        .set({ status: 'unknown', leaseUntil: null, lastError: UNKNOWN_OUTCOME_ERROR })
        .where(and(eq(printJobs.id, id), eq(printJobs.status, 'sending')))
      return
    }
    const claimed = await this.db
      .update(printJobs)
      .set({ status: 'sending', attempts: run.attempt, deliveryStartedAt: null, leaseUntil: null })
      .where(and(eq(printJobs.id, id), inArray(printJobs.status, ['queued', 'sending'])))
      .returning({ id: printJobs.id })
    if (!claimed.length) return
    await this.process({ id, printerId: row.printerId, zpl: row.zpl, attempts: run.attempt }, run)
  }

  private async process(job: Claimed, run: JobContext): Promise<void> {
    const [printer] = await this.db
      .select({ companyId: printers.companyId, isVirtual: printers.isVirtual, host: printers.host, port: printers.port, resolution: printers.resolution })
      .from(printers)
      .where(eq(printers.id, job.printerId))
    try {
      if (!printer) throw new NotDelivered('The printer no longer exists.', true)
      const delivered = printer.isVirtual ? await this.toSpool(job, printer) : await this.toSocket(job, printer)
      if (!delivered) return // the row changed under this run (a person's action): nothing more to do
      await this.opts.afterWrite?.(job.id)
      await this.db
        .update(printJobs)
        .set({ status: 'sent', sentAt: new Date(), leaseUntil: null, lastError: null })
        .where(and(eq(printJobs.id, job.id), eq(printJobs.attempts, job.attempts), inArray(printJobs.status, ['sending', 'unknown'])))
      await this.db.update(printers).set({ isOnline: true, lastSeenAt: new Date(), lastError: null }).where(eq(printers.id, job.printerId))
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e)
      if (!(e instanceof NotDelivered)) {
        // bytes may have gone out before the error: not safe to repeat automatically; the queue job ends done
        this.opts.log?.error({ err: e, jobId: job.id }, 'print job interrupted after delivery started')
        await this.db
          .update(printJobs)
          .set({ status: 'unknown', leaseUntil: null, lastError: `${reason}. ${UNKNOWN_OUTCOME_ERROR}` })
          .where(and(eq(printJobs.id, job.id), eq(printJobs.attempts, job.attempts), eq(printJobs.status, 'sending')))
        return
      }
      const failed = job.attempts >= run.maxAttempts || e.final
      this.opts.log?.warn({ jobId: job.id, attempt: job.attempts, reason, failed }, 'print job not delivered')
      await this.db
        .update(printJobs)
        .set({
          status: failed ? 'failed' : 'queued',
          leaseUntil: null,
          deliveryStartedAt: null,
          lastError: failed ? `Failed after ${job.attempts} attempts: ${reason}` : reason,
          // when the queue runs it again at the latest (its back-off, before jitter takes some off)
          nextAttemptAt: new Date(Date.now() + retryDelay({ backoffMs: this.opts.backoffMs, maxBackoffMs: this.opts.maxBackoffMs, jitter: 0 }, job.attempts)),
        })
        .where(and(eq(printJobs.id, job.id), eq(printJobs.attempts, job.attempts), eq(printJobs.status, 'sending')))
      if (printer) await this.db.update(printers).set({ isOnline: false, lastError: reason }).where(eq(printers.id, job.printerId))
      // the queue retries it with back-off, or dead-letters it (the row is failed already)
      throw e.final ? new PermanentJobError(reason) : e
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
