// @ts-check
/**
 * The embedded database's WebAssembly, compiled while the server's bundle and its packages load (ADR 0021, "Where a
 * restart's time goes"). Loading the bundle keeps the main thread busy for about a second; PGlite compiles its 9 MB
 * module only once it is asked to open, and the start then waits for that compile. Started here, before the bundle is
 * imported, the compile runs on V8's background threads meanwhile, and PGlite instantiates the compiled module
 * (its `pgliteWasmModule` option); its file system bundle (`fsBundle`) is read the same way.
 *
 * Plain JavaScript (the launcher imports it before anything can load TypeScript). server/db/client.ts takes what is
 * here under PGLITE_PRELOAD when it opens an embedded database, and does as before when nothing is (tests, tsx).
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'

export const PGLITE_PRELOAD = Symbol.for('movatic-wms.pglite-preload')

/** Start compiling PGlite's module and reading its bundle; nothing when the server runs on PostgreSQL. */
export function preloadPglite() {
  if (process.env.DATABASE_URL) return
  try {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
    const wasm = readFile(path.join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes))
    const fsBundle = readFile(path.join(dist, 'pglite.data')).then((bytes) => new Blob([bytes]))
    // a failure here is PGlite's own to report when it opens (it then reads and compiles them itself)
    wasm.catch(() => {})
    fsBundle.catch(() => {})
    Object.assign(globalThis, { [PGLITE_PRELOAD]: { wasm, fsBundle } })
  } catch {
    /* PGlite reads them itself */
  }
}
