import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/support/test-db'
import { createApp } from './app'
import { JobRunner } from './kernel/job-queue'
import { PRINT_JOB_KIND, PrintSender } from './modules/printing/print-sender'
import { EmailOutbox, MAIL_JOB_KIND } from './modules/quality/email-outbox'

// ADR 0009: the job runner, and the print sender and e-mail outbox on it (ADR 0017), are the app's dependencies, not a module's hidden state
describe('the app owns its background workers', () => {
  let database: TestDatabase
  let dataDir: string
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wms-app-'))
  })
  afterAll(async () => {
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  afterEach(() => vi.restoreAllMocks())

  it('creates the job runner with the app, printing and (with SMTP) mail registered on it, starts it when ready and stops it on close', async () => {
    const register = vi.spyOn(JobRunner.prototype, 'register')
    const start = vi.spyOn(JobRunner.prototype, 'start')
    const stop = vi.spyOn(JobRunner.prototype, 'stop')
    const app = await createApp({ database, jwtSecret: 'app-test-secret-app-test-secret-app-test', dataDir, smtpUrl: 'smtp://127.0.0.1:2525' })
    // there before any route plugin runs: a module that wakes the runner does not depend on another registering first
    expect(app.deps.jobs).toBeInstanceOf(JobRunner)
    expect(app.deps.printSender).toBeInstanceOf(PrintSender)
    expect(app.deps.outbox).toBeInstanceOf(EmailOutbox)
    expect(register.mock.calls.map((c) => c[0])).toEqual(expect.arrayContaining([PRINT_JOB_KIND, MAIL_JOB_KIND]))
    expect(start).not.toHaveBeenCalled()

    await app.ready()
    expect(start).toHaveBeenCalledTimes(1)
    expect(stop).not.toHaveBeenCalled()

    await app.close()
    expect(stop).toHaveBeenCalledTimes(1)
  })

  it('gives each app its own workers', async () => {
    const a = await createApp({ database, jwtSecret: 'app-test-secret-app-test-secret-app-test', dataDir })
    const b = await createApp({ database, jwtSecret: 'app-test-secret-app-test-secret-app-test', dataDir })
    expect(a.deps.jobs).not.toBe(b.deps.jobs)
    expect(a.deps.printSender).not.toBe(b.deps.printSender)
    expect(a.deps.outbox).not.toBe(b.deps.outbox)
    await Promise.all([a.close(), b.close()])
  })
})
