import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { leanPglite } from './pglite-lean'
import { readTemplate } from './pglite-template'
import { fromRoot } from '../root'
import * as core from './schema/core'
import * as catalog from './schema/catalog'
import * as partners from './schema/partners'
import * as users from './schema/users'
import * as workforce from './schema/workforce'
import * as inventory from './schema/inventory'
import * as tasks from './schema/tasks'
import * as printing from './schema/printing'
import * as quality from './schema/quality'
import * as manufacturing from './schema/manufacturing'
import * as documents from './schema/documents'
import * as picking from './schema/picking'
import * as audit from './schema/audit'
import * as commands from './schema/commands'
import * as imports from './schema/imports'
import * as jobs from './schema/jobs'

export const schema = { ...core, ...catalog, ...partners, ...users, ...workforce, ...inventory, ...tasks, ...printing, ...quality, ...manufacturing, ...documents, ...picking, ...audit, ...commands, ...imports, ...jobs }

// One Drizzle type for both drivers: the query builder is identical; only the session differs.
export type Db = ReturnType<typeof drizzlePg<typeof schema>>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** What a service works on: the database, or the caller's transaction it joins (its own transaction becomes a savepoint). */
export type DbOrTx = Db | Tx

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Where the data lives, for logs and /api/health. */
  location: string
  /** Raw SQL, used by benchmarks and health checks. */
  ping(): Promise<void>
  /**
   * PostgreSQL only: LISTEN on a channel over a dedicated connection (the pool's connections come and go).
   * `onLost` is called once when that connection fails or ends; the caller listens again. Resolves with a stop function.
   */
  listen?(channel: string, onMessage: (payload: string) => void, onLost: (error: Error) => void): Promise<() => Promise<void>>
  /**
   * Run `fn` while no other process does the same on this database: migrations and the first start's demo data.
   * PostgreSQL: a session advisory lock held on one pooled connection (ADR 0001: N processes share one database,
   * and two cold starts on an empty one would otherwise both create the same tables and the second would crash).
   * PGlite: one process only (the directory lock), so `fn` just runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>
  /** PGlite only: the data directory as one file, which `openDatabase({ loadDataDir })` starts from (tests' template) */
  dumpDataDir?(compression?: 'none' | 'gzip'): Promise<Blob | File>
  close(): Promise<void>
}

export const migrationsFolder = fromRoot('server', 'db', 'migrations')

export class DatabaseLockedError extends Error {}

/**
 * PGlite is one process, one connection: two processes on one directory corrupt it.
 * A lock file holding our pid refuses a second opener; a lock left by a dead process is taken over.
 */
function lockDirectory(dir: string): () => void {
  mkdirSync(dir, { recursive: true })
  const lockFile = path.join(dir, '..', path.basename(dir) + '.lock')
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim())
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DatabaseLockedError(
        `The embedded database at ${dir} is in use by another process (pid ${pid}). ` +
          'Stop that process first, or set WMS_DATA_DIR to another directory.',
      )
    }
  }
  writeFileSync(lockFile, String(process.pid))
  return () => {
    try {
      if (existsSync(lockFile) && readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile)
    } catch {
      /* already gone */
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export type OpenOptions = {
  dataDir?: string
  databaseUrl?: string
  memory?: boolean
  /** PGlite in memory only: start from this dump of a data directory (`dumpDataDir`) instead of an empty cluster (tests) */
  loadDataDir?: Blob
  /** PGlite on a directory with no database yet: start from `npm install`'s migrated template when there is one (pglite-template.ts) */
  fromTemplate?: boolean
}

/** The key tooling/pglite-preload.mjs keeps its work under (a registered symbol: the launcher is not bundled). */
const PGLITE_PRELOAD = Symbol.for('movatic-wms.pglite-preload')

/**
 * PGlite's module and file system bundle when `npm start`'s launcher began compiling and reading them while the
 * bundle loaded (tooling/pglite-preload.mjs, ADR 0021); taken once. Nothing otherwise, or when that failed: PGlite then
 * reads and compiles them itself, as it always did.
 */
async function pglitePreloaded(): Promise<{ pgliteWasmModule?: WebAssembly.Module; fsBundle?: Blob }> {
  const g = globalThis as { [PGLITE_PRELOAD]?: { wasm: Promise<WebAssembly.Module>; fsBundle: Promise<Blob> } }
  const preload = g[PGLITE_PRELOAD]
  if (!preload) return {}
  delete g[PGLITE_PRELOAD]
  try {
    const [pgliteWasmModule, fsBundle] = await Promise.all([preload.wasm, preload.fsBundle])
    return { pgliteWasmModule, fsBundle }
  } catch {
    return {}
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // the PostgreSQL driver is loaded only for PostgreSQL: the embedded database's start does not wait for it (ADR 0021)
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')])
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
    // An idle connection killed by the server (a restart, pg_terminate_backend, DROP DATABASE … FORCE) emits 'error'
    // on the pool; unhandled, that would crash the process. The pool replaces the connection on next use.
    pool.on('error', (e) => console.warn(`PostgreSQL connection lost (${e.message}); it will be replaced`))
    // numeric stays a string (exact decimals); bigint counts become numbers
    pg.types.setTypeParser(20, (v) => Number(v))
    const db = drizzlePg(pool, { schema, casing: 'snake_case' })
    const url = new URL(opts.databaseUrl)
    return {
      db,
      kind: 'postgres',
      location: `${url.host}${url.pathname}`,
      ping: async () => {
        await pool.query('select 1')
      },
      listen: async (channel, onMessage, onLost) => {
        if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`)
        const client = new pg.Client({ connectionString: opts.databaseUrl })
        let stopped = false
        let lost = false
        const lose = (e: Error) => {
          if (stopped || lost) return
          lost = true
          onLost(e)
        }
        client.on('notification', (m) => {
          if (m.channel === channel) onMessage(m.payload ?? '')
        })
        client.on('error', lose)
        client.on('end', () => lose(new Error('the LISTEN connection ended')))
        try {
          await client.connect()
          await client.query(`LISTEN ${channel}`)
        } catch (e) {
          stopped = true
          await client.end().catch(() => {})
          throw e
        }
        return async () => {
          stopped = true
          await client.end().catch(() => {})
        }
      },
      exclusive: async (fn) => {
        const client = await pool.connect()
        let broken: Error | undefined
        try {
          await client.query('SELECT pg_advisory_lock($1)', [BOOT_LOCK_KEY])
          try {
            return await fn()
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [BOOT_LOCK_KEY]).catch((e: Error) => (broken = e))
          }
        } finally {
          // a lock that could not be released dies with its connection: destroyed, not returned to the pool
          client.release(broken)
        }
      },
      close: async () => {
        await pool.end()
      },
    }
  }
  const dir = opts.memory ? undefined : path.join(opts.dataDir ?? './var', 'db')
  const unlock = dir ? lockDirectory(dir) : () => {}
  let client: PGlite
  const preloaded = await pglitePreloaded()
  const template = dir && opts.fromTemplate && !existsSync(path.join(dir, 'PG_VERSION')) ? readTemplate() : undefined
  const loadDataDir = template ?? (opts.loadDataDir && !dir ? opts.loadDataDir : undefined)
  try {
    client = await PGlite.create(dir ? `file://${path.resolve(dir)}` : 'memory://', {
      // btree_gist: the one-place-per-SSCC exclusion constraint (ADR 0018); pglite-template.ts keys its template on these
      extensions: { pg_trgm, btree_gist },
      parsers: { 20: (v: string) => Number(v) },
      ...(loadDataDir ? { loadDataDir } : {}),
      ...preloaded,
    })
  } catch (e) {
    unlock()
    throw e
  }
  // Drizzle's parsers installed once, savepoints by the simple protocol (pglite-lean.ts: the per-statement cost)
  const db = drizzlePglite(leanPglite(client), { schema, casing: 'snake_case' }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    location: dir ? path.resolve(dir) : 'memory',
    ping: async () => {
      await client.query('select 1')
    },
    dumpDataDir: (compression = 'none') => client.dumpDataDir(compression),
    exclusive: (fn) => fn(),
    close: async () => {
      try {
        await client.query('CHECKPOINT')
      } catch {
        /* closing anyway */
      }
      await client.close()
      unlock()
    },
  }
}

/** The advisory lock key taken while migrating (any constant; "WMS boot" in ASCII). */
export const BOOT_LOCK_KEY = 0x574d5320_626f6f74n.toString()

/** Apply the migrations, one process at a time (see Database.exclusive). */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.exclusive(() => applyMigrations(database))
}

/** Apply the migrations; the caller holds `database.exclusive` (prepareDatabase also seeds under it). */
export async function applyMigrations(database: Database): Promise<void> {
  // pg_trgm backs the case-insensitive substring searches; created before the migrations that index with it
  await database.db.execute('CREATE EXTENSION IF NOT EXISTS pg_trgm')
  if (database.kind === 'postgres') {
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator')
    await migratePg(database.db, { migrationsFolder })
  }
  else await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder })
}
