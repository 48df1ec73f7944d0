/**
 * `npm run bench` case (docs/requirements.md §17.5, ADR 0011): stock commands per second. On a fresh PostgreSQL
 * database and a fresh embedded one, a real server process (server/main.ts, tests/support/server-harness.ts) takes
 * `POST /api/inventory/adjustments/` and `POST /api/inventory/moves/` from 1, 8 and 32 keep-alive connections
 * (node:http in this process, the server in its own), each connection on lines of its own and every request with a
 * command_id of its own, for `--duration` seconds per row. It prints commands/s, p50 and p99, and after the runs
 * checks the ledger: every line the commands touched equals the sum of its moves, the ledger's day counters equal its
 * rows, one `commands` row per command answered.
 *
 * Before the load, one adjustment and one move run in this process through the same app (createApp, app.inject)
 * with the driver's query method wrapped: what they send is printed (statements and round trips per command). On
 * PostgreSQL those statements become a pgbench script (the same statements, values inlined, each client on its own
 * lines through `:client_id`, a fresh command_id per transaction): pgbench at the same connections is the ceiling,
 * and the server's figure is printed as its ratio to it.
 *
 * Each row also prints the CPU time per command of the server process and of the database's backends (PostgreSQL on
 * this machine; Linux /proc): on a machine shared with other work, the steadier figure for comparing two versions.
 *
 * Goal (PostgreSQL, 32 connections): ≥ 600 commands/s, p99 ≤ 100 ms, ≥ half the pgbench ceiling; embedded ≥ 150/s.
 * `--commands-only` runs only this case; `--commands-connections 1,8,32`, `--duration S`, `--only pglite|postgres`.
 */
import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { createApp } from '../../server/app'
import { type Database, migrateDatabase, openDatabase } from '../../server/db/client'
import { seedDemoData } from '../../server/db/demo-data/seed'
import { products } from '../../server/db/schema/catalog'
import { users } from '../../server/db/schema/users'
import { receiveStock } from '../../server/modules/inventory/stock.service'
import { startServer } from '../support/server-harness'
import { type BenchKind, onFreshDatabases } from './bench-databases'

const PASSWORD = 'bench-password-123'
const SECRET = 'bench-secret-bench-secret-bench-secret-0123'
export const COMMANDS_GOAL = { postgres: { rps: 600, p99: 100, ceiling: 0.5 }, pglite: { rps: 150 } }

// The bench's rows get ids in ranges of their own, so a recorded statement's value names what it is (pgbench script)
const LOCATION_BASE = 41_000_000
const LINE_BASE = 42_000_000
const RETURNED_MIN = 43_000_000
const RETURNED_TABLES = ['commands', 'stock_moves', 'webhook_events', 'webhook_deliveries', 'jobs']

/** Client c's rows: a line to adjust and, for moves, a line in `from` and one in `to` (same product and lot). */
const clientRows = (c: number) => ({
  adjust: LINE_BASE + 3 * c + 1,
  a: LINE_BASE + 3 * c + 2,
  b: LINE_BASE + 3 * c + 3,
  from: LOCATION_BASE + 2 * c + 1,
  to: LOCATION_BASE + 2 * c + 2,
})

type Kind = 'adjust' | 'move'
type Load = { kind: Kind; connections: number; rps: number; p50: number; p99: number; errors: number; commands: number; cpu?: { server: number; database?: number } }

/**
 * CPU time (ms) the processes have used so far (Linux /proc, user + system); undefined elsewhere. Per command it is a
 * steadier figure than commands/s on a machine shared with other work: what others run changes how long a command
 * waits for a core, far less how much of one it takes.
 */
function cpuMs(pids: number[]): Map<number, number> | undefined {
  const tick = 1000 / 100 // CLK_TCK is 100 on Linux
  const out = new Map<number, number>()
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * tick)
    } catch {
      if (!existsSync('/proc/self/stat')) return undefined // not Linux; a process that ended meanwhile is skipped
    }
  }
  return out
}

/** CPU ms used between two readings: a process that started in between counts whole, one that ended is lost. */
function cpuBetween(before: Map<number, number> | undefined, after: Map<number, number> | undefined): number | undefined {
  if (!before || !after) return undefined
  let total = 0
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0)
  return total
}

/** The database's backends serving `url` (PostgreSQL on this machine), for their CPU time. */
async function backendPids(url: string | undefined): Promise<number[]> {
  if (!url) return []
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')
    return rows.map((r) => r.pid)
  } finally {
    await client.end()
  }
}
type Recorded = { text: string; values: unknown[]; rows: Record<string, unknown>[]; named: boolean }

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN

/**
 * The bench's stock: one product, 2 locations per client, 3 lines per client (received through the stock service,
 * so each has its receipt in the ledger), ids from LOCATION_BASE and LINE_BASE in client order.
 */
async function seed(database: Database, dir: string, clients: number): Promise<{ companyId: number; userId: number }> {
  await migrateDatabase(database)
  const db = database.db
  await seedDemoData(db, { adminPassword: PASSWORD, dataDir: dir, stock: 0, products: 20, locations: 20, log: () => {} })
  const [admin] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.username, 'admin'))
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.companyId, admin.companyId)).orderBy(products.id).limit(1)
  const seq = (table: string, value: number) => db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), ${value})`))
  await seq('locations', LOCATION_BASE)
  await seq('stock_lines', LINE_BASE)
  for (const [i, table] of RETURNED_TABLES.entries()) await seq(table, RETURNED_MIN + i * 1_000_000)
  await db.execute(sql`
    INSERT INTO locations (company_id, warehouse_id, code, kind)
    SELECT company_id, warehouse_id, 'BENCH-' || lpad(g::text, 4, '0'), 'storage'
    FROM (SELECT company_id, warehouse_id FROM locations WHERE company_id = ${admin.companyId} AND kind = 'storage' AND is_active ORDER BY id LIMIT 1) w,
      generate_series(1, ${2 * clients}) g ORDER BY g`)
  const actor = { companyId: admin.companyId, userId: admin.id }
  for (let c = 0; c < clients; c++) {
    const r = clientRows(c)
    const made = [
      await receiveStock(db, actor, { productId: product.id, locationId: r.from, qty: '1000', lot: 'ADJ', reason: 'adjust', reasonCode: 'found' }),
      await receiveStock(db, actor, { productId: product.id, locationId: r.from, qty: '1000000', lot: 'MOV', reason: 'adjust', reasonCode: 'found' }),
      await receiveStock(db, actor, { productId: product.id, locationId: r.to, qty: '1000000', lot: 'MOV', reason: 'adjust', reasonCode: 'found' }),
    ].map((ch) => ch.to?.id)
    if (made.join() !== [r.adjust, r.a, r.b].join()) throw new Error(`bench lines of client ${c}: ${made.join()} (expected ${[r.adjust, r.a, r.b].join()})`)
  }
  return actor
}

/** Client c's next command, by kind; `i` its count so far (adjustments alternate two quantities, moves go and come back). */
function command(kind: Kind, c: number, i: number): { url: string; body: Record<string, unknown> } {
  const r = clientRows(c)
  if (kind === 'adjust') return { url: '/api/inventory/adjustments/', body: { command_id: randomUUID(), stock_line: r.adjust, qty: i % 2 ? '1000' : '1001', reason_code: 'correction', note: 'bench' } }
  return { url: '/api/inventory/moves/', body: { command_id: randomUUID(), stock_line: i % 2 ? r.b : r.a, qty: '1', to_location: i % 2 ? r.from : r.to } }
}

/**
 * One adjustment and one move through the app in this process, node-postgres's query method wrapped: the statements
 * each command sends (after one of each, so the session and the statements' caches are warm). PostgreSQL only: the
 * embedded database runs the same statements without a network between.
 */
async function recordCommands(database: Database, dir: string): Promise<Record<Kind, Recorded[]>> {
  const app = await createApp({ database, jwtSecret: SECRET, dataDir: dir })
  await app.ready()
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: PASSWORD } })
    const headers = { authorization: `Bearer ${(login.json() as { access: string }).access}` }
    const out = {} as Record<Kind, Recorded[]>
    for (const kind of ['adjust', 'move'] as const) {
      const send = async (i: number) => {
        const { url, body } = command(kind, 0, i)
        const res = await app.inject({ method: 'POST', url, headers, payload: body })
        if (res.statusCode !== 201) throw new Error(`${kind}: ${res.statusCode} ${res.body}`)
      }
      await send(0)
      await send(1)
      out[kind] = await recording(database, () => send(2))
      // back where the load starts: the move went from a to b, the adjustment to 1001
      await send(3)
    }
    return out
  } finally {
    await app.close()
  }
}

type QueryFn = (...args: unknown[]) => Promise<{ rows?: unknown[]; fields?: { name: string }[] }>

/** Every statement the driver sends while `work` runs, with its values and the rows it answered. */
async function recording(database: Database, work: () => Promise<void>): Promise<Recorded[]> {
  const calls: Recorded[] = []
  const proto = pg.Client.prototype as unknown as { query: QueryFn }
  const original = proto.query
  proto.query = async function (this: unknown, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[]; name?: string }, unknown[] | undefined]
    const text = typeof first === 'string' ? first : first.text
    const values = (typeof first === 'string' ? second : (first.values ?? second)) ?? []
    const entry: Recorded = { text, values: Array.isArray(values) ? values : [], rows: [], named: typeof first !== 'string' && Boolean(first.name) }
    calls.push(entry)
    const result = await original.apply(this, args)
    const names = result.fields?.map((f) => f.name) ?? []
    entry.rows = (result.rows ?? []).map((row) => (Array.isArray(row) ? Object.fromEntries(row.map((v: unknown, i: number) => [names[i], v])) : (row as Record<string, unknown>)))
    return result
  }
  try {
    await work()
  } finally {
    proto.query = original
  }
  return calls
}

/** Statements in a recorded call: a text without values may hold several (`begin; ...`). */
const statementsIn = (r: Recorded) => (r.values.length ? 1 : r.text.split(';').filter((s) => s.trim()).length)

/**
 * The recorded statements as a pgbench script: values inlined as literals, the bench's ids as pgbench variables of
 * the client (`:client_id`), the command_id a fresh uuid, and an id a statement returned (a claimed command, a
 * move) taken with `\gset` where a later statement sends it.
 */
function pgbenchScript(calls: Recorded[]): string {
  const r0 = clientRows(0)
  const vars = new Map<string, string>([
    [String(r0.adjust), ':adj'],
    [String(r0.a), ':a'],
    [String(r0.b), ':b'],
    [String(r0.from), ':l'],
    [String(r0.to), ':t'],
  ])
  const head = [
    `\\set adj ${LINE_BASE + 1} + 3 * :client_id`,
    `\\set a ${LINE_BASE + 2} + 3 * :client_id`,
    `\\set b ${LINE_BASE + 3} + 3 * :client_id`,
    `\\set l ${LOCATION_BASE + 1} + 2 * :client_id`,
    `\\set t ${LOCATION_BASE + 2} + 2 * :client_id`,
  ]
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
  const gsets = new Map<number, string>()
  const returned = new Map<string, string>()
  const lines = calls.map((call, k) => {
    const literal = (v: unknown): string => {
      if (v === null || v === undefined) return 'NULL'
      const s = typeof v === 'string' ? v : v instanceof Date ? v.toISOString() : Array.isArray(v) ? `{${v.join(',')}}` : typeof v === 'object' ? JSON.stringify(v) : String(v)
      if (vars.has(s)) return vars.get(s) as string
      if (returned.has(s)) return returned.get(s) as string
      if (uuid.test(s)) return 'gen_random_uuid()'
      // pgbench reads `:name` as a variable even inside quotes: a colon goes as an escape of an E'' string
      return s.includes(':') ? `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/:/g, '\\x3a')}'` : `'${s.replace(/'/g, "''")}'`
    }
    const text = call.text.replace(/\$(\d+)/g, (_, n: string) => literal(call.values[Number(n) - 1])).replace(/\s+/g, ' ').trim()
    // ids this statement returned that a later one may send
    if (call.rows.length === 1) {
      for (const [col, v] of Object.entries(call.rows[0])) {
        const n = Number(v)
        if (Number.isInteger(n) && n >= RETURNED_MIN && /^[a-z_][a-z0-9_]*$/i.test(col)) {
          returned.set(String(n), `:r${k}_${col}`)
          gsets.set(k, `r${k}_`)
        }
      }
    }
    return text.replace(/;\s*$/, '')
  })
  // only the statements whose ids are used get \gset (a \gset needs exactly one row)
  const script = lines.map((l, k) => {
    const prefix = gsets.get(k)
    const used = prefix && lines.slice(k + 1).some((later) => later.includes(`:${prefix}`))
    return used ? `${l} \\gset ${prefix}` : `${l};`
  })
  return [...head, ...script].join('\n') + '\n'
}

/** pgbench at `clients` connections for `seconds`: transactions/s, p50 and p99 from its per-transaction log. */
function pgbench(url: string, script: string, clients: number, seconds: number, prepared: boolean): Load | undefined {
  const bin = ['pgbench', '/usr/lib/postgresql/15/bin/pgbench'].find((b) => !spawnSync(b, ['--version']).error)
  if (!bin) return undefined
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wms-pgbench-'))
  try {
    const file = path.join(dir, 'command.sql')
    writeFileSync(file, script)
    const u = new URL(url)
    const res = spawnSync(
      bin,
      ['-n', '-M', prepared ? 'prepared' : 'extended', '-c', String(clients), '-j', String(Math.min(2, clients)), '-T', String(seconds), '-f', file, '-l', '--log-prefix', path.join(dir, 'log'), '-h', u.searchParams.get('host') ?? u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres'), u.pathname.slice(1)],
      { encoding: 'utf8' },
    )
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(res.stdout)?.[1])
    if (!Number.isFinite(tps)) throw new Error(`pgbench: ${res.stdout}\n${res.stderr}\n--- script ---\n${script}`)
    const latencies = readdirSync(dir)
      .filter((f) => f.startsWith('log'))
      .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
      .map((l) => Number(l.split(' ')[2]) / 1000)
      .sort((a, b) => a - b)
    const errors = Number(/number of failed transactions: (\d+)/.exec(res.stdout)?.[1] ?? 0)
    return { kind: 'adjust', connections: clients, rps: tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, commands: latencies.length }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** `connections` keep-alive connections, each sending client c's commands one after the other for `seconds`. */
async function load(base: string, token: string, kind: Kind, connections: number, seconds: number, counts: number[]): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  let errors = 0
  const post = (url: string, body: unknown) =>
    new Promise<number>((resolve, reject) => {
      const data = JSON.stringify(body)
      const req = http.request(base + url, { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end(data)
    })
  const started = performance.now()
  const until = started + seconds * 1000
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      while (performance.now() < until) {
        const { url, body } = command(kind, c, counts[c])
        const t = performance.now()
        const status = await post(url, body)
        latencies.push(performance.now() - t)
        if (status === 201) counts[c]++
        else errors++
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return { kind, connections, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, commands: latencies.length }
}

/** The ledger after the load: every bench line equals the sum of its moves, the day counters their rows. */
async function checkLedger(database: Database, companyId: number, clients: number): Promise<{ lines: number; wrong: number; moves: number; counted: number; commands: number }> {
  const ids = Array.from({ length: clients }, (_, c) => Object.values(clientRows(c)).slice(0, 3)).flat()
  const list = `{${ids.join(',')}}`
  const { rows } = await database.db.execute<{ lines: number; wrong: number }>(sql`
    SELECT count(*)::int AS lines, count(*) FILTER (WHERE l.qty <> coalesce(i.q, 0) - coalesce(o.q, 0))::int AS wrong
    FROM stock_lines l
    LEFT JOIN (SELECT to_line_id AS id, sum(qty) AS q FROM stock_moves WHERE to_line_id = ANY(${list}::int[]) GROUP BY 1) i ON i.id = l.id
    LEFT JOIN (SELECT from_line_id AS id, sum(qty) AS q FROM stock_moves WHERE from_line_id = ANY(${list}::int[]) GROUP BY 1) o ON o.id = l.id
    WHERE l.id = ANY(${list}::int[])`)
  const { rows: totals } = await database.db.execute<{ moves: number; counted: number; commands: number }>(sql`
    SELECT (SELECT count(*)::int FROM stock_moves WHERE company_id = ${companyId}) AS moves,
      (SELECT coalesce(sum(moves), 0)::int FROM stock_move_day_counters WHERE company_id = ${companyId}) AS counted,
      (SELECT count(*)::int FROM commands WHERE company_id = ${companyId} AND status = 200) AS commands`)
  return { ...rows[0], ...totals[0] }
}

async function run(database: Database, dir: string, kind: BenchKind, url: string | undefined, opts: { connections: number[]; seconds: number; log: (s: string) => void }) {
  const { log } = opts
  const clients = Math.max(...opts.connections)
  const name = kind === 'postgres' ? 'PostgreSQL' : 'PGlite'
  const actor = await seed(database, dir, clients)
  const recorded = kind === 'postgres' ? await recordCommands(database, dir) : { adjust: [], move: [] }
  for (const k of kind === 'postgres' ? (['adjust', 'move'] as const) : []) {
    const calls = recorded[k]
    const statements = calls.reduce((t, c) => t + statementsIn(c), 0)
    log(`${name} ${k}: ${statements} statements per command in ${calls.length} round trips (${calls.filter((c) => c.named).length} of them named, prepared once per connection):`)
    for (const c of calls) log(`    ${c.text.replace(/\s+/g, ' ').slice(0, 150)}`)
  }
  await (kind === 'pglite' ? database.close() : Promise.resolve())
  const server = await startServer({
    dataDir: kind === 'pglite' ? path.join(dir, 'db') : dir,
    env: { DATABASE_URL: url ?? '', JWT_SECRET: SECRET, LOG_LEVEL: 'warn' },
  })
  const rows: { load: Load; ceiling?: Load }[] = []
  // the recorded commands left client 0 where it started; every client starts with an adjustment to 1001, a move a → b
  const counts = { adjust: Array.from({ length: clients }, () => 0), move: Array.from({ length: clients }, () => 0) }
  let sent = 0
  try {
    const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })
    const token = ((await res.json()) as { access: string }).access
    for (const k of ['adjust', 'move'] as const) {
      for (const connections of opts.connections) {
        // the server's pool opens and closes its connections on demand: the backends are read before and after
        const serverPid = server.proc.pid ? [server.proc.pid] : []
        const before = { server: cpuMs(serverPid), database: cpuMs(await backendPids(url)) }
        const l = await load(server.url, token, k, connections, opts.seconds, counts[k])
        const after = { server: cpuMs(serverPid), database: cpuMs(await backendPids(url)) }
        const serverMs = cpuBetween(before.server, after.server)
        if (serverMs !== undefined && l.commands) {
          const databaseMs = url ? cpuBetween(before.database, after.database) : undefined
          l.cpu = { server: serverMs / l.commands, database: databaseMs === undefined ? undefined : databaseMs / l.commands }
        }
        sent += l.commands - l.errors
        rows.push({ load: l })
        const cpu = l.cpu ? `; CPU per command: server ${l.cpu.server.toFixed(2)} ms${l.cpu.database !== undefined ? `, database ${l.cpu.database.toFixed(2)} ms` : ''}` : ''
        log(`${name} ${k} ${connections} conn: ${l.rps.toFixed(0)} commands/s, p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, errors ${l.errors}${cpu} (load ${os.loadavg()[0].toFixed(2)})`)
      }
    }
  } finally {
    await server.stop()
  }
  const checked = kind === 'pglite' ? await openDatabase({ dataDir: path.join(dir, 'db') }) : database
  try {
    const ledger = await checkLedger(checked, actor.companyId, clients)
    // on PostgreSQL 4 commands of each kind ran in this process first (recordCommands)
    const before = kind === 'postgres' ? 8 : 0
    const exact = ledger.wrong === 0 && ledger.moves === ledger.counted && ledger.commands === sent + before
    log(
      `${name} ledger after the load: ${ledger.moves.toLocaleString('en')} moves, ${ledger.lines} lines checked, ${ledger.wrong} not equal to their moves' sum; ` +
        `day counters ${ledger.counted.toLocaleString('en')}; ${ledger.commands.toLocaleString('en')} commands stored for ${(sent + before).toLocaleString('en')} answered: ${exact ? 'exact' : 'WRONG'}`,
    )
    if (kind === 'postgres' && url) {
      for (const row of rows) {
        const script = pgbenchScript(recorded[row.load.kind])
        // named statements (the server's kept ones) as pgbench's prepared mode, unnamed ones as its extended mode
        row.ceiling = pgbench(url, script, row.load.connections, opts.seconds, recorded[row.load.kind].some((c) => c.named))
        if (row.ceiling) log(`${name} pgbench ceiling, ${row.load.kind} ${row.load.connections} conn: ${row.ceiling.rps.toFixed(0)} tps, p50 ${row.ceiling.p50.toFixed(1)} ms, p99 ${row.ceiling.p99.toFixed(1)} ms`)
        else log('pgbench not found (Debian: apt-get install -y postgresql-contrib): no ceiling')
      }
    }
  } finally {
    if (checked !== database) await checked.close()
  }
  return rows.map((r) => ({ ...r, name }))
}

export async function benchCommands(opts: { pgBase?: string; only?: string; seconds?: number; connections?: number[] } = {}, log: (s: string) => void = console.log) {
  const connections = opts.connections ?? [1, 8, 32]
  const seconds = opts.seconds ?? 10
  const all: { name: string; load: Load; ceiling?: Load }[] = []
  log(`Stock commands: ${connections.join(', ')} connections, ${seconds} s per row; load ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}, ${os.cpus().length} cores`)
  await onFreshDatabases('commands', opts, async (database, dir, kind, url) => {
    all.push(...(await run(database, dir, kind, url, { connections, seconds, log })))
  })
  console.log(`\nStock commands through HTTP (a server process; ${seconds} s per row; load at the end ${os.loadavg()[0].toFixed(2)})`)
  console.log('| database | command | connections | commands/s | p50 ms | p99 ms | errors | CPU ms per command: server / database | pgbench tps | ratio | goal |')
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|')
  for (const r of all) {
    const { load: l, ceiling } = r
    const ratio = ceiling ? l.rps / ceiling.rps : NaN
    let goal = '-'
    if (l.connections === 32 && r.name === 'PostgreSQL') {
      const g = COMMANDS_GOAL.postgres
      goal = l.rps >= g.rps && l.p99 <= g.p99 && (!ceiling || ratio >= g.ceiling) ? 'ok' : `miss (≥${g.rps}/s, p99 ≤${g.p99} ms, ≥${g.ceiling}× pgbench)`
    } else if (l.connections === 32) goal = l.rps >= COMMANDS_GOAL.pglite.rps ? 'ok' : `miss (≥${COMMANDS_GOAL.pglite.rps}/s)`
    console.log(
      `| ${r.name} | ${l.kind} | ${l.connections} | ${l.rps.toFixed(0)} | ${l.p50.toFixed(1)} | ${l.p99.toFixed(1)} | ${l.errors} | ${l.cpu ? `${l.cpu.server.toFixed(2)} / ${l.cpu.database?.toFixed(2) ?? '-'}` : '-'} | ${ceiling ? ceiling.rps.toFixed(0) : '-'} | ${ceiling ? ratio.toFixed(2) : '-'} | ${goal} |`,
    )
  }
}

// run on its own: npx tsx tests/bench/commands-bench.ts [--only postgres] [--duration 10] [--commands-connections 1,8,32]
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`)
    return i > 0 ? process.argv[i + 1] : undefined
  }
  await benchCommands({ pgBase: process.env.BENCH_DATABASE_URL, only: arg('only'), seconds: Number(arg('duration') ?? 10), connections: arg('commands-connections')?.split(',').map(Number) })
  process.exit(0)
}
