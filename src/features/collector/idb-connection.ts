/**
 * One IndexedDB database of the handheld, opened with idb on first use and kept (SPEC 11.9, ADR 0014): the offline
 * cache (offline/offline-cache.ts) and the outbox (outbox/outbox-db.ts) each hold one. Only idb's openDB, which
 * both already load: no screen gets code it did not have.
 */
import { openDB, type DBSchema, type IDBPDatabase, type OpenDBCallbacks } from 'idb'

export class IdbConnection<S extends DBSchema> {
  private connection: Promise<IDBPDatabase<S>> | null = null

  constructor(
    readonly name: string,
    /** IndexedDB's version: the schema's owner keeps it, so a device's existing database opens untouched */
    private readonly version: number,
    private readonly upgrade: NonNullable<OpenDBCallbacks<S>['upgrade']>,
  ) {}

  open(): Promise<IDBPDatabase<S>> {
    if (!this.connection) {
      const opening = openDB<S>(this.name, this.version, {
        upgrade: this.upgrade,
        // a newer version of the app wants to upgrade it (another tab): let it, and open again on the next call
        blocking: () => this.release(),
        // the browser closed it (storage cleared, the disk gone): open again on the next call
        terminated: () => this.forget(opening),
      })
      this.connection = opening
      // a failed open (no IndexedDB, quota): the next call tries again
      opening.catch(() => this.forget(opening))
    }
    return this.connection
  }

  /** closes the connection, if any; the next open() opens it again */
  release(): void {
    const connection = this.connection
    this.connection = null
    void connection?.then((db) => db.close(), () => {})
  }

  /** an opening that failed or was closed under us is dropped, unless a newer one has taken its place */
  private forget(opening: Promise<IDBPDatabase<S>>) {
    if (this.connection === opening) this.connection = null
  }
}
