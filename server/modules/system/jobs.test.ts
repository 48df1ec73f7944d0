import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '../../db/schema/jobs'
import { enqueue } from '../../kernel/job-queue'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'

const kinds = await databaseKinds()

describe.each(kinds)('the job queue admin API on %s (ADR 0017)', (kind) => {
  let t: TestApp
  let admin: string
  let supervisor: string
  let operator: string
  let acme: string
  let failed: number
  let queued: number
  let done: number
  let installation: number
  let acmeJob: number

  beforeAll(async () => {
    t = await createTestApp(kind, { products: 10, locations: 10, stock: 10 })
    ;[admin, supervisor, operator, acme] = (await Promise.all(['admin', 'supervisor', 'operator', 'acme.admin'].map((u) => t.login(u)))).map((x) => x.access)
    const db = t.database.db
    // no runner has these kinds: they stay as written
    failed = await enqueue(db, { kind: 'test.mail', companyId: t.seed.companyId, payload: { to: 'buyer@example.com' } })
    await db.update(jobs).set({ state: 'failed', attempts: 5, lastError: 'SMTP 550 mailbox unavailable' }).where(eq(jobs.id, failed))
    queued = await enqueue(db, { kind: 'test.label', companyId: t.seed.companyId, runAt: new Date(Date.now() + 3600_000) })
    done = await enqueue(db, { kind: 'test.label', companyId: t.seed.companyId })
    await db.update(jobs).set({ state: 'done' }).where(eq(jobs.id, done))
    installation = await enqueue(db, { kind: 'test.rollup', companyId: null })
    acmeJob = await enqueue(db, { kind: 'test.mail', companyId: t.seed.otherCompanyId, payload: { to: 'secret@acme.example' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  const get = (token: string, url: string) => t.as(token, { method: 'GET', url })
  const post = (token: string, url: string) => t.as(token, { method: 'POST', url })

  it('is for admins only: supervisors and operators are refused every route, the signed-out too', async () => {
    for (const token of [supervisor, operator]) {
      expect((await get(token, '/api/system/jobs/')).statusCode).toBe(403)
      expect((await get(token, '/api/system/jobs/counts/')).statusCode).toBe(403)
      expect((await get(token, `/api/system/jobs/${failed}/`)).statusCode).toBe(403)
      expect((await post(token, `/api/system/jobs/${failed}/retry/`)).statusCode).toBe(403)
      expect((await post(token, `/api/system/jobs/${queued}/cancel/`)).statusCode).toBe(403)
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/system/jobs/' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: `/api/system/jobs/${failed}/retry/` })).statusCode).toBe(401)
  })

  it("lists the admin's company's jobs and the installation's, newest first, DRF-paginated, filtered by kind and state", async () => {
    const all = await get(admin, '/api/system/jobs/')
    expect(all.statusCode).toBe(200)
    const body = all.json()
    expect(body.results.map((j: { id: number }) => j.id)).toEqual([installation, done, queued, failed])
    expect(body).toMatchObject({ count: 4, next: null, previous: null })
    const page = (await get(admin, '/api/system/jobs/?page_size=2')).json()
    expect(page.count).toBe(4)
    expect(page.next).toContain('page=2')
    expect(page.results).toHaveLength(2)
    const failedOnly = (await get(admin, '/api/system/jobs/?state=failed')).json()
    expect(failedOnly.results).toEqual([expect.objectContaining({ id: failed, kind: 'test.mail', state: 'failed', attempts: 5, last_error: 'SMTP 550 mailbox unavailable', company_id: t.seed.companyId })])
    expect((await get(admin, '/api/system/jobs/?kind=test.label')).json().results.map((j: { id: number }) => j.id)).toEqual([done, queued])
    expect((await get(admin, '/api/system/jobs/?search=mailbox%20550')).json().results.map((j: { id: number }) => j.id)).toEqual([failed])
    expect((await get(admin, '/api/system/jobs/?search=rollup')).json().results.map((j: { id: number }) => j.id)).toEqual([installation])
    const bad = await get(admin, '/api/system/jobs/?state=exploded')
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json())).toContain('state')
    const counts = (await get(admin, '/api/system/jobs/counts/')).json()
    expect(counts.results).toEqual([
      { kind: 'test.label', state: 'done', count: 1 },
      { kind: 'test.label', state: 'queued', count: 1 },
      { kind: 'test.mail', state: 'failed', count: 1 },
      { kind: 'test.rollup', state: 'queued', count: 1 },
    ])
  })

  it("never shows another company's job: not in the list or the counts, and its id is not found for detail, retry or cancel", async () => {
    const acmeList = (await get(acme, '/api/system/jobs/')).json()
    expect(acmeList.results.map((j: { id: number }) => j.id)).toEqual([acmeJob, installation])
    for (const r of [await get(admin, `/api/system/jobs/${acmeJob}/`), await post(admin, `/api/system/jobs/${acmeJob}/retry/`), await post(admin, `/api/system/jobs/${acmeJob}/cancel/`)]) {
      expect(r.statusCode).toBe(404)
      expect(r.json()).toMatchObject({ detail: 'No such job.', code: 'job_not_found' })
    }
    expect((await get(acme, `/api/system/jobs/${failed}/`)).statusCode).toBe(404)
    expect((await get(admin, '/api/system/jobs/')).body).not.toContain('secret@acme.example')
    // nothing was changed by the refused actions
    expect((await t.database.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, acmeJob)))[0].state).toBe('queued')
  })

  it("shows an installation job to every admin, read-only: retry and cancel are refused", async () => {
    expect((await get(acme, `/api/system/jobs/${installation}/`)).json()).toMatchObject({ id: installation, company_id: null, payload: {} })
    const r = await post(admin, `/api/system/jobs/${installation}/cancel/`)
    expect(r.statusCode).toBe(403)
    expect(r.json()).toMatchObject({ code: 'job_installation_wide' })
    expect((await t.database.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, installation)))[0].state).toBe('queued')
  })

  it('shows one job with its payload; retries a failed job (attempts from zero) and cancels a queued one; refuses what the state does not allow', async () => {
    const one = await get(admin, `/api/system/jobs/${failed}/`)
    expect(one.json()).toMatchObject({ id: failed, payload: { to: 'buyer@example.com' }, last_error: 'SMTP 550 mailbox unavailable' })
    expect((await get(admin, '/api/system/jobs/2147483647/')).statusCode).toBe(404)

    const retried = await post(admin, `/api/system/jobs/${failed}/retry/`)
    expect(retried.statusCode).toBe(200)
    expect(retried.json()).toMatchObject({ id: failed, state: 'queued', attempts: 0 })
    const cancelled = await post(admin, `/api/system/jobs/${queued}/cancel/`)
    expect(cancelled.json()).toMatchObject({ id: queued, state: 'cancelled' })

    const again = await post(admin, `/api/system/jobs/${queued}/cancel/`)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ non_field_errors: ['A cancelled job cannot be cancelled.'], codes: { non_field_errors: [{ code: 'job_cancel_state', params: { state: 'cancelled' } }] } })
    const doneRetry = await post(admin, `/api/system/jobs/${done}/retry/`)
    expect(doneRetry.statusCode).toBe(400)
    expect(doneRetry.json()).toMatchObject({ non_field_errors: ['A done job cannot be retried.'] })
  })
})
