import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/support/test-db'
import { createApp } from './app'
import { PrintQueue } from './modules/printing/print-queue'
import { EmailOutbox } from './modules/quality/email-outbox'

// ADR 0009: the print queue and the e-mail outbox are the app's dependencies, not a module's hidden state
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

  it('creates the print queue and the outbox with the app, starts them when it is ready and stops them when it closes', async () => {
    const queueStart = vi.spyOn(PrintQueue.prototype, 'start')
    const queueStop = vi.spyOn(PrintQueue.prototype, 'stop')
    const outboxStart = vi.spyOn(EmailOutbox.prototype, 'start')
    const outboxStop = vi.spyOn(EmailOutbox.prototype, 'stop')
    const app = await createApp({ database, jwtSecret: 'app-test-secret-app-test-secret-app-test', dataDir })
    // there before any route plugin runs: a module that wakes them does not depend on another registering first
    expect(app.deps.printQueue).toBeInstanceOf(PrintQueue)
    expect(app.deps.outbox).toBeInstanceOf(EmailOutbox)
    expect(queueStart).not.toHaveBeenCalled()
    expect(outboxStart).not.toHaveBeenCalled()

    await app.ready()
    expect(queueStart).toHaveBeenCalledTimes(1)
    expect(outboxStart).toHaveBeenCalledTimes(1)
    expect(queueStop).not.toHaveBeenCalled()

    await app.close()
    expect(queueStop).toHaveBeenCalledTimes(1)
    expect(outboxStop).toHaveBeenCalledTimes(1)
  })

  it('gives each app its own workers', async () => {
    const a = await createApp({ database, jwtSecret: 'app-test-secret-app-test-secret-app-test', dataDir })
    const b = await createApp({ database, jwtSecret: 'app-test-secret-app-test-secret-app-test', dataDir })
    expect(a.deps.printQueue).not.toBe(b.deps.printQueue)
    expect(a.deps.outbox).not.toBe(b.deps.outbox)
    await Promise.all([a.close(), b.close()])
  })
})
