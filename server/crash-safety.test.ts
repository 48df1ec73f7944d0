import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, ServerStartError, startServer } from '../tests/support/server-harness'
import { TEST_PASSWORD } from '../tests/support/test-app'
import { migrateDatabase, openDatabase } from './db/client'
import { seedDemoData } from './db/demo-data/seed'

/**
 * Crash safety of the embedded database (ADR 0001; ADR 0001): every write the API acknowledged survives a
 * SIGKILL of the server, and a second server on the same directory is refused instead of corrupting it.
 * PGlite only: with DATABASE_URL the durability is the PostgreSQL server's.
 */
describe('crash safety of the embedded database (real server processes)', () => {
  let dataDir: string
  const running: RunningServer[] = []
  const lockFile = () => path.join(dataDir, 'db.lock')

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wms-crash-'))
    // a small demo data set up front, so the server does not spend its first start creating 5,000 products
    const database = await openDatabase({ dataDir })
    await migrateDatabase(database)
    await seedDemoData(database.db, { adminPassword: TEST_PASSWORD, dataDir, products: 20, locations: 20, stock: 100 })
    await database.close()
  }, 240_000)
  afterAll(async () => {
    for (const s of running) await s.kill()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const start = async () => {
    const s = await startServer({ dataDir })
    running.push(s)
    return s
  }
  async function login(s: RunningServer): Promise<string> {
    const res = await fetch(`${s.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: TEST_PASSWORD }) })
    expect(res.status).toBe(200)
    return ((await res.json()) as { access: string }).access
  }

  const acknowledged: string[] = []

  it('refuses a second server on the same directory with the clear lock message', async () => {
    const first = await start()
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(first.proc.pid))
    const second = await startServer({ dataDir, timeoutMs: 60_000 }).then(
      (s) => {
        running.push(s)
        return undefined
      },
      (e: unknown) => e,
    )
    expect(second).toBeInstanceOf(ServerStartError)
    const err = second as ServerStartError
    expect(err.exitCode).toBe(3)
    expect(err.logs).toContain('is in use by another process')
    expect(err.logs).toContain(`pid ${first.proc.pid}`)
    // the first one is untouched
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200)
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(first.proc.pid))
  }, 240_000)

  it('keeps every acknowledged write across a SIGKILL in the middle of a stream of writes', async () => {
    const s = running[0]
    const token = await login(s)
    let stopWriting = false
    let killedAt = 0
    // four writers at once, each POSTing one carrier after another and recording every 201
    const writer = async (w: number) => {
      for (let i = 0; !stopWriting; i++) {
        const code = `CRASH-${w}-${i}`
        try {
          const res = await fetch(`${s.url}/api/partners/carriers/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ code, name: `Carrier ${code}` }),
          })
          if (res.status === 201) acknowledged.push(code)
          else if (!killedAt) throw new Error(`unexpected ${res.status}: ${await res.text()}`)
        } catch (e) {
          if (killedAt) return // the connection died with the server: not acknowledged
          throw e
        }
      }
    }
    const writers = [0, 1, 2, 3].map(writer)
    // kill while writes are in flight, after a good number of them were acknowledged
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 20))
    killedAt = Date.now()
    await s.kill()
    stopWriting = true
    await Promise.all(writers)
    expect((await s.exited).signal).toBe('SIGKILL')
    // a killed server leaves its lock behind; the next start takes it over (the pid is dead)
    expect(existsSync(lockFile())).toBe(true)

    const again = await start()
    const token2 = await login(again)
    const found = new Set<string>()
    for (let page = 1; ; page++) {
      const res = await fetch(`${again.url}/api/partners/carriers/?search=CRASH-&page_size=100&page=${page}`, { headers: { authorization: `Bearer ${token2}` } })
      expect(res.status).toBe(200)
      const body = (await res.json()) as { next: string | null; results: { code: string }[] }
      for (const r of body.results) found.add(r.code)
      if (!body.next) break
    }
    const lost = acknowledged.filter((code) => !found.has(code))
    expect(lost, `${lost.length} of ${acknowledged.length} acknowledged writes lost`).toEqual([])
    // at most the requests in flight at the kill (one per writer) may have landed without an answer
    expect(found.size - acknowledged.length).toBeLessThanOrEqual(4)
  }, 240_000)

  it('closes cleanly on SIGTERM: exit 0 and the lock released', async () => {
    const s = running[running.length - 1]
    expect(existsSync(lockFile())).toBe(true)
    expect(await s.stop()).toBe(0)
    expect(s.logs()).toContain('closed cleanly')
    expect(existsSync(lockFile())).toBe(false)
    // and the data is there for the next start
    const next = await start()
    const token = await login(next)
    const res = await fetch(`${next.url}/api/partners/carriers/?search=CRASH-&page_size=1`, { headers: { authorization: `Bearer ${token}` } })
    expect(((await res.json()) as { count: number }).count).toBeGreaterThanOrEqual(acknowledged.length)
    expect(await next.stop()).toBe(0)
  }, 240_000)
})
