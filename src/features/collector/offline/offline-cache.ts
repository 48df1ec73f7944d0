/**
 * The handheld's offline cache (SPEC 11.10, ADR 0014): the locations of the operator's warehouse and the company's
 * products and GTINs, in IndexedDB (idb, as the outbox), refreshed whenever the collector opens online and when the network
 * returns. Scans are classified against an in-memory index built from it, synchronously, so a scan's feedback never
 * waits for the network or for IndexedDB (the budget: 30 ms, 100 ms at 4x CPU throttling, with 50,000 locations
 * and 100,000 products).
 */
import { unwrap, type DBSchema, type IDBPDatabase } from 'idb'
import type { CacheLocation, CacheProduct, CacheTask, HandheldCache } from '../../../../contracts/tasks/handheld-cache.contract'
import { isValidSscc, readGs1 } from '../../../../contracts/gs1/gs1'
import { api } from '../../../lib/api-client'
import { IdbConnection } from '../idb-connection'

export type { CacheLocation, CacheProduct, CacheTask }

interface CacheSchema extends DBSchema {
  locations: { key: number; value: CacheLocation; indexes: { code: string } }
  products: { key: number; value: CacheProduct; indexes: { code: string; gtins: string } }
  meta: { key: string; value: { key: string; value: string } }
  /** the operator's unfinished tasks with the stock they point at (SPEC 11.10: /m/tasks and put away offline) */
  tasks: { key: number; value: CacheTask }
}

/** Dexie's schema, kept (its versions 1 and 2 are IndexedDB's 10 and 20): a device's cache opens as it was */
const VERSION = 20

export class OfflineCacheDb {
  private readonly connection: IdbConnection<CacheSchema>

  constructor(readonly name = 'movatic-cache') {
    this.connection = new IdbConnection<CacheSchema>(name, VERSION, (db, oldVersion) => {
      if (oldVersion < 10) {
        db.createObjectStore('locations', { keyPath: 'id' }).createIndex('code', 'code')
        const products = db.createObjectStore('products', { keyPath: 'id' })
        products.createIndex('code', 'code')
        products.createIndex('gtins', 'gtins', { multiEntry: true })
        db.createObjectStore('meta', { keyPath: 'key' })
      }
      if (oldVersion < 20) db.createObjectStore('tasks', { keyPath: 'id' })
    })
  }

  open(): Promise<IDBPDatabase<CacheSchema>> {
    return this.connection.open()
  }

  close(): void {
    this.connection.release()
  }

  /** empties the cache (tests: a device as new) */
  async clear(): Promise<void> {
    const tx = (await this.open()).transaction(['locations', 'products', 'tasks', 'meta'], 'readwrite')
    await Promise.all([...tx.objectStoreNames].map((name) => tx.objectStore(name).clear()))
    await tx.done
  }
}

let shared: OfflineCacheDb | null = null
export function offlineCacheDb(): OfflineCacheDb {
  shared ??= new OfflineCacheDb()
  return shared
}

/** What a scanned code names, as far as the device knows. */
export type ScanTarget =
  | { kind: 'location'; code: string; location: CacheLocation }
  | { kind: 'product'; code: string; product: CacheProduct; lot?: string; expiry?: string; qty?: string }
  | { kind: 'pallet'; code: string; sscc: string | null; palletCode: string | null }
  | { kind: 'unknown'; code: string }

export class CacheIndex {
  readonly locationsByCode = new Map<string, CacheLocation>()
  readonly locationsById = new Map<number, CacheLocation>()
  readonly productsByCode = new Map<string, CacheProduct>()
  readonly productsByGtin = new Map<string, CacheProduct>()

  constructor(
    locations: CacheLocation[] = [],
    products: CacheProduct[] = [],
    /** the operator's unfinished tasks, as the cache last had them */
    readonly tasks: CacheTask[] = [],
  ) {
    for (const l of locations) {
      this.locationsByCode.set(l.code.toUpperCase(), l)
      this.locationsById.set(l.id, l)
    }
    for (const p of products) {
      this.productsByCode.set(p.code.toUpperCase(), p)
      for (const g of p.gtins) this.productsByGtin.set(g.padStart(14, '0'), p)
    }
  }

  get size() {
    return { locations: this.locationsById.size, products: this.productsByCode.size }
  }

  /** Synchronous: what `raw` names. A location or product by its code, a product by GTIN (also inside GS1), a pallet by SSCC or its PAL- code. */
  classify(raw: string): ScanTarget {
    const code = raw.trim()
    const upper = code.toUpperCase()
    const location = this.locationsByCode.get(upper)
    if (location) return { kind: 'location', code, location }
    const product = this.productsByCode.get(upper)
    if (product) return { kind: 'product', code, product }
    if (/^\d{8,14}$/.test(code)) {
      const byGtin = this.productsByGtin.get(code.padStart(14, '0'))
      if (byGtin) return { kind: 'product', code, product: byGtin }
    }
    if (isValidSscc(code)) return { kind: 'pallet', code, sscc: code, palletCode: null }
    if (/^PAL-/i.test(code)) return { kind: 'pallet', code, sscc: null, palletCode: code }
    const gs1 = readGs1(code)
    if (gs1?.ok) {
      const data = gs1.data as { sscc?: string; gtin?: string; lot?: string; expiryDate?: string; count?: string; itemCount?: string }
      if (data.sscc) return { kind: 'pallet', code, sscc: data.sscc, palletCode: null }
      if (data.gtin) {
        const p = this.productsByGtin.get(data.gtin.padStart(14, '0'))
        // SPEC 11.3: one GS1 read fills product, lot, expiry and quantity (AI 30, or 37 on a logistic unit)
        const qty = (data.count ?? data.itemCount)?.replace(/^0+(?=\d)/, '')
        if (p) return { kind: 'product', code, product: p, ...(data.lot ? { lot: data.lot } : {}), ...(data.expiryDate ? { expiry: data.expiryDate } : {}), ...(qty && qty !== '0' ? { qty } : {}) }
      }
    }
    return { kind: 'unknown', code }
  }
}

export async function loadCacheIndex(db: OfflineCacheDb): Promise<CacheIndex> {
  const tx = (await db.open()).transaction(['locations', 'products', 'tasks'])
  const [locations, products, tasks] = await Promise.all([tx.objectStore('locations').getAll(), tx.objectStore('products').getAll(), tx.objectStore('tasks').getAll()])
  return new CacheIndex(locations, products, tasks)
}

/** Replaces the cache with the server's current answer, in one transaction (a half-written cache is never read). */
export async function refreshOfflineCache(db: OfflineCacheDb, fetchCache: () => Promise<HandheldCache> = () => api.get<HandheldCache>('/workforce/handheld/cache/')): Promise<CacheIndex> {
  const cache = await fetchCache()
  const tx = (await db.open()).transaction(['locations', 'products', 'tasks', 'meta'], 'readwrite')
  // the plain requests, all queued at once (150,000 puts: a promise for each would cost seconds on a handheld); the
  // transaction commits all of them or none, and a failed one fails `done`
  const raw = unwrap(tx)
  const put = (store: 'locations' | 'products' | 'tasks', rows: readonly unknown[]) => {
    const target = raw.objectStore(store)
    target.clear()
    for (const row of rows) target.put(row)
  }
  try {
    put('locations', cache.locations)
    put('products', cache.products)
    put('tasks', cache.tasks ?? [])
    raw.objectStore('meta').put({ key: 'generated_at', value: cache.generated_at })
  } catch (error) {
    // a row IndexedDB refuses at once (a bad key): nothing of this answer is kept
    tx.done.catch(() => {})
    raw.abort()
    throw error
  }
  await tx.done
  return new CacheIndex(cache.locations, cache.products, cache.tasks ?? [])
}
