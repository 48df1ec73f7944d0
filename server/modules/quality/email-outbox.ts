import { eq, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { emailOutbox } from '../../db/schema/quality'
import { enqueue, type JobContext, type JobRunner, type KindOptions } from '../../kernel/job-queue'

/** What the outbox needs from a mail transport (nodemailer's, or a fake in tests). */
export type MailTransport = { sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown> }

export type EmailOutboxOptions = {
  /** SMTP_URL; without it (and without a transport) mail waits in the outbox, its job queued */
  smtpUrl?: string
  transport?: MailTransport
  from?: string
  backoffMs: number
  maxBackoffMs: number
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void }
}

export const DEFAULT_FROM = 'Movatic WMS <no-reply@movatic.invalid>'

/** The job kind that sends one outbox row (ADR 0017, "At least once: e-mail"). */
export const MAIL_JOB_KIND = 'mail.send'
/** attempts before a mail is dead-lettered (the kernel queue's max_attempts for the kind) */
export const MAIL_MAX_ATTEMPTS = 8

/** smtp://user:pass@host:587?from=wms@example.com — the sender may ride on the URL. */
export function transportFromUrl(smtpUrl: string): { transport: MailTransport; from: string } {
  const url = new URL(smtpUrl)
  const from = url.searchParams.get('from') ?? DEFAULT_FROM
  url.searchParams.delete('from')
  // nodemailer is loaded when the first mail is sent, not while the server starts (ADR 0021)
  let transport: Promise<MailTransport> | undefined
  const sendMail: MailTransport['sendMail'] = async (message) => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url.toString()))
    transport.catch(() => (transport = undefined)) // a failed load is tried again at the next send
    return (await transport).sendMail(message)
  }
  return { transport: { sendMail }, from }
}

/** Put a stored outbox row on the one job queue, in the caller's transaction (ADR 0017). */
export async function enqueueMail(tx: DbOrTx, mail: { id: number; companyId: number }): Promise<number> {
  return enqueue(tx, { kind: MAIL_JOB_KIND, companyId: mail.companyId, payload: { outboxId: mail.id }, maxAttempts: MAIL_MAX_ATTEMPTS })
}

/**
 * The supplier e-mail sender, a handler of the kernel job queue (ADR 0017): `email_outbox` stays the domain row the
 * screens read (pending → sending → sent, or failed), the queue claims, leases, retries with back-off and
 * dead-letters. A sender that dies mid-send leaves a lease that expires and the mail is sent again: for mail,
 * at-least-once is the right side to err on (ADR 0004). Without a transport no handler is registered and the jobs wait.
 */
export class EmailOutbox {
  private readonly opts: EmailOutboxOptions
  private readonly transport: MailTransport | undefined
  private readonly from: string

  constructor(
    private readonly db: Db,
    opts: Partial<EmailOutboxOptions>,
  ) {
    this.opts = { backoffMs: 30_000, maxBackoffMs: 3_600_000, ...opts }
    const fromUrl = opts.transport ? undefined : opts.smtpUrl ? transportFromUrl(opts.smtpUrl) : undefined
    this.transport = opts.transport ?? fromUrl?.transport
    this.from = opts.from ?? fromUrl?.from ?? DEFAULT_FROM
  }

  get enabled(): boolean {
    return this.transport !== undefined
  }

  /** Register the mail kind on a runner (the app's, or a test's); nothing is registered without a transport. */
  register(runner: JobRunner, kind: Partial<KindOptions> = {}): void {
    if (!this.transport) return
    runner.register(MAIL_JOB_KIND, (job) => this.send(job), {
      backoffMs: this.opts.backoffMs,
      maxBackoffMs: this.opts.maxBackoffMs,
      ...kind,
      onDeadLetter: async (job, reason) => {
        await this.db.update(emailOutbox).set({ status: 'failed', leaseUntil: null, lastError: reason }).where(eq(emailOutbox.id, outboxIdOf(job.payload)))
      },
    })
  }

  private async send(job: JobContext): Promise<void> {
    const id = outboxIdOf(job.payload)
    const [mail] = await this.db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: job.attempt })
      .where(eq(emailOutbox.id, id))
      .returning()
    if (!mail) return // the row is gone: nothing to send
    try {
      await this.transport!.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.body })
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e)
      this.opts.log?.warn({ mailId: id, attempt: job.attempt, reason }, 'mail not sent')
      // back to pending until the queue's next attempt (or its dead letter marks it failed)
      await this.db.update(emailOutbox).set({ status: 'pending', lastError: reason }).where(eq(emailOutbox.id, id))
      throw e
    }
    await this.db.update(emailOutbox).set({ status: 'sent', sentAt: sql`now()`, leaseUntil: null, lastError: null }).where(eq(emailOutbox.id, id))
  }
}

function outboxIdOf(payload: unknown): number {
  return Number((payload as { outboxId?: unknown }).outboxId)
}
