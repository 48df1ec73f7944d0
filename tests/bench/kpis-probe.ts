/**
 * Where Indicadores' read spends its time (docs/requirements.md §21.5): on a bench data set (`npm run bench -- kpis`
 * built it), write the bench's rollups in a transaction rolled back after, and print EXPLAIN (ANALYZE, BUFFERS) of
 * every statement readKpis sends, with its count. `npx tsx tests/bench/kpis-probe.ts pglite|postgres [var/bench dir]`;
 * PostgreSQL is BENCH_DATABASE_URL's server, database wms_bench_10k unless KPIS_PROBE_DB names another.
 */
import path from 'node:path'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { migrateDatabase, openDatabase, type DbOrTx } from '../../server/db/client'
import { companies } from '../../server/db/schema/core'
import { users } from '../../server/db/schema/users'
import type { AuthUser } from '../../server/http/auth-user'
import { readKpis } from '../../server/modules/analytics/kpis.service'
import { writeBenchRollups } from './kpis-bench'

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite'
const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
url.pathname = '/' + (process.env.KPIS_PROBE_DB ?? 'wms_bench_10k')
const database = kind === 'postgres' ? await openDatabase({ databaseUrl: url.toString() }) : await openDatabase({ dataDir: path.resolve(process.argv[3] ?? 'var/bench/pglite-10k') })
await migrateDatabase(database)
const db = database.db
const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'))
const [admin] = await db.select().from(users).where(and(eq(users.companyId, demo.id), eq(users.username, 'admin')))
const user: AuthUser = { id: admin.id, username: admin.username, role: 'admin', companyId: demo.id, sessionId: 'probe', defaultSiteId: null, defaultWarehouseId: null }
const to = new Date().toISOString().slice(0, 10)
const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10)
const filters = (process.env.KPIS_PROBE_FILTERS ? JSON.parse(process.env.KPIS_PROBE_FILTERS) : {}) as Record<string, unknown>
class Rollback extends Error {}
try {
  await db.transaction(async (tx) => {
    const started = performance.now()
    console.log('rows written', await writeBenchRollups(tx, demo.id), `in ${(performance.now() - started).toFixed(0)} ms`)
    await tx.execute(sql`ANALYZE`)
    for (let i = 0; i < 3; i++) await readKpis(tx, user, { from, to, ...filters })
    const times: number[] = []
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now()
      await readKpis(tx, user, { from, to, ...filters })
      times.push(performance.now() - t0)
    }
    console.log('readKpis ms', times.map((t) => t.toFixed(0)).join(' '))
    // every execute() the service sends, explained (the builder's selects are counted, not explained)
    let statements = 0
    const explaining = new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop === 'execute')
          return async (q: SQL) => {
            statements++
            const r = await target.execute<Record<string, string>>(sql`EXPLAIN (ANALYZE, BUFFERS) ${q}`)
            console.log(r.rows.map((x) => Object.values(x)[0]).join('\n'))
            return target.execute(q)
          }
        if (prop === 'select' || prop === 'insert') statements++
        return Reflect.get(target, prop, receiver)
      },
    }) as DbOrTx
    await readKpis(explaining, user, { from, to, ...filters })
    console.log('statements per read', statements)
    throw new Rollback()
  })
} catch (e) {
  if (!(e instanceof Rollback)) throw e
}
await database.close()
