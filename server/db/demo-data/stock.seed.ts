import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../client'
import { products, uoms } from '../schema/catalog'
import { companies, locations } from '../schema/core'
import { stockLines } from '../schema/inventory'
import { TASK_TYPES, type TaskStatus, tasks } from '../schema/tasks'
import { users } from '../schema/users'
import { gs1CheckDigit } from '../../../contracts/gs1/gs1'
import { recountStockLines, recountStockMoves } from '../../modules/inventory/stock.service'
import { chunks, rng } from './random'

export type SeedStockOptions = {
  companyId: number
  /** how many stock lines to add */
  lines: number
  log?: (msg: string) => void
  /** lines per INSERT statement (default 100,000) */
  batch?: number
}

const OWNERS = ['Cliente Alfa Ltda', 'Beta Distribuição S.A.', 'Gama Foods', 'Delta Pharma', 'Épsilon Cosméticos']

/**
 * The GS1 check digit of an SSCC computed in SQL: extension digit (0-9) + company prefix + serial of the remaining
 * width. The prefix's part of the weighted sum is a constant; the serial's digits are extracted arithmetically,
 * so a million SSCCs cost no per-row loop.
 */
function ssccSql(prefix: string, ext: ReturnType<typeof sql>, serial: ReturnType<typeof sql>) {
  const width = 16 - prefix.length
  // positions counted from the right of the 17-digit body, 0-based: weight 3 on even positions
  const weight = (pos: number) => (pos % 2 === 0 ? 3 : 1)
  let prefixSum = 0
  for (let j = 0; j < prefix.length; j++) prefixSum += Number(prefix[j]) * weight(width + prefix.length - 1 - j)
  const serialTerms = Array.from({ length: width }, (_, k) => `((s / ${10 ** k}::bigint) % 10) * ${weight(k)}`).join(' + ')
  return sql`(SELECT (${ext})::text || ${prefix} || lpad(s::text, ${width}, '0') || ((10 - ((${prefixSum} + (${ext}) * ${weight(16)} + ${sql.raw(serialTerms)}) % 10)) % 10)::text
    FROM (SELECT (${serial})::bigint AS s) AS serial)`
}

/** A load at least this big, and at least as big as the stock tables already are, is a bulk load (below). */
const BULK_MIN_LINES = 10_000

type Rebuild = { name: string; sql: string }

/**
 * What makes a big INSERT slow is upkeep, not the rows: about thirty secondary indexes (two of them trigram GIN),
 * the one-place-per-SSCC exclusion constraint (ADR 0018, a GiST probe per line, checked at commit) and the foreign
 * keys (a lookup per row and key). A bulk load drops them, inserts, and builds each once over the whole table:
 * measured on the 50,000-line demo, about half the time. Their definitions come from the database itself, so the
 * migrations stay the one source of the schema; the caller runs all of it in one transaction, so a load that fails
 * or is killed leaves the tables as they were, every index and constraint in place.
 */
async function dropForBulkLoad(tx: DbOrTx): Promise<Rebuild[]> {
  const indexes = await tx.execute<Rebuild>(sql`
    SELECT i.indexname AS name, i.indexdef AS sql FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename IN ('stock_lines', 'stock_moves')
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
    ORDER BY i.indexname`)
  // foreign keys ('f') and the exclusion constraint ('x'); the primary keys and CHECKs stay (they cost nothing here)
  const constraints = await tx.execute<{ name: string; table: string; def: string }>(sql`
    SELECT c.conname AS name, t.relname AS table, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
    JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema() AND t.relname IN ('stock_lines', 'stock_moves') AND c.contype IN ('f', 'x')
    ORDER BY c.conname`)
  for (const c of constraints.rows) await tx.execute(sql`ALTER TABLE ${sql.identifier(c.table)} DROP CONSTRAINT ${sql.identifier(c.name)}`)
  for (const ix of indexes.rows) await tx.execute(sql`DROP INDEX ${sql.identifier(ix.name)}`)
  return [
    ...indexes.rows,
    ...constraints.rows.map((c) => ({ name: c.name, sql: `ALTER TABLE ${quoteIdent(c.table)} ADD CONSTRAINT ${quoteIdent(c.name)} ${c.def}` })),
  ]
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

async function rebuildAfterBulkLoad(tx: DbOrTx, rebuilds: Rebuild[]): Promise<void> {
  await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`)
  for (const r of rebuilds) await tx.execute(sql.raw(r.sql))
}

/**
 * Realistic stock for a company, deterministic, fast: one INSERT … SELECT generate_series per batch (the database
 * builds the rows; nothing crosses the wire), then one receipt move per line so the ledger invariant holds
 * (qty of a line = Σ moves in − Σ moves out). Products spread over storage and picking locations, 5 lots per
 * product, SSCC pallet codes from the company GS1 prefix with valid check digits (15% loose stock without pallet),
 * expiry dates on 60% (from today: 2% of them already past, 4% within 30 days, on purpose, so the inventory-control
 * screens have something true to show; the rest 1 to 24 months ahead), a 3PL owner on 20%, a reservation on 1 line in 8.
 */
export async function seedStock(db: Db, opts: SeedStockOptions): Promise<{ lines: number; ms: number }> {
  const started = Date.now()
  const log = opts.log ?? (() => {})
  const { companyId } = opts
  if (opts.lines <= 0) return { lines: 0, ms: 0 }
  const [company] = await db.select({ prefix: companies.gs1Prefix }).from(companies).where(eq(companies.id, companyId))
  const prefix = /^\d{6,12}$/.test(company?.prefix ?? '') ? (company.prefix as string) : '7891234'
  const prods = await db
    .select({ id: products.id, uom: uoms.code })
    .from(products)
    .innerJoin(uoms, eq(uoms.id, products.uomId))
    .where(eq(products.companyId, companyId))
    .orderBy(asc(products.id))
  const locs = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.isActive, true), inArray(locations.kind, ['storage', 'picking'])))
    .orderBy(asc(locations.id))
  if (!prods.length || !locs.length) throw new Error('seedStock needs products and storage locations first')
  // serials continue after the lines already there, so SSCCs stay unique when seeding twice
  const [{ existing }] = await db
    .select({ existing: sql<number>`count(*)::int` })
    .from(stockLines)
    .where(eq(stockLines.companyId, companyId))
  const batch = opts.batch ?? 100_000
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(stockLines)
  // adding a few lines to a big table keeps the indexes (rebuilding them over every line would cost more)
  const bulk = opts.lines >= BULK_MIN_LINES && opts.lines >= total
  let done = 0
  // one transaction: the lines, their receipt moves and (bulk) the dropped indexes and constraints come back together
  await db.transaction(async (tx) => {
    const rebuilds = bulk ? await dropForBulkLoad(tx) : []
    await insertLines(tx)
    if (rebuilds.length) {
      const t = Date.now()
      await rebuildAfterBulkLoad(tx, rebuilds)
      log(`stock: ${rebuilds.length} indexes and constraints built in ${((Date.now() - t) / 1000).toFixed(1)} s`)
    }
  })
  async function insertLines(db: DbOrTx) {
    while (done < opts.lines) {
      const n = Math.min(batch, opts.lines - done)
      const from = existing + done + 1
      const [{ maxId }] = await db.select({ maxId: sql<number>`coalesce(max(id), 0)::int` }).from(stockLines)
      // h: a multiplicative hash of the row number, so neighbouring lines differ but every run is identical
      await db.execute(sql`
      INSERT INTO stock_lines (company_id, product_id, location_id, product_code, product_name1, location_code, lot, pallet_code, sscc, qty, reserved_qty, uom, expiry_date, owner_name, created_at, updated_at)
      SELECT ${companyId}, p.id, l.id, p.code, p.name1, l.code, 'L' || lpad((p.n * 7 + (h / 11) % 5)::text, 6, '0'),
        CASE WHEN h % 100 < 85 THEN sscc END, CASE WHEN h % 100 < 85 THEN sscc END,
        q, CASE WHEN h % 8 = 3 THEN trunc(q / 4) ELSE 0 END, p.uom,
        CASE WHEN (h / 3) % 10 < 6 THEN current_date + (CASE WHEN (h / 13) % 100 < 2 THEN -1 - (h / 17) % 45 WHEN (h / 13) % 100 < 6 THEN (h / 17) % 30 ELSE 31 + (h / 17) % 700 END)::int END,
        CASE WHEN (h / 5) % 10 < 2 THEN (${`{${OWNERS.map((o) => `"${o}"`).join(',')}}`}::text[])[(1 + (h / 19) % ${OWNERS.length})::int] END,
        ts, ts
      FROM (
        SELECT i, h, pn, ln, ${ssccSql(prefix, sql`i % 10`, sql`i`)} AS sscc,
          now() - ((h / 29) % (90 * 24 * 60)) * interval '1 minute' AS ts
        FROM (
          SELECT i, h, (1 + (h / 3) % ${prods.length})::int AS pn, (1 + (h / 7) % ${locs.length})::int AS ln
          FROM (SELECT i, (i * 2654435761) % 4294967296 AS h FROM generate_series(${from}::bigint, ${from + n - 1}::bigint) AS i) AS g
        ) AS r
      ) AS x
      JOIN (SELECT pr.id, pr.code, pr.name1, u.code AS uom, row_number() OVER (ORDER BY pr.id)::int AS n FROM products pr JOIN uoms u ON u.id = pr.uom_id WHERE pr.company_id = ${companyId}) AS p ON p.n = x.pn
      JOIN (SELECT lo.id, lo.code, row_number() OVER (ORDER BY lo.id)::int AS n FROM locations lo
            WHERE lo.company_id = ${companyId} AND lo.is_active AND lo.kind IN ('storage', 'picking')) AS l ON l.n = x.ln
      CROSS JOIN LATERAL (SELECT CASE WHEN p.uom IN ('KG', 'L', 'M') THEN ((h / 23) % 500000 + 100)::numeric / 1000 ELSE (1 + (h / 23) % 480)::numeric END AS q) AS qq
      ORDER BY i`)
      await db.execute(sql`
      INSERT INTO stock_moves (company_id, product_id, lot, pallet_code, sscc, to_location_id, to_line_id, qty, reason, reference, created_at)
      SELECT company_id, product_id, lot, pallet_code, sscc, location_id, id, qty, 'receipt', 'DEMO-RCV-' || lpad((id % 100000)::text, 5, '0'), created_at
      FROM stock_lines WHERE id > ${maxId} AND company_id = ${companyId}`)
      done += n
      if (opts.lines > batch)
        log(`stock lines: ${done.toLocaleString('en')} of ${opts.lines.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
    }
  }
  // the company's and each product's line counters, counted once after the load
  await recountStockLines(db, companyId)
  await recountStockMoves(db, companyId)
  // fresh statistics: the planner picks the trigram and ordering indexes only when it knows the table is big
  await db.execute(sql`ANALYZE stock_lines`)
  await db.execute(sql`ANALYZE stock_moves`)
  await db.execute(sql`ANALYZE stock_product_counters`)
  const ms = Date.now() - started
  log(`stock: ${opts.lines.toLocaleString('en')} lines with their receipt moves in ${(ms / 1000).toFixed(1)} s`)
  return { lines: opts.lines, ms }
}

/**
 * 30 days of task history (SPEC 2.10, the dashboard chart): about `perDay` tasks a day, mostly done after a few
 * hours, some cancelled, and today's and yesterday's still open, pending or in progress.
 */
export async function seedTasks(db: Db, opts: { companyId: number; days?: number; perDay?: number; now?: Date }): Promise<number> {
  const r = rng(4242 + opts.companyId)
  const days = opts.days ?? 30
  const perDay = opts.perDay ?? 40
  const now = opts.now ?? new Date()
  const { companyId } = opts
  const people = await db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.id))
  const locs = await db
    .select({ id: locations.id, warehouseId: locations.warehouseId })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.id))
    .limit(300)
  const prods = await db.select({ id: products.id }).from(products).where(eq(products.companyId, companyId)).orderBy(asc(products.id)).limit(300)
  if (!locs.length || !prods.length) return 0
  const rows: (typeof tasks.$inferInsert)[] = []
  const hour = 3600_000
  for (let d = days - 1; d >= 0; d--) {
    const count = Math.max(1, Math.round(perDay * (0.6 + r.next() * 0.8)))
    for (let k = 0; k < count; k++) {
      const created = new Date(now.getTime() - d * 24 * hour - r.int(0, 20 * 60) * 60_000)
      if (created > now) continue
      const ageHours = (now.getTime() - created.getTime()) / hour
      let status: TaskStatus
      const roll = r.next()
      if (ageHours > 36) status = roll < 0.9 ? 'done' : roll < 0.95 ? 'cancelled' : roll < 0.98 ? 'pending' : 'open'
      else status = roll < 0.35 ? 'done' : roll < 0.55 ? 'open' : roll < 0.75 ? 'pending' : roll < 0.95 ? 'in_progress' : 'cancelled'
      const started = status === 'open' ? null : new Date(created.getTime() + r.int(5, 120) * 60_000)
      let finished = status === 'done' || status === 'cancelled' ? new Date((started ?? created).getTime() + r.int(10, 300) * 60_000) : null
      if (finished && finished > now) finished = now
      const loc = r.pick(locs)
      rows.push({
        companyId,
        warehouseId: loc.warehouseId,
        type: r.pick(TASK_TYPES),
        status,
        assigneeId: status === 'open' ? null : (r.pick(people)?.id ?? null),
        locationId: loc.id,
        productId: r.pick(prods).id,
        qty: String(r.int(1, 120)),
        reference: `TSK-${String(rows.length + 1).padStart(6, '0')}`,
        createdAt: created,
        startedAt: started && started <= now ? started : status === 'open' ? null : created,
        finishedAt: finished,
      })
    }
  }
  for (const part of chunks(rows, 1000)) await db.insert(tasks).values(part)
  return rows.length
}

/** The demo's stock and task history for the main company, and a little of both for the second (isolation). */
export async function seedInventoryDemo(
  db: Db,
  opts: {
    companyId: number
    otherCompanyId: number
    lines: number
    log?: (msg: string) => void
  },
): Promise<void> {
  await seedStock(db, {
    companyId: opts.companyId,
    lines: opts.lines,
    log: opts.log,
  })
  await seedStock(db, {
    companyId: opts.otherCompanyId,
    lines: Math.min(opts.lines, 200),
  })
  await seedTasks(db, { companyId: opts.companyId })
  await seedTasks(db, { companyId: opts.otherCompanyId, perDay: 4 })
}

/** A GS1 SSCC for tests and tools: extension digit + company prefix + serial + check digit (same rule as the seed). */
export function makeSscc(prefix: string, ext: number, serial: number): string {
  const body = String(ext) + prefix + String(serial).padStart(16 - prefix.length, '0')
  return body + gs1CheckDigit(body)
}
