import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type Database, openDatabase } from '../../server/db/client'

export type BenchKind = 'postgres' | 'pglite'

/** The database with a close that may be called again (a case closes an embedded database for a server process). */
function closingOnce(database: Database): Database {
  const close = database.close.bind(database)
  let closed: Promise<void> | undefined
  return { ...database, close: () => (closed ??= close()) }
}

/**
 * Run a bench case on a fresh PostgreSQL database (made on `pgBase`, dropped after) and then on a fresh embedded one,
 * each with a data directory of its own; `only` keeps one of them. The case migrates and seeds what it needs; `url`
 * names the PostgreSQL database, for a case that starts a server process or pgbench on it.
 */
export async function onFreshDatabases(
  name: string,
  opts: { pgBase?: string; only?: string },
  run: (database: Database, dir: string, kind: BenchKind, url?: string) => Promise<unknown>,
): Promise<void> {
  if (opts.only !== 'pglite') {
    const base = new URL(opts.pgBase ?? 'postgres://postgres@127.0.0.1:5432/postgres')
    const db = `wms_bench_${name}_${process.pid}`
    const admin = new pg.Client({ connectionString: base.toString() })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${db}`)
    const url = new URL(base)
    url.pathname = `/${db}`
    const dir = mkdtempSync(path.join(os.tmpdir(), `wms-${name}-bench-`))
    const database = closingOnce(await openDatabase({ databaseUrl: url.toString() }))
    try {
      await run(database, dir, 'postgres', url.toString())
    } finally {
      await database.close()
      await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`)
      await admin.end()
      rmSync(dir, { recursive: true, force: true })
    }
  }
  if (opts.only !== 'postgres') {
    const dir = mkdtempSync(path.join(os.tmpdir(), `wms-${name}-bench-`))
    const database = closingOnce(await openDatabase({ dataDir: path.join(dir, 'db') }))
    try {
      await run(database, dir, 'pglite')
    } finally {
      await database.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
