/**
 * `npm run bench -- replenishment` (or `--replenishment-only`; docs/requirements.md §20.2): the supervisor's sweep over
 * 5,000 pick faces on the 1,000,000-line data set. Goals: 2 s on PostgreSQL, 4 s embedded.
 *
 * The faces are 5,000 (location, product) places of the demo company's first warehouse that hold stock, seeded: half
 * of them with a minimum above what they hold (each needs a refill from the product's stock elsewhere), half below it.
 * Made in a transaction that is rolled back after the sweep, so the data set stays as it was built.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../server/db/client'
import { companies, warehouses } from '../../server/db/schema/core'
import { users } from '../../server/db/schema/users'
import { sweepFaces } from '../../server/modules/inventory/replenishment'

export const REPLENISHMENT_SWEEP_GOAL_MS = { postgres: 2_000, pglite: 4_000 }
const FACES = 5_000

class Rollback extends Error {}

/** One sweep over FACES fresh faces on `database` (the big data set); prints and answers the milliseconds. */
export async function benchReplenishmentSweep(database: Database, kind: 'postgres' | 'pglite', label: string): Promise<number> {
  const db = database.db
  const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'))
  const [admin] = await db.select().from(users).where(and(eq(users.companyId, demo.id), eq(users.username, 'admin')))
  const [warehouse] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.companyId, demo.id)).orderBy(asc(warehouses.id)).limit(1)
  let ms = 0
  let created = 0
  let faces = 0
  try {
    await db.transaction(async (tx) => {
      // one face per (location, product) holding stock, the first FACES by location, product; every other one needs a refill
      const inserted = await tx.execute<{ n: number }>(sql`
        WITH places AS (
          SELECT s.location_id, s.product_id, sum(s.qty) AS held
          FROM stock_lines s JOIN locations l ON l.id = s.location_id
          WHERE s.company_id = ${demo.id} AND l.warehouse_id = ${warehouse.id}
          GROUP BY s.location_id, s.product_id
          ORDER BY s.location_id, s.product_id
          LIMIT ${FACES}
        ), ins AS (
          INSERT INTO pick_faces (company_id, warehouse_id, location_id, product_id, min_qty, max_qty, replenish_unit, replenish_qty)
          SELECT ${demo.id}, ${warehouse.id}, location_id, product_id,
            CASE WHEN row_number() OVER (ORDER BY location_id, product_id) % 2 = 0 THEN held + 1 ELSE 0 END,
            held + 10, 'unit', 1
          FROM places
          RETURNING id
        )
        SELECT count(*)::int AS n FROM ins`)
      faces = Number(inserted.rows[0].n)
      const started = performance.now()
      created = (await sweepFaces(tx, { companyId: demo.id, userId: admin.id }, warehouse.id)).length
      ms = performance.now() - started
      throw new Rollback()
    })
  } catch (e) {
    if (!(e instanceof Rollback)) throw e
  }
  const goal = REPLENISHMENT_SWEEP_GOAL_MS[kind]
  console.log(
    `  ${label} replenishment sweep: ${faces.toLocaleString('en')} pick faces, ${created.toLocaleString('en')} refill tasks created: ` +
      `${(ms / 1000).toFixed(2)} s (goal ≤ ${goal / 1000} s) ${ms <= goal ? 'ok' : 'MISSED'}`,
  )
  return ms
}
