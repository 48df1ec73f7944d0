import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { type Database, migrateDatabase, openDatabase } from '../../server/db/client'

export type DbKind = 'pglite' | 'postgres'

/** The PostgreSQL server used by the test suite: TEST_DATABASE_URL, else the machine's 127.0.0.1:5432. */
export const POSTGRES_BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

let reachable: Promise<boolean> | undefined
export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_BASE_URL, connectionTimeoutMillis: 2000 })
    try {
      await client.connect()
      await client.query('select 1')
      return true
    } catch {
      return false
    } finally {
      await client.end().catch(() => {})
    }
  })()
  return reachable
}

/**
 * Which databases the server suites run on: always PGlite; PostgreSQL when reachable.
 * With CI=true a missing PostgreSQL fails the run instead of skipping it.
 */
export async function databaseKinds(): Promise<DbKind[]> {
  if (process.env.WMS_TEST_DB === 'pglite') return ['pglite']
  if (await postgresReachable()) return ['pglite', 'postgres']
  if (process.env.CI === 'true' || process.env.CI === '1') {
    throw new Error(`CI=true but PostgreSQL is not reachable at ${POSTGRES_BASE_URL} (set TEST_DATABASE_URL)`)
  }
  console.warn(`PostgreSQL not reachable at ${POSTGRES_BASE_URL}: server tests run on PGlite only`)
  return ['pglite']
}

export type TestDatabase = Database & { url?: string; drop(): Promise<void> }

/** A fresh, migrated database of the given kind; `drop()` closes and removes it. */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wms-test-'))
    const database = await openDatabase({ memory: true, dataDir: dir })
    await migrateDatabase(database)
    return {
      ...database,
      drop: async () => {
        await database.close()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const name = `wms_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: POSTGRES_BASE_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(POSTGRES_BASE_URL)
  url.pathname = '/' + name
  const database = await openDatabase({ databaseUrl: url.toString() })
  await migrateDatabase(database)
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close()
      const a = new pg.Client({ connectionString: POSTGRES_BASE_URL })
      await a.connect()
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await a.end()
    },
  }
}
