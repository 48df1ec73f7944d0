import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import { openDatabase } from '../../db/client'
import { suppliers } from '../../db/schema/partners'
import { emailOutbox, supplierIssues } from '../../db/schema/quality'
import { createTestApp, TEST_SECRET, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { JobRunner } from '../../kernel/job-queue'
import { EmailOutbox, type MailTransport } from './email-outbox'

const kinds = await databaseKinds()

describe.each(kinds)('supplier issues on %s', (kind) => {
  let t: TestApp
  let operator: string
  let supervisor: string
  let acme: string
  let supplierId: number
  let acmeSupplierId: number
  let types: { id: number; name: string }[]

  beforeAll(async () => {
    t = await createTestApp(kind)
    ;[operator, acme, supervisor] = (await Promise.all([t.login('operator'), t.login('acme.admin'), t.login('supervisor')])).map((x) => x.access)
    const [s] = await t.database.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.companyId, t.seed.companyId)).limit(1)
    const [a] = await t.database.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.companyId, t.seed.otherCompanyId)).limit(1)
    supplierId = s.id
    acmeSupplierId = a.id
  })
  afterAll(async () => {
    await t?.close()
  })

  const report = (token: string, id: number, payload: object) => t.as(token, { method: 'POST', url: `/api/partners/suppliers/${id}/report_issue/`, payload })

  it('lists the issue types (the static path is not taken for a supplier id)', async () => {
    const r = await t.as(operator, { method: 'GET', url: '/api/partners/suppliers/issue_types/' })
    expect(r.statusCode).toBe(200)
    types = r.json().results
    expect(types.map((x) => x.name)).toEqual(['Avaria', 'Atraso', 'Divergência de quantidade', 'Qualidade', 'Documentação'])
    const theirs = (await t.as(acme, { method: 'GET', url: '/api/partners/suppliers/issue_types/' })).json().results
    expect(theirs.map((x: { id: number }) => x.id)).not.toContain(types[0].id)
    // the supplier detail route still answers
    expect((await t.as(operator, { method: 'GET', url: `/api/partners/suppliers/${supplierId}/` })).statusCode).toBe(200)
  })

  it('stores a report with who and when, severity 3 by default, and lists it', async () => {
    const r = await report(operator, supplierId, { issue_type: types[0].id, description: 'Caixas amassadas no recebimento.' })
    expect(r.statusCode).toBe(201)
    expect(r.json()).toMatchObject({
      supplier: { id: supplierId },
      issue_type: { id: types[0].id, name: 'Avaria' },
      severity: 3,
      description: 'Caixas amassadas no recebimento.',
      email: false,
      email_to: null,
      email_status: null,
      created_by: 'operator',
    })
    expect(Date.now() - Date.parse(r.json().created_at)).toBeLessThan(60_000)
    const none = await report(operator, supplierId, { issue_type: null, severity: 1, description: 'Sem tipo.' })
    expect(none.statusCode).toBe(201)
    expect(none.json().issue_type).toBeNull()
    const list = await t.as(operator, { method: 'GET', url: `/api/partners/suppliers/${supplierId}/issues/` })
    expect(list.statusCode).toBe(200)
    expect(list.json().count).toBe(2)
    expect(list.json().results.map((i: { id: number }) => i.id)).toEqual([none.json().id, r.json().id])
  })

  it('puts the email in the outbox when email is on (to the address given, or the supplier’s)', async () => {
    // a free address: a supervisor's call (SPEC 15.3)
    const r = await report(supervisor, supplierId, { issue_type: types[2].id, severity: 2, description: 'Faltaram 3 caixas.', email: true, email_to: 'qualidade@fornecedor.example.com' })
    expect(r.statusCode).toBe(201)
    expect(r.json()).toMatchObject({ email: true, email_to: 'qualidade@fornecedor.example.com', email_status: 'pending' })
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'qualidade@fornecedor.example.com'))
    expect(mail.status).toBe('pending')
    expect(mail.subject).toContain('Divergência de quantidade')
    expect(mail.body).toContain('Faltaram 3 caixas.')
    expect(mail.body).toContain('Severidade: 2')
    const fallback = await report(operator, supplierId, { description: 'Atraso de 2 dias.', email: true })
    expect(fallback.statusCode).toBe(201)
    const [{ email }] = await t.database.db.select({ email: suppliers.email }).from(suppliers).where(eq(suppliers.id, supplierId))
    expect(fallback.json().email_to).toBe(email)
  })

  it('lets an operator e-mail only addresses on file (the supplier’s, the company’s users’), and limits e-mails per hour', async () => {
    const stranger = await report(operator, supplierId, { description: 'x', email: true, email_to: 'victim@elsewhere.example.com' })
    expect(stranger.statusCode).toBe(400)
    expect(stranger.json().email_to[0]).toContain('victim@elsewhere.example.com')
    const [{ email }] = await t.database.db.select({ email: suppliers.email }).from(suppliers).where(eq(suppliers.id, supplierId))
    // the supplier's and a colleague's address, in any case
    const onFile = await report(operator, supplierId, { description: 'x', email: true, email_to: `${String(email).toUpperCase()}, supervisor@example.com` })
    expect(onFile.statusCode).toBe(201)
    // another company's user is not on file for this one
    expect((await report(operator, supplierId, { description: 'x', email: true, email_to: 'acme.admin@example.com' })).statusCode).toBe(400)
    let last = onFile
    for (let i = 0; i < 25 && last.statusCode === 201; i++) last = await report(operator, supplierId, { description: `y${i}`, email: true })
    expect(last.statusCode).toBe(429)
    expect(last.json().detail).toBe('Too many supplier e-mails in the last hour. Try again later.')
    // without an e-mail, reporting goes on
    expect((await report(operator, supplierId, { description: 'z', email: false })).statusCode).toBe(201)
  })

  it('rejects a bad email_to, severity outside 1-5, unknown issue types, a blank description; another company’s supplier is 404', async () => {
    const bad = await report(operator, supplierId, { description: 'x', email: true, email_to: 'not-an-address' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json()).filter((key) => key !== 'codes')).toEqual(['email_to'])
    const badOff = await report(operator, supplierId, { description: 'x', email: false, email_to: 'a@b.com, nope' })
    expect(badOff.statusCode).toBe(400)
    for (const severity of [0, 6]) {
      const r = await report(operator, supplierId, { description: 'x', severity })
      expect(r.statusCode).toBe(400)
      expect(Object.keys(r.json()).filter((key) => key !== 'codes')).toEqual(['severity'])
    }
    const acmeTypes = (await t.as(acme, { method: 'GET', url: '/api/partners/suppliers/issue_types/' })).json().results
    for (const issue_type of [999999, acmeTypes[0].id]) {
      const r = await report(operator, supplierId, { description: 'x', issue_type })
      expect(r.statusCode).toBe(400)
      expect(Object.keys(r.json()).filter((key) => key !== 'codes')).toEqual(['issue_type'])
    }
    const blank = await report(operator, supplierId, { description: '  ' })
    expect(blank.statusCode).toBe(400)
    expect(blank.json()).toMatchObject({ description: ['This field may not be blank.'] })
    expect((await report(operator, supplierId, {})).json()).toMatchObject({ description: ['This field is required.'] })
    expect((await report(operator, acmeSupplierId, { description: 'x' })).statusCode).toBe(404)
    expect((await t.as(operator, { method: 'GET', url: `/api/partners/suppliers/${acmeSupplierId}/issues/` })).statusCode).toBe(404)
  })

  it('the outbox sends through the transport, retrying a failure with backoff', async () => {
    expect(t.app.deps.outbox.enabled).toBe(false) // no SMTP_URL: mail waits in the outbox
    const sent: { to: string; subject: string }[] = []
    let calls = 0
    const transport: MailTransport = {
      sendMail: async (m) => {
        calls++
        if (calls === 1) throw new Error('421 try again later')
        sent.push(m)
      },
    }
    // a runner of the one job queue (ADR 0017) standing in for a process with SMTP set: the app's has no mail kind
    const runner = new JobRunner(t.database.db, { pollMs: 20, leaseMs: 5000 })
    new EmailOutbox(t.database.db, { transport, backoffMs: 20 }).register(runner, { jitter: 0 })
    runner.start()
    const until = Date.now() + 10_000
    let pending = 1
    while (pending && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 25))
      pending = (await t.database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(inArray(emailOutbox.status, ['pending', 'sending']))).length
    }
    await runner.stop()
    expect(pending).toBe(0)
    const rows = await t.database.db.select().from(emailOutbox)
    expect(rows.every((m) => m.status === 'sent')).toBe(true)
    expect(sent).toHaveLength(rows.length)
    expect(Math.max(...rows.map((m) => m.attempts))).toBe(2)
    const list = (await t.as(operator, { method: 'GET', url: `/api/partners/suppliers/${supplierId}/issues/` })).json()
    expect(list.results.filter((i: { email: boolean }) => i.email).every((i: { email_status: string }) => i.email_status === 'sent')).toBe(true)
  })
})

describe.each(kinds)('the supplier e-mail quota under concurrency on %s', (kind) => {
  let t: TestApp
  let second: { app: FastifyInstance; close(): Promise<void> } | undefined
  let operator: string
  let supplierId: number

  beforeAll(async () => {
    t = await createTestApp(kind)
    operator = (await t.login('operator')).access
    const [s] = await t.database.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.companyId, t.seed.companyId)).limit(1)
    supplierId = s.id
    if (t.database.url) {
      // PostgreSQL: a second server on the same database, with its own connection pool (another process, as far as
      // the database can tell), takes half of the requests
      const database = await openDatabase({ databaseUrl: t.database.url })
      const app = await createApp({ database, jwtSecret: TEST_SECRET, dataDir: mkdtempSync(path.join(os.tmpdir(), 'wms-data-')) })
      await app.ready()
      second = { app, close: async () => (await app.close(), await database.close()) }
    }
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
  })

  it('40 e-mails sent at once by one operator: exactly 20 accepted and queued, the rest a coded 429 with Retry-After', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 && second ? second.app : t.app).inject({
          method: 'POST',
          url: `/api/partners/suppliers/${supplierId}/report_issue/`,
          headers: { authorization: `Bearer ${operator}` },
          payload: { description: `burst ${i}`, email: true },
        }),
      ),
    )
    const statuses = results.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 201)).toHaveLength(20)
    expect(statuses.filter((s) => s === 429)).toHaveLength(20)
    for (const r of results.filter((x) => x.statusCode === 429)) {
      expect(r.json()).toMatchObject({ code: 'quality_mail_throttled', detail: 'Too many supplier e-mails in the last hour. Try again later.' })
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0)
    }
    // one mail queued per accepted issue, none for a refused one
    const stored = await t.database.db
      .select({ id: supplierIssues.id, mail: supplierIssues.emailOutboxId })
      .from(supplierIssues)
      .where(and(eq(supplierIssues.companyId, t.seed.companyId), eq(supplierIssues.email, true)))
    expect(stored).toHaveLength(20)
    expect(stored.every((s) => s.mail !== null)).toBe(true)
    expect(await t.database.db.$count(emailOutbox, eq(emailOutbox.companyId, t.seed.companyId))).toBe(20)
  })
})
