import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '../../db/client'
import { emailOutbox } from '../../db/schema/quality'

/** What the outbox needs from a mail transport (nodemailer's, or a fake in tests). */
export type MailTransport = { sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown> }

export type EmailOutboxOptions = {
  /** SMTP_URL; without it (and without a transport) mail waits in the outbox */
  smtpUrl?: string
  transport?: MailTransport
  from?: string
  backoffMs: number
  maxBackoffMs: number
  maxAttempts: number
  leaseMs: number
  pollMs: number
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void }
}

export const DEFAULT_FROM = 'Movatic WMS <no-reply@movatic.invalid>'

/** smtp://user:pass@host:587?from=wms@example.com — the sender may ride on the URL. */
export function transportFromUrl(smtpUrl: string): { transport: MailTransport; from: string } {
  const url = new URL(smtpUrl)
  const from = url.searchParams.get('from') ?? DEFAULT_FROM
  url.searchParams.delete('from')
  return { transport: nodemailer.createTransport(url.toString()), from }
}

/**
 * The email outbox worker: rows go pending → sending (claimed with a lease) → sent, or back to pending with
 * backoff, or failed after N attempts. A sender that dies mid-send leaves a lease that expires and the mail is
 * sent again: for mail, at-least-once is the right side to err on (ADR 0004).
 */
export class EmailOutbox {
  private opts: EmailOutboxOptions
  private transport: MailTransport | undefined
  private from: string
  private timer: NodeJS.Timeout | undefined
  private busy: Promise<void> | undefined
  private again = false
  private stopped = true

  constructor(
    private readonly db: Db,
    opts: Partial<EmailOutboxOptions>,
  ) {
    this.opts = { backoffMs: 30_000, maxBackoffMs: 3_600_000, maxAttempts: 8, leaseMs: 60_000, pollMs: 5000, ...opts }
    const fromUrl = opts.transport ? undefined : opts.smtpUrl ? transportFromUrl(opts.smtpUrl) : undefined
    this.transport = opts.transport ?? fromUrl?.transport
    this.from = opts.from ?? fromUrl?.from ?? DEFAULT_FROM
  }

  get enabled(): boolean {
    return this.transport !== undefined
  }

  configure(opts: Partial<EmailOutboxOptions>): void {
    this.opts = { ...this.opts, ...opts }
    if (opts.transport) this.transport = opts.transport
  }

  start(): void {
    if (!this.transport || !this.stopped) return
    this.stopped = false
    this.timer = setInterval(() => this.wake(), this.opts.pollMs)
    this.timer.unref()
    this.wake()
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.busy
  }

  wake(): void {
    if (this.stopped) return
    if (this.busy) {
      this.again = true
      return
    }
    this.busy = this.drain()
      .catch((e: unknown) => this.opts.log?.error({ err: e }, 'email outbox pass failed'))
      .finally(() => {
        this.busy = undefined
        if (this.again) {
          this.again = false
          this.wake()
        }
      })
  }

  /** Tests: resolves when the current pass is over. */
  async idle(): Promise<void> {
    while (this.busy) await this.busy
  }

  private async drain(): Promise<void> {
    const now = new Date()
    await this.db
      .update(emailOutbox)
      .set({ status: 'pending', leaseUntil: null })
      .where(and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.leaseUntil, now)))
    while (!this.stopped && this.transport) {
      const next = this.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, new Date())))
        .orderBy(asc(emailOutbox.id))
        .limit(1)
        .for('update', { skipLocked: true })
      const [mail] = await this.db
        .update(emailOutbox)
        .set({ status: 'sending', attempts: sql`${emailOutbox.attempts} + 1`, leaseUntil: new Date(Date.now() + this.opts.leaseMs) })
        .where(and(inArray(emailOutbox.id, next), eq(emailOutbox.status, 'pending')))
        .returning()
      if (!mail) return
      try {
        await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.body })
        await this.db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), leaseUntil: null, lastError: null }).where(eq(emailOutbox.id, mail.id))
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e)
        const failed = mail.attempts >= this.opts.maxAttempts
        this.opts.log?.warn({ mailId: mail.id, attempt: mail.attempts, reason, failed }, 'mail not sent')
        await this.db
          .update(emailOutbox)
          .set({
            status: failed ? 'failed' : 'pending',
            leaseUntil: null,
            lastError: reason,
            nextAttemptAt: new Date(Date.now() + Math.min(this.opts.maxBackoffMs, this.opts.backoffMs * 2 ** (mail.attempts - 1))),
          })
          .where(eq(emailOutbox.id, mail.id))
      }
    }
  }
}
