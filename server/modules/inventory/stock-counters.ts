/**
 * The stock counters (ADR 0003, ADR 0011): lines per company and per product, kept as lines appear and go, and ledger
 * rows per company and day. Lists count from these instead of counting a million rows; they are the last locks a
 * change takes, so they can't be part of a lock cycle between lines.
 */
import { and, eq, type Placeholder, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { MOVE_COUNTER_SLOTS, stockLineCounters, stockLines, stockMoveDayCounters, stockMoves, stockProductCounters } from '../../db/schema/inventory'

/**
 * The line counters (docs/decisions/0003-counting-big-tables.md): the product's, then the company's. A move keeps its
 * product, so one move changes one product's count. They are the last locks a change takes.
 */
export async function bumpCounters(tx: Tx, companyId: number, productId: number, delta: number): Promise<void> {
  if (delta === 0) return
  await tx
    .insert(stockProductCounters)
    .values({ companyId, productId, lines: delta })
    .onConflictDoUpdate({
      target: [stockProductCounters.companyId, stockProductCounters.productId],
      set: { lines: sql`${stockProductCounters.lines} + ${delta}` },
    })
  await tx
    .insert(stockLineCounters)
    .values({ companyId, lines: delta })
    .onConflictDoUpdate({ target: stockLineCounters.companyId, set: { lines: sql`${stockLineCounters.lines} + ${delta}` } })
}

/** bumpCounters for several products at once: the products' counters in id order, then the company's. */
export async function bumpCountersMany(tx: Tx, companyId: number, perProduct: Map<number, number>): Promise<void> {
  const rows = [...perProduct].filter(([, d]) => d !== 0).sort(([a], [b]) => a - b)
  if (!rows.length) return
  await tx
    .insert(stockProductCounters)
    .values(rows.map(([productId, lines]) => ({ companyId, productId, lines })))
    .onConflictDoUpdate({
      target: [stockProductCounters.companyId, stockProductCounters.productId],
      set: { lines: sql`${stockProductCounters.lines} + excluded.lines` },
    })
  const total = rows.reduce((t, [, d]) => t + d, 0)
  if (total === 0) return
  await tx
    .insert(stockLineCounters)
    .values({ companyId, lines: total })
    .onConflictDoUpdate({ target: stockLineCounters.companyId, set: { lines: sql`${stockLineCounters.lines} + ${total}` } })
}

/** One more ledger row for the company today (UTC): the ledger list counts from these (ADR 0003, 0011). */
export async function bumpMoveCounter(tx: Tx, companyId: number, moves = 1): Promise<void> {
  await moveCounterBump(tx, companyId, moves)
}

/**
 * bumpMoveCounter's statement, for a caller that sends it inside its own (the single move writes it with its ledger
 * row). The row is the day's slot of this database connection: a connection runs one transaction at a time, so
 * concurrent moves of a company meet on one row only when their connections share a slot (ADR 0011, amended
 * 2026-12-02); the row stays locked to the transaction's end.
 */
export function moveCounterBump(tx: DbOrTx, companyId: number | Placeholder, moves: number) {
  return tx
    .insert(stockMoveDayCounters)
    .values({ companyId, day: sql`(now() AT TIME ZONE 'UTC')::date`, slot: sql`pg_backend_pid() % ${sql.raw(String(MOVE_COUNTER_SLOTS))}`, moves })
    .onConflictDoUpdate({
      target: [stockMoveDayCounters.companyId, stockMoveDayCounters.day, stockMoveDayCounters.slot],
      set: { moves: sql`${stockMoveDayCounters.moves} + ${moves}` },
    })
}

/** Rebuild a company's ledger day counters from its moves (after a bulk load). */
export async function recountStockMoves(db: DbOrTx, companyId: number): Promise<void> {
  await db.delete(stockMoveDayCounters).where(eq(stockMoveDayCounters.companyId, companyId))
  await db.execute(sql`
    INSERT INTO ${stockMoveDayCounters} (company_id, day, moves)
    SELECT company_id, (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM ${stockMoves} WHERE company_id = ${companyId} GROUP BY 1, 2`)
}

export async function stockLineCount(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await stockLineCountQuery(db, companyId)
  return row?.lines ?? 0
}

/** The statement behind stockLineCount: one row `{lines}`, or none before the company's first line. */
export const stockLineCountQuery = (db: DbOrTx, companyId: number) =>
  db.select({ lines: stockLineCounters.lines }).from(stockLineCounters).where(eq(stockLineCounters.companyId, companyId))

/** Rebuild a company's counters from its lines (after a bulk load such as the demo data, or lines written around this service). */
export async function recountStockLines(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(stockLines).where(eq(stockLines.companyId, companyId))
  await db
    .insert(stockLineCounters)
    .values({ companyId, lines: row.n })
    .onConflictDoUpdate({ target: stockLineCounters.companyId, set: { lines: row.n } })
  await db.delete(stockProductCounters).where(eq(stockProductCounters.companyId, companyId))
  await db.execute(sql`
    INSERT INTO ${stockProductCounters} (company_id, product_id, lines)
    SELECT company_id, product_id, count(*)::int FROM ${stockLines} WHERE company_id = ${companyId} GROUP BY company_id, product_id`)
  return row.n
}

/** Lines per product of a company, from the maintained counters (products without stock are absent). */
export async function stockProductLineCounts(db: DbOrTx, companyId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: stockProductCounters.productId, lines: stockProductCounters.lines })
    .from(stockProductCounters)
    .where(and(eq(stockProductCounters.companyId, companyId), sql`${stockProductCounters.lines} > 0`))
  return new Map(rows.map((r) => [r.productId, r.lines]))
}
