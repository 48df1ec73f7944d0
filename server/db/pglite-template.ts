/**
 * The embedded database's starting point, made once by `npm install` (tooling/prepare.ts): an empty PGlite cluster
 * with every migration applied, kept as a tarball in node_modules/.cache. A first start on an empty data directory
 * unpacks it instead of running initdb and the migrations one by one: measured about half of PGlite's opening time
 * on a fresh directory. Its name carries a hash of the PGlite version and of the migrations, so a template made
 * before a new migration or another PGlite is simply not found (initdb then, as before); the migrations still run
 * after it is unpacked, so a template can never leave a database behind its schema.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fromRoot } from '../root'

export const TEMPLATE_DIR = fromRoot('node_modules', '.cache', 'movatic-wms')
const MIGRATIONS = fromRoot('server', 'db', 'migrations')

/** the extensions every embedded database loads (client.ts): part of the key */
export const TEMPLATE_EXTENSIONS = ['pg_trgm', 'btree_gist']

function pgliteVersion(): string {
  const require = createRequire(import.meta.url)
  const main = require.resolve('@electric-sql/pglite')
  let dir = path.dirname(main)
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir)
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version
}

/** node_modules/.cache/movatic-wms/pglite-<hash>.tar.gz for the PGlite and the migrations in place now */
export function templateFile(): string {
  const hash = createHash('sha256').update(`${pgliteVersion()}\0${TEMPLATE_EXTENSIONS.join(',')}\0`)
  const files = [...readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).sort(), path.join('meta', '_journal.json')]
  for (const f of files) hash.update(f + '\0').update(readFileSync(path.join(MIGRATIONS, f))).update('\0')
  return path.join(TEMPLATE_DIR, `pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`)
}

/** The template for an empty data directory, when `npm install` made one for these migrations. */
export function readTemplate(): Blob | undefined {
  try {
    const file = templateFile()
    return existsSync(file) ? new Blob([readFileSync(file)]) : undefined
  } catch {
    return undefined
  }
}
