/**
 * The app's build (vite) and whether `dist/` is current: the hash of every file the build reads, written beside the
 * build as `dist/.build-hash`. A content hash, not mtimes: a `git checkout` or a fresh clone touches every file
 * without changing one, and an edit in `machines/` or `contracts/` (which the app imports) does change the build.
 *
 * Used by `npm install` (tooling/prepare.ts builds once, so the first `npm start` finds the app ready), by
 * `npm start` (server/start.ts: a missing or stale build is rebuilt beside the running server) and by `npm test`.
 */
import { createHash } from 'node:crypto'
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { setPriority } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Everything the app's build reads besides node_modules (whose versions package-lock.json pins). */
export const APP_SOURCES = [
  'src',
  'machines',
  'contracts',
  'locales',
  'public',
  'tooling/lingui-source-messages.ts',
  'tooling/mantine-static-css-variables.ts',
  'tooling/flows-coverage.ts',
  'tooling/flows-coverage-plugin.ts',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'postcss.config.cjs',
  'tsconfig.json',
  'package-lock.json',
]

const HASH_FILE = '.build-hash'

function listFiles(root: string, rel: string, out: string[]): string[] {
  const full = path.join(root, rel)
  if (!existsSync(full)) return out
  if (statSync(full).isDirectory()) {
    // tests do not reach the bundle; a test edited or added does not call for a rebuild
    for (const entry of readdirSync(full).sort()) if (!/\.test\.tsx?$/.test(entry)) listFiles(root, path.join(rel, entry), out)
  } else out.push(rel)
  return out
}

const sourceFiles = (root: string) => APP_SOURCES.flatMap((rel) => listFiles(root, rel, []))
const portable = (rel: string) => rel.split(path.sep).join('/')

/** sha256 over the sources' paths and contents (about 1,000 files) */
export function appSourcesHash(root = ROOT): string {
  const hash = createHash('sha256')
  for (const rel of sourceFiles(root)) hash.update(portable(rel) + '\0').update(readFileSync(path.join(root, rel))).update('\0')
  return hash.digest('hex')
}

/** sha256 over the sources' paths, sizes and mtimes: a restart with nothing edited reads no file's content */
function statsFingerprint(root: string): string {
  const hash = createHash('sha256')
  for (const rel of sourceFiles(root)) {
    const st = statSync(path.join(root, rel))
    hash.update(`${portable(rel)}\0${st.size}\0${st.mtimeMs}\0`)
  }
  return hash.digest('hex')
}

/** The built app's folder; `dist/index.html` is what the server serves. */
export const distDir = (root = ROOT) => path.join(root, 'dist')

/**
 * Does `dist/` hold a build of exactly these sources? The sizes and mtimes answer first; when they changed (an edit,
 * a checkout) the contents decide, and a yes records the new mtimes.
 */
export function appBuildIsCurrent(root = ROOT): boolean {
  const file = path.join(distDir(root), HASH_FILE)
  if (!existsSync(path.join(distDir(root), 'index.html')) || !existsSync(file)) return false
  const [hash, stats] = readFileSync(file, 'utf8').split('\n')
  const now = statsFingerprint(root)
  if (stats === now) return true
  if (appSourcesHash(root) !== hash) return false
  writeFileSync(file, `${hash}\n${now}\n`)
  return true
}

/** Is there an index.html to serve at all (current or not)? */
export const appBuildExists = (root = ROOT) => existsSync(path.join(distDir(root), 'index.html'))

/**
 * Build the app in a child process (its own core: the server's start goes on beside it) into a scratch folder, then
 * swap it in for `dist/`, so a running server serves the old build or the new one, never half of one.
 * Resolves true when `dist/` holds the new build.
 */
export function buildApp(opts: { root?: string; stdio?: 'inherit' | 'ignore'; nice?: boolean } = {}): Promise<boolean> {
  const root = opts.root ?? ROOT
  const [hash, stats] = [appSourcesHash(root), statsFingerprint(root)]
  const outDir = path.join(root, '.tmp', `dist-build-${process.pid}`)
  rmSync(outDir, { recursive: true, force: true })
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: opts.stdio ?? 'inherit' })
    // beside a starting server, the server goes first: the API (sign-in) is up sooner, and the build takes what is left
    if (opts.nice && child.pid) {
      try {
        setPriority(child.pid, 10)
      } catch {
        /* not allowed here: the same priority, as before */
      }
    }
    // a server that stops (or fails to start) takes its unfinished build with it; the next start builds again
    const stop = () => child.kill()
    process.on('exit', stop)
    child.on('error', () => resolve(false))
    child.on('close', (code) => {
      process.off('exit', stop)
      if (code !== 0 || !existsSync(path.join(outDir, 'index.html'))) {
        rmSync(outDir, { recursive: true, force: true })
        return resolve(false)
      }
      writeFileSync(path.join(outDir, HASH_FILE), `${hash}\n${stats}\n`)
      const dist = distDir(root)
      const old = `${outDir}-old`
      if (existsSync(dist)) renameSync(dist, old)
      renameSync(outDir, dist)
      rmSync(old, { recursive: true, force: true })
      resolve(true)
    })
  })
}

/** `tsx tooling/app-build.ts`: build when `dist/` is not current (npm test's build step). */
async function cli(): Promise<number> {
  if (appBuildIsCurrent()) {
    console.log('The app build in dist/ is current.')
    return 0
  }
  const started = Date.now()
  console.log('Building the app...')
  const ok = await buildApp()
  console.log(ok ? `App built in ${((Date.now() - started) / 1000).toFixed(1)} s.` : 'The app build failed; see above.')
  return ok ? 0 : 1
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await cli()
}
