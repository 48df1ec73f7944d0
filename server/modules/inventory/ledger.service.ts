/**
 * Reading the ledger (SPEC 10.7): GET /inventory/moves/, newest first, in the DRF list dialect,
 * fast on millions of moves (docs/decisions/0003, 0011):
 * - every filter is an index range: each has a (company_id, column, created_at, id) index, so the first page of a
 *   filtered list is read backwards from an index and stops after page_size rows;
 * - `count` is exact: the unfiltered list and a date range alone sum the per-day counters the stock service keeps
 *   (stock_move_day_counters: per day at most MOVE_COUNTER_SLOTS rows, a few thousand a year); any other filter counts
 *   its matches through its index.
 */
import { type SQL, and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { StockMove } from '../../../contracts/inventory/ledger.contract'
import type { MoveReason } from '../../../contracts/inventory/inventory.rules'
import type { DbOrTx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { stockMoveDayCounters, stockMoves } from '../../db/schema/inventory'
import { users } from '../../db/schema/users'
import { fieldError } from '../../http/errors'
import { likeEscape, type PageParams } from '../../http/pagination'
import { MOVE_REASONS } from '../../../contracts/inventory/inventory.rules'

const fromLocations = alias(locations, 'from_location')
const toLocations = alias(locations, 'to_location')

/** The moves with their product, user and locations (primary-key joins; used for one page at a time). */
export function moveRows(db: DbOrTx) {
  return db
    .select({
      id: stockMoves.id,
      createdAt: stockMoves.createdAt,
      userId: users.id,
      username: users.username,
      reason: stockMoves.reason,
      reasonCode: stockMoves.reasonCode,
      note: stockMoves.note,
      reference: stockMoves.reference,
      productId: products.id,
      productCode: products.code,
      productName1: products.name1,
      lot: stockMoves.lot,
      palletCode: stockMoves.palletCode,
      sscc: stockMoves.sscc,
      fromLocationId: fromLocations.id,
      fromLocationCode: fromLocations.code,
      toLocationId: toLocations.id,
      toLocationCode: toLocations.code,
      qty: stockMoves.qty,
      toLineId: stockMoves.toLineId,
      fromLineId: stockMoves.fromLineId,
    })
    .from(stockMoves)
    .innerJoin(products, eq(products.id, stockMoves.productId))
    .leftJoin(users, eq(users.id, stockMoves.userId))
    .leftJoin(fromLocations, eq(fromLocations.id, stockMoves.fromLocationId))
    .leftJoin(toLocations, eq(toLocations.id, stockMoves.toLocationId))
    .$dynamic()
}
export type MoveRow = Awaited<ReturnType<typeof moveRows>>[number]

export function serializeMove(r: MoveRow): StockMove {
  return {
    id: r.id,
    created_at: r.createdAt.toISOString(),
    user: r.userId === null || r.username === null ? null : { id: r.userId, username: r.username },
    reason: r.reason,
    reason_code: r.reasonCode,
    note: r.note,
    reference: r.reference,
    product: { id: r.productId, code: r.productCode, name1: r.productName1 },
    lot: r.lot,
    pallet_code: r.palletCode,
    sscc: r.sscc,
    from_location: r.fromLocationId === null || r.fromLocationCode === null ? null : { id: r.fromLocationId, code: r.fromLocationCode },
    to_location: r.toLocationId === null || r.toLocationCode === null ? null : { id: r.toLocationId, code: r.toLocationCode },
    qty: r.qty,
    stock_line: r.toLineId ?? r.fromLineId,
  }
}

/** The moves with these ids, serialized, in id order. */
export async function movesByIds(db: DbOrTx, companyId: number, ids: number[]): Promise<StockMove[]> {
  if (!ids.length) return []
  const rows = await moveRows(db)
    .where(and(eq(stockMoves.companyId, companyId), inArray(stockMoves.id, ids)))
    .orderBy(stockMoves.id)
  return rows.map(serializeMove)
}

export type MoveListFilters = {
  search?: string
  ordering?: string
  product?: number
  location?: number
  lot?: string
  pallet_code?: string
  sscc?: string
  reason?: string
  user?: number
  stock_line?: number
  date_from?: string
  date_to?: string
}

export const MOVE_ORDERING = ['created_at', '-created_at', 'id', '-id'] as const

/** `ordering`: newest first by default; created_at or id, either direction (the id breaks ties the same way). */
function moveOrder(ordering: string | undefined): SQL[] {
  const o = (ordering ?? '').trim() || '-created_at'
  if (!(MOVE_ORDERING as readonly string[]).includes(o)) throw fieldError('ordering', `Invalid ordering "${o}". Use one of: ${MOVE_ORDERING.join(', ')}.`)
  const descending = o.startsWith('-')
  // id follows creation within a transaction's timestamp, so (created_at, id) is one order either way
  return descending ? [desc(stockMoves.createdAt), desc(stockMoves.id)] : [sql`${stockMoves.createdAt}`, sql`${stockMoves.id}`]
}

function reasons(reason: string | undefined): MoveReason[] | undefined {
  if (!reason) return undefined
  const list = reason.split(',').map((r) => r.trim()).filter(Boolean)
  const bad = list.filter((r) => !(MOVE_REASONS as readonly string[]).includes(r))
  if (bad.length) throw fieldError('reason', `Select a valid choice. ${bad[0]} is not one of the available choices.`)
  return list as MoveReason[]
}

const dayStart = (d: string) => sql`(${d}::date)::timestamp AT TIME ZONE 'UTC'`

/**
 * A search term: a product whose code or name holds it (trigram indexes on products, as an id list), or a lot,
 * pallet code, SSCC or reference equal to it (their btree indexes). Terms are ANDed (DRF SearchFilter).
 */
function searchCondition(companyId: number, search: string | undefined): SQL | undefined {
  const terms = (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8)
  if (!terms.length) return undefined
  return and(
    ...terms.map((t) => {
      const p = `%${likeEscape(t)}%`
      return or(
        sql`${stockMoves.productId} = ANY(ARRAY(SELECT ${products.id} FROM ${products} WHERE ${products.companyId} = ${companyId} AND (${products.code} ILIKE ${p} OR ${products.name1} ILIKE ${p})))`,
        eq(stockMoves.lot, t),
        eq(stockMoves.palletCode, t),
        eq(stockMoves.sscc, t),
        eq(stockMoves.reference, t),
      )
    }),
  )
}

/** One page of the ledger and its exact count. */
export async function listMoves(db: DbOrTx, companyId: number, q: MoveListFilters, p: PageParams): Promise<{ rows: MoveRow[]; count: number }> {
  if (q.date_from && q.date_to && q.date_from > q.date_to) throw fieldError('date_to', 'Ensure this date is on or after date_from.')
  const order = moveOrder(q.ordering)
  const reasonList = reasons(q.reason)
  const filters = [
    searchCondition(companyId, q.search),
    q.product ? eq(stockMoves.productId, q.product) : undefined,
    q.location ? or(eq(stockMoves.fromLocationId, q.location), eq(stockMoves.toLocationId, q.location)) : undefined,
    q.lot ? eq(stockMoves.lot, q.lot) : undefined,
    q.pallet_code ? eq(stockMoves.palletCode, q.pallet_code) : undefined,
    q.sscc ? eq(stockMoves.sscc, q.sscc) : undefined,
    reasonList ? inArray(stockMoves.reason, reasonList) : undefined,
    q.user ? eq(stockMoves.userId, q.user) : undefined,
    q.stock_line ? or(eq(stockMoves.fromLineId, q.stock_line), eq(stockMoves.toLineId, q.stock_line)) : undefined,
  ].filter((f): f is SQL => f !== undefined)
  const dates = [
    q.date_from ? sql`${stockMoves.createdAt} >= ${dayStart(q.date_from)}` : undefined,
    q.date_to ? sql`${stockMoves.createdAt} < ${dayStart(q.date_to)} + interval '1 day'` : undefined,
  ]
  const where = and(eq(stockMoves.companyId, companyId), ...filters, ...dates)
  // the page's ids on stock_moves alone (an index read in order), then the joins for those rows only
  const ids = db.select({ id: stockMoves.id }).from(stockMoves).where(where).orderBy(...order).limit(p.pageSize).offset(p.offset)
  const [rows, count] = await Promise.all([
    moveRows(db).where(inArray(stockMoves.id, ids)).orderBy(...order),
    filters.length ? countMoves(db, where) : countFromCounters(db, companyId, q.date_from, q.date_to),
  ])
  return { rows, count }
}

async function countMoves(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(stockMoves).where(where)
  return Number(row.n)
}

/** The unfiltered ledger's count, or a date range's: the sum of the day counters (exact, ADR 0011). */
async function countFromCounters(db: DbOrTx, companyId: number, from: string | undefined, to: string | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${stockMoveDayCounters.moves}), 0)::int` })
    .from(stockMoveDayCounters)
    .where(
      and(
        eq(stockMoveDayCounters.companyId, companyId),
        from ? sql`${stockMoveDayCounters.day} >= ${from}::date` : undefined,
        to ? sql`${stockMoveDayCounters.day} <= ${to}::date` : undefined,
      ),
    )
  return Number(row.n)
}
