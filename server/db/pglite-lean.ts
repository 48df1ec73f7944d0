/**
 * The PGlite client as Drizzle sees it, minus two costs Drizzle's driver adds to every statement on the embedded
 * database (SPEC 11.9: the outbox drain spends its time in ~20 small statements per command):
 *
 * - Drizzle passes its own result parsers with every query (timestamps, dates and intervals as text, and their
 *   arrays), and PGlite merges them into its 300-odd type parsers on every call: 0.1-0.2 ms a statement. The same
 *   parsers are installed once on the client here, and a query whose parsers are exactly those goes without them.
 *   What each query answers is unchanged.
 * - A statement without parameters goes through the extended protocol all the same (parse, describe, bind, describe,
 *   execute, sync: six trips into the WebAssembly module). Savepoints (every nested transaction: Drizzle's
 *   `tx.transaction`, a service joining its caller's transaction) take the simple protocol instead: one trip.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite'

const asText = (value: string) => value

/**
 * Drizzle's pglite driver's parsers (drizzle-orm/pglite/session.js: timestamp, timestamptz, interval, date and
 * their arrays), by type OID.
 */
export const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182] as const

const INSTALLED = new Set<string>(DRIZZLE_TEXT_TYPES.map(String))

const SAVEPOINT = /^\s*(savepoint|release savepoint|rollback to savepoint) [a-z_][a-z0-9_]*\s*;?\s*$/i

type Queryable = Pick<PGlite | Transaction, 'query' | 'exec'>
type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>

/** true when `parsers` holds only the types installed on the client (so leaving them out changes nothing) */
function onlyInstalled(parsers: QueryOptions['parsers']): boolean {
  if (!parsers) return true
  for (const key in parsers) if (!INSTALLED.has(key)) return false
  return true
}

function leanQuery<T extends Queryable>(target: T): T['query'] {
  // the client's own query, taken once: whoever later assigns `query` on the proxy (a statement recorder, as the
  // bench's) sets it on the client, and reading it back here would call that wrapper, which calls this, forever
  const own = target.query.bind(target) as T['query']
  return (async (query: string, params?: unknown[], options?: QueryOptions) => {
    let opts = options
    if (opts?.parsers && onlyInstalled(opts.parsers)) {
      const { parsers: _same, ...rest } = opts
      opts = rest
    }
    if ((!params || params.length === 0) && SAVEPOINT.test(query)) {
      const [result] = await target.exec(query, opts)
      return result
    }
    return own(query, params, opts)
  }) as T['query']
}

/**
 * Install Drizzle's parsers on `client` (call once it is ready: PGlite sets its array parsers while it starts) and
 * answer the object to hand to `drizzle()`: the client, with `query` and the transactions' `query` made lean.
 */
export function leanPglite(client: PGlite): PGlite {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText
  const transaction = client.transaction.bind(client)
  let query = leanQuery(client)
  return new Proxy(client, {
    // whoever assigns `query` (the bench's statement recorder wraps the one it read) replaces the proxy's query,
    // not the client's: the lean query keeps calling the client's own
    set(target, prop, value, receiver) {
      if (prop !== 'query') return Reflect.set(target, prop, value, receiver)
      query = value as typeof query
      return true
    },
    get(target, prop) {
      if (prop === 'query') return query
      if (prop === 'transaction') {
        return <R>(callback: (tx: Transaction) => Promise<R>) =>
          transaction((tx) => {
            const txQuery = leanQuery(tx)
            return callback(new Proxy(tx, { get: (t, p, r) => (p === 'query' ? txQuery : Reflect.get(t, p, r)) }))
          })
      }
      const value = Reflect.get(target, prop, target) as unknown
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
}
