import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../tests/support/server-harness'
import { POSTGRES_BASE_URL, postgresReachable } from '../tests/support/test-db'
import { DEFAULT_PRINT_SENDER_OPTIONS } from './modules/printing/print-sender'

/**
 * SPEC 17.2, "Two servers, one PostgreSQL" (ADR 0001, ADR 0008): two real server processes on one database.
 * Both cold-start on an empty database; the virtual printer's labels from both land in one spool folder; many jobs
 * to one printer from both, with the process holding a send killed: every label reaches the printer once, attempts
 * stay within the maximum, nothing is left claimed, and the printer never has two jobs in flight at once.
 */
const PASSWORD = 'two-servers-password'
// short enough to recover a dead sender's claim within the test, long enough for a loaded 2-core machine's sends
const LEASE_MS = 6000

type Printer = {
  port: number
  /** each connection's bytes, in the order they completed */
  received: string[]
  /** the most connections open at one time */
  maxOpen: number
  /** hold the connection whose turn this is (1-based) open until `release`, and report its client port */
  stallAt(n: number): Promise<{ clientPort: number; release: () => void }>
  close(): Promise<void>
}

/** A Zebra stand-in on raw TCP: reads a job until the sender half-closes, takes a moment to print, then closes. */
async function fakePrinter(printMs: number): Promise<Printer> {
  let open = 0
  let count = 0
  let stall: { n: number; resolve: (v: { clientPort: number; release: () => void }) => void } | undefined
  const printer: Printer = {
    port: 0,
    received: [],
    maxOpen: 0,
    stallAt: (n) => new Promise((resolve) => (stall = { n, resolve })),
    close: () => {
      for (const s of sockets) s.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
  const sockets = new Set<net.Socket>()
  // half-open allowed: the sender's end of the job does not close the printer's side, the printer does when done
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    // a sender is "open" from its connection until it has written its whole job (its end): two senders writing at
    // once is what one job per printer forbids. The printer's own side may linger after that (the stalled job's is
    // held until the test releases it, and a sender that gave up waiting has moved on), which is not a second sender.
    open++
    let writing = true
    const done = () => {
      if (writing) open--
      writing = false
    }
    sockets.add(socket)
    printer.maxOpen = Math.max(printer.maxOpen, open)
    const turn = ++count
    const chunks: Buffer[] = []
    socket.on('data', (c) => chunks.push(c))
    socket.on('close', () => {
      done()
      sockets.delete(socket)
    })
    socket.on('error', () => {})
    socket.on('end', () => {
      done()
      printer.received.push(Buffer.concat(chunks).toString('utf8'))
      if (stall?.n === turn) stall.resolve({ clientPort: socket.remotePort ?? 0, release: () => socket.destroy() })
      else setTimeout(() => socket.end(), printMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  printer.port = (server.address() as net.AddressInfo).port
  return printer
}

/** The process holding the TCP connection whose local port is `port` (Linux: /proc/net/tcp and /proc/<pid>/fd). */
function ownerOfPort(port: number, pids: number[]): number | undefined {
  const hex = port.toString(16).toUpperCase().padStart(4, '0')
  const line = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .find((l) => l.trim().split(/\s+/)[1]?.endsWith(`:${hex}`))
  const inode = line?.trim().split(/\s+/)[9]
  if (!inode) return undefined
  return pids.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`
        } catch {
          return false
        }
      })
    } catch {
      return false
    }
  })
}

async function waitFor<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 30_000, explain?: () => Promise<string>): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const v = await probe()
    if (v) return v
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${explain ? `\n${await explain()}` : ''}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe.skipIf(!(await postgresReachable()))('two server processes on one PostgreSQL database', () => {
  const name = `wms_two_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const url = new URL(POSTGRES_BASE_URL)
  url.pathname = '/' + name
  const dirs: string[] = []
  let spoolDir: string
  let sql: pg.Client
  let a: RunningServer
  let b: RunningServer
  const tokens = new Map<RunningServer, string>()

  const api = async (s: RunningServer, method: string, route: string, body?: object) => {
    const res = await fetch(s.url + route, {
      method,
      headers: { authorization: `Bearer ${tokens.get(s)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    return { status: res.status, json: (await res.json()) as Record<string, unknown> }
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_BASE_URL })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    spoolDir = mkdtempSync(path.join(os.tmpdir(), 'wms-two-spool-'))
    dirs.push(spoolDir)
    const start = () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wms-two-'))
      dirs.push(dataDir)
      return startServer({
        dataDir,
        timeoutMs: 240_000,
        env: {
          DATABASE_URL: url.toString(),
          WMS_ADMIN_PASSWORD: PASSWORD,
          JWT_SECRET: 'two-servers-secret-two-servers-secret-0123',
          WMS_DEMO_STOCK: '100',
          WMS_DEMO_PRODUCTS: '50',
          WMS_DEMO_LOCATIONS: '60',
          WMS_SPOOL_DIR: spoolDir,
          WMS_JOB_LEASE_MS: String(LEASE_MS),
          WMS_JOB_POLL_MS: '50',
          // the printer stand-in listens on 127.0.0.1, which only the server's operator can allow
          WMS_PRINTER_ALLOW_NETWORKS: '127.0.0.1/32',
          LOG_LEVEL: 'warn',
        },
      })
    }
    // both at once on the empty database: before the advisory lock, the second crashed while migrating
    ;[a, b] = await Promise.all([start(), start()])
    sql = new pg.Client({ connectionString: url.toString() })
    await sql.connect()
    for (const s of [a, b]) {
      const res = await fetch(`${s.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })
      expect(res.status).toBe(200)
      tokens.set(s, ((await res.json()) as { access: string }).access)
    }
  }, 300_000)

  afterAll(async () => {
    await sql?.end()
    await Promise.all([a?.stop(), b?.stop()])
    const admin = new pg.Client({ connectionString: POSTGRES_BASE_URL })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  }, 60_000)

  /** Location ids of the demo company, for labels that differ from one another. */
  const locationIds = async (n: number) => {
    const r = await sql.query<{ id: number }>(`SELECT l.id FROM locations l JOIN companies c ON c.id = l.company_id WHERE c.code = 'DEMO' ORDER BY l.id LIMIT $1`, [n])
    expect(r.rows).toHaveLength(n)
    return r.rows.map((x) => x.id)
  }

  it('cold-starts both on an empty database: migrated and seeded once, both healthy', async () => {
    for (const s of [a, b]) expect((await fetch(`${s.url}/api/health`)).status).toBe(200)
    const companies = await sql.query(`SELECT code FROM companies WHERE code = 'DEMO'`)
    expect(companies.rowCount).toBe(1)
    const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, 'db', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
    const applied = await sql.query(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)
    expect(applied.rows[0].n).toBe(journal.entries.length)
  })

  it("writes the virtual printer's labels from both processes to one spool folder, each once", async () => {
    const printers = await api(a, 'GET', '/api/printing/printers/?page_size=100')
    const virtual = (printers.json.results as { id: number; is_virtual: boolean }[]).find((p) => p.is_virtual)
    expect(virtual).toBeDefined()
    const ids: number[] = []
    for (const [i, loc] of (await locationIds(6)).entries()) {
      const res = await api(i % 2 ? b : a, 'POST', `/api/printing/locations/${loc}/print/`, { printer: virtual!.id })
      expect(res.status).toBe(202)
      ids.push(res.json.id as number)
    }
    await waitFor(async () => {
      const r = await sql.query(`SELECT count(*)::int AS n FROM print_jobs WHERE id = ANY($1) AND status = 'sent'`, [ids])
      return r.rows[0].n === ids.length
    }, 'virtual jobs sent')
    const files = readdirSync(spoolDir).filter((f) => f.endsWith('.zpl'))
    expect(files.sort()).toEqual(ids.map((id) => `${id}-1.zpl`).sort())
  })

  it("shows an import's progress on the other process: rows checked, then written, moving, and nothing once it ended", async () => {
    const uom = (await sql.query<{ code: string }>(`SELECT u.code FROM uoms u JOIN companies c ON c.id = u.company_id WHERE c.code = 'DEMO' ORDER BY u.id LIMIT 1`)).rows[0].code
    const rows = 16_000
    const prefix = `TWO${randomBytes(3).toString('hex').toUpperCase()}-`
    const csv = ['code,name1,uom', ...Array.from({ length: rows }, (_, i) => `${prefix}${i},Two servers ${i},${uom}`)].join('\n')
    const id = `two-${randomBytes(8).toString('hex')}`
    const poll = async () => {
      const res = await fetch(`${b.url}/api/product/products/import/progress/?id=${id}`, { headers: { authorization: `Bearer ${tokens.get(b)}` } })
      expect(res.status).toBe(200)
      return (await res.json()) as { phase: string; done: number; total: number } | null
    }
    // the import runs on a; b is polled while it does
    let ended = false
    const importing = fetch(`${a.url}/api/product/products/import/?progress=${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.get(a)}`, 'content-type': 'text/csv' },
      body: csv,
    }).then(async (res) => {
      ended = true
      return { status: res.status, body: (await res.json()) as { created: number } }
    })
    const seen: { phase: string; done: number; total: number }[] = []
    while (!ended) {
      const p = await poll()
      if (p && !ended && JSON.stringify(p) !== JSON.stringify(seen.at(-1))) seen.push(p)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const result = await importing
    expect(result.status).toBe(200)
    expect(result.body.created).toBe(rows)
    // b saw the import move: written rows growing, every figure out of the file's total
    const writing = seen.filter((p) => p.phase === 'writing').map((p) => p.done)
    expect(seen.length, JSON.stringify(seen)).toBeGreaterThanOrEqual(3)
    expect(writing.length, JSON.stringify(seen)).toBeGreaterThanOrEqual(2)
    expect(writing).toEqual([...writing].sort((x, y) => x - y))
    expect(new Set(writing).size).toBe(writing.length)
    expect(seen.every((p) => p.total === rows)).toBe(true)
    // the end: b answers nothing running, no row is left behind, and b lists what a imported
    expect(await poll()).toBeNull()
    expect((await sql.query(`SELECT count(*)::int AS n FROM import_progress`)).rows[0].n).toBe(0)
    const listed = await api(b, 'GET', `/api/product/products/?search=${prefix}&page_size=1`)
    expect(listed.json.count).toBe(rows)
  }, 180_000)

  it('sends many jobs to one printer from both, one killed mid-send: every label once, attempts within the maximum, nothing stranded', async () => {
    const printer = await fakePrinter(15)
    try {
      const created = await api(a, 'POST', '/api/printing/printers/', { name: 'Shared Zebra', host: '127.0.0.1', port: printer.port })
      expect(created.status).toBe(201)
      // the 10th job reaches the printer and its sender dies before the printer answers (at once: a sender whose
      // printer stays silent gives up waiting after its write timeout and counts the job sent)
      let dead: RunningServer | undefined
      const killing = printer.stallAt(10).then(async ({ clientPort, release }) => {
        const owner = ownerOfPort(clientPort, [a.proc.pid!, b.proc.pid!])
        const [killed, survivor] = owner === a.proc.pid ? [a, b] : [b, a]
        if (owner) {
          dead = killed
          await killed.kill()
        }
        release()
        return { owner, clientPort, killed, survivor }
      })
      // enqueued through both processes in turns, so both wake and claim (the survivor's turn once one is dead; a
      // request cut by the kill may or may not have made its job, so the jobs are read from the database)
      let accepted = 0
      for (const [i, loc] of (await locationIds(40)).entries()) {
        const to = [a, b].filter((s) => s !== dead)
        const res = await api(to[i % to.length], 'POST', `/api/printing/locations/${loc}/print/`, { printer: created.json.id }).catch(() => undefined)
        if (!res) continue
        expect(res.status).toBe(202)
        accepted++
      }
      const { owner, clientPort, survivor } = await Promise.race([
        killing,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the 10th job never reached the printer:\n${a.logs().slice(-3000)}\n${b.logs().slice(-3000)}`)), 30_000)),
      ])
      expect(owner, `no server process held the printer connection from port ${clientPort}`).toBeDefined()
      // the survivor finishes the rest, and after the lease turns the dead process's claim into "unknown"
      const jobs = await waitFor(
        async () => {
          const r = await sql.query<{ id: number; zpl: string; status: string; attempts: number }>(`SELECT id, zpl, status, attempts FROM print_jobs WHERE printer_id = $1 ORDER BY id`, [created.json.id])
          return r.rows.every((j) => j.status !== 'queued' && j.status !== 'sending') && r.rows
        },
        'every job settled',
        LEASE_MS * 10 + 20_000,
        async () => JSON.stringify((await sql.query(`SELECT id, status, attempts, last_error FROM print_jobs WHERE printer_id = $1 AND status <> 'sent'`, [created.json.id])).rows) + '\n' + survivor.logs().slice(-3000),
      )
      const times = (zpl: string) => printer.received.filter((r) => r === zpl).length
      // the printer printed each job at most once; the job whose sender died is "unknown" (ADR 0004), every other one sent
      expect(jobs.map((j) => times(j.zpl))).toEqual(jobs.map(() => 1))
      expect(printer.received).toHaveLength(jobs.length)
      expect(jobs.length).toBeGreaterThanOrEqual(accepted)
      expect(accepted).toBeGreaterThanOrEqual(39)
      expect(jobs.filter((j) => j.status === 'unknown')).toHaveLength(1)
      expect(jobs.filter((j) => j.status === 'sent')).toHaveLength(jobs.length - 1)
      expect(Math.max(...jobs.map((j) => j.attempts))).toBeLessThanOrEqual(DEFAULT_PRINT_SENDER_OPTIONS.maxAttempts)
      // one job per printer in flight, across both processes
      expect(printer.maxOpen).toBe(1)
      expect((await fetch(`${survivor.url}/api/health`)).status).toBe(200)
    } finally {
      await printer.close()
    }
  }, 120_000)
})
