import { and, eq, inArray, sql } from 'drizzle-orm'
import { ofetch } from 'ofetch'
import { Webhook } from 'standardwebhooks'
import type { Db } from '../../db/client'
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema/webhooks'
import { WEBHOOK_DELIVER_KIND, WEBHOOK_LOCK_CLASS, wakeSubscription } from '../../kernel/events'
import type { JobContext, JobRunner } from '../../kernel/job-queue'
import { WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from '../../../contracts/integrations/webhooks.rules'
import { checkWebhookUrl, type WebhookAddressPolicy } from './webhook-address'

export type WebhookSenderOptions = {
  policy: WebhookAddressPolicy
  /** waits between a delivery's attempts; the attempt after the last wait failing makes it dead */
  retryDelaysMs: readonly number[]
  timeoutMs: number
  /** subscriptions sent to at once by this process (each one's deliveries stay in order) */
  concurrency: number
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void }
}

/** deliveries read per query; acknowledgements written per statement */
const BATCH = 200
const ACK_EVERY = 50

type Pending = { id: number; event_id: string | number; attempts: number; next_attempt_at: Date | string | null; type: string; payload: unknown; created_at: Date | string }
type Outcome = { ok: true; code: number } | { ok: false; code: number | null; error: string }

/**
 * The webhook sender (ADR 0020), a kind of the one job queue: one job per subscription at a time (its order key)
 * sends the subscription's pending deliveries oldest event first, signed per Standard Webhooks. A receiver that fails
 * holds the subscription's later events back until its delivery is delivered or dead (in order, at least once). A
 * process that dies mid-send leaves its claim to expire; the next runner sends the same delivery again with the same
 * `webhook-id`.
 */
export class WebhookSender {
  readonly opts: WebhookSenderOptions

  constructor(
    private readonly db: Db,
    opts: Partial<WebhookSenderOptions> & { policy: WebhookAddressPolicy },
  ) {
    this.opts = { retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS, timeoutMs: WEBHOOK_TIMEOUT_MS, concurrency: 4, ...opts }
  }

  register(runner: JobRunner): void {
    runner.register(WEBHOOK_DELIVER_KIND, (job) => this.drain(job), { concurrency: this.opts.concurrency, backoffMs: 2000, maxBackoffMs: 300_000 })
  }

  /** Tests: a shorter schedule. */
  configure(opts: Partial<WebhookSenderOptions>): void {
    Object.assign(this.opts, opts)
  }

  private async drain(job: JobContext): Promise<void> {
    const subscriptionId = Number((job.payload as { subscriptionId?: unknown }).subscriptionId)
    for (;;) {
      const [sub] = await this.db
        .select()
        .from(webhookSubscriptions)
        .where(and(eq(webhookSubscriptions.id, subscriptionId), job.companyId === null ? undefined : eq(webhookSubscriptions.companyId, job.companyId)))
      // deleted, or paused: its deliveries wait (enabling it wakes them)
      if (!sub || !sub.enabled) return
      const batch = await this.pending(subscriptionId)
      if (!batch.length) return
      const verdict = await this.sendBatch(job, sub, batch)
      if (verdict === 'wait') return
    }
  }

  /**
   * The next deliveries, read under the subscription's lock exclusive (ADR 0020 "In order, none left behind"): no
   * transaction that adds to the queue is open meanwhile, so what is not read here gets a larger event id, and an
   * empty read is empty for good (a later delivery's transaction finds this job running and queues one of its own).
   */
  private pending(subscriptionId: number): Promise<Pending[]> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${WEBHOOK_LOCK_CLASS}, ${subscriptionId})`)
      const result = await tx.execute<Pending>(sql`
        select d.id, d.event_id, d.attempts, d.next_attempt_at, e.type, e.payload, e.created_at
        from webhook_deliveries d join webhook_events e on e.id = d.event_id
        where d.subscription_id = ${subscriptionId} and d.status = 'pending'
        order by d.event_id
        limit ${BATCH}`)
      return result.rows
    })
  }

  /** Send in order until one fails or is not due: 'wait' when the job should end (a retry is scheduled), else 'more'. */
  private async sendBatch(job: JobContext, sub: typeof webhookSubscriptions.$inferSelect, batch: Pending[]): Promise<'wait' | 'more'> {
    const acked: { id: number; code: number }[] = []
    try {
      for (const d of batch) {
        if (job.signal.aborted) throw job.signal.reason
        const due = d.next_attempt_at === null ? 0 : new Date(d.next_attempt_at).getTime()
        if (due > Date.now()) {
          await this.flush(acked)
          await this.db.transaction((tx) => wakeSubscription(tx, sub.companyId, sub.id, new Date(due)))
          return 'wait'
        }
        const outcome = await this.send(sub, d, job.signal)
        if (outcome.ok) {
          acked.push({ id: d.id, code: outcome.code })
          if (acked.length >= ACK_EVERY) await this.flush(acked)
          continue
        }
        await this.flush(acked)
        const retryAt = await this.failed(d, outcome)
        if (retryAt) {
          await this.db.transaction((tx) => wakeSubscription(tx, sub.companyId, sub.id, retryAt))
          return 'wait'
        }
      }
    } finally {
      await this.flush(acked)
    }
    return 'more'
  }

  private async flush(acked: { id: number; code: number }[]): Promise<void> {
    if (!acked.length) return
    const byCode = new Map<number, number[]>()
    for (const a of acked.splice(0)) byCode.set(a.code, [...(byCode.get(a.code) ?? []), a.id])
    const now = new Date()
    for (const [code, ids] of byCode) {
      await this.db
        .update(webhookDeliveries)
        .set({ status: 'delivered', deliveredAt: now, lastAttemptAt: now, attempts: sql`${webhookDeliveries.attempts} + 1`, lastResponseCode: code, lastError: null, nextAttemptAt: null })
        .where(and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.status, 'pending')))
    }
  }

  /** Count the failed attempt: the time of the next one, or undefined when this was the last (dead). */
  private async failed(d: Pending, outcome: Extract<Outcome, { ok: false }>): Promise<Date | undefined> {
    const attempts = d.attempts + 1
    const delays = this.opts.retryDelaysMs
    const dead = attempts > delays.length
    const now = new Date()
    const next = dead ? undefined : new Date(now.getTime() + delays[attempts - 1])
    await this.db
      .update(webhookDeliveries)
      .set({ status: dead ? 'dead' : 'pending', attempts, lastAttemptAt: now, lastResponseCode: outcome.code, lastError: outcome.error.slice(0, 500), nextAttemptAt: next ?? null })
      .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.status, 'pending')))
    this.opts.log?.warn({ deliveryId: d.id, attempts, code: outcome.code, error: outcome.error, dead }, 'webhook not delivered')
    return next
  }

  /** One signed POST; any 2xx is delivered, anything else (a redirect too: it is not followed) a failed attempt. */
  private async send(sub: typeof webhookSubscriptions.$inferSelect, d: Pending, signal: AbortSignal): Promise<Outcome> {
    // checked again on every send: a name may have come to point elsewhere since the subscription was saved
    const check = await checkWebhookUrl(sub.url, this.opts.policy)
    if (!check.ok) return { ok: false, code: null, error: `address refused (${check.reason}${check.address ? ` ${check.address}` : ''})` }
    const id = `evt_${d.event_id}`
    const body = JSON.stringify({ type: d.type, timestamp: new Date(d.created_at).toISOString(), data: d.payload })
    const now = new Date()
    const signature = new Webhook(sub.secret).sign(id, now, body)
    // a signal of this request's own, aborted with the job's: fetch leaves its listener on the signal it is given
    const request = new AbortController()
    const abort = () => request.abort(signal.reason)
    signal.addEventListener('abort', abort, { once: true })
    try {
      const response = await ofetch.raw(sub.url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'user-agent': 'Movatic-WMS-Webhooks/1', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signature },
        timeout: this.opts.timeoutMs,
        signal: request.signal,
        retry: 0,
        redirect: 'manual',
        ignoreResponseError: true,
        responseType: 'text',
      })
      if (response.status >= 200 && response.status < 300) return { ok: true, code: response.status }
      return { ok: false, code: response.status, error: `HTTP ${response.status}${response._data ? `: ${String(response._data).slice(0, 200)}` : ''}` }
    } catch (e) {
      if (signal.aborted) throw e
      const cause = (e as { cause?: { code?: string; message?: string } }).cause
      return { ok: false, code: null, error: cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : String(e)) }
    } finally {
      signal.removeEventListener('abort', abort)
    }
  }
}
