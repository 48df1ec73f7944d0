import type { AddressInfo } from 'node:net'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations } from '../../db/schema/core'
import { printJobs } from '../../db/schema/printing'
import { printers } from '../../db/schema/printers'
import { MAX_LABEL_BATCH } from '../../../contracts/printing/printing.contract'
import { enqueuePrintJobs } from './print-sender'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'

const kinds = await databaseKinds()
const LABELS = 2000

/**
 * ADR 0004 (amendment on rendering): the virtual printer renders each label's PNG (about 80 ms) in the label pool's
 * threads, so a queue full of labels never holds the server's requests; and one request queues at most
 * MAX_LABEL_BATCH labels. The property is starvation, not speed: /api/health must answer while the labels print.
 */
describe.each(kinds)('printing never starves the server on %s', (kind) => {
  let t: TestApp
  let operator: string
  let virtualId: number
  let url: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    operator = (await t.login('operator')).access
    const [virtual] = await t.database.db.select({ id: printers.id }).from(printers).where(and(eq(printers.companyId, t.seed.companyId), eq(printers.isVirtual, true)))
    virtualId = virtual.id
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await t?.close()
  })

  it(`refuses more than ${MAX_LABEL_BATCH} labels in one request, saying the limit in a coded 400`, async () => {
    const ids = Array.from({ length: MAX_LABEL_BATCH + 1 }, (_, i) => i + 1)
    const r = await t.as(operator, { method: 'POST', url: '/api/printing/locations/print/', payload: { printer: virtualId, ids } })
    expect(r.statusCode).toBe(400)
    expect(r.json().ids).toEqual([`One print takes at most ${MAX_LABEL_BATCH} locations: narrow the search or print in several batches.`])
    expect(r.json().codes.ids).toEqual([{ code: 'print_batch_too_many', params: { max: String(MAX_LABEL_BATCH) } }])
    expect(await t.database.db.$count(printJobs, eq(printJobs.companyId, t.seed.companyId))).toBe(0)
  })

  it(`answers /api/health within 1 s while ${LABELS} labels print on the virtual printer`, async () => {
    const queue = t.app.deps.jobs
    await queue.stop()
    // the labels of every location, through the API, then repeated to 2,000 jobs as several batches would queue them
    const all = await t.as(operator, { method: 'POST', url: '/api/printing/locations/print/', payload: { printer: virtualId, search: '' } })
    expect(all.statusCode).toBe(202)
    const queued = await t.database.db.select().from(printJobs).where(eq(printJobs.printerId, virtualId))
    expect(queued.length).toBe(await t.database.db.$count(locations, eq(locations.companyId, t.seed.companyId)))
    const more = Array.from({ length: LABELS - queued.length }, (_, i) => {
      const { id: _id, createdAt: _c, nextAttemptAt: _n, ...job } = queued[i % queued.length]
      return job
    })
    for (let i = 0; i < more.length; i += 500) {
      await t.database.db.transaction(async (tx) => {
        const stored = await tx.insert(printJobs).values(more.slice(i, i + 500)).returning({ id: printJobs.id, companyId: printJobs.companyId, printerId: printJobs.printerId })
        await enqueuePrintJobs(tx, stored)
      })
    }
    const sentCount = () => t.database.db.$count(printJobs, and(eq(printJobs.printerId, virtualId), eq(printJobs.status, 'sent')))

    queue.start()
    // wait for the first label so the queue is surely busy, then ask for health while it keeps printing
    for (let i = 0; i < 400 && (await sentCount()) === 0; i++) await new Promise((r) => setTimeout(r, 25))
    const sentBefore = await sentCount()
    const latencies: number[] = []
    for (let i = 0; i < 8; i++) {
      const started = performance.now()
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) })
      latencies.push(performance.now() - started)
      expect(res.status).toBe(200)
      await new Promise((r) => setTimeout(r, 100))
    }
    const sentAfter = await sentCount()
    await queue.stop()

    // the queue was printing the whole time health was asked (not finished, not stalled)
    expect(sentBefore).toBeGreaterThan(0)
    expect(sentAfter).toBeGreaterThan(sentBefore)
    expect(sentAfter).toBeLessThan(LABELS)
    expect(Math.max(...latencies), `health latencies ${latencies.map((l) => l.toFixed(0)).join(', ')} ms`).toBeLessThan(1000)
    await t.database.db.delete(printJobs).where(inArray(printJobs.status, ['queued', 'sending', 'sent']))
  })
})
