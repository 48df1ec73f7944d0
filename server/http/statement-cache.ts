import { createHash } from 'node:crypto'
import { entityKind, fillPlaceholders, is, Placeholder, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
/**
 * Statements already built, by the inputs they were built from.
 *
 * Drizzle turns a query into SQL text again on every run. For a small list (a page of one row and its count, as the
 * dashboard asks for six times on every visit) that building was the server's largest own cost: 1.2 ms of the
 * six requests' ~4 ms above their SQL on PostgreSQL, measured by profiling them (ADR 0003, "Speed").
 * A request made again (the dashboard's counts, a list fetched again when its window regains focus, the next
 * visit to the same page) runs the statement built the first time.
 *
 * Only the statement is kept: its SQL text, its parameters and how to map its rows; never a result. So nothing
 * here can go stale. The key must name every input the statement was built from: the route, the user or company
 * that scopes it and the whole validated query string.
 */
export class StatementCache {
  private readonly entries = new Map<string, unknown>()

  constructor(private readonly max = 1000) {}

  /** The statements built for `key`, building them with `build` the first time (a throw caches nothing). */
  get<T>(key: string, build: () => T): T {
    const found = this.entries.get(key) as T | undefined
    if (found !== undefined) {
      // least recently used goes first: a Map keeps insertion order
      this.entries.delete(key)
      this.entries.set(key, found)
      return found
    }
    const built = build()
    this.entries.set(key, built)
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string)
    return built
  }

  get size(): number {
    return this.entries.size
  }
}

/** A cache key from parts; the query object's own key order is kept (a different order is only a miss). */
export const statementKey = (...parts: unknown[]): string => JSON.stringify(parts)

/**
 * Prepare a statement under a name taken from its SQL text, so that PostgreSQL plans it once per connection and
 * not on every request (SPEC 17.5): the driver sends an unnamed statement for `.prepare('')`, and the
 * server parses and plans the page query again each time (planning 0.5 ms of a 0.8 ms request, measured with
 * pgbench: 707-751 tps as sent, 5,580-5,740 tps with `-M prepared`).
 *
 * The name is a hash of the text, never of the parameters: one list shape is one prepared statement per connection
 * however many searches or companies run it, so the statements a connection keeps are bounded by the shapes the
 * code can build. Only statements kept in a StatementCache use it (their shapes are fixed; an `IN (...)` of varying
 * length is not). PGlite ignores the name (one connection, no planning cost worth keeping).
 */
export function prepareNamed<P>(query: { toSQL(): { sql: string }; prepare(name: string): P }): P {
  return query.prepare(statementName(query.toSQL().sql))
}

/** PostgreSQL keeps 63 bytes of a name: `q` and 24 hex digits of the text's SHA-1 stay well inside. */
export const statementName = (sqlText: string): string => 'q' + createHash('sha1').update(sqlText).digest('hex').slice(0, 24)

/**
 * A LIMIT written into the SQL text rather than sent as a parameter, for statements kept in a StatementCache
 * (SPEC 17.5). PostgreSQL plans a prepared statement for its parameters five times, then keeps a
 * generic plan only if it costs no more than those; a generic plan can't know a `LIMIT $n`, assumes 10% of the rows
 * and always costs more, so the statement was planned again on every run (0.6-0.9 ms of planning for a 0.3 ms page).
 * A literal page size costs the same either way and its plan is kept. The caller's size is bounded (a page size
 * of 1 to MAX_PAGE_SIZE): each value is one more statement text. Drizzle writes an SQL chunk given as the limit
 * verbatim; its type asks for a number.
 */
export function literalLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`literalLimit: ${n} is not a row count`)
  return sql.raw(String(n)) as unknown as number
}

type ArrayRowsQuery = { name?: string; text: string; rowMode?: string }
type NodePgPrepared = {
  queryConfig?: ArrayRowsQuery
  params?: unknown[]
  client?: { query(config: ArrayRowsQuery, values: unknown[]): Promise<{ rows: unknown[][] }> }
}

/**
 * Drizzle's node-postgres prepared query, known by its entity kind rather than by `instanceof` its class: importing
 * the class would load the PostgreSQL driver on every start, the embedded database's included (ADR 0021).
 */
function isNodePgPrepared(prepared: object): boolean {
  return (prepared.constructor as { [entityKind]?: string })[entityKind] === 'NodePgPreparedQuery'
}

/**
 * Run a kept statement and name its columns by `keys` (its flat selection's keys, in order), without Drizzle's
 * row mapping: for a page of 20 rows of 21 columns that mapping (a class check per value) was a tenth of the
 * server's CPU per request in a profile under load (SPEC 17.5). Only for a flat selection of columns
 * whose values the driver already gives as the selection's types (integers, text, numeric as text, dates as text
 * through Drizzle's own parsers, which are kept); a statement the driver does not run that way (PGlite) goes through
 * Drizzle. server/http/statement-cache.test.ts compares both.
 */
export function flatRows<T>(
  prepared: { execute(values?: Record<string, unknown>): Promise<T[]> },
  keys: readonly string[],
): (values?: Record<string, unknown>) => Promise<T[]> {
  const raw = prepared as unknown as NodePgPrepared
  const config = raw.queryConfig
  const params = raw.params
  const client = raw.client
  if (!isNodePgPrepared(prepared) || !config || config.rowMode !== 'array' || !Array.isArray(params) || !client) return (values) => prepared.execute(values)
  const n = keys.length
  // placeholders (sql.placeholder) take the run's values, as Drizzle's own execute does
  const hasPlaceholders = params.some((v) => is(v, Placeholder))
  return async (values) => {
    const { rows } = await client.query(config, hasPlaceholders ? fillPlaceholders(params, values ?? {}) : params)
    const out = new Array<T>(rows.length)
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]
      const o: Record<string, unknown> = {}
      for (let i = 0; i < n; i++) o[keys[i]] = row[i]
      out[r] = o as T
    }
    return out
  }
}

type InternalDb = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } }
  session: {
    prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, arrayMode: boolean): { execute(values: Record<string, unknown>): Promise<{ rows: unknown[] }> }
  }
}

/**
 * A statement written as SQL (a CTE, a LEFT JOIN from one row: what the query builder doesn't say) prepared under its
 * text's name like prepareNamed, its placeholders (sql.placeholder) filled on each run; rows as objects. Kept in a
 * StatementCache, it is planned once per connection. Drizzle's own session prepares it, on either driver.
 */
export function preparedSql<T>(db: DbOrTx, query: SQL): (values: Record<string, unknown>) => Promise<T[]> {
  const internal = db as unknown as InternalDb
  const built = internal.dialect.sqlToQuery(query)
  const prepared = internal.session.prepareQuery(built, undefined, statementName(built.sql), false)
  return async (values) => (await prepared.execute(values)).rows as T[]
}

type Bindable<R> = { client: unknown; execute(values?: Record<string, unknown>): Promise<R> }

/**
 * A statement built once per process and run in any transaction (a stock command's, SPEC 17.5): built on first use
 * by `build` with placeholders (sql.placeholder) for everything that varies, prepared under its text's name like
 * prepareNamed, then only bound to each caller's connection (its session's client) and given the run's values; the
 * row mapping is the query builder's own, so the rows are the ones it gives. Drizzle building a command's statements
 * again on every run was a quarter of the server's CPU per stock command in a profile under load (ADR 0011, amended
 * 2026-12-02). Kept per driver (a process may open PGlite and PostgreSQL: the tests do). `build` must not depend on
 * anything but its placeholders.
 */
export function keptStatement<R>(build: (db: DbOrTx) => { toSQL(): { sql: string }; prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } }) {
  const kept = new Map<unknown, Bindable<R>>()
  return (db: DbOrTx, values?: Record<string, unknown>): Promise<R> => {
    const session = (db as unknown as { session: { client: unknown } }).session
    const driver = Object.getPrototypeOf(session)
    let prepared = kept.get(driver)
    if (!prepared) {
      prepared = prepareNamed(build(db)) as unknown as Bindable<R>
      kept.set(driver, prepared)
    }
    const bound = prepared.client === session.client ? prepared : (Object.assign(Object.create(Object.getPrototypeOf(prepared) as object), prepared, { client: session.client }) as Bindable<R>)
    return bound.execute(values)
  }
}
