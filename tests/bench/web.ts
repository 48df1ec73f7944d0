/**
 * `npm run bench:web`: the JavaScript a first visit downloads (issue 3's budget; a benchmark, not a test).
 *
 * Builds the app (`vite build`), starts the real server over a fresh embedded database, and for each page
 * opens a fresh Chromium context (empty cache, service workers blocked) and records every JavaScript
 * response until the network is idle: /login signed out, / and /m/scan signed in (tokens from the API put
 * in localStorage before the first navigation). Each body is gzipped here (zlib, level 9), and each chunk is
 * named by the modules that fill it, from the build's own output. It prints whether Victory or @zxing/browser
 * is in any first load (they must not be) and asserts nothing.
 *
 * Options: --no-build (measure the dist/ already built; chunks then go unnamed),
 *          --out-dir=<dir> (build there and serve it through the browser instead of dist/: other engineers'
 *          end-to-end runs keep their dist/ while you iterate).
 */
import { mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'
import { build, type Rolldown } from 'vite'
import { launchBrowser, newPage } from '../support/browser'
import { startServer } from '../support/server-harness'

const root = path.resolve(import.meta.dirname, '..', '..')
const GOAL_KB = 170
const PASSWORD = 'bench-web-secret'

const args = process.argv.slice(2)
const skipBuild = args.includes('--no-build')
const outDirArg = args.find((a) => a.startsWith('--out-dir='))?.slice('--out-dir='.length)
const outDir = outDirArg ? path.resolve(outDirArg) : path.join(root, 'dist')
const serveThroughBrowser = outDir !== path.join(root, 'dist')

/** chunk file name (assets/x.js) -> bytes per contributor (a package, or a folder of ours) */
type ChunkInfo = Map<string, Map<string, number>>

/** the chunks the entry imports statically (all of them load before the app starts) */
const entryClosure = new Set<string>()

function contributor(moduleId: string): string {
  const clean = moduleId.replace(/^\0/, '').split('?')[0]
  const nm = clean.lastIndexOf('node_modules/')
  if (nm >= 0) {
    const rest = clean.slice(nm + 'node_modules/'.length).split('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  const rel = path.relative(root, clean)
  if (rel.startsWith('..') || path.isAbsolute(rel)) return clean.slice(0, 40)
  const parts = rel.split(path.sep)
  // src/features/<area>, src/routes/..., machines/<name>, locales/<lang>
  if (parts[0] === 'src' && (parts[1] === 'features' || parts[1] === 'routes') && parts.length > 3) return parts.slice(0, 3).join('/')
  if ((parts[0] === 'machines' || parts[0] === 'locales') && parts.length > 2) return parts.slice(0, 2).join('/')
  if (parts[0] === 'src' && parts.length > 2) return parts.slice(0, 2).join('/')
  return rel
}

function isOutput(value: unknown): value is Rolldown.RolldownOutput {
  return typeof value === 'object' && value !== null && 'output' in value && Array.isArray((value as { output: unknown }).output)
}

async function buildApp(): Promise<ChunkInfo> {
  console.log(`Building the app into ${path.relative(root, outDir) || outDir} ...`)
  const started = Date.now()
  const result = await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  const outputs = (Array.isArray(result) ? result : [result]).filter(isOutput)
  const info: ChunkInfo = new Map()
  const staticImports = new Map<string, string[]>()
  for (const out of outputs) {
    for (const item of out.output) {
      if (item.type !== 'chunk') continue
      staticImports.set(item.fileName, item.imports)
      if (item.isEntry) entryClosure.add(item.fileName)
      const parts = new Map<string, number>()
      for (const [id, mod] of Object.entries(item.modules)) {
        const name = contributor(id)
        parts.set(name, (parts.get(name) ?? 0) + mod.renderedLength)
      }
      info.set(item.fileName, parts)
    }
  }
  for (const pending = [...entryClosure]; pending.length > 0; ) {
    for (const next of staticImports.get(pending.pop() ?? '') ?? []) {
      if (!entryClosure.has(next)) {
        entryClosure.add(next)
        pending.push(next)
      }
    }
  }
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s, ${info.size} chunks\n`)
  return info
}

interface Loaded {
  file: string
  raw: number
  gzip: number
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

/** Serves the build in `outDir` to the page (the API still goes to the server). */
async function serveBuild(context: BrowserContext): Promise<void> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.webmanifest': 'application/manifest+json',
    '.json': 'application/json',
  }
  await context.route(
    (url) => !url.pathname.startsWith('/api'),
    async (route) => {
      const { pathname } = new URL(route.request().url())
      let file = path.join(outDir, decodeURIComponent(pathname))
      if (!file.startsWith(outDir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(outDir, 'index.html')
      await route.fulfill({ status: 200, contentType: types[path.extname(file)] ?? 'application/octet-stream', body: readFileSync(file) })
    },
  )
}

async function firstLoad(page: Page, target: string): Promise<Loaded[]> {
  const pending: Promise<Loaded | null>[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (response.request().resourceType() !== 'script' && !url.pathname.endsWith('.js')) return
    pending.push(
      response.body().then(
        (body) => ({ file: url.pathname.replace(/^\//, ''), raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    )
  })
  await page.goto(target, { waitUntil: 'networkidle', timeout: 120_000 })
  // lazy route chunks and the catalog start after the first render: wait for the network to rest again
  await page.waitForLoadState('networkidle', { timeout: 120_000 })
  const loaded = (await Promise.all(pending)).filter((entry): entry is Loaded => entry !== null)
  return loaded.sort((a, b) => b.gzip - a.gzip)
}

function describe(file: string, info: ChunkInfo): string {
  const parts = info.get(file)
  if (!parts) return ''
  const total = [...parts.values()].reduce((a, b) => a + b, 0) || 1
  return [...parts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, bytes]) => `${name} ${Math.round((bytes / total) * 100)}%`)
    .join(', ')
}

function packagesIn(files: string[], info: ChunkInfo): Set<string> {
  const found = new Set<string>()
  for (const file of files) for (const name of info.get(file)?.keys() ?? []) found.add(name)
  return found
}

async function main(): Promise<void> {
  const info: ChunkInfo = skipBuild ? new Map() : await buildApp()
  if (!existsSync(path.join(outDir, 'index.html'))) throw new Error(`${outDir} has no index.html: run without --no-build`)

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wms-bench-web-'))
  const server = await startServer({ dataDir, env: { WMS_ADMIN_PASSWORD: PASSWORD } })
  const session = await launchBrowser()
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    })
    if (!login.ok) throw new Error(`login through the API failed: ${login.status}`)
    const tokens = (await login.json()) as { access: string; refresh: string }
    const me = await (await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${tokens.access}` } })).json()

    const visits: { path: string; signedIn: boolean; goal: boolean }[] = [
      { path: '/login', signedIn: false, goal: true },
      { path: '/', signedIn: true, goal: false },
      { path: '/m/scan', signedIn: true, goal: true },
    ]
    const offenders: string[] = []
    const summary: string[] = []
    for (const visit of visits) {
      const { context, page } = await newPage(session.browser, { baseURL: server.url })
      if (serveThroughBrowser) await serveBuild(context)
      if (visit.signedIn) {
        await context.addInitScript(
          ({ access, refresh, user }) => {
            localStorage.setItem('movatic.access', access)
            localStorage.setItem('movatic.refresh', refresh)
            localStorage.setItem('movatic.auth', JSON.stringify({ access, refresh }))
            localStorage.setItem('movatic.user', JSON.stringify(user))
          },
          { access: tokens.access, refresh: tokens.refresh, user: me as unknown },
        )
      }
      const loaded = await firstLoad(page, visit.path)
      const finalPath = new URL(page.url()).pathname
      await context.close()

      const total = loaded.reduce((sum, entry) => sum + entry.gzip, 0)
      const totalRaw = loaded.reduce((sum, entry) => sum + entry.raw, 0)
      const verdict = visit.goal ? (total <= GOAL_KB * 1000 ? `within the ${GOAL_KB} kB goal` : `OVER the ${GOAL_KB} kB goal by ${kb(total - GOAL_KB * 1000)}`) : 'no goal'
      console.log(`── ${visit.path}${visit.signedIn ? ' (signed in)' : ''}${finalPath !== visit.path ? ` → ${finalPath}` : ''}: ${loaded.length} scripts, ${kb(total)} gzip (${kb(totalRaw)} raw), ${verdict}`)
      for (const entry of loaded) {
        const what = describe(entry.file, info)
        const lazy = info.size > 0 && !entryClosure.has(entry.file) ? ' (on demand)' : ''
        console.log(`   ${kb(entry.gzip).padStart(9)}  ${entry.file}${lazy}${what ? `  [${what}]` : ''}`)
      }
      if (info.size > 0) {
        // the same load by package (or folder of ours), raw bytes shared out over each chunk's gzip size
        const byPackage = new Map<string, number>()
        for (const entry of loaded) {
          const parts = info.get(entry.file)
          if (!parts) continue
          const chunkRaw = [...parts.values()].reduce((a, b) => a + b, 0) || 1
          for (const [name, bytes] of parts) byPackage.set(name, (byPackage.get(name) ?? 0) + (entry.gzip * bytes) / chunkRaw)
        }
        const top = [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 14)
        console.log(`   by package (about): ${top.map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ')}`)
      }
      console.log('')
      summary.push(`${visit.path.padEnd(8)} ${kb(total).padStart(9)}${visit.goal ? `  (goal ${GOAL_KB} kB: ${total <= GOAL_KB * 1000 ? 'ok' : 'over'})` : ''}`)

      const files = loaded.map((entry) => entry.file)
      for (const file of files) {
        const names = [...packagesIn([file], info)]
        const heavy = new Set(names.flatMap((name) => (name === 'victory' || name.startsWith('victory-') ? ['Victory'] : name.startsWith('@zxing/') ? ['@zxing/browser'] : [])))
        for (const name of heavy) {
          const how = entryClosure.has(file) ? 'with the entry' : 'on demand, after the page rendered'
          offenders.push(`${name} in the first load of ${visit.path} (${file}, ${how})`)
        }
      }
      // without the build's module map, fall back to the chunks' names and contents
      if (info.size === 0) {
        for (const file of files) {
          const body = readFileSync(path.join(outDir, file), 'utf8')
          if (/victory/i.test(file) || body.includes('VictoryChart')) offenders.push(`Victory (by content) in ${file} of ${visit.path}`)
          if (/zxing/i.test(file) || body.includes('BrowserMultiFormatReader')) offenders.push(`@zxing/browser (by content) in ${file} of ${visit.path}`)
        }
      }
    }
    console.log('Summary (gzip JavaScript of a first visit):')
    for (const line of summary) console.log(`   ${line}`)
    console.log(offenders.length === 0 ? '   Victory and @zxing/browser: in no first load' : `   FOUND in a first load: ${offenders.join('; ')}`)
  } finally {
    await session.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
