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
