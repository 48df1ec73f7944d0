/**
 * A probe for the slotting computation's speed (docs/requirements.md §20.4: "velocity and suggestions over 3,000,000
 * moves: at most 5 s on PostgreSQL"), not part of `npm run bench`. Reads the bench's built PostgreSQL data set
 * (wms_bench: 1,000,000 stock lines, 3,000,000 moves over 90 days; build it with `npm run bench -- --only postgres`)
 * WITHOUT migrating it, inside one transaction that is rolled back: it adds a pick face on each storage location of the
 * first warehouse, each for another product (a product on several faces is never moved, §20.4), places the warehouse's locations by
 * the default layout rule, and computes the slotting.
 * The bench ledger has no pick or ship moves (its reasons are receipt, move and count), so the velocity reads the
 * reasons `move` and `count` in their place: the same index range (company, reason, created_at), 2,000,000 moves of
 * which the 30-day window holds about a third. Prints the time of each of three runs.
 *
 *   npx tsx tests/bench/slotting-velocity-probe.ts [--url=postgres://postgres@127.0.0.1:5432/wms_bench] [--faces=5000]
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import { openDatabase } from '../../server/db/client'
import { companies, warehouses } from '../../server/db/schema/core'
import { computeSlotting } from '../../server/modules/inventory/slotting'
import { applyLayoutRule } from '../../server/modules/master-data/layout.service'

const args = process.argv.slice(2)
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const URL_ = arg('url') ?? `${(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '')}/wms_bench`
const FACES = Number(arg('faces') ?? 5000)
const GOAL_MS = 5000

class Rollback extends Error {}

const database = await openDatabase({ databaseUrl: URL_ })
try {
  const db = database.db
  const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMO'))
  const [wh] = await db.select({ id: warehouses.id, code: warehouses.code }).from(warehouses).where(and(eq(warehouses.companyId, demo.id))).orderBy(asc(warehouses.id)).limit(1)
  await db
    .transaction(async (tx) => {
      const inserted = await tx.execute<{ n: number }>(sql`
        WITH locs AS (
          SELECT id, row_number() OVER (ORDER BY id) AS rn FROM locations WHERE company_id = ${demo.id} AND warehouse_id = ${wh.id} AND kind = 'storage' AND is_active
        ), prods AS (
          SELECT id, row_number() OVER (ORDER BY id) AS rn FROM products WHERE company_id = ${demo.id} ORDER BY id LIMIT ${FACES}
        ), ins AS (
          INSERT INTO pick_faces (company_id, warehouse_id, location_id, product_id, min_qty, max_qty)
          SELECT ${demo.id}, ${wh.id}, locs.id, prods.id, 0, 100 FROM locs JOIN prods USING (rn) ON CONFLICT DO NOTHING RETURNING id
        )
        SELECT count(*)::int AS n FROM ins`)
      // the bench's locations have no place yet: the default rule places them (§18.1), so the faces have a travel cost
      const placed = await applyLayoutRule(tx, demo.id, wh.id)
      const moves = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_moves WHERE company_id = ${demo.id}`)
      console.log(`Slotting velocity probe on ${URL_.replace(/^.*@/, '')}: ${Number(moves.rows[0].n).toLocaleString('en-US')} moves, ${inserted.rows[0].n} pick faces added, ${JSON.stringify(placed)} locations placed (rolled back)`)
      for (let run = 1; run <= 3; run++) {
        const t0 = performance.now()
        const r = await computeSlotting(tx, demo.id, wh, 30, ['move', 'count'])
        const ms = performance.now() - t0
        const lines = r.products.reduce((s, p) => s + p.lines, 0)
        console.log(
          `  run ${run}: ${ms.toFixed(0)} ms (goal ≤ ${GOAL_MS} ms ${ms <= GOAL_MS ? 'ok' : 'MISSED'}): ${lines.toLocaleString('en-US')} lines in the window over ` +
            `${r.products.length.toLocaleString('en-US')} products, ${r.faces.length} faces, ${r.suggestions.length} suggestions`,
        )
      }
      throw new Rollback()
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e
    })
} finally {
  await database.close()
}
