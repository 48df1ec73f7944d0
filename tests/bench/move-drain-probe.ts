/**
 * A probe for the outbox drain of SPEC 11.9, server side only (not a test, not part of `npm run bench`): where a
 * `POST /api/inventory/moves/` spends its time on the embedded database. Opens the server's own kind of database
 * (file-backed PGlite) with the default demo data (50,000 stock lines; built once into a template directory and
 * copied for each run), creates the app, and sends the drain's 500 commands through app.inject, one after the other,
 * exactly as web-handheld.ts's outboxDrain queues them: 250 one-line pallets moved by SSCC to one location and back,
 * each with its own command_id. Prints the time per request and, per SQL statement (drizzle's prepared queries are
 * wrapped), how often it ran and how long it took in all.
 *
 *   npx tsx tests/bench/move-drain-probe.ts [--commands=500] [--template=/tmp/drain-probe-template] [--no-sql]
 *   npx tsx --cpu-prof --cpu-prof-dir=/tmp/prof tests/bench/move-drain-probe.ts
 */
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { Session } from 'node:inspector/promises'
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session'
import { createApp } from '../../server/app'
import { applyMigrations, openDatabase } from '../../server/db/client'
import { seedDemoData } from '../../server/db/demo-data/seed'

const args = process.argv.slice(2)
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const COMMANDS = Number(arg('commands') ?? 500)
const TEMPLATE = arg('template') ?? path.join(os.tmpdir(), 'drain-probe-template')
const timeSql = !args.includes('--no-sql')
/** --profile=<file>: a CPU profile of the drain alone (node:inspector), for Chrome DevTools or a script */
const profileFile = arg('profile')
const PASSWORD = 'probe-password-123'

const sqlTimes = new Map<string, { n: number; ms: number }>()
if (timeSql) {
  const proto = PglitePreparedQuery.prototype as unknown as { execute: (...a: unknown[]) => Promise<unknown>; all: (...a: unknown[]) => Promise<unknown>; queryString: string }
  for (const method of ['execute', 'all'] as const) {
    const original = proto[method]
    proto[method] = async function (this: { queryString: string }, ...a: unknown[]) {
      const start = performance.now()
      try {
        return await original.apply(this, a)
      } finally {
        const key = this.queryString.replace(/\$\d+/g, '?').slice(0, 160)
        const entry = sqlTimes.get(key) ?? { n: 0, ms: 0 }
        entry.n += 1
        entry.ms += performance.now() - start
        sqlTimes.set(key, entry)
      }
    }
  }
}

async function buildTemplate(): Promise<void> {
  if (existsSync(path.join(TEMPLATE, 'done'))) return
  rmSync(TEMPLATE, { recursive: true, force: true })
  console.log(`building the template at ${TEMPLATE} (default demo data) ...`)
  const started = Date.now()
  const database = await openDatabase({ dataDir: TEMPLATE })
  await applyMigrations(database)
  await seedDemoData(database.db, { adminPassword: PASSWORD, dataDir: TEMPLATE })
  await database.close()
  writeFileSync(path.join(TEMPLATE, 'done'), new Date().toISOString())
  console.log(`template built in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

async function main(): Promise<void> {
  await buildTemplate()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drain-probe-'))
  cpSync(path.join(TEMPLATE, 'db'), path.join(dataDir, 'db'), { recursive: true })
  const database = await openDatabase({ dataDir })
  await applyMigrations(database)
  const app = await createApp({ database, jwtSecret: 'probe-secret-probe-secret-probe-secret-0123', dataDir })
  await app.ready()
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: PASSWORD } })
    const { access } = login.json<{ access: string }>()
    const headers = { authorization: `Bearer ${access}` }
    // one-line pallets of available, unreserved stock, and a storage location none of them is in
    const { rows: pallets } = (await database.db.execute(`
      SELECT min(id) AS id, sscc, min(location_id) AS location_id FROM stock_lines
      WHERE company_id = (SELECT id FROM companies WHERE code = 'DEMO') AND sscc IS NOT NULL
      GROUP BY sscc HAVING count(*) = 1 AND bool_and(reserved_qty = 0 AND status = 'available')
      ORDER BY min(id) LIMIT ${COMMANDS / 2}`)) as unknown as { rows: { id: number; sscc: string; location_id: number }[] }
    const used = new Set(pallets.map((p) => p.location_id))
    const { rows: locs } = (await database.db.execute(`
      SELECT id FROM locations WHERE company_id = (SELECT id FROM companies WHERE code = 'DEMO') AND is_active AND kind = 'storage' ORDER BY id LIMIT 500`)) as unknown as { rows: { id: number }[] }
    const dest = locs.find((l) => !used.has(l.id))!
    const moves: { sscc: string; to_location: number }[] = []
    for (const p of pallets) moves.push({ sscc: p.sscc, to_location: dest.id }, { sscc: p.sscc, to_location: p.location_id })
    console.log(`${moves.length} moves of ${pallets.length} pallets to location ${dest.id} and back; load ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`)

    // a few warm-up requests on other pallets are not wanted (they would change the data): the first ten are shown apart
    sqlTimes.clear()
    const times: number[] = []
    const session = profileFile ? new Session() : undefined
    if (session) {
      session.connect()
      await session.post('Profiler.enable')
      await session.post('Profiler.setSamplingInterval', { interval: 200 })
      await session.post('Profiler.start')
    }
    const cpuBefore = process.cpuUsage()
    const started = performance.now()
    for (const move of moves) {
      const t0 = performance.now()
      const res = await app.inject({ method: 'POST', url: '/api/inventory/moves/', headers, payload: { ...move, command_id: randomUUID() } })
      times.push(performance.now() - t0)
      if (res.statusCode !== 201) throw new Error(`move ${JSON.stringify(move)}: ${res.statusCode} ${res.body}`)
    }
    const elapsed = performance.now() - started
    const cpu = process.cpuUsage(cpuBefore)
    if (session && profileFile) {
      const { profile } = await session.post('Profiler.stop')
      writeFileSync(profileFile, JSON.stringify(profile))
      session.disconnect()
    }
    const sorted = [...times].sort((a, b) => a - b)
    console.log(`${moves.length} moves in ${(elapsed / 1000).toFixed(2)} s: mean ${(elapsed / moves.length).toFixed(1)} ms, p50 ${percentile(sorted, 50).toFixed(1)}, p95 ${percentile(sorted, 95).toFixed(1)}, max ${sorted.at(-1)!.toFixed(1)}; first ten ${times.slice(0, 10).map((t) => t.toFixed(0)).join(' ')}`)
    console.log(`   CPU time of this process (the figure a loaded machine disturbs least): ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, ${((cpu.user + cpu.system) / 1000 / moves.length).toFixed(1)} ms a move (user ${(cpu.user / 1e6).toFixed(2)} s, system ${(cpu.system / 1e6).toFixed(2)} s)`)
    console.log(`   by hundred: ${Array.from({ length: Math.ceil(times.length / 100) }, (_, i) => (times.slice(i * 100, i * 100 + 100).reduce((a, b) => a + b, 0) / Math.min(100, times.length - i * 100)).toFixed(1)).join(' ')} ms mean`)
    if (timeSql) {
      const total = [...sqlTimes.values()].reduce((a, b) => a + b.ms, 0)
      console.log(`SQL through drizzle: ${(total / 1000).toFixed(2)} s in all (${((total / elapsed) * 100).toFixed(0)}% of the drain), per statement:`)
      for (const [q, e] of [...sqlTimes.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40)) {
        console.log(`  ${(e.ms / 1000).toFixed(2).padStart(6)} s ×${String(e.n).padStart(5)} ${(e.ms / e.n).toFixed(2).padStart(6)} ms  ${q}`)
      }
    }
    console.log(`load at the end ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`)
  } finally {
    await app.close()
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
