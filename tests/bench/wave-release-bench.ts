/**
 * `npm run bench -- wave-release` (or `--wave-release-only`; docs/requirements.md §19.3): release a wave of 500
 * orders × 5 lines on the 1,000,000-line data set: every line reserved FEFO, 63 batches of 8 totes in path order, 2,500
 * pick tasks, the event. Goals: 3 s on PostgreSQL, 6 s embedded. The orders and the wave are made in a transaction
 * that is rolled back after the release, so the data set stays the one it was built as.
 *
 * The orders' products are those with stock in the demo company's first warehouse, drawn with a Pareto skew (20% of
 * the products make 80% of the lines), seeded: every run releases the same wave.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../server/db/client'
import { companies, warehouses } from '../../server/db/schema/core'
import { customers } from '../../server/db/schema/partners'
import { users } from '../../server/db/schema/users'
import { rng } from '../../server/db/demo-data/random'
import type { AuthUser } from '../../server/http/auth-user'
import { releaseWave } from '../../server/modules/shipping/shipping.service'

export const WAVE_RELEASE_GOAL_MS = { postgres: 3_000, pglite: 6_000 }
const ORDERS = 500
const LINES = 5
const TOTES = 8

class Rollback extends Error {}

/** One release of a fresh wave on `database` (the big data set); prints and answers the milliseconds. */
export async function benchWaveRelease(database: Database, kind: 'postgres' | 'pglite', label: string): Promise<number> {
  const db = database.db
  const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'))
  const [admin] = await db.select().from(users).where(and(eq(users.companyId, demo.id), eq(users.username, 'admin')))
  const [warehouse] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.companyId, demo.id)).orderBy(asc(warehouses.id)).limit(1)
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, demo.id)).orderBy(asc(customers.id)).limit(1)
  const stocked = await db.execute<{ id: number }>(sql`
    SELECT DISTINCT s.product_id AS id FROM stock_lines s JOIN locations l ON l.id = s.location_id
    WHERE s.company_id = ${demo.id} AND l.warehouse_id = ${warehouse.id} ORDER BY 1 LIMIT 2000`)
  const productIds = stocked.rows.map((r) => Number(r.id))
  const r = rng(19_3)
  const hot = productIds.slice(0, Math.max(1, Math.floor(productIds.length / 5)))
  const draw = () => (r.chance(0.8) ? r.pick(hot) : r.pick(productIds))
  const user: AuthUser = { id: admin.id, username: admin.username, role: admin.role, companyId: demo.id, sessionId: 'bench', defaultSiteId: null, defaultWarehouseId: warehouse.id }
  const tag = `BENCH-WR-${Date.now()}`
  let ms = 0
  let answer: Awaited<ReturnType<typeof releaseWave>> | undefined
  try {
    await db.transaction(async (tx) => {
      const [wave] = (await tx.execute<{ id: number }>(sql`
        INSERT INTO waves (company_id, warehouse_id, code, created_by_id) VALUES (${demo.id}, ${warehouse.id}, ${tag}, ${admin.id}) RETURNING id`)).rows
      const orders = Array.from({ length: ORDERS }, (_, i) => ({ code: `${tag}-${i}`, priority: r.int(0, 3), lines: Array.from({ length: LINES }, () => ({ product: draw(), qty: r.int(1, 4) })) }))
      await tx.execute(sql`
        INSERT INTO sales_orders (company_id, warehouse_id, customer_id, code, ship_date, priority, wave_id, created_by_id)
        SELECT ${demo.id}, ${warehouse.id}, ${customer.id}, o->>'code', current_date + 1, (o->>'priority')::int, ${Number(wave.id)}, ${admin.id}
        FROM jsonb_array_elements(${JSON.stringify(orders)}::jsonb) AS o`)
      await tx.execute(sql`
        INSERT INTO sales_order_lines (company_id, order_id, product_id, qty)
        SELECT ${demo.id}, so.id, (l->>'product')::int, (l->>'qty')::numeric
        FROM jsonb_array_elements(${JSON.stringify(orders)}::jsonb) AS o
        JOIN sales_orders so ON so.company_id = ${demo.id} AND so.code = o->>'code'
        CROSS JOIN jsonb_array_elements(o->'lines') AS l`)
      const started = performance.now()
      answer = await releaseWave(tx, user, Number(wave.id), { command_id: randomUUID(), shortage: 'short', totes: TOTES })
      ms = performance.now() - started
      throw new Rollback()
    })
  } catch (e) {
    if (!(e instanceof Rollback)) throw e
  }
  const goal = WAVE_RELEASE_GOAL_MS[kind]
  const a = answer as NonNullable<typeof answer>
  console.log(
    `  ${label} wave release: ${ORDERS} orders × ${LINES} lines, ${a.tasks} pick tasks in ${a.batches.length} batches, ${a.shortages.length} short lines: ` +
      `${(ms / 1000).toFixed(2)} s (goal ≤ ${goal / 1000} s) ${ms <= goal ? 'ok' : 'MISSED'}`,
  )
  return ms
}
