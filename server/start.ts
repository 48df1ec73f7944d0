/**
 * `npm start`: build the app when its build is missing or older than its sources, then run the server
 * (which migrates, creates demo data on first run, and serves app and API).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SOURCES = ['src', 'locales', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json']

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0
  const st = statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = st.mtimeMs
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)))
  return newest
}

const builtAt = newestMtime(path.join(root, 'dist', 'index.html'))
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))
if (existsSync(path.join(root, 'index.html')) && (builtAt === 0 || sourcesAt > builtAt)) {
  console.log(builtAt === 0 ? 'Building the app (first run)...' : 'Sources changed since the last build: rebuilding the app...')
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) {
    console.error('The app build failed; see above.')
    process.exit(r.status ?? 1)
  }
}

await import('./main')
