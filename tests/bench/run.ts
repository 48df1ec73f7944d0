/**
 * `npm run bench` (SPEC 2.4): the stock screens and the dashboard on 1,000,000 stock lines, through HTTP with a
 * real token, on the embedded database (PGlite) and on PostgreSQL; the same SQL run directly; and the same at
 * 10,000 lines. Not part of `npm test`.
 *
 * Data sets are built once and reused: PGlite directories under var/bench/, PostgreSQL databases wms_bench and
 * wms_bench_10k (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, names the server).
 * A data set is reused only if its build finished (a marker file / the stock counter); delete it to rebuild.
 *
 * How it measures: each case's HTTP request(s) and its direct SQL run in alternation, one of each per round, the
 * order swapped every round, so a drift of the machine (a 2-core VM's neighbours, the garbage collector, caches
 * warming) weighs on both sides alike; timing all the HTTP runs and then all the direct ones let a drift between the
 * two halves decide the ratio (±0.5x between runs). The HTTP client is node:http over keep-alive TCP connections,
 * at most 6 per host as a browser opens for HTTP/1.1: the request is real HTTP with a real token, and the client
 * costs about what a browser's does. (Node's fetch costs the shared thread several times more per request; a
 * browser's client is not in the server's process, so that cost was the bench's, not the server's.)
 *
 * Throughput (SPEC 17.5): the authenticated stock list (first page, a search) on PostgreSQL with the largest data set,
 * against real server processes (tests/support/server-harness.ts), loaded by wrk in its own process at 1, 8 and 32
 * connections; then the same against two server processes, each loaded by its own wrk with half the connections
 * (req/s summed; p50/p99 the worse of the two). Needs `wrk` (Debian: apt-get install -y wrk); skipped without it.
 *
 * Options: --only pglite|postgres, --runs N (default 200), --sizes 10000,1000000, --duration S (throughput, default 10),
 * --throughput-only, --cases TEXT (only the cases whose name holds TEXT, in the tables and under load), --import-products N (the CSV import case, default 50000; 0 skips it), --import-only,
 * --intake-orders N (bulk order intake, default 1000; 0 skips it), --intake-only,
 * --webhook-events N (webhook deliveries to a local receiver, default 10000; 0 skips it), --webhooks-only,
 * --start-runs N (whole-process `npm start`: first start and restart, default 3; 0 skips it), --start-only,
 * --start-cold (the first starts also build the app: dist/ is removed before each; tests/bench/start-bench.ts),
 * --pick-path-only or the word `pick-path` (`npm run bench -- pick-path`): the pick-path simulation alone
 * (tests/bench/pick-path-bench.ts, SPEC 18.3); it also runs first in a full bench (pure CPU, seconds).
 * --slotting-only or the word `slotting` (`npm run bench -- slotting`): the slotting simulation alone (tests/bench/slotting-bench.ts,
 * docs/requirements.md §20.4): the week's walk before and after the top re-slotting suggestions; a full bench runs it after pick-path.
 * --next-task-only or the word `next-task`: 'next task' with 10,000 open tasks and 50 operators at once
 * (tests/bench/next-task-bench.ts, SPEC 19.4; goal p95 ≤ 30 ms); it also runs in a full bench.
 * --wave-release-only or the word `wave-release` (`npm run bench -- wave-release`): release a wave of 500 orders × 5 lines
 * on the largest data set (tests/bench/wave-release-bench.ts, docs/requirements.md §19.3; goals 3 s PostgreSQL, 6 s
 * embedded); a full bench runs it on the 1,000,000-line data set too.
 * --kpis-only or the word `kpis`: Indicadores for a 90-day range (tests/bench/kpis-bench.ts, docs/requirements.md §21;
 * goals p95 200 ms PostgreSQL, 400 ms embedded), on the largest data set's demo company.
 * --replenishment-only or the word `replenishment`: the replenishment sweep over 5,000 pick faces on the largest data
 * set (tests/bench/replenishment-bench.ts, docs/requirements.md §20.2; goals 2 s PostgreSQL, 4 s embedded); a full
 * bench runs it on the 1,000,000-line data set too.
 * --commands-only (stock adjustments and moves per second through a server process at 1, 8 and 32 connections, with the
 * pgbench ceiling of the same statements; tests/bench/commands-bench.ts), --commands-connections 1,8,32 (0 skips it).
 *
 * Import (SPEC 12.8): N products from CSV through HTTP on a fresh embedded database, goal under a minute at 50,000
 * (tests/bench/import-bench.ts).
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { and, asc, eq, gte, isNotNull } from 'drizzle-orm'
import pg from 'pg'
import { createApp } from '../../server/app'
import { type Database, migrateDatabase, openDatabase } from '../../server/db/client'
import { seedDemoData } from '../../server/db/demo-data/seed'
import { seedStock } from '../../server/db/demo-data/stock.seed'
import { companies } from '../../server/db/schema/core'
import { stockLines } from '../../server/db/schema/inventory'
import { pageParams } from '../../server/http/pagination'
import { StatementCache } from '../../server/http/statement-cache'
import { listStock } from '../../server/modules/inventory/inventory.service'
import { resolveScan } from '../../server/modules/inventory/scan.service'
import { recountStockMoves, stockLineCount } from '../../server/modules/inventory/stock.service'
import { listMoves } from '../../server/modules/inventory/ledger.service'
import { approveAll, planCount, submitCount } from '../../server/modules/inventory/counts.service'
import { users } from '../../server/db/schema/users'
import { type RunningServer, startServer } from '../support/server-harness'
import { benchProductImport } from './import-bench'
import { benchBulkIntake } from './intake-bench'
import { benchWebhooks } from './webhooks-bench'
import { benchStart } from './start-bench'
import { benchPickPath } from './pick-path-bench'
import { benchSlotting } from './slotting-bench'
import { benchNextTask } from './next-task-bench'
import { benchCommands } from './commands-bench'
import { benchWaveRelease } from './wave-release-bench'
import { benchReplenishmentSweep } from './replenishment-bench'
import { benchSlottingVelocity } from './slotting-velocity-bench'
import { benchKpis } from './kpis-bench'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: 'string' },
    runs: { type: 'string' },
    sizes: { type: 'string' },
    duration: { type: 'string' },
    'throughput-only': { type: 'boolean' },
    cases: { type: 'string' },
    'import-products': { type: 'string' },
    'import-only': { type: 'boolean' },
    'intake-orders': { type: 'string' },
    'intake-only': { type: 'boolean' },
    'webhook-events': { type: 'string' },
    'webhooks-only': { type: 'boolean' },
    'start-only': { type: 'boolean' },
    'start-cold': { type: 'boolean' },
    'start-runs': { type: 'string' },
    'pick-path-only': { type: 'boolean' },
    'slotting-only': { type: 'boolean' },
    'next-task-only': { type: 'boolean' },
    'commands-only': { type: 'boolean' },
    'commands-connections': { type: 'string' },
    'wave-release-only': { type: 'boolean' },
    'replenishment-only': { type: 'boolean' },
    'kpis-only': { type: 'boolean' },
  },
})
const WORDS = ['pick-path', 'slotting', 'slotting-velocity', 'next-task', 'wave-release', 'replenishment', 'kpis']
const unknown = positionals.filter((p) => !WORDS.includes(p))
if (unknown.length) throw new Error(`Unknown bench argument(s): ${unknown.join(' ')} (the words are ${WORDS.join(', ')})`)
const RUNS = Number(args.runs ?? 200)
const WARMUP = 5
const SIZES = (args.sizes ?? '10000,1000000').split(',').map(Number)
const KINDS = (args.only ? [args.only] : ['pglite', 'postgres']) as ('pglite' | 'postgres')[]
const BENCH_PASSWORD = 'bench-password-123'
const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123'
const ROOT = path.resolve('var/bench')
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const GOAL_P95 = { pglite: 50, postgres: 25 }
// the searches by a word of the product name and by a product-code prefix (ADR 0003, amended 2026-12-01)
const GOAL_SEARCH_P95 = { pglite: 25, postgres: 10 }
const goalP95 = (kind: 'pglite' | 'postgres', name: string) => (name.startsWith('search') ? GOAL_SEARCH_P95 : GOAL_P95)[kind]
const CASES = args.cases
const wanted = (name: string) => !CASES || name.includes(CASES)
// 3: the ledger holds three moves per stock line (SPEC 10.7: 3,000,000 moves on 1,000,000 lines)
const DATA_VERSION = 3

const log = (m: string) => console.log(`  ${m}`)
const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`)

async function pgDatabase(name: string, fresh: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: PG_BASE })
  await admin.connect()
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount
    if (fresh && exists) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
    if (fresh || !exists) await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(PG_BASE)
  url.pathname = '/' + name
  return url.toString()
}

const pgName = (lines: number) => (lines >= 1_000_000 ? 'wms_bench' : `wms_bench_${label(lines).toLowerCase()}`)

/** Open (building when needed) the data set of `lines` stock lines on `kind`. */
async function openDataSet(kind: 'pglite' | 'postgres', lines: number): Promise<{ database: Database; dataDir: string }> {
  const dataDir = path.join(ROOT, `${kind}-${label(lines)}`)
  // bump DATA_VERSION when the stock schema or generator changes: older data sets are rebuilt
  const marker = path.join(dataDir, `ready-v${DATA_VERSION}`)
  mkdirSync(dataDir, { recursive: true })
  let database: Database
  let ready: boolean
  if (kind === 'pglite') {
    ready = existsSync(marker)
    if (!ready) {
      rmSync(path.join(dataDir, 'db'), { recursive: true, force: true })
      rmSync(marker, { force: true })
    }
    database = await openDatabase({ dataDir })
  } else {
    const name = pgName(lines)
    let url = await pgDatabase(name, false)
    database = await openDatabase({ databaseUrl: url })
    ready = await isBuilt(database, lines)
    if (!ready) {
      await database.close()
      url = await pgDatabase(name, true)
      database = await openDatabase({ databaseUrl: url })
    }
  }
  if (!ready) {
    console.log(`Building ${label(lines)} stock lines on ${kind} (once; reused next time)...`)
    const started = Date.now()
    await migrateDatabase(database)
    await seedDemoData(database.db, { adminPassword: BENCH_PASSWORD, dataDir, stock: 0, log: () => {} })
    const [demo] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'))
    await seedStock(database.db, { companyId: demo.id, lines, log })
    await seedLedger(database, demo.id)
    await database.db.execute('VACUUM ANALYZE')
    if (kind === 'postgres') await database.db.execute(`COMMENT ON TABLE stock_lines IS 'bench v${DATA_VERSION}'`)
    writeFileSync(marker, new Date().toISOString() + '\n')
    console.log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  } else {
    await migrateDatabase(database)
  }
  return { database, dataDir }
}

/**
 * Two more ledger rows per stock line, so the ledger holds three moves per line: a move from another location into
 * the line, and a count, over the last 90 days. Each goes from the line to itself in the line ids (so every line
 * still equals the sum of its moves) while its from_location is another location (the location filter sees both).
 */
async function seedLedger(database: Database, companyId: number): Promise<void> {
  const started = Date.now()
  await database.db.execute(`
    INSERT INTO stock_moves (company_id, product_id, lot, pallet_code, sscc, from_location_id, to_location_id, from_line_id, to_line_id, qty, reason, reference, user_id, created_at)
    SELECT l.company_id, l.product_id, l.lot, l.pallet_code, l.sscc,
      CASE WHEN k = 1 THEN (SELECT min(id) FROM locations WHERE company_id = ${companyId}) + (l.id * 7 + k) % 200 ELSE l.location_id END,
      l.location_id, l.id, l.id, l.qty, CASE WHEN k = 1 THEN 'move' ELSE 'count' END, 'BENCH-' || (l.id % 1000),
      (SELECT min(id) FROM users WHERE company_id = ${companyId}) + (l.id % 3),
      now() - (((l.id * 2654435761 + k * 40503) % (90 * 24 * 60)) * interval '1 minute')
    FROM stock_lines l CROSS JOIN generate_series(1, 2) AS k WHERE l.company_id = ${companyId}`)
  await recountStockMoves(database.db, companyId)
  console.log(`  ledger: two more moves per line in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

/**
 * SPEC 10.10: approving a count of 1,000 locations in at most 5 s. Plans a count over 1,000 locations holding stock,
 * submits each with one more unit on its first line (beyond the zero tolerance: each waits for review), then times
 * the approval of all of them in one request's transaction. Positive variances only, so no line empties and the data
 * set stays the one it was built as. Printed, not part of the table (one sample).
 */
async function benchCountApproval(db: Database['db'], companyId: number, kind: string, lines: number): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), eq(users.username, 'admin')))
  const [operator] = await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), eq(users.username, 'operator')))
  const held = await db.execute<{ location_id: number }>(`SELECT DISTINCT location_id FROM stock_lines WHERE company_id = ${companyId} ORDER BY location_id LIMIT 1000`)
  const locationIds = held.rows.map((r) => Number(r.location_id))
  if (locationIds.length < 1000) console.log(`  count approval: only ${locationIds.length} locations hold stock`)
  const sup = { companyId, userId: admin.id }
  const plan = await planCount(db, sup, { name: 'bench', locations: locationIds, blind: true })
  for (const locationId of locationIds) {
    const rest = await db.select().from(stockLines).where(and(eq(stockLines.companyId, companyId), eq(stockLines.locationId, locationId))).orderBy(stockLines.id)
    const entries = rest.map((l) => ({ product: l.productId, lot: l.lot, pallet_code: l.palletCode, sscc: l.sscc, qty: l.id === rest[0].id ? (Number(l.qty) + 1).toFixed(3) : l.qty }))
    await submitCount(db, { companyId, userId: operator.id }, plan.id, locationId, { empty: false, entries })
  }
  const started = performance.now()
  const done = await approveAll(db, sup, plan.id, { note: 'bench' })
  const ms = performance.now() - started
  console.log(`  ${kind} ${label(lines)} count approval: ${done.approved} locations, ${done.moves} moves in ${(ms / 1000).toFixed(2)} s (goal ≤ 5 s) ${ms <= 5000 ? 'ok' : 'MISSED'}`)
}

async function isBuilt(database: Database, lines: number): Promise<boolean> {
  try {
    const [demo] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'))
    if (!demo || (await stockLineCount(database.db, demo.id)) !== lines) return false
    const r = await database.db.execute<{ v: string }>(`SELECT obj_description('stock_lines'::regclass) AS v`)
    return r.rows[0]?.v === `bench v${DATA_VERSION}`
  } catch {
    return false
  }
}

type Case = { name: string; http: () => Promise<unknown>; direct: () => Promise<unknown> }

type QueryFn = (...args: unknown[]) => Promise<unknown>

/**
 * The statements `work` sends to the database, exactly as the driver got them (text, parameters, options), so they
 * can be run again directly: "the same SQL" for a case whose HTTP side runs several endpoints' queries.
 */
async function recordStatements(database: Database, work: () => Promise<unknown>): Promise<unknown[][]> {
  const client = (database.db as unknown as { $client: { query: QueryFn } }).$client
  const original = client.query
  const calls: unknown[][] = []
  client.query = function (this: unknown, ...args: unknown[]) {
    calls.push(args)
    return original.apply(this, args)
  }
  try {
    await work()
  } finally {
    client.query = original
  }
  return calls
}

/** Run recorded statements again, concurrently as the HTTP requests that sent them. */
function replayStatements(database: Database, calls: unknown[][]): () => Promise<unknown> {
  const client = (database.db as unknown as { $client: { query: QueryFn } }).$client
  return () => Promise.all(calls.map((args) => client.query(...args)))
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

type Timing = { p50: number; p95: number }

function summary(samples: number[]): Timing {
  samples.sort((a, b) => a - b)
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) }
}

/** Time `a` and `b` in alternation (one each per round, the order swapped every round), after WARMUP rounds. */
async function timePair(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[Timing, Timing]> {
  const once = async (fn: () => Promise<unknown>, into?: number[]) => {
    const t = performance.now()
    await fn()
    into?.push(performance.now() - t)
  }
  for (let i = 0; i < WARMUP; i++) {
    await once(a)
    await once(b)
  }
  const sa: number[] = []
  const sb: number[] = []
  for (let i = 0; i < RUNS; i++) {
    if (i % 2) {
      await once(b, sb)
      await once(a, sa)
    } else {
      await once(a, sa)
      await once(b, sb)
    }
  }
  return [summary(sa), summary(sb)]
}

type Result = { kind: string; lines: number; name: string; http: Timing; direct: Timing }

async function benchDataSet(kind: 'pglite' | 'postgres', lines: number): Promise<Result[]> {
  const { database, dataDir } = await openDataSet(kind, lines)
  const db = database.db
  // before the server listens: a long approval (PGlite holds the process's thread) left the login's idle keep-alive
  // socket to the server's idle timeout, and its reset ended the run (read ECONNRESET, uncaught)
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'))
  await benchCountApproval(db, company.id, kind, lines)
  if (lines >= 1_000_000) await benchWaveRelease(database, kind, `${kind} ${label(lines)}`)
  if (lines >= 1_000_000) await benchReplenishmentSweep(database, kind, `${kind} ${label(lines)}`)
  if (lines >= 1_000_000) await benchSlottingVelocity(database, kind, `${kind} ${label(lines)}`)
  const app = await createApp({ database, jwtSecret: BENCH_SECRET, dataDir })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 })
  try {
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }) })
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`)
    const { access } = (await login.json()) as { access: string }
    const headers = { authorization: `Bearer ${access}` }
    const get = (url: string) =>
      new Promise<unknown>((resolve, reject) => {
        http
          .get(base + url, { agent, headers }, (res) => {
            let body = ''
            res.setEncoding('utf8')
            res.on('data', (chunk: string) => (body += chunk))
            res.on('end', () => {
              if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode} ${body}`))
              else resolve(JSON.parse(body))
            })
            res.on('error', reject)
          })
          .on('error', reject)
      })
    const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'))
    const c = demo.id
    // a pallet code from the middle of the table, and a code prefix / name word that find a few thousand lines
    const [pallet] = await db
      .select({ sscc: stockLines.palletCode })
      .from(stockLines)
      // the first line with a pallet from the middle on (not every line is on a pallet: a blank code is a 400)
      .where(and(eq(stockLines.companyId, c), gte(stockLines.id, Math.floor(lines / 2) + 1), isNotNull(stockLines.palletCode)))
      .orderBy(asc(stockLines.id))
      .limit(1)
    const palletCode = pallet?.sscc ?? ''
    const [mid] = await db.select({ productId: stockLines.productId }).from(stockLines).where(and(eq(stockLines.companyId, c), eq(stockLines.id, Math.floor(lines / 3) + 1)))
    const ledgerProduct = mid?.productId ?? 1
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10)
    const [weekFrom, weekTo] = [day(40), day(34)]
    const p = (page: string, size = '20') => pageParams({ page, page_size: size })
    // the direct side keeps its built statements too, as the server does (StatementCache): only SQL is compared
    const built = new StatementCache()
    const dashboard = () =>
      Promise.all([
        get('/api/users/users/?page_size=1'),
        get('/api/product/products/?page_size=1'),
        get('/api/inventory/stock/?page_size=1'),
        get('/api/core/locations/?page_size=1'),
        get('/api/workforce/tasks/?page_size=1&status=open'),
        get('/api/workforce/equipment/status/'),
      ])
    // warm the session check, so the recording holds the endpoints' own statements (the hook's, once in 5 s, not)
    await dashboard()
    const deepPage = String(Math.max(1, Math.min(500, Math.floor(lines / 20))))
    const cases: Case[] = [
      { name: 'stock list, first page', http: () => get('/api/inventory/stock/?page_size=20'), direct: () => listStock(db, c, {}, p('1'), built) },
      { name: 'search product-code prefix "P00420"', http: () => get('/api/inventory/stock/?page_size=20&search=P00420'), direct: () => listStock(db, c, { search: 'P00420' }, p('1'), built) },
      { name: 'search name word "Chocolate"', http: () => get('/api/inventory/stock/?page_size=20&search=Chocolate'), direct: () => listStock(db, c, { search: 'Chocolate' }, p('1'), built) },
      { name: 'sort by qty desc', http: () => get('/api/inventory/stock/?page_size=20&ordering=-qty'), direct: () => listStock(db, c, { ordering: '-qty' }, p('1'), built) },
      // page 500 (a data set smaller than 10,000 lines has fewer pages: its last one, so a small --sizes run works)
      { name: 'page 500', http: () => get(`/api/inventory/stock/?page_size=20&page=${deepPage}`), direct: () => listStock(db, c, {}, p(deepPage), built) },
      { name: 'ledger, first page', http: () => get('/api/inventory/moves/?page_size=20'), direct: () => listMoves(db, c, {}, p('1')) },
      { name: 'ledger by product', http: () => get(`/api/inventory/moves/?page_size=20&product=${ledgerProduct}`), direct: () => listMoves(db, c, { product: ledgerProduct }, p('1')) },
      { name: 'ledger by pallet', http: () => get(`/api/inventory/moves/?page_size=20&pallet_code=${palletCode}`), direct: () => listMoves(db, c, { pallet_code: palletCode }, p('1')) },
      { name: 'ledger by date range (a week)', http: () => get(`/api/inventory/moves/?page_size=20&date_from=${weekFrom}&date_to=${weekTo}`), direct: () => listMoves(db, c, { date_from: weekFrom, date_to: weekTo }, p('1')) },
      { name: 'scan by pallet code', http: () => get(`/api/inventory/scan/?code=${palletCode}`), direct: () => resolveScan(db, c, palletCode) },
      {
        name: 'six dashboard counts together',
        http: () => dashboard(),
        // the same SQL as the six endpoints run (count and one row each, the equipment tally), recorded from them
        direct: replayStatements(database, await recordStatements(database, () => dashboard())),
      },
    ]
    const out: Result[] = []
    for (const k of cases.filter((x) => wanted(x.name))) {
      const [viaHttp, direct] = await timePair(k.http, k.direct)
      out.push({ kind, lines, name: k.name, http: viaHttp, direct })
      console.log(`  ${kind} ${label(lines)} ${k.name}: HTTP p50 ${viaHttp.p50.toFixed(1)} p95 ${viaHttp.p95.toFixed(1)} ms, direct p95 ${direct.p95.toFixed(1)} ms`)
    }
    return out
  } finally {
    agent.destroy()
    await app.close()
    await database.close()
  }
}

const results: Result[] = []
// slotting (docs/requirements.md §20.4): a simulation on the pick-path warehouse, no database; `npm run bench -- slotting`
if (args['slotting-only'] || positionals.includes('slotting')) {
  benchSlotting()
  process.exit(0)
}
// the replenishment sweep (docs/requirements.md §20.2) over 5,000 pick faces on the largest data set alone:
// `npm run bench -- replenishment`
if (args['replenishment-only'] || positionals.includes('replenishment')) {
  const lines = Math.max(...SIZES)
  for (const kind of KINDS) {
    const { database } = await openDataSet(kind, lines)
    try {
      await benchReplenishmentSweep(database, kind, `${kind} ${label(lines)}`)
    } finally {
      await database.close()
    }
  }
  process.exit(0)
}
// the slotting computation (docs/requirements.md §20.4) on the largest data set alone: `npm run bench -- slotting-velocity`
if (positionals.includes('slotting-velocity')) {
  const lines = Math.max(...SIZES)
  for (const kind of KINDS) {
    const { database } = await openDataSet(kind, lines)
    try {
      await benchSlottingVelocity(database, kind, `${kind} ${label(lines)}`)
    } finally {
      await database.close()
    }
  }
  process.exit(0)
}
// Indicadores for a 90-day range (docs/requirements.md §21), rollups standing for 3,000,000 moves and 500,000 tasks:
// `npm run bench -- kpis`
if (args['kpis-only'] || positionals.includes('kpis')) {
  const lines = Math.max(...SIZES)
  for (const kind of KINDS) {
    const { database } = await openDataSet(kind, lines)
    try {
      await benchKpis(database, kind, `${kind} ${label(lines)}`, Math.min(RUNS, 50))
    } finally {
      await database.close()
    }
  }
  process.exit(0)
}
// releasing a wave (docs/requirements.md §19.3) on the largest data set alone: `npm run bench -- wave-release`
if (args['wave-release-only'] || positionals.includes('wave-release')) {
  const lines = Math.max(...SIZES)
  for (const kind of KINDS) {
    const { database } = await openDataSet(kind, lines)
    try {
      await benchWaveRelease(database, kind, `${kind} ${label(lines)}`)
    } finally {
      await database.close()
    }
  }
  process.exit(0)
}
// pick paths (SPEC 18.3): a simulation, no database; `npm run bench -- pick-path` runs it alone
const PICK_PATH_ONLY = args['pick-path-only'] || positionals.includes('pick-path')
if (PICK_PATH_ONLY || (!args['throughput-only'] && !args['import-only'] && !args['intake-only'] && !args['webhooks-only'] && !args['start-only'] && !args['commands-only'])) benchPickPath()
if (PICK_PATH_ONLY) process.exit(0)
// slotting (docs/requirements.md §20.4): also a simulation, seconds of CPU, so a full bench runs it too
if (!args['throughput-only'] && !args['import-only'] && !args['intake-only'] && !args['webhooks-only'] && !args['start-only'] && !args['commands-only']) benchSlotting()
// the next task (SPEC 19.4): 50 operators at once over 10,000 open tasks, p95 ≤ 30 ms
const NEXT_TASK_ONLY = args['next-task-only'] || positionals.includes('next-task')
if (NEXT_TASK_ONLY || (!args['throughput-only'] && !args['import-only'] && !args['intake-only'] && !args['webhooks-only'] && !args['start-only'] && !args['commands-only']))
  await benchNextTask({ pgBase: process.env.BENCH_DATABASE_URL, only: args.only })
if (NEXT_TASK_ONLY) process.exit(0)
// stock commands per second (docs/requirements.md §17.5, ADR 0011): ≥ 600/s at 32 connections on PostgreSQL, p99 ≤ 100 ms
const COMMAND_CONNECTIONS = (args['commands-connections'] ?? '1,8,32').split(',').map(Number).filter((n) => n > 0)
const otherOnly = args['throughput-only'] || args['import-only'] || args['intake-only'] || args['webhooks-only'] || args['start-only']
if (COMMAND_CONNECTIONS.length && !otherOnly) {
  await benchCommands({ pgBase: process.env.BENCH_DATABASE_URL, only: args.only, seconds: Number(args.duration ?? 10), connections: COMMAND_CONNECTIONS })
}
if (args['commands-only']) process.exit(0)
// the first start and a restart (README's first screen): whole `npm start` processes, goals 20 s and 2 s
const START_RUNS = Number(args['start-runs'] ?? 3)
if (START_RUNS > 0 && !args['throughput-only'] && !args['import-only'] && !args['intake-only'] && !args['webhooks-only']) await benchStart({ runs: START_RUNS, cold: args['start-cold'] })
if (args['start-only']) process.exit(0)
// webhooks (docs/requirements.md §6): 10,000 events delivered ≤ 30 s PostgreSQL / 60 s embedded; the outbox ≤ 1 ms of a move
const WEBHOOK_EVENTS = Number(args['webhook-events'] ?? 10_000)
if (WEBHOOK_EVENTS > 0 && !args['throughput-only'] && !args['import-only'] && !args['intake-only'] && !args['start-only']) await benchWebhooks(WEBHOOK_EVENTS, { pgBase: process.env.BENCH_DATABASE_URL, only: args.only })
if (args['webhooks-only']) process.exit(0)
// bulk intake (docs/requirements.md §7.1): 1,000 orders × 5 lines in one request, goal ≤ 3 s on PostgreSQL
const INTAKE_ORDERS = Number(args['intake-orders'] ?? 1000)
if (INTAKE_ORDERS > 0 && !args['throughput-only'] && !args['import-only']) await benchBulkIntake(INTAKE_ORDERS, { pgBase: process.env.BENCH_DATABASE_URL, only: args.only })
if (args['intake-only']) process.exit(0)
const IMPORT_PRODUCTS = Number(args['import-products'] ?? 50_000)
if (IMPORT_PRODUCTS > 0 && !args['throughput-only']) await benchProductImport(IMPORT_PRODUCTS)
if (args['import-only']) process.exit(0)
if (!args['throughput-only']) for (const kind of KINDS) for (const lines of SIZES) results.push(...(await benchDataSet(kind, lines)))

if (results.length) {
  const big = Math.max(...SIZES)
  const small = Math.min(...SIZES)
  const f = (n: number) => n.toFixed(1).padStart(7)
  console.log(`\nStock and dashboard on ${big.toLocaleString('en')} stock lines (${RUNS} runs after ${WARMUP} warm-up; ms)`)
  console.log('| database | case | HTTP p50 | HTTP p95 | direct p50 | direct p95 | HTTP/direct p95 | p95 @' + label(small) + ' | p95 ' + label(big) + '/' + label(small) + ' | goal |')
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|')
  let failed = 0
  for (const r of results.filter((x) => x.lines === big)) {
    const s = results.find((x) => x.kind === r.kind && x.lines === small && x.name === r.name)
    const ratio = r.http.p95 / r.direct.p95
    const growth = s ? r.http.p95 / s.http.p95 : NaN
    const goal = goalP95(r.kind as 'pglite' | 'postgres', r.name)
    const ok = r.http.p95 <= goal && ratio <= 2 && (!s || growth <= 2)
    if (!ok) failed++
    const misses = [r.http.p95 > goal ? `p95>${goal}` : '', ratio > 2 ? 'ratio>2' : '', s && growth > 2 ? 'growth>2' : ''].filter(Boolean).join(' ')
    console.log(
      `| ${r.kind} | ${r.name} | ${f(r.http.p50)} | ${f(r.http.p95)} | ${f(r.direct.p50)} | ${f(r.direct.p95)} | ${ratio.toFixed(2)}x | ${s ? f(s.http.p95) : '-'} | ${s ? growth.toFixed(2) + 'x' : '-'} | ${ok ? 'ok' : misses} |`,
    )
  }
  console.log(
    `\n${failed ? `${failed} case(s) miss a goal` : 'Every case meets its goals'} (p95 ≤ 50 ms PGlite, ≤ 25 ms PostgreSQL; searches ≤ 25 / ≤ 10 ms; HTTP ≤ 2x direct; 1M ≤ 2x 10k).`,
  )
}

type Load = { rps: number; p50: number; p99: number; errors: number }

/** wrk's latency in ms from "812.00us", "1.23ms" or "1.02s". */
function wrkMs(v: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(v.trim())
  if (!m) return NaN
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1)
}

/** One wrk run in its own process: `connections` keep-alive connections (one thread each, at most 2) for DURATION s. */
function wrk(url: string, token: string, connections: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    const threads = String(Math.min(2, connections))
    const p = spawn('wrk', ['-t', threads, '-c', String(connections), '-d', `${DURATION}s`, '--latency', '-H', `Authorization: Bearer ${token}`, url])
    let out = ''
    p.stdout.on('data', (c: Buffer) => (out += c.toString()))
    p.stderr.on('data', (c: Buffer) => (out += c.toString()))
    p.on('error', reject)
    p.on('exit', () => {
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])
      const p50 = wrkMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '')
      const p99 = wrkMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '')
      const errors = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0) + Number(/Socket errors:.*?timeout (\d+)/.exec(out)?.[1] ?? 0)
      if (!Number.isFinite(rps)) reject(new Error(`wrk: ${out}`))
      else resolve({ rps, p50, p99, errors })
    })
  })
}

const DURATION = Number(args.duration ?? 10)
const GOAL_RPS = 2000
const GOAL_P99 = 50
// the searches at 32 connections on one server (ADR 0003, amended 2026-12-01)
const GOAL_SEARCH_RPS = 800
const GOAL_SEARCH_P99 = 100

async function throughput(): Promise<void> {
  if (spawnSync('wrk', ['--version']).error) {
    console.log('\nThroughput: skipped (wrk not installed; apt-get install -y wrk)')
    return
  }
  const lines = Math.max(...SIZES)
  // built (or reused) and closed again: the servers under load are separate processes
  const { database } = await openDataSet('postgres', lines)
  await database.close()
  const databaseUrl = new URL(PG_BASE)
  databaseUrl.pathname = '/' + pgName(lines)
  const dirs: string[] = []
  const start = () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wms-bench-'))
    dirs.push(dataDir)
    return startServer({ dataDir, env: { DATABASE_URL: databaseUrl.toString(), JWT_SECRET: BENCH_SECRET, LOG_LEVEL: 'warn' } })
  }
  const login = async (s: RunningServer) => {
    const res = await fetch(`${s.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }) })
    if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`)
    return ((await res.json()) as { access: string }).access
  }
  const paths = (
    [
      ['stock list, first page', '/api/inventory/stock/?page_size=20'],
      ['stock list, search name word "Chocolate"', '/api/inventory/stock/?page_size=20&search=Chocolate'],
      ['stock list, search product-code prefix "P00420"', '/api/inventory/stock/?page_size=20&search=P00420'],
    ] as const
  ).filter(([name]) => wanted(name))
  const rows: { servers: number; name: string; connections: number; load: Load }[] = []
  const servers: RunningServer[] = []
  try {
    for (const n of [1, 2]) {
      while (servers.length < n) servers.push(await start())
      const token = await login(servers[0])
      for (const [name, route] of paths) {
        for (const s of servers) await fetch(s.url + route, { headers: { authorization: `Bearer ${token}` } }) // warm
        for (const connections of [1, 8, 32]) {
          // each server gets its own wrk and an equal share of the connections (at least one)
          const share = Math.max(1, Math.floor(connections / n))
          const loads = await Promise.all(servers.map((s) => wrk(s.url + route, token, share)))
          const load: Load = {
            rps: loads.reduce((t, l) => t + l.rps, 0),
            p50: Math.max(...loads.map((l) => l.p50)),
            p99: Math.max(...loads.map((l) => l.p99)),
            errors: loads.reduce((t, l) => t + l.errors, 0),
          }
          rows.push({ servers: n, name, connections: share * n, load })
          log(`${n} server(s) ${name} ${share * n} conn: ${load.rps.toFixed(0)} req/s, p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms`)
        }
      }
    }
  } finally {
    for (const s of servers) await s.stop()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  }
  console.log(`\nThroughput on PostgreSQL, ${lines.toLocaleString('en')} stock lines (wrk in its own process, ${DURATION} s per row, ${os.cpus().length} cores)`)
  console.log('| servers | case | connections | req/s | p50 ms | p99 ms | errors | goal |')
  console.log('|---:|---|---:|---:|---:|---:|---:|---|')
  for (const r of rows) {
    const [rps, p99] = r.name.includes('first page') ? [GOAL_RPS, GOAL_P99] : r.servers === 1 ? [GOAL_SEARCH_RPS, GOAL_SEARCH_P99] : [0, 0]
    const goal = r.connections === 32 && rps ? (r.load.rps >= rps && r.load.p99 <= p99 ? 'ok' : `miss (≥${rps} req/s, p99 ≤${p99} ms)`) : '-'
    console.log(`| ${r.servers} | ${r.name} | ${r.connections} | ${r.load.rps.toFixed(0)} | ${r.load.p50.toFixed(1)} | ${r.load.p99.toFixed(1)} | ${r.load.errors} | ${goal} |`)
  }
}

if (KINDS.includes('postgres')) await throughput()
