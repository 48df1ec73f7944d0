/**
 * `npm run bench -- kpis` (docs/requirements.md §21): Indicadores for a 90-day range, p95 of GET /api/analytics/kpis/'s
 * service call. Goals: 200 ms on PostgreSQL, 400 ms embedded.
 *
 * The rollups stand for 3,000,000 ledger rows and 500,000 tasks over 90 days: 30 operators working 16 hours a day,
 * each hour in one or two of 8 zones, picking (task.pick), 5 of them also receiving, putting away (with dock-to-stock
 * buckets) and replenishing, orders shipped per warehouse hour. Written in a transaction that is rolled back after
 * the runs, so the data set stays as it was built. The rollups' size, not the ledger's, is what the read pays.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Database, DbOrTx } from '../../server/db/client'
import { companies } from '../../server/db/schema/core'
import { users } from '../../server/db/schema/users'
import type { AuthUser } from '../../server/http/auth-user'
import { readKpis } from '../../server/modules/analytics/kpis.service'

export const KPIS_GOAL_P95_MS = { postgres: 200, pglite: 400 }
const DAYS = 90

class Rollback extends Error {}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]

/** The bench's rollups (see above) for the company, through the rollups' own table (and so its triggers); the rows written. */
export async function writeBenchRollups(tx: DbOrTx, companyId: number): Promise<number> {
  const inserted = await tx.execute<{ n: number }>(sql`
    WITH hours AS (
      SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - make_interval(days => d) + make_interval(hours => h) AS hour
      FROM generate_series(0, ${DAYS - 1}) d, generate_series(9, 24) h
    ), work AS (
      SELECT hour, op, 'Z' || ((op + z) % 8) AS zone, k.kind, k.bucket, k.n
      FROM hours, generate_series(1, 30) op, generate_series(0, 1) z
      CROSS JOIN LATERAL (
        SELECT 'task.pick' AS kind, 0 AS bucket, 6 AS n
        UNION ALL SELECT 'lines.receipt', 0, 9 WHERE op <= 5
        UNION ALL SELECT 'lines.putaway', 0, 9 WHERE op <= 5
        UNION ALL SELECT 'dock_to_stock', 1 + (op + z + extract(hour FROM hour)::int) % 8, 2 WHERE op <= 5
        UNION ALL SELECT 'lines.replenishment', 0, 3 WHERE op <= 5
        UNION ALL SELECT 'lines.move', 0, 40
      ) k
      WHERE z = 0 OR (op + extract(hour FROM hour)::int) % 2 = 0
    ), ins AS (
      INSERT INTO analytics_rollups (company_id, hour, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds)
      SELECT ${companyId}::int, hour, 1, 1000000 + op, zone, kind, bucket, n, n * 4, CASE WHEN kind = 'dock_to_stock' THEN n * 3600 ELSE 0 END FROM work
      UNION ALL
      SELECT ${companyId}::int, hour, 1, 0, '', 'order.shipped', 1 + extract(hour FROM hour)::int % 12, 12, 0, 12 * 20000 FROM hours
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM ins`)
  return Number(inserted.rows[0].n)
}

export async function benchKpis(database: Database, kind: 'postgres' | 'pglite', label: string, runs = 50): Promise<number> {
  const db = database.db
  const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'))
  const [admin] = await db.select().from(users).where(and(eq(users.companyId, demo.id), eq(users.username, 'admin')))
  const user: AuthUser = { id: admin.id, username: admin.username, role: 'admin', companyId: demo.id, sessionId: 'bench', defaultSiteId: null, defaultWarehouseId: null }
  const to = new Date().toISOString().slice(0, 10)
  const from = new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10)
  const times: number[] = []
  let rows = 0
  try {
    await db.transaction(async (tx) => {
      rows = await writeBenchRollups(tx, demo.id)
      await tx.execute(sql`ANALYZE analytics_rollups`)
      for (let i = 0; i < runs + 3; i++) {
        const started = performance.now()
        // the service's read on this transaction: the rollups it wrote are visible
        await readKpis(tx, user, { from, to })
        if (i >= 3) times.push(performance.now() - started)
      }
      throw new Rollback()
    })
  } catch (e) {
    if (!(e instanceof Rollback)) throw e
  }
  const ms = p95(times)
  const goal = KPIS_GOAL_P95_MS[kind]
  console.log(`  ${label} Indicadores, ${DAYS} days, ${rows.toLocaleString('en')} rollup rows: p95 ${ms.toFixed(1)} ms (goal ${goal} ms) ${ms <= goal ? 'OK' : 'OVER'}`)
  return ms
}
