/**
 * the speed goals of SPEC 11.13 for the handheld, run by `npm run bench:web` (tests/bench/web.ts):
 *
 * - scanFeedback (--only=scan-feedback): scan to feedback on screen, offline, with 50,000 locations and 100,000
 *   products (and their GTINs) in the collector's offline cache, unthrottled and under Chromium's CPU throttling at
 *   4x (CDP Emulation.setCPUThrottlingRate, a mid-range Android handheld). The cache is filled the app's own way
 *   (GET /api/workforce/handheld/cache/, answered here by page.route with a generated body, written to IndexedDB
 *   by the app), then the page is reloaded with that request failing, so the index is built from IndexedDB as on a
 *   device that starts without the network, and the context goes offline. On /m/move, cycles of four scanner bursts
 *   (5 ms a key, Enter): a GTIN where a source is expected (refused), a pallet (accepted), a destination location
 *   (accepted), a product code where Confirm is expected (refused); Cancel between cycles. Timed from the Enter
 *   keydown (event.timeStamp) to the feedback module's marks (src/features/collector/feedback/feedback.ts): the
 *   sound started ('movatic:feedback:sound', after the oscillators' start) and the flash applied, and to the frame
 *   after the flash (requestAnimationFrame from a MutationObserver on the flash element: the colour on screen).
 *   Goals: p95 at most 30 ms unthrottled, 100 ms at 4x.
 *
 * - outboxDrain (--only=outbox-drain): 500 commands queued offline in the collector's outbox, applied after
 *   reconnecting, against the real server on its embedded database; goal: at most 20 s. The first command is made
 *   on /m/move by scanning (a pallet, a location, Confirmar) with the context offline; the other 499 are written
 *   beside it in IndexedDB in the same shape (the operator, the device, the next sequence numbers, pending), which
 *   is what 499 more scans would leave there. They are real moves: 250 one-line pallets of the demo stock, each
 *   moved to one location and then back to where it was (so the order per device matters). Timed from
 *   context.setOffline(false) until no command is pending; then every command must be 'applied' (none refused)
 *   and the server's ledger must hold exactly the moves their answers name (applied once each).
 */
import type { ChildProcess } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'

const ms = (n: number) => `${n.toFixed(1)} ms`
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

export const FEEDBACK_GOAL_MS = { unthrottled: 30, throttled: 100 } as const
export const DRAIN_GOAL_MS = 20_000
const CACHE_LOCATIONS = 50_000
const CACHE_PRODUCTS = 100_000
const CYCLES = 11

/** A GTIN-13 with its check digit (what a real label carries). */
function gtin13(n: number): string {
  const body = `789${String(n).padStart(9, '0')}`
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3)
  return `${body}${(10 - (sum % 10)) % 10}`
}

const locationCode = (i: number) => `${String.fromCharCode(65 + (i % 26))}${String(Math.floor(i / 26) % 100).padStart(2, '0')}-${String(Math.floor(i / 2600)).padStart(2, '0')}-${String(i % 7).padStart(2, '0')}-${i}`
const productCode = (i: number) => `P${String(i).padStart(6, '0')}`

/** GET /api/workforce/handheld/cache/ as the server would answer it for a big warehouse. */
function bigCacheBody(): string {
  const locations = Array.from({ length: CACHE_LOCATIONS }, (_, i) => ({ id: i + 1, code: locationCode(i), warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true, pick_sequence: null }))
  const products = Array.from({ length: CACHE_PRODUCTS }, (_, i) => ({ id: i + 1, code: productCode(i), name: `Produto de teste ${i}`, gtins: [gtin13(i)] }))
  return JSON.stringify({ warehouse: 1, generated_at: new Date().toISOString(), locations, products, tasks: [] })
}

interface FeedbackTiming {
  kind: string
  sound: number
  flash: number
  frame: number
  /** the Enter's wait behind earlier work before its handling began */
  queue: number
  /** the app's keydown handling of the whole burst */
  keyCost: number
}

const sleep = (n: number) => new Promise((r) => setTimeout(r, n))

/**
 * A scanner's burst as the hardware sends it: a key every 5 ms whatever the page is doing, each stamped with the
 * moment the scanner sent it (CDP Input.dispatchKeyEvent's timestamp, which becomes event.timeStamp). The stamps
 * are fixed in advance (start + 5 ms × i) and each key goes out when its moment has come, without waiting for the
 * page to take the one before: page.keyboard.type waits, so a page slowed down 4x would stretch the burst past
 * the scanner machine's 30 ms between keys and make it typing; a real scanner does not wait, the keys queue.
 * A key sent late (this process starved on a loaded machine) keeps its stamp: the lag counts against the page.
 */
async function scannerBurst(cdp: CDPSession, code: string): Promise<void> {
  const sent: Promise<unknown>[] = []
  const start = Date.now()
  const keys = [...code, '\r']
  for (let i = 0; i < keys.length; i++) {
    const due = start + 5 * i
    const wait = due - Date.now()
    if (wait > 0) await sleep(wait)
    const timestamp = due / 1000
    const ch = keys[i]!
    const enter = ch === '\r' ? { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 } : { key: ch }
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, text: ch, unmodifiedText: ch, timestamp }))
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter, timestamp }))
  }
  await Promise.all(sent)
}

/** the move screen waiting for its first scan, with the cache ready */
async function moveReady(page: Page): Promise<void> {
  await page.getByTestId('move-prompt').getByText('Leia o palete ou a localização de origem').waitFor({ timeout: 120_000 })
  await page.getByText('Baixando locais').waitFor({ state: 'detached', timeout: 600_000 })
}

/** Before the app's scripts: a keydown listener that runs before the app's, so the probe knows when each key's handling began. */
async function installFirstListener(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __keyStart: number }
    w.__keyStart = -1
    window.addEventListener('keydown', () => (w.__keyStart = performance.now()), { capture: true })
  })
}

/**
 * In the page: the Enter keydown's time, and the feedback marks and flash frame that follow it; and, to tell
 * where the time goes, how long the Enter waited behind earlier work (queue) and what the app's handlers of the
 * burst's keys took in all (keys).
 */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Probe = { start: number; frame: number; keys: number[]; queue: number; keyCost: number }
    const w = window as unknown as { __fb: Probe; __keyStart: number }
    w.__fb = { start: -1, frame: -1, keys: [], queue: 0, keyCost: 0 }
    // added after the app's listener: runs once the app has handled the key
    window.addEventListener(
      'keydown',
      (event) => {
        w.__fb.keys.push(event.timeStamp)
        w.__fb.keyCost += performance.now() - w.__keyStart
        if (event.key === 'Enter') {
          w.__fb.start = event.timeStamp
          w.__fb.queue = w.__keyStart - event.timeStamp
          w.__fb.frame = -1
        }
      },
      { capture: true },
    )
    new MutationObserver((records) => {
      if (!records.some((r) => r.target instanceof HTMLElement && r.target.hasAttribute('data-feedback-flash'))) return
      requestAnimationFrame(() => {
        w.__fb.frame = performance.now()
      })
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-kind'] })
  })
}

/** one burst, and its feedback's timings (null: no feedback after this Enter) */
async function timedBurst(page: Page, cdp: CDPSession, code: string, expected: 'success' | 'error'): Promise<FeedbackTiming> {
  await page.evaluate(() => {
    const w = window as unknown as { __fb: { start: number; keys: number[]; keyCost: number } }
    w.__fb.start = -1
    w.__fb.keys = []
    w.__fb.keyCost = 0
  })
  await scannerBurst(cdp, code)
  const handle = await page
    .waitForFunction(
    () => {
      const w = window as unknown as { __fb: { start: number; frame: number; queue: number; keyCost: number } }
      const start = w.__fb.start
      const sound = performance.getEntriesByName('movatic:feedback:sound').at(-1) as PerformanceMark | undefined
      const flash = performance.getEntriesByName('movatic:feedback:flash').at(-1) as PerformanceMark | undefined
      if (start < 0 || !sound || !flash || sound.startTime < start || flash.startTime < start || w.__fb.frame < flash.startTime) return null
      return { kind: String(flash.detail), sound: sound.startTime - start, flash: flash.startTime - start, frame: w.__fb.frame - start, queue: w.__fb.queue, keyCost: w.__fb.keyCost }
    },
      undefined,
      { timeout: 30_000, polling: 50 },
    )
    .catch(async (error: unknown) => {
      const keys = await page.evaluate(() => (window as unknown as { __fb: { keys: number[] } }).__fb.keys)
      const gaps = keys.slice(1).map((k, i) => (k - keys[i]!).toFixed(0))
      const prompt = await page.getByTestId('move-prompt').innerText().catch(() => '?')
      throw new Error(`no feedback after the burst ${code} (${keys.length} keydowns, gaps ${gaps.join(' ')} ms; the screen says '${prompt}')`, { cause: error })
    })
  const timing = (await handle.jsonValue()) as FeedbackTiming
  if (timing.kind !== expected) throw new Error(`the scan of ${code} signalled ${timing.kind}, expected ${expected}`)
  return timing
}

async function feedbackRuns(page: Page, cdp: CDPSession, label: string): Promise<FeedbackTiming[]> {
  const out: FeedbackTiming[] = []
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const n = 1000 + cycle * 4099 + (label === 'throttled' ? 17 : 0)
    const runs: [string, 'success' | 'error'][] = [
      [gtin13((n * 7) % CACHE_PRODUCTS), 'error'], // a product where the source is expected
      [`PAL-BENCH-${String(n).padStart(6, '0')}`, 'success'],
      [locationCode((n * 13) % CACHE_LOCATIONS), 'success'], // the destination
      [productCode((n * 3) % CACHE_PRODUCTS), 'error'], // anything but Confirmar now
    ]
    for (const [code, expected] of runs) {
      const timing = await timedBurst(page, cdp, code, expected)
      // the first cycle warms the code up; not counted
      if (cycle > 0) out.push(timing)
    }
    await page.getByRole('button', { name: 'Cancelar' }).click()
    await page.getByTestId('move-prompt').getByText('Leia o palete ou a localização de origem').waitFor()
    // focus back on the page, not on a button: the burst lands wherever focus is
    await page.getByRole('heading', { name: 'Mover', level: 1 }).click()
  }
  return out
}

function report(label: string, goal: number, runs: FeedbackTiming[]): string {
  const line = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const p95 = percentile(sorted, 95)
    return `   ${name.padEnd(34)} p50 ${ms(percentile(sorted, 50)).padStart(9)}  p95 ${ms(p95).padStart(9)}  max ${ms(sorted[sorted.length - 1]!).padStart(9)}  p95/goal ${((p95 / goal) * 100).toFixed(0)}%`
  }
  const worst = [...runs.map((r) => Math.max(r.sound, r.frame))].sort((a, b) => a - b)
  const p95 = percentile(worst, 95)
  console.log(`── /m/move scan → feedback, offline, ${label} (goal p95 ≤ ${goal} ms): ${runs.length} bursts (${runs.filter((r) => r.kind === 'error').length} refused)`)
  console.log(line('Enter → sound started', runs.map((r) => r.sound)))
  console.log(line('Enter → flash applied', runs.map((r) => r.flash)))
  console.log(line('Enter → frame with the flash', runs.map((r) => r.frame)))
  console.log(line('Enter → both (sound and frame)', worst))
  console.log(line('  of which the Enter waited (queue)', runs.map((r) => r.queue)))
  console.log(line('  the burst\'s key handlers in all', runs.map((r) => r.keyCost)))
  return `scan → feedback ${label.padEnd(11)} p50 ${ms(percentile(worst, 50))}  p95 ${ms(p95)}  max ${ms(worst[worst.length - 1]!)}: ${((p95 / goal) * 100).toFixed(0)}% of the ${goal} ms goal, ${p95 <= goal ? 'ok' : 'OVER'}`
}

export async function scanFeedback(context: BrowserContext, page: Page): Promise<string[]> {
  const started = Date.now()
  const body = bigCacheBody()
  console.log(`── offline cache: ${CACHE_LOCATIONS} locations, ${CACHE_PRODUCTS} products (one GTIN each), ${(body.length / 1e6).toFixed(1)} MB of JSON`)
  await installFirstListener(context)
  let serveCache = true
  await page.route('**/api/workforce/handheld/cache/**', (route) =>
    serveCache ? route.fulfill({ status: 200, contentType: 'application/json', body }) : route.abort('internetdisconnected'),
  )
  await page.goto('/m/move', { waitUntil: 'domcontentloaded', timeout: 120_000 })
  await moveReady(page)
  const stored = async () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('movatic-cache')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            const tx = db.transaction(['locations', 'products'], 'readonly')
            const a = tx.objectStore('locations').count()
            const b = tx.objectStore('products').count()
            tx.oncomplete = () => {
              db.close()
              resolve(a.result + b.result)
            }
          }
        }),
    )
  const filled = await stored()
  console.log(`   filled online (fetch, IndexedDB write, index) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${filled} records in IndexedDB`)
  if (filled !== CACHE_LOCATIONS + CACHE_PRODUCTS) throw new Error(`the offline cache holds ${filled} records, expected ${CACHE_LOCATIONS + CACHE_PRODUCTS}`)

  // a device starting without the network: the index comes from IndexedDB
  serveCache = false
  const reloaded = Date.now()
  await page.reload({ waitUntil: 'domcontentloaded' })
  await moveReady(page)
  console.log(`   reloaded with the cache request failing: index from IndexedDB, ready ${((Date.now() - reloaded) / 1000).toFixed(1)} s after the reload`)
  await context.setOffline(true)
  if (await page.evaluate(() => navigator.onLine)) throw new Error('the page still thinks it is online')
  await installProbe(page)
  await page.getByRole('heading', { name: 'Mover', level: 1 }).click()

  const summary: string[] = []
  const cdp = await context.newCDPSession(page)
  const unthrottled = await feedbackRuns(page, cdp, 'unthrottled')
  summary.push(report('unthrottled', FEEDBACK_GOAL_MS.unthrottled, unthrottled))
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  try {
    const throttled = await feedbackRuns(page, cdp, 'throttled')
    summary.push(report('4x CPU', FEEDBACK_GOAL_MS.throttled, throttled))
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  }
  await cdp.detach()
  console.log('')
  return summary
}

interface StockLine {
  id: number
  location: { id: number; code: string }
  sscc: string | null
  qty: string
  reserved_qty: string
  status: string
}
interface CacheLocation {
  id: number
  code: string
  kind: string
  active: boolean
}

type Api = <T>(path: string) => Promise<T>

/** `n` pallets of one available, unreserved line each (a pallet move of those cannot be refused) */
async function onePalletLines(api: Api, n: number): Promise<StockLine[]> {
  const out: StockLine[] = []
  const seen = new Set<string>()
  for (let pageNo = 1; out.length < n && pageNo <= 50; pageNo++) {
    const page = await api<{ results: StockLine[]; next: string | null }>(`/inventory/stock/?page_size=100&ordering=id&page=${pageNo}`)
    const candidates = page.results.filter((l) => l.sscc && !seen.has(l.sscc) && Number(l.reserved_qty) === 0 && l.status === 'available')
    const counts = await Promise.all(candidates.map((l) => api<{ count: number }>(`/inventory/stock/?sscc=${l.sscc}&page_size=1`)))
    candidates.forEach((line, i) => {
      if (counts[i]!.count === 1 && out.length < n) {
        seen.add(line.sscc!)
        out.push(line)
      }
    })
    if (!page.next) break
  }
  if (out.length < n) throw new Error(`the demo stock has ${out.length} one-line pallets, ${n} needed`)
  return out
}

const COMMANDS = 500

/** a process's CPU time so far in ms (user + system, from /proc: Linux), null where it cannot be read */
function cpuMs(pid: number | undefined): number | null {
  try {
    // the fields after the command's name: state is the 1st, utime the 12th and stime the 13th (clock ticks, 100 a second)
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

/** the server's own time for the requests in `logs` (pino lines: 'incoming request', then 'request completed' with responseTime) */
function serverTimes(logs: string): Map<string, number[]> {
  const urls = new Map<string, string>()
  const times = new Map<string, number[]>()
  for (const raw of logs.split('\n')) {
    if (!raw.startsWith('{')) continue
    let line: { reqId?: string; req?: { method?: string; url?: string }; responseTime?: number }
    try {
      line = JSON.parse(raw) as typeof line
    } catch {
      continue
    }
    if (!line.reqId) continue
    if (line.req?.url) urls.set(line.reqId, `${line.req.method} ${line.req.url.split('?')[0]}`)
    else if (typeof line.responseTime === 'number') {
      const key = urls.get(line.reqId) ?? '?'
      times.set(key, [...(times.get(key) ?? []), line.responseTime])
    }
  }
  return times
}

export async function outboxDrain(context: BrowserContext, page: Page, api: Api, serverProcess: ChildProcess): Promise<string> {
  const lines = await onePalletLines(api, COMMANDS / 2)
  const cache = await api<{ locations: CacheLocation[] }>('/workforce/handheld/cache/')
  const used = new Set(lines.map((l) => l.location.id))
  const dest = cache.locations.find((l) => l.active && l.kind === 'storage' && !used.has(l.id))
  if (!dest) throw new Error('no destination location free of the chosen pallets')
  const ledgerCount = async () => (await api<{ count: number }>('/inventory/moves/?reason=move&page_size=1')).count
  const ledgerBefore = await ledgerCount()

  await page.goto('/m/move', { waitUntil: 'domcontentloaded', timeout: 120_000 })
  await moveReady(page)
  await context.setOffline(true)
  await page.getByRole('heading', { name: 'Mover', level: 1 }).click()
  // the first command through the screen, offline: pallet, destination, Confirmar
  const first = lines[0]!
  const cdp = await context.newCDPSession(page)
  await scannerBurst(cdp, first.sscc!)
  await page.getByTestId('move-prompt').getByText('Leia a localização de destino').waitFor()
  await scannerBurst(cdp, dest.code)
  await cdp.detach()
  await page.getByRole('button', { name: 'Confirmar' }).click()
  await page.getByTestId('move-done').getByText(`${first.sscc} → ${dest.code}`).waitFor()
  await page.getByTestId('pending-badge').getByText('1 pendente').waitFor()

  // the other 499 beside it, in the same shape: each pallet to `dest`, then back where it was
  const moves: { sscc: string; to_location: number; summary: string }[] = []
  for (const line of lines) {
    if (line !== first) moves.push({ sscc: line.sscc!, to_location: dest.id, summary: `${line.sscc} → ${dest.code}` })
    moves.push({ sscc: line.sscc!, to_location: line.location.id, summary: `${line.sscc} → ${line.location.code}` })
  }
  if (moves.length !== COMMANDS - 1) throw new Error(`${moves.length + 1} commands planned, ${COMMANDS} wanted`)
  const queued = await page.evaluate(
    (planned) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('movatic-outbox')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const tx = db.transaction(['commands', 'meta'], 'readwrite')
          tx.onerror = () => reject(tx.error)
          const commands = tx.objectStore('commands')
          const meta = tx.objectStore('meta')
          const all = commands.getAll()
          all.onsuccess = () => {
            const template = (all.result as { seq: number; state: string }[]).filter((c) => c.state === 'pending').sort((a, b) => b.seq - a.seq)[0]
            if (!template) return reject(new Error('no pending command to copy'))
            planned.forEach((move, i) => {
              const seq = template.seq + i + 1
              commands.add({ ...template, command_id: crypto.randomUUID(), seq, payload: { sscc: move.sscc, to_location: move.to_location }, summary: move.summary, created_at: new Date().toISOString() })
            })
            meta.put({ key: 'seq', value: template.seq + planned.length })
          }
          tx.oncomplete = () => {
            db.close()
            resolve(planned.length + 1)
          }
        }
      }),
    moves,
  )
  console.log(`── outbox drain: ${queued} commands queued offline (pallet moves: ${COMMANDS / 2} one-line pallets to ${dest.code} and back), ledger before: ${ledgerBefore} moves`)

  /** the states of every command (read once, at the end: it reads every row) */
  const outboxRows = () =>
    page.evaluate(
      () =>
        new Promise<{ pending: number; applied: number; refused: number; moves: number }>((resolve, reject) => {
          const open = indexedDB.open('movatic-outbox')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            const all = db.transaction('commands', 'readonly').objectStore('commands').getAll()
            all.onsuccess = () => {
              db.close()
              const rows = all.result as { state: string; result?: { moves?: unknown[] } }[]
              resolve({
                pending: rows.filter((r) => r.state === 'pending').length,
                applied: rows.filter((r) => r.state === 'applied').length,
                refused: rows.filter((r) => r.state === 'refused').length,
                moves: rows.reduce((sum, r) => sum + (r.result?.moves?.length ?? 0), 0),
              })
            }
          }
        }),
    )
  /**
   * how many wait: a count on the state index, cheap enough to ask every 100 ms while the page sends, on one
   * connection the bench keeps open (opening one every 100 ms was the bench's own work in the page being measured)
   */
  const pendingCount = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          // no named functions in here: tsx would wrap them in a helper the page does not have
          const holder = window as unknown as { __benchOutbox?: IDBDatabase }
          const ready: Promise<IDBDatabase> = holder.__benchOutbox
            ? Promise.resolve(holder.__benchOutbox)
            : new Promise<IDBDatabase>((opened, failed) => {
                const open = indexedDB.open('movatic-outbox')
                open.onerror = () => failed(open.error)
                open.onsuccess = () => {
                  holder.__benchOutbox = open.result
                  // never in the way of the app's own upgrade
                  open.result.onversionchange = () => {
                    open.result.close()
                    holder.__benchOutbox = undefined
                  }
                  opened(open.result)
                }
              })
          ready.then((db) => {
            const request = db.transaction('commands', 'readonly').objectStore('commands').index('state').count('pending')
            request.onsuccess = () => resolve(request.result)
            request.onerror = () => reject(request.error)
          }, reject)
        }),
    )
  const before = await pendingCount()
  if (before !== COMMANDS) throw new Error(`${before} commands pending, expected ${COMMANDS}`)

  // the server's log lines while it drains (its requests' own times)
  let logs = ''
  const collect = (chunk: Buffer) => {
    logs += chunk.toString('utf8')
  }
  serverProcess.stdout?.on('data', collect)
  const serverCpuBefore = cpuMs(serverProcess.pid)
  // DRAIN_PROFILE=file.cpuprofile: the page's JavaScript profile while it drains (open it in Chromium's DevTools)
  const profileFile = process.env.DRAIN_PROFILE
  const profiler = profileFile ? await context.newCDPSession(page) : null
  if (profiler) {
    await profiler.send('Profiler.enable')
    await profiler.send('Profiler.start')
  }
  const started = performance.now()
  await context.setOffline(false)
  let pending = before
  let lastLog = started
  while (pending > 0) {
    await new Promise((r) => setTimeout(r, 100))
    pending = await pendingCount()
    if (performance.now() - lastLog > 5000) {
      lastLog = performance.now()
      console.log(`   ${((lastLog - started) / 1000).toFixed(0)} s: ${pending} pending`)
    }
    if (performance.now() - started > 600_000) throw new Error(`the outbox did not drain in 10 min: ${pending} pending`)
  }
  const elapsed = performance.now() - started
  const serverCpuAfter = cpuMs(serverProcess.pid)
  if (profiler && profileFile) {
    const { profile } = await profiler.send('Profiler.stop')
    writeFileSync(profileFile, JSON.stringify(profile))
    await profiler.detach()
    console.log(`   the page's profile while draining: ${profileFile}`)
  }
  const state = await outboxRows()
  serverProcess.stdout?.off('data', collect)
  const times = serverTimes(logs)
  for (const [what, list] of [...times.entries()].sort((a, b) => b[1].length - a[1].length)) {
    const sorted = [...list].sort((a, b) => a - b)
    const sum = list.reduce((a, b) => a + b, 0)
    console.log(`   server: ${what} ×${list.length}: ${(sum / 1000).toFixed(2)} s in all, p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}`)
  }
  // the server's own CPU: what a loaded machine (other processes taking turns on the cores) disturbs least
  if (serverCpuBefore !== null && serverCpuAfter !== null) {
    const cpu = serverCpuAfter - serverCpuBefore
    console.log(`   server CPU while draining: ${(cpu / 1000).toFixed(2)} s (${(cpu / COMMANDS).toFixed(1)} ms a command, ${((cpu / elapsed) * 100).toFixed(0)}% of the drain's time)`)
  }
  const ledgerAfter = await ledgerCount()
  console.log(`   drained in ${(elapsed / 1000).toFixed(2)} s (${(elapsed / COMMANDS).toFixed(1)} ms a command): ${state.applied} applied, ${state.refused} refused`)
  console.log(`   ledger: +${ledgerAfter - ledgerBefore} moves, the answers name ${state.moves}${ledgerAfter - ledgerBefore === state.moves ? ' (each applied once)' : ' MISMATCH'}`)
  if (state.refused > 0 || state.applied !== COMMANDS) console.log(`   WARNING: ${state.refused} refused, ${state.applied} applied of ${COMMANDS}`)
  console.log('')
  return `outbox drain ${COMMANDS} commands   ${(elapsed / 1000).toFixed(2)} s: ${((elapsed / DRAIN_GOAL_MS) * 100).toFixed(0)}% of the ${DRAIN_GOAL_MS / 1000} s goal, ${elapsed <= DRAIN_GOAL_MS && state.refused === 0 ? 'ok' : 'OVER'}${ledgerAfter - ledgerBefore === state.moves ? '' : ', LEDGER MISMATCH'}`
}
