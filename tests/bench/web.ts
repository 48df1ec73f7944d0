/**
 * `npm run bench:web`: the JavaScript a first visit downloads (the budget of SPEC 17.5; a benchmark, not a test).
 *
 * Builds the app (`vite build`), starts the real server over a fresh embedded database, and for each page
 * opens a fresh Chromium context (empty cache, service workers blocked) and records every JavaScript
 * response until the network is idle: /login signed out, / and /m/scan signed in (tokens from the API put
 * in localStorage before the first navigation), and every /m/* screen (SPEC 11.13). Each body is gzipped here (zlib, level 9), and each chunk is
 * named by the modules that fill it, from the build's own output. It prints whether Victory or @zxing/browser
 * is in any first load (they must not be) and asserts nothing.
 *
 * Then the collector's scan latency (ADR 0006): the time from a keyboard-wedge burst's Enter keydown to the read's
 * result in the page, with the API's time taken out (page.route answers /api/inventory/scan/ at once with a fixed
 * body), over 20 bursts typed 5 ms a key; performance marks in the page; p50/p95 to the DOM and to the next frame.
 *
 * Options: --no-build (measure the dist/ already built; chunks then go unnamed),
 *          --out-dir=<dir> (build there and serve it through the browser instead of dist/: other engineers'
 *          end-to-end runs keep their dist/ while you iterate),
 *          --only=desktop (only the first loads of /login and /),
 *          --only=scan-latency (skip the first-load visits),
 *          --only=collector (only the first loads of every /m/* screen, SPEC 11.13: each at most 170 kB gzip),
 *          --only=scan-feedback (SPEC 11.10: scan to feedback offline with 50,000 locations and 100,000 products cached,
 *          unthrottled and at 4x CPU throttling; tests/bench/web-handheld.ts),
 *          --only=outbox-drain (SPEC 11.9: 500 commands queued offline, applied after reconnecting; web-handheld.ts),
 *          --only=flows-coverage (docs/requirements.md §22.1: /flows at 1280 px, from navigation until every machine of the
 *          catalogue shows its test coverage, the build's /flows-coverage/index.json; goal at most 1 s; 3 visits, each a fresh context).
 *          Several --only= switches add up.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'
import { build, type Rolldown } from 'vite'
import { launchBrowser, newPage } from '../support/browser'
import { startServer } from '../support/server-harness'
import { outboxDrain, scanFeedback } from './web-handheld'

const root = path.resolve(import.meta.dirname, '..', '..')
const GOAL_KB = 170
const PASSWORD = 'bench-web-secret'

const args = process.argv.slice(2)
const skipBuild = args.includes('--no-build')
const outDirArg = args.find((a) => a.startsWith('--out-dir='))?.slice('--out-dir='.length)
const outDir = outDirArg ? path.resolve(outDirArg) : path.join(root, 'dist')
const serveThroughBrowser = outDir !== path.join(root, 'dist')
/** --only=<case> switches (several add up); none: every case */
const only = new Set(args.filter((a) => a.startsWith('--only=')).map((a) => a.slice('--only='.length)))
const KNOWN_CASES = ['desktop', 'scan-latency', 'collector', 'scan-feedback', 'outbox-drain', 'flows-coverage']
for (const name of only) if (!KNOWN_CASES.includes(name)) throw new Error(`unknown --only=${name}: one of ${KNOWN_CASES.join(', ')}`)
const runs = (name: string) => only.size === 0 || only.has(name)
/** the first loads of /login and / (every run without --only) */
const runDesktopLoads = only.size === 0 || only.has('desktop')

/** every /m/* screen (src/routes/m/*.tsx), each measured on a first visit */
const COLLECTOR_SCREENS = ['/m/home', '/m/scan', '/m/lookup', '/m/tasks', '/m/putaway', '/m/move', '/m/count', '/m/pending', '/m/settings', '/m/receive', '/m/ship', '/m/replenish']

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
  let inFlight = 0
  let lastActivity = Date.now()
  page.on('request', () => {
    inFlight++
    lastActivity = Date.now()
  })
  const settled = () => {
    inFlight--
    lastActivity = Date.now()
  }
  page.on('requestfinished', settled)
  page.on('requestfailed', settled)
  await page.goto(target, { waitUntil: 'networkidle', timeout: 120_000 })
  // lazy route chunks and the catalog start after the first render, and on a loaded machine the entry can take
  // longer to run than networkidle's 500 ms: wait for the screen's heading, then for 2 s without a request
  await page.locator('h1').first().waitFor({ timeout: 120_000 })
  while (inFlight > 0 || Date.now() - lastActivity < 2_000) await page.waitForTimeout(250)
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

const SCAN_RUNS = 20

/** A scan answer like the server's for a pallet: one product, one line (the body does not change between runs). */
function fixedScanBody(code: string): string {
  const product = { id: 1, code: 'P000001', name1: 'Produto de teste', uom: 'UN' }
  const line = { id: 1, product, location: { id: 1, code: 'A01-01-01' }, lot: 'L1', pallet_code: code, sscc: null, qty: '12.000', reserved_qty: '0.000', uom: 'UN', expiry_date: null, owner: null }
  return JSON.stringify({ code, kind: 'pallet', gs1: null, truncated: false, results: [{ product, total_qty: '12.000', uom: 'UN', locations_count: 1, lines: [line] }] })
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/**
 * ADR 0006: from a burst's end (the Enter keydown, event.timeStamp) to the read's result on /m/scan (the read's
 * article turning data-status="done", seen by a MutationObserver), API time excluded: the scan request is answered
 * by the browser itself. Also to the frame after it (requestAnimationFrame), closer to what the eye sees.
 */
async function scanLatency(page: Page): Promise<string> {
  await page.route('**/api/inventory/scan/**', (route) => {
    const code = new URL(route.request().url()).searchParams.get('code') ?? ''
    return route.fulfill({ status: 200, contentType: 'application/json', body: fixedScanBody(code) })
  })
  await page.goto('/m/scan', { waitUntil: 'networkidle', timeout: 120_000 })
  await page.getByRole('heading', { name: 'Scan', level: 1 }).waitFor({ timeout: 60_000 })
  await page.evaluate(() => {
    const w = window as unknown as { __scan: { code: string; start: number } | null; __latency: { dom: number; frame: number }[] }
    w.__scan = null
    w.__latency = []
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'Enter' || !w.__scan) return
        w.__scan.start = event.timeStamp
        performance.mark('scan:enter')
      },
      { capture: true },
    )
    new MutationObserver(() => {
      const scan = w.__scan
      if (!scan || scan.start < 0) return
      if (!document.querySelector(`article[aria-label="Leitura ${scan.code}"][data-status="done"]`)) return
      w.__scan = null
      performance.mark('scan:result')
      performance.measure('scan:latency', 'scan:enter', 'scan:result')
      const dom = performance.now() - scan.start
      requestAnimationFrame(() => w.__latency.push({ dom, frame: performance.now() - scan.start }))
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] })
  })
  // focus on the page, not in a field: the scan lands wherever focus is
  await page.getByRole('heading', { name: 'Scan', level: 1 }).click()
  const bursts: string[] = []
  for (let run = 0; run < SCAN_RUNS + 1; run++) {
    const code = `PAL-BENCH-${String(run).padStart(4, '0')}`
    await page.evaluate((c) => {
      ;(window as unknown as { __scan: { code: string; start: number } }).__scan = { code: c, start: -1 }
    }, code)
    await page.keyboard.type(code, { delay: 5 })
    await page.keyboard.press('Enter')
    await page.waitForFunction((n) => (window as unknown as { __latency: unknown[] }).__latency.length >= n, run + 1, { timeout: 30_000 })
    bursts.push(code)
  }
  const measured = await page.evaluate(() => (window as unknown as { __latency: { dom: number; frame: number }[] }).__latency)
  // the first run warms the route's code up; it is not counted
  const runs = measured.slice(1)
  const reads = await page.getByRole('region', { name: 'Últimas leituras' }).getByRole('article').count()
  const dom = runs.map((r) => r.dom).sort((a, b) => a - b)
  const frame = runs.map((r) => r.frame).sort((a, b) => a - b)
  const ms = (n: number) => `${n.toFixed(1)} ms`
  console.log(`── /m/scan burst to result (API excluded): ${runs.length} bursts of ${bursts[0].length} characters at 5 ms a key, ${reads} reads in the history`)
  console.log(`   Enter keydown to the result in the DOM:  p50 ${ms(percentile(dom, 50))}  p95 ${ms(percentile(dom, 95))}  max ${ms(dom[dom.length - 1])}`)
  console.log(`   Enter keydown to the next frame:         p50 ${ms(percentile(frame, 50))}  p95 ${ms(percentile(frame, 95))}  max ${ms(frame[frame.length - 1])}\n`)
  if (reads !== SCAN_RUNS + 1) console.log(`   WARNING: ${SCAN_RUNS + 1} bursts made ${reads} reads (a burst split by a slow key?)\n`)
  return `/m/scan burst → result  p50 ${ms(percentile(dom, 50))}  p95 ${ms(percentile(dom, 95))} (DOM), p50 ${ms(percentile(frame, 50))}  p95 ${ms(percentile(frame, 95))} (next frame)`
}

const FLOWS_GOAL_MS = 1_000

/** docs/requirements.md §22.1: ms from the navigation to /flows until every catalogue row shows its coverage (3 cold visits). */
async function flowsCoverage(browser: Parameters<typeof newPage>[0], baseURL: string, auth: { access: string; refresh: string; user: unknown }): Promise<string> {
  const times: number[] = []
  const tables: number[] = []
  for (let i = 0; i < 3; i++) {
    const { context, page } = await newPage(browser, { baseURL, viewport: { width: 1280, height: 900 } })
    if (serveThroughBrowser) await serveBuild(context)
    await context.addInitScript(({ access, refresh, user }) => {
      localStorage.setItem('movatic.access', access)
      localStorage.setItem('movatic.refresh', refresh)
      localStorage.setItem('movatic.auth', JSON.stringify({ access, refresh }))
      localStorage.setItem('movatic.user', JSON.stringify(user))
    }, auth)
    await page.goto('/flows')
    await page.locator('[data-testid="flow-catalogue"]').waitFor({ timeout: 60_000 })
    tables.push(Math.round(await page.evaluate(() => performance.now())))
    const rows = await page.locator('[data-testid="flow-catalogue"] tbody tr').count()
    // performance.now() counts from the navigation's start
    const ms = await page.waitForFunction(
      (n) => {
        const shown = document.querySelectorAll('[data-testid="flow-catalogue"] [data-testid="flow-coverage"]').length
        return n > 0 && shown >= n ? performance.now() : false
      },
      rows,
      { timeout: 120_000, polling: 'raf' },
    )
    times.push(Math.round((await ms.jsonValue()) as number))
    await context.close()
  }
  const worst = Math.max(...times)
  const line = `/flows coverage: ${times.join(', ')} ms after navigation (goal ${FLOWS_GOAL_MS} ms): ${worst <= FLOWS_GOAL_MS ? 'ok' : 'OVER'}; the catalogue itself drawn at ${tables.join(', ')} ms`
  console.log(`── ${line}\n`)
  return line
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
      ...(runDesktopLoads
        ? [
            { path: '/login', signedIn: false, goal: true },
            { path: '/', signedIn: true, goal: false },
          ]
        : []),
      // SPEC 11.13: every collector screen's first load within the goal (the flows' code loads with the flow)
      ...(runs('collector') ? COLLECTOR_SCREENS.map((screen) => ({ path: screen, signedIn: true, goal: true })) : []),
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
      summary.push(`${visit.path.padEnd(11)} ${kb(total).padStart(9)}${visit.goal ? `  ${((total / (GOAL_KB * 1000)) * 100).toFixed(0).padStart(3)}% of the ${GOAL_KB} kB goal: ${total <= GOAL_KB * 1000 ? 'ok' : 'OVER'}` : ''}`)

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
          // a string of the library itself: the scan screen's chunk names BrowserMultiFormatReader in its dynamic import
          if (/zxing/i.test(file) || body.includes('ChecksumException')) offenders.push(`@zxing/browser (by content) in ${file} of ${visit.path}`)
        }
      }
    }
    /** a handheld page (412x915), signed in */
    const handheldPage = async () => {
      const { context, page } = await newPage(session.browser, { baseURL: server.url, viewport: { width: 412, height: 915 } })
      if (serveThroughBrowser) await serveBuild(context)
      await context.addInitScript(
        ({ access, refresh, user }) => {
          localStorage.setItem('movatic.access', access)
          localStorage.setItem('movatic.refresh', refresh)
          localStorage.setItem('movatic.auth', JSON.stringify({ access, refresh }))
          localStorage.setItem('movatic.user', JSON.stringify(user))
        },
        { access: tokens.access, refresh: tokens.refresh, user: me as unknown },
      )
      return { context, page }
    }
    if (runs('flows-coverage')) summary.push(await flowsCoverage(session.browser, server.url, { access: tokens.access, refresh: tokens.refresh, user: me }))
    if (runs('scan-latency')) {
      const { context, page } = await handheldPage()
      summary.push(await scanLatency(page))
      await context.close()
    }
    if (runs('scan-feedback')) {
      const { context, page } = await handheldPage()
      summary.push(...(await scanFeedback(context, page)))
      await context.close()
    }
    if (runs('outbox-drain')) {
      const { context, page } = await handheldPage()
      // a fresh token: the access token from the start may be near its 15 minutes by now
      const fresh = (await (await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })).json()) as { access: string }
      const api = async <T,>(apiPath: string): Promise<T> => {
        const res = await fetch(`${server.url}/api${apiPath}`, { headers: { authorization: `Bearer ${fresh.access}` } })
        if (!res.ok) throw new Error(`GET ${apiPath}: ${res.status} ${await res.text()}`)
        return (await res.json()) as T
      }
      summary.push(await outboxDrain(context, page, api, server.proc))
      await context.close()
    }
    console.log(`Summary${visits.length > 0 ? ' (gzip JavaScript of a first visit)' : ''}:`)
    for (const line of summary) console.log(`   ${line}`)
    if (visits.length > 0) console.log(offenders.length === 0 ? '   Victory and @zxing/browser: in no first load' : `   FOUND in a first load: ${offenders.join('; ')}`)
    console.log(`   load averages (1, 5, 15 min) at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(', ')} on ${os.cpus().length} cores (a shared machine: figures vary with the load)`)
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
