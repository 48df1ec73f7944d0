/**
 * Reading stock: the line shape every inventory endpoint answers, the search over a million lines, and the count.
 * Writing stock is stock.service.ts's job.
 */
import { type Placeholder, type SQL, and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import type { StockLine } from '../../../contracts/inventory/inventory.contract'
import type { DbOrTx } from '../../db/client'
import { products, uoms } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { inventorySettings, stockLines, stockProductCounters } from '../../db/schema/inventory'
import { likeEscape, orderingClause, type PageParams } from '../../http/pagination'
import { flatRows, literalLimit, preparedSql, prepareNamed, type StatementCache, statementKey } from '../../http/statement-cache'
import { stockLineCount, stockLineCountQuery } from './stock-counters'

const MAX_TERMS = 8

/** Lines expiring within this many days are near expiry (SPEC 10.5: the inventory setting's default). */
export const NEAR_EXPIRY_DAYS_DEFAULT = 30

// SPEC 3 "Stock item": the line every inventory endpoint answers is the contract's (contracts/inventory)

/** The stock lines with their product and location: 20 rows at a time, the joins are primary-key lookups. */
export function stockLineRows(db: DbOrTx) {
  return db
    .select(stockLineColumns())
    .from(stockLines)
    .innerJoin(products, eq(products.id, stockLines.productId))
    .innerJoin(uoms, eq(uoms.id, products.uomId))
    .innerJoin(locations, eq(locations.id, stockLines.locationId))
    .$dynamic()
}

/**
 * The columns of a stock line as every inventory endpoint answers it. Given the company, the near-expiry setting is
 * read once for the statement (an InitPlan) rather than once per line (a SubPlan per row).
 */
function stockLineColumns(companyId?: Company) {
  return {
    id: stockLines.id,
    productId: products.id,
    productCode: products.code,
    productName1: products.name1,
    productUom: uoms.code,
    locationId: locations.id,
    locationCode: locations.code,
    lot: stockLines.lot,
    palletCode: stockLines.palletCode,
    sscc: stockLines.sscc,
    qty: stockLines.qty,
    reservedQty: stockLines.reservedQty,
    uom: stockLines.uom,
    expiryDate: stockLines.expiryDate,
    ownerName: stockLines.ownerName,
    version: stockLines.version,
    status: stockLines.status,
    statusReason: stockLines.statusReason,
    // expiry against the database's date (UTC); near = within the company's near-expiry days
    daysLeft: sql<number | null>`(${stockLines.expiryDate} - current_date)`,
    nearDays: sql<number>`coalesce((SELECT ${inventorySettings.nearExpiryDays} FROM ${inventorySettings} WHERE ${inventorySettings.companyId} = ${companyId ?? stockLines.companyId}), ${NEAR_EXPIRY_DAYS_DEFAULT})`,
  }
}

export type StockLineRow = Awaited<ReturnType<typeof stockLineRows>>[number]

export function serializeStockLine(r: StockLineRow): StockLine {
  return {
    id: r.id,
    product: { id: r.productId, code: r.productCode, name1: r.productName1, uom: r.productUom },
    location: { id: r.locationId, code: r.locationCode },
    lot: r.lot,
    pallet_code: r.palletCode,
    sscc: r.sscc,
    qty: r.qty,
    reserved_qty: r.reservedQty,
    uom: r.uom,
    expiry_date: r.expiryDate,
    owner: r.ownerName === null ? null : { name: r.ownerName },
    version: r.version,
    status: r.status,
    status_reason: r.statusReason,
    expired: r.daysLeft !== null && Number(r.daysLeft) < 0,
    near_expiry: r.daysLeft !== null && Number(r.daysLeft) >= 0 && Number(r.daysLeft) <= Number(r.nearDays),
  }
}

/** DRF OrderingFilter names for every column the stock table shows. */
export const STOCK_ORDERING = {
  id: stockLines.id,
  // the copies on the line, not the joined columns: only those are in an index (see the schema)
  product__code: stockLines.productCode,
  product__name1: stockLines.productName1,
  location__code: stockLines.locationCode,
  lot: stockLines.lot,
  pallet_code: stockLines.palletCode,
  sscc: stockLines.sscc,
  qty: stockLines.qty,
  reserved_qty: stockLines.reservedQty,
  uom: stockLines.uom,
  expiry_date: stockLines.expiryDate,
  owner: stockLines.ownerName,
  owner__name: stockLines.ownerName,
}

/**
 * DRF SearchFilter semantics (terms ANDed, each matching any field, case-insensitively) written so that every
 * branch is an index scan on stock_lines alone: the product and location matches become id lists
 * (`= ANY(ARRAY(subquery))`, trigram indexes on products and locations), lot and pallet code use their own trigram
 * indexes, and PostgreSQL ORs the bitmaps. A plain OR across the three joined tables would scan every line.
 */
export function stockSearchCondition(companyId: number, search: string | undefined): SQL | undefined {
  const terms = searchTerms(search)
  if (!terms.length) return undefined
  return searchConditionFor(companyId, terms.map(termPattern))
}

/** stockSearchCondition for the terms' patterns (values, or a kept statement's placeholders). */
function searchConditionFor(companyId: Company, patterns: Pattern[]): SQL | undefined {
  return and(...patterns.map((p) => or(productMatchesTerm(companyId, p), otherMatchesTerm(companyId, p))))
}

function searchTerms(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_TERMS)
}

const termPattern = (t: string) => `%${likeEscape(t)}%`

/**
 * A term's ILIKE pattern as a statement takes it: the value (`termPattern`), or a placeholder in a statement kept
 * for every search of its shape (the product-first search below).
 */
type Pattern = string | Placeholder | SQL
/** A company as a statement takes it: the id, or a placeholder. */
type Company = number | Placeholder

/**
 * A product whose code or name holds the term: `code ILIKE p OR name1 ILIKE p`, tested on the product's search text
 * (code and name lowercased when the product is written; see the schema), a byte compare per product rather than
 * two lowercasings (ADR 0003, amended 2026-12-01).
 */
function productTermCondition(p: Pattern): SQL {
  return sql`${products.searchText} LIKE lower(${p})`
}

/** A line whose product matches the term by code or name. */
function productMatchesTerm(companyId: Company, p: Pattern): SQL {
  return sql`${stockLines.productId} = ANY(ARRAY(SELECT ${products.id} FROM ${products} WHERE ${and(eq(products.companyId, companyId), productTermCondition(p))}))`
}

/** A line that matches the term by something else than its product: its location's code, its lot or pallet code. */
function otherMatchesTerm(companyId: Company, p: Pattern): SQL | undefined {
  return or(
    sql`${stockLines.locationId} = ANY(ARRAY(SELECT ${locations.id} FROM ${locations} WHERE ${and(eq(locations.companyId, companyId), ilike(locations.code, p))}))`,
    ilike(stockLines.lot, p),
    ilike(stockLines.palletCode, p),
  )
}

/** Exact count of the lines matching a filter: only stock_lines, no joins (every condition is on its columns). */
export async function countStockLines(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(stockLines).where(where)
  return row.n
}

export const STOCK_DEFAULT_ORDERING = 'product__code,location__code'

/** The ordering's first key as given ('-qty'), the default's when none is. */
function firstOrderingKey(ordering: string | undefined): string {
  return ((ordering ?? '').trim() || STOCK_DEFAULT_ORDERING).split(',')[0].trim()
}

/**
 * DRF ordering over STOCK_ORDERING, with the id tie-break in the direction of the first key: `-qty` sorts by
 * qty DESC, id DESC, which is the (company_id, qty, id) index read backwards. With id ascending after a descending
 * key, PostgreSQL would re-sort every group of equal values (800,000 lines without an owner, for `-owner`).
 */
export function stockOrder(ordering: string | undefined): SQL[] {
  const order = orderingClause(ordering, STOCK_ORDERING, STOCK_DEFAULT_ORDERING, stockLines.id)
  if (firstOrderingKey(ordering).startsWith('-')) order[order.length - 1] = desc(stockLines.id)
  return order
}

export type StockListQuery = {
  search?: string
  ordering?: string
  product?: number
  location?: number
  lot?: string
  /** prefix, case-insensitive */
  pallet_code?: string
  pallet_code__exact?: string
  sscc?: string
  status?: 'available' | 'quarantine' | 'blocked'
}

/**
 * One page of stock lines and the count (docs/decisions/0003-counting-big-tables.md): exact everywhere; a filtered
 * list counts its matches (indexed), the unfiltered list reads the per-company counter instead of counting a
 * million rows.
 */
export async function listStock(
  db: DbOrTx,
  companyId: number,
  q: StockListQuery,
  p: PageParams,
  statements?: StatementCache,
): Promise<{ rows: StockLineRow[]; count: number }> {
  const filters: (SQL | undefined)[] = [
    stockSearchCondition(companyId, q.search),
    q.product ? eq(stockLines.productId, q.product) : undefined,
    q.location ? eq(stockLines.locationId, q.location) : undefined,
    q.lot ? eq(stockLines.lot, q.lot) : undefined,
    q.pallet_code ? ilike(stockLines.palletCode, `${likeEscape(q.pallet_code)}%`) : undefined,
    q.pallet_code__exact ? eq(stockLines.palletCode, q.pallet_code__exact) : undefined,
    q.sscc ? eq(stockLines.sscc, q.sscc) : undefined,
    q.status ? eq(stockLines.status, q.status) : undefined,
  ].filter(Boolean)
  const where = and(eq(stockLines.companyId, companyId), ...filters)
  // Deferred join: pick the page's ids on stock_lines alone (an index scan in the requested order, or a top-N sort
  // of the matches), then join product, unit and location for those rows only. Joined first, PostgreSQL hashes
  // the million lines with their products before sorting (1.4 s measured for ORDER BY qty DESC LIMIT 20).
  if (!filters.length) {
    // One statement per request, planned once per connection (SPEC 17.5): the page and the company's
    // line counter together (a scalar subquery: one round trip, one snapshot), with the page size written into the
    // SQL. With `LIMIT $n` PostgreSQL estimates a generic plan for 10% of the table, finds it dearer than a custom
    // one and plans the statement again on every run (0.6-0.9 ms of planning for 0.3 ms of execution, measured with
    // EXPLAIN ANALYZE EXECUTE); with `LIMIT 20` the generic plan costs the same and is kept after five runs. The page
    // size takes at most MAX_PAGE_SIZE values, so the statements stay bounded; the first page has no OFFSET at all
    // (drizzle leaves out a zero offset), a later page's stays a parameter (one statement per shape, not per page).
    const build = () => {
      const order = stockOrder(q.ordering)
      const pageIds = db.select({ id: stockLines.id }).from(stockLines).where(where).orderBy(...order).limit(literalLimit(p.pageSize)).offset(p.offset)
      const counter = sql<number | null>`(${stockLineCountQuery(db, companyId)})`
      const columns = { ...stockLineColumns(companyId), total: counter }
      const prepared = prepareNamed(
        db
          .select(columns)
          .from(stockLines)
          .innerJoin(products, eq(products.id, stockLines.productId))
          .innerJoin(uoms, eq(uoms.id, products.uomId))
          .innerJoin(locations, eq(locations.id, stockLines.locationId))
          .where(inArray(stockLines.id, pageIds))
          .orderBy(...order),
      )
      return flatRows(prepared, Object.keys(columns))
    }
    // the unfiltered list (the first screen, a sort, a page) is built once per company, ordering and page
    const page = statements ? statements.get(statementKey('stock', companyId, q.ordering ?? '', p.pageSize, p.offset), build) : build()
    const rows = await page()
    // past the last page (or before the first line) no row carries the counter: read it on its own
    if (!rows.length) return { rows: [], count: await stockLineCount(db, companyId) }
    return { rows, count: rows[0].total ?? 0 }
  }
  const order = stockOrder(q.ordering)
  const onlySearch = filters.length === 1 && q.search !== undefined
  const byProduct = onlySearch ? await listStockByProducts(db, companyId, searchTerms(q.search), q.ordering, p, statements) : undefined
  if (byProduct) return byProduct
  // With a filter, the matches are sorted on their own: `OFFSET 0` keeps the subquery from being merged, so the
  // planner can't walk an ordering index hoping to meet 20 matches soon (a search for 10 products whose codes
  // sort late scanned 840,000 lines: 6 s). The same pass counts the matches (`count(*) OVER ()`), so a broad
  // search visits its matches once, not once for the page and once for the count. The derived table is named
  // stock_lines so the ordering expressions resolve to its columns.
  const page = await db.execute<{ id: number; total: number }>(
    sql`SELECT id, count(*) OVER ()::int AS total FROM (SELECT * FROM ${stockLines} WHERE ${where} OFFSET 0) AS stock_lines
        ORDER BY ${sql.join(order, sql`, `)} LIMIT ${p.pageSize} OFFSET ${p.offset}`,
  )
  // past the last page no row carries the total: count on its own (the caller answers 404 "Invalid page.")
  if (!page.rows.length) return { rows: [], count: p.offset === 0 ? 0 : await countStockLines(db, where) }
  const ids = page.rows.map((r) => Number(r.id))
  const rows = await stockLineRows(db).where(inArray(stockLines.id, ids)).orderBy(...order)
  return { rows, count: Number(page.rows[0].total) }
}

/** Orderings whose first key is a product's: their matches come product by product, in the product's order. */
const PRODUCT_ORDER_KEYS = { product__code: products.code, product__name1: products.name1 } as const

/** The longest prefix of an ordering index a search walks looking for its page before it sorts its matches instead. */
const MAX_PREFIX_SCAN = 20_000

type MatchedProduct = { id: number; key: string | null; lines: number }

/**
 * The statements of a product-first search, built once per shape (number of terms, ordering, page size) and kept
 * in the route's StatementCache: the company, the terms' patterns, the products and the offset are placeholders,
 * so every search of one shape is one prepared statement per connection, planned once (ADR 0003, amended
 * 2026-12-01). Without a cache (a direct caller) they are built for the one call.
 */
type SearchStatements = {
  match: (values: Record<string, unknown>) => Promise<{ other: boolean; id: number | null; key: string | null; lines: number | null }[]>
  page: (values: Record<string, unknown>) => Promise<StockLineRow[]>
}

function searchStatements(db: DbOrTx, terms: number, ordering: string | undefined, pageSize: number, skips: boolean): SearchStatements {
  const order = stockOrder(ordering)
  const first = firstOrderingKey(ordering)
  const descending = first.startsWith('-')
  const key = PRODUCT_ORDER_KEYS[first.replace(/^-/, '') as keyof typeof PRODUCT_ORDER_KEYS] ?? products.code
  const company = sql.placeholder('company')
  // Each pattern behind a scalar subquery (an InitPlan's value, unknown when planning) so that the plans made for
  // given terms and the generic plan are the same plan at the same cost: PostgreSQL then keeps the generic one
  // after five runs. Given as values, a custom plan estimated by the term (100 lines) always looked cheaper than
  // the generic one (5,000), and every request was planned again: 0.8 ms of 1.8 for "Chocolate".
  const patterns = Array.from({ length: terms }, (_, i) => sql`(SELECT ${sql.placeholder(`t${i}`)}::text)`)
  const dir = descending ? sql`DESC` : sql`ASC`
  // 1. The products matching every term, with their line counters (a primary-key lookup for each, once: `OFFSET 0`;
  // a join hashed all 5,000 counters), in the ordering's product order; and whether
  // some line matches by location, lot or pallet code without its product matching every term (then the counters
  // don't count the search, and the caller counts the lines). `other` is asked of the candidates only (a CTE the
  // planner can't fold): left to itself, with two terms it walked the first term's product matches (27,000 lines
  // for "chocolate light") to find none. One row at least, so `other` comes back when no product matches.
  const others = or(...patterns.map((p) => otherMatchesTerm(company, p)))
  const match = sql`
    WITH m AS MATERIALIZED (
      SELECT * FROM (
        SELECT ${products.id} AS id, ${key} AS key, (SELECT ${stockProductCounters.lines} FROM ${stockProductCounters}
          WHERE ${stockProductCounters.companyId} = ${products.companyId} AND ${stockProductCounters.productId} = ${products.id}) AS lines
        FROM ${products} WHERE ${and(eq(products.companyId, company), ...patterns.map(productTermCondition))} OFFSET 0
      ) AS matched WHERE lines > 0
    ), candidates AS MATERIALIZED (
      SELECT * FROM ${stockLines} WHERE ${and(eq(stockLines.companyId, company), others)} AND ${stockLines.productId} <> ALL(ARRAY(SELECT id FROM m))
    )
    SELECT EXISTS (SELECT 1 FROM candidates AS stock_lines WHERE ${searchConditionFor(company, patterns)}) AS other, m.id, m.key, m.lines
    FROM (SELECT 1) AS one LEFT JOIN m ON true
    ORDER BY m.key ${dir}, m.id ${dir}`
  // 2. The page: the given products' lines sorted on their own (`OFFSET 0`: the planner can't walk an ordering
  // index hoping to meet them soon), then joined for those rows only. The derived table is named stock_lines so
  // the ordering resolves to its columns.
  // The products and a later page's offset are subqueries too, for the same reason (an array given as a value is
  // estimated by its length, a parameter's by ten; an offset given is known, a parameter's guessed at 10%); a
  // first page has no OFFSET (its own statement).
  const offset = skips ? sql` OFFSET (SELECT ${sql.placeholder('offset')}::int)` : sql``
  const pageIds = sql`SELECT id FROM (SELECT * FROM ${stockLines} WHERE ${stockLines.companyId} = ${company} AND ${stockLines.productId} = ANY((SELECT ${sql.placeholder('products')}::int[])::int[]) OFFSET 0) AS stock_lines
    ORDER BY ${sql.join(order, sql`, `)} LIMIT ${sql.raw(String(pageSize))}${offset}`
  const columns = stockLineColumns(company)
  const page = prepareNamed(
    db
      .select(columns)
      .from(stockLines)
      .innerJoin(products, eq(products.id, stockLines.productId))
      .innerJoin(uoms, eq(uoms.id, products.uomId))
      .innerJoin(locations, eq(locations.id, stockLines.locationId))
      .where(sql`${stockLines.id} IN (${pageIds})`)
      .orderBy(...order),
  )
  return { match: preparedSql(db, match), page: flatRows(page, Object.keys(columns)) }
}

/**
 * A search whose matches are whole products' stock (docs/decisions/0003-counting-big-tables.md): a word of the
 * product name matching 25,000 of a million lines, say. Nothing here visits the matches:
 * - the products matching every term come with their line counters, so the count is their sum;
 * - ordered by a product's code or name (the default), the lines come product by product: the counters say
 *   which products hold the requested page, and only their lines are read and sorted;
 * - ordered by anything else, the ordering index is walked from its start for as far as the matches' density
 *   says the page should be (bounded), the matches kept; too sparse, the matched products' lines are sorted.
 * Answers undefined when some line matches by location, lot or pallet code but not by product: those lines
 * can't be counted from the counters, and the caller counts the matches.
 */
export async function listStockByProducts(
  db: DbOrTx,
  companyId: number,
  terms: string[],
  ordering: string | undefined,
  p: PageParams,
  statements?: StatementCache,
): Promise<{ rows: StockLineRow[]; count: number } | undefined> {
  // the page's offset among the products holding it is known only after the match: both shapes are kept
  const shape = (skips: boolean) => {
    const build = () => searchStatements(db, terms.length, ordering, p.pageSize, skips)
    return statements ? statements.get(statementKey('stock-search', terms.length, ordering ?? '', p.pageSize, skips), build) : build()
  }
  const values: Record<string, unknown> = { company: companyId }
  terms.forEach((t, i) => (values[`t${i}`] = termPattern(t)))
  const found = await shape(false).match(values)
  if (found[0]?.other) return undefined
  const matched: MatchedProduct[] = found.filter((m) => m.id !== null).map((m) => ({ id: Number(m.id), key: m.key, lines: Number(m.lines) }))
  const count = matched.reduce((n, m) => n + m.lines, 0)
  if (count === 0 || p.offset >= count) return { rows: [], count }
  const ids = matched.map((m) => m.id)
  const first = firstOrderingKey(ordering)
  if (first.replace(/^-/, '') in PRODUCT_ORDER_KEYS) {
    const { wanted, offset } = pageProducts(matched, p)
    return { rows: await shape(offset > 0).page({ ...values, products: wanted, offset }), count }
  }
  const order = stockOrder(ordering)
  const pageIds = (await pageFromOrderingPrefix(db, companyId, ids, count, order, p)) ?? pageFromMatches(db, companyId, ids, order, p)
  const rows = await stockLineRows(db).where(inArray(stockLines.id, pageIds)).orderBy(...order)
  return { rows, count }
}

/**
 * The products holding the page when the ordering starts with a product key, and the page's offset among their
 * lines: products with equal keys form one block (their lines interleave by the next keys); the blocks before the
 * page are skipped by their counts, and the lines of the blocks the page overlaps are sorted (a few hundred lines,
 * whatever the table holds).
 */
function pageProducts(matched: MatchedProduct[], p: PageParams): { wanted: number[]; offset: number } {
  const end = p.offset + p.pageSize
  let start = 0
  let blockStart = 0
  const wanted: number[] = []
  for (let i = 0; i < matched.length && start < end; ) {
    let j = i
    let lines = 0
    while (j < matched.length && matched[j].key === matched[i].key) lines += matched[j++].lines
    if (start + lines > p.offset) {
      if (!wanted.length) blockStart = start
      for (let k = i; k < j; k++) wanted.push(matched[k].id)
    }
    start += lines
    i = j
  }
  return { wanted, offset: p.offset - blockStart }
}

/** The page's ids among all the matched products' lines, sorted (what's left when the matches are too sparse to meet early). */
function pageFromMatches(db: DbOrTx, companyId: number, ids: number[], order: SQL[], p: PageParams) {
  return db
    .select({ id: stockLines.id })
    .from(stockLines)
    .where(and(eq(stockLines.companyId, companyId), sql`${stockLines.productId} = ANY(${sql.param(ids)}::int[])`))
    .orderBy(...order)
    .limit(p.pageSize)
    .offset(p.offset)
}

/**
 * The page's ids for another ordering: walk the ordering index for as many lines as the matches' density says
 * the page needs (three times that, at most MAX_PREFIX_SCAN), keep the matches. Enough of them, and they are the
 * page (they are the first matches in that order); too few, undefined.
 */
async function pageFromOrderingPrefix(db: DbOrTx, companyId: number, ids: number[], count: number, order: SQL[], p: PageParams): Promise<number[] | undefined> {
  const total = await stockLineCount(db, companyId)
  const needed = Math.min(count, p.offset + p.pageSize)
  const scan = Math.ceil((needed * total * 3) / count)
  if (scan > MAX_PREFIX_SCAN) return undefined
  const prefix = db.select().from(stockLines).where(eq(stockLines.companyId, companyId)).orderBy(...order).limit(scan).as('stock_lines')
  const found = await db
    .select({ id: prefix.id })
    .from(prefix)
    .where(sql`${prefix.productId} = ANY(${sql.param(ids)}::int[])`)
    .orderBy(...order)
    .limit(p.pageSize)
    .offset(p.offset)
  const reachedEnd = scan >= total
  if (found.length < needed - p.offset && !reachedEnd) return undefined
  return found.map((r) => r.id)
}
