import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { type Database, migrateDatabase, migrationsFolder, openDatabase } from '../../server/db/client'

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
 * Which databases the server suites run on: PGlite, and PostgreSQL when reachable. `WMS_TEST_DB=pglite` or
 * `=postgres` keeps one (the CI run pairs each Node version with one database: run-tests.ts).
 * With CI=true (or WMS_TEST_DB=postgres) a missing PostgreSQL fails the run instead of skipping it.
 */
export async function databaseKinds(): Promise<DbKind[]> {
  const only = process.env.WMS_TEST_DB
  if (only === 'pglite') return ['pglite']
  if (await postgresReachable()) return only === 'postgres' ? ['postgres'] : ['pglite', 'postgres']
  if (only === 'postgres' || process.env.CI === 'true' || process.env.CI === '1') {
    throw new Error(`CI=true but PostgreSQL is not reachable at ${POSTGRES_BASE_URL} (set TEST_DATABASE_URL)`)
  }
  console.warn(`PostgreSQL not reachable at ${POSTGRES_BASE_URL}: server tests run on PGlite only`)
  return ['pglite']
}

export type TestDatabase = Database & { url?: string; drop(): Promise<void> }

/**
 * Migrating a fresh database is most of a server test's setup (about 3 s on PGlite, 0.5 s on PostgreSQL, for every
 * database of every file, twice in CI). So the migrations run once per set of migration files: PGlite starts from a
 * dump of a migrated cluster, PostgreSQL copies a migrated template database. The key is a hash of the migration
 * files (and PGlite's version), so a new or changed migration makes a new template; `migrateDatabase` still runs on
 * every copy and applies anything the template lacks.
 */
const templateKey = (() => {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else hash.update(entry.name).update(readFileSync(full))
    }
  }
  walk(migrationsFolder)
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
  hash.update(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')))
  return hash.digest('hex').slice(0, 16)
})()

let pgliteTemplate: Promise<Blob> | undefined
/** The dump of a migrated PGlite cluster, made once per machine and migration set (a file in the temp directory). */
function pgliteTemplateDump(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `wms-test-template-${templateKey}.tar`)
    if (!existsSync(file)) {
      const database = await openDatabase({ memory: true })
      await migrateDatabase(database)
      const dump = await database.dumpDataDir!()
      await database.close()
      // written aside then renamed: a worker reading it never sees half a file
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      renameSync(partial, file)
    }
    return new Blob([readFileSync(file)])
  })()
  return pgliteTemplate
}

const TEMPLATE_LOCK_KEY = 0x574d5374_706c0000n.toString()
let postgresTemplate: Promise<string> | undefined
/** A migrated template database on the test PostgreSQL server, made once per migration set (under an advisory lock). */
function postgresTemplateName(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `wms_tpl_${templateKey}`
    const admin = new pg.Client({ connectionString: POSTGRES_BASE_URL })
    await admin.connect()
    try {
      await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY])
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
      if (found.rowCount === 0) {
        const building = `${name}_building`
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`)
        await admin.query(`CREATE DATABASE ${building}`)
        const url = new URL(POSTGRES_BASE_URL)
        url.pathname = '/' + building
        const database = await openDatabase({ databaseUrl: url.toString() })
        await migrateDatabase(database)
        await database.close()
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`)
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {})
      await admin.end()
    }
    return name
  })()
  return postgresTemplate
}

/** A fresh, migrated database of the given kind; `drop()` closes and removes it. */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wms-test-'))
    const database = await openDatabase({ memory: true, dataDir: dir, loadDataDir: await pgliteTemplateDump() })
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
  const template = await postgresTemplateName()
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
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
