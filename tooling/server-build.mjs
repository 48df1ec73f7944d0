// @ts-check
/**
 * The server bundled into one file per entry (ADR 0021, "The server runs bundled"): `dist-server/main.mjs` (the API,
 * server/main.ts: the tests' server harness) and `dist-server/start.mjs` (`npm start`: server/start.ts, through
 * tooling/start.mjs); esbuild, every package external. Starting the bundle with plain `node` skips tsx's compile-on-load of about 400 modules, about
 * 3 s of each start on our two-core machines (a restart, every end-to-end suite's server). Plain JavaScript, so that a
 * launcher can check and build it before anything can load TypeScript.
 *
 * Whether the bundle is current: esbuild's metafile names every source file it read; their paths, sizes and mtimes are
 * kept beside it with a hash of their contents. The mtimes answer first; when they changed (an edit, a checkout) the
 * contents decide. An edit that adds an import changes a file already listed, so the list cannot miss a new source.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SERVER_BUILD_DIR = path.join(ROOT, 'dist-server')
/** @type {Record<string, string>} */
const ENTRIES = { main: 'server/main.ts', start: 'server/start.ts' }
/** @param {string} name */
const out = (name) => path.join(SERVER_BUILD_DIR, `${name}.mjs`)
/** @param {string} name */
const stampFile = (name) => path.join(SERVER_BUILD_DIR, `${name}.json`)

/** @param {string[]} files @param {boolean} contents */
function fingerprint(files, contents) {
  const hash = createHash('sha256')
  for (const rel of files) {
    const full = path.join(ROOT, rel)
    if (!existsSync(full)) return ''
    if (contents) hash.update(rel + '\0').update(readFileSync(full)).update('\0')
    else {
      const st = statSync(full)
      hash.update(`${rel}\0${st.size}\0${st.mtimeMs}\0`)
    }
  }
  return hash.digest('hex')
}

/** Does dist-server/<name>.mjs hold a build of its sources as they are now? @param {string} name */
export function serverBuildIsCurrent(name = 'main') {
  const OUT = out(name)
  const STAMP = stampFile(name)
  if (!existsSync(OUT) || !existsSync(STAMP)) return false
  /** @type {{ inputs: string[], hash: string, stats: string }} */
  let stamp
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'))
  } catch {
    return false
  }
  if (fingerprint(stamp.inputs, false) === stamp.stats) return true
  if (fingerprint(stamp.inputs, true) !== stamp.hash) return false
  writeFileSync(STAMP, JSON.stringify({ ...stamp, stats: fingerprint(stamp.inputs, false) }))
  return true
}

/**
 * Bundle one entry (`main` or `start`). Several processes may build at once (test workers): each writes files of
 * its own and renames them into place, the stamp last, so a reader sees an older whole build or the new one.
 * @param {string} name
 */
export async function buildServer(name = 'main') {
  const OUT = out(name)
  const STAMP = stampFile(name)
  const { build } = await import('esbuild')
  mkdirSync(SERVER_BUILD_DIR, { recursive: true })
  const tmp = `${OUT}.${process.pid}.tmp.mjs`
  try {
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: [ENTRIES[name]],
      outfile: tmp,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      metafile: true,
      logLevel: 'warning',
      // an error's stack points into the bundle; `node --enable-source-maps` maps it back to the sources
      sourcemap: 'linked',
      banner: { js: '// Built by tooling/server-build.mjs from server/: edit the sources, not this file.' },
    })
    const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/')).sort()
    const stamp = { inputs, hash: fingerprint(inputs, true), stats: fingerprint(inputs, false) }
    renameSync(`${tmp}.map`, `${OUT}.map`)
    // the map is named after the file it was written beside: point the bundle at its final name
    writeFileSync(tmp, readFileSync(tmp, 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, `//# sourceMappingURL=${path.basename(OUT)}.map`))
    renameSync(tmp, OUT)
    writeFileSync(`${STAMP}.${process.pid}.tmp`, JSON.stringify(stamp))
    renameSync(`${STAMP}.${process.pid}.tmp`, STAMP)
  } finally {
    rmSync(tmp, { force: true })
    rmSync(`${tmp}.map`, { force: true })
  }
  return OUT
}

/** The bundle's path, built first when it is missing or stale. @param {string} name */
export async function ensureServerBuild(name = 'main') {
  return serverBuildIsCurrent(name) ? out(name) : buildServer(name)
}
