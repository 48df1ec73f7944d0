import net from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations } from './db/schema/core'
import { suppliers } from './db/schema/partners'
import { emailOutbox, supplierIssues } from './db/schema/quality'
import { JobRunner } from './kernel/job-queue'
import { PRINT_JOB_KIND } from './modules/printing/print-sender'
import { EmailOutbox, MAIL_JOB_KIND } from './modules/quality/email-outbox'
import { createTestApp, type TestApp } from '../tests/support/test-app'
import { databaseKinds } from '../tests/support/test-db'

const kinds = await databaseKinds()

/** A port where nothing listens: the SMTP server refuses the connection. */
async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A real SMTP receiver on 127.0.0.1: answers the commands nodemailer sends and keeps each message's text. */
async function smtpReceiver(port: number): Promise<{ messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = []
  const server = net.createServer((socket) => {
    let buffered = ''
    let inData = false
    let body = ''
    socket.on('error', () => {})
    socket.write('220 receiver.test ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8')
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end)
        buffered = buffered.slice(end + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            messages.push(body)
            body = ''
            socket.write('250 2.0.0 queued\r\n')
          } else body += `${line}\n`
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 receiver.test\r\n')
        else if (verb === 'DATA') {
          inData = true
          socket.write('354 end with <CRLF>.<CRLF>\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 OK\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { messages, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

async function waitFor<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const v = await probe()
    if (v) return v
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

type JobOut = { id: number; kind: string; state: string; attempts: number; last_error: string | null; company_id: number | null }

describe.each(kinds)('labels and supplier e-mails on the job queue admin API on %s (ADR 0017)', (kind) => {
  let t: TestApp
  let admin: string
  let operator: string
  let mailRunner: JobRunner | undefined
  let receiver: Awaited<ReturnType<typeof smtpReceiver>> | undefined

  beforeAll(async () => {
    t = await createTestApp(kind, { products: 10, locations: 10, stock: 10 })
    ;[admin, operator] = (await Promise.all([t.login('admin'), t.login('operator')])).map((x) => x.access)
    t.app.deps.jobs.configure({ pollMs: 20 })
  })
  afterAll(async () => {
    await mailRunner?.stop()
    await receiver?.close()
    await t?.close()
  })

  const jobsOf = async (kindName: string): Promise<JobOut[]> => (await t.as(admin, { method: 'GET', url: `/api/system/jobs/?kind=${kindName}` })).json().results

  it('shows a print job and an e-mail job with their kinds; a mail the SMTP server refuses ends failed with its last error, and a retry sends it', async () => {
    const db = t.database.db
    // a label on the virtual printer: a `print` job, run by the app's runner
    const [loc] = await db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, t.seed.companyId)).limit(1)
    const printers = (await t.as(operator, { method: 'GET', url: '/api/printing/printers/' })).json().results as { id: number; is_virtual: boolean }[]
    const label = await t.as(operator, { method: 'POST', url: `/api/printing/locations/${loc.id}/print/`, payload: { copies: 1, printer: printers.find((p) => p.is_virtual)!.id } })
    expect(label.statusCode).toBe(202)

    // a supplier issue e-mailed: a `mail.send` job; the app has no SMTP, so a second runner with an SMTP server that
    // refuses connections stands in for the process that sends mail
    const port = await freePort()
    mailRunner = new JobRunner(db, { pollMs: 20, leaseMs: 5000 })
    new EmailOutbox(db, { smtpUrl: `smtp://127.0.0.1:${port}`, backoffMs: 10, maxBackoffMs: 40 }).register(mailRunner, { jitter: 0 })
    mailRunner.start()
    const [supplier] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.companyId, t.seed.companyId)).limit(1)
    const issue = await t.as(operator, { method: 'POST', url: `/api/partners/suppliers/${supplier.id}/report_issue/`, payload: { description: 'Caixas amassadas', email: true } })
    expect(issue.statusCode).toBe(201)

    const [printJob] = await waitFor(async () => {
      const list = await jobsOf(PRINT_JOB_KIND)
      return list.length && list[0].state === 'done' ? list : undefined
    }, 'the print job done')
    expect(printJob).toMatchObject({ kind: 'print', state: 'done', company_id: t.seed.companyId })

    const failed = await waitFor(async () => (await jobsOf(MAIL_JOB_KIND)).find((j) => j.state === 'failed'), 'the mail job dead-lettered')
    expect(failed).toMatchObject({ kind: 'mail.send', state: 'failed', attempts: 8, company_id: t.seed.companyId })
    expect(failed.last_error).toMatch(/ECONNREFUSED/)
    const [mail] = await db
      .select({ status: emailOutbox.status, lastError: emailOutbox.lastError, subject: emailOutbox.subject })
      .from(emailOutbox)
      .innerJoin(supplierIssues, eq(supplierIssues.emailOutboxId, emailOutbox.id))
      .where(and(eq(supplierIssues.companyId, t.seed.companyId), eq(supplierIssues.description, 'Caixas amassadas')))
    expect(mail.status).toBe('failed')
    expect(mail.lastError).toMatch(/ECONNREFUSED/)

    // the SMTP server is back; the admin retries the job from the queue screen
    receiver = await smtpReceiver(port)
    const retried = await t.as(admin, { method: 'POST', url: `/api/system/jobs/${failed.id}/retry/` })
    expect(retried.statusCode).toBe(200)
    mailRunner.wake()
    const done = await waitFor(async () => (await jobsOf(MAIL_JOB_KIND)).find((j) => j.id === failed.id && j.state === 'done'), 'the retried mail job done')
    expect(done.last_error).toBeNull()
    expect(receiver.messages).toHaveLength(1)
    expect(receiver.messages[0]).toContain('Caixas amassadas')
    const [after] = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.subject, mail.subject))
    expect(after.status).toBe('sent')
  })
})
