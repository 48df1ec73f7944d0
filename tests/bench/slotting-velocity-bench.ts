/**
 * The slotting computation's speed on the big data set (docs/requirements.md §20.4: "velocity and suggestions over
 * 3,000,000 moves: at most 5 s on PostgreSQL"). A full `npm run bench` runs it on the 1,000,000-line data set of each
 * database (3,000,000 moves over 90 days); `npm run bench -- slotting-velocity` runs it alone.
 *
 * Inside one transaction that is rolled back: a pick face on each storage location of the demo company's first
 * warehouse, each for another product (a product on several faces is never moved, §20.4), the warehouse's locations
 * placed by the default layout rule, then the slotting computed three times. The bench ledger has no pick or ship
 * moves (its reasons are receipt, move and count), so the velocity reads `move` and `count` in their place: the same
 * index range (company, reason, created_at), about 2,000,000 moves of which the 30-day window holds a third.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../server/db/client'
import { companies, warehouses } from '../../server/db/schema/core'
import { computeSlotting } from '../../server/modules/inventory/slotting'
import { applyLayoutRule } from '../../server/modules/master-data/layout.service'

export const SLOTTING_VELOCITY_GOAL_MS = 5_000

class Rollback extends Error {}

/** Three computations on `database`; prints each and answers the median in milliseconds. */
export async function benchSlottingVelocity(database: Database, kind: 'postgres' | 'pglite', label: string, faces = 5000): Promise<number> {
  const db = database.db
  const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'))
  const [wh] = await db.select({ id: warehouses.id, code: warehouses.code }).from(warehouses).where(and(eq(warehouses.companyId, demo.id))).orderBy(asc(warehouses.id)).limit(1)
  const times: number[] = []
  await db
    .transaction(async (tx) => {
      const inserted = await tx.execute<{ n: number }>(sql`
        WITH locs AS (
          SELECT id, row_number() OVER (ORDER BY id) AS rn FROM locations WHERE company_id = ${demo.id} AND warehouse_id = ${wh.id} AND kind = 'storage' AND is_active
        ), prods AS (
          SELECT id, row_number() OVER (ORDER BY id) AS rn FROM products WHERE company_id = ${demo.id} ORDER BY id LIMIT ${faces}
        ), ins AS (
          INSERT INTO pick_faces (company_id, warehouse_id, location_id, product_id, min_qty, max_qty)
          SELECT ${demo.id}, ${wh.id}, locs.id, prods.id, 0, 100 FROM locs JOIN prods USING (rn) ON CONFLICT DO NOTHING RETURNING id
        )
        SELECT count(*)::int AS n FROM ins`)
      // the bench's locations have no place yet: the default rule places them (§18.1), so the faces have a travel cost
      await applyLayoutRule(tx, demo.id, wh.id)
      const moves = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_moves WHERE company_id = ${demo.id}`)
      console.log(`\nSlotting velocity and suggestions, ${label}: ${Number(moves.rows[0].n).toLocaleString('en-US')} moves, ${inserted.rows[0].n} pick faces (rolled back)`)
      for (let run = 1; run <= 3; run++) {
        const t0 = performance.now()
        const r = await computeSlotting(tx, demo.id, wh, 30, ['move', 'count'])
        const ms = performance.now() - t0
        times.push(ms)
        const lines = r.products.reduce((s, p) => s + p.lines, 0)
        const goal = kind === 'postgres' ? ` (goal ≤ ${SLOTTING_VELOCITY_GOAL_MS} ms ${ms <= SLOTTING_VELOCITY_GOAL_MS ? 'ok' : 'MISSED'})` : ''
        console.log(
          `  run ${run}: ${ms.toFixed(0)} ms${goal}: ${lines.toLocaleString('en-US')} lines in the window over ` +
            `${r.products.length.toLocaleString('en-US')} products, ${r.faces.length} faces, ${r.suggestions.length} suggestions`,
        )
      }
      throw new Rollback()
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e
    })
  const median = [...times].sort((a, b) => a - b)[1] ?? 0
  console.log(`  median ${median.toFixed(0)} ms`)
  return median
}
