/**
 * How many commands wait in the outbox, read with IndexedDB itself (no idb): the collector's header asks this on
 * every /m screen, and the outbox's code (idb, the sender) loads only when there is something to send or a flow
 * that writes opens (the first-load budget of SPEC 11.13). Never creates the database: a device that never wrote a command
 * has none, and the answer is zero.
 */
import { OUTBOX_DB_NAME_PEEK as NAME } from './outbox-names'

export interface OutboxPeek {
  /** this operator's commands still to send */
  pending: number
  /** this operator's refused commands */
  refused: number
  /** every unsent command on this device, whoever made it */
  unsentOnDevice: number
}

export const EMPTY_PEEK: OutboxPeek = { pending: 0, refused: 0, unsentOnDevice: 0 }

export function peekOutbox(operator: string | null): Promise<OutboxPeek> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(EMPTY_PEEK)
    let request: IDBOpenDBRequest
    try {
      request = indexedDB.open(NAME)
    } catch {
      return resolve(EMPTY_PEEK)
    }
    // no database yet: do not make an empty one (outbox-db.ts creates it with its schema when the first command is written)
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onerror = () => resolve(EMPTY_PEEK)
    request.onblocked = () => resolve(EMPTY_PEEK)
    request.onsuccess = () => {
      const db = request.result
      const done = (value: OutboxPeek) => {
        db.close()
        resolve(value)
      }
      if (!db.objectStoreNames.contains('commands')) return done(EMPTY_PEEK)
      const counts = { pending: 0, refused: 0, unsentOnDevice: 0 }
      try {
        const tx = db.transaction('commands', 'readonly')
        const store = tx.objectStore('commands')
        const source: IDBObjectStore | IDBIndex = store.indexNames.contains('state') ? store.index('state') : store
        const range = source instanceof IDBIndex ? IDBKeyRange.bound('pending', 'refused') : undefined
        const cursor = source.openCursor(range)
        cursor.onsuccess = () => {
          const c = cursor.result
          if (!c) return
          const row = c.value as { operator?: string; state?: string }
          if (row.state === 'pending') {
            counts.unsentOnDevice += 1
            if (row.operator === operator) counts.pending += 1
          } else if (row.state === 'refused' && row.operator === operator) counts.refused += 1
          c.continue()
        }
        tx.oncomplete = () => done(counts)
        tx.onerror = () => done(EMPTY_PEEK)
        tx.onabort = () => done(EMPTY_PEEK)
      } catch {
        done(EMPTY_PEEK)
      }
    }
  })
}
