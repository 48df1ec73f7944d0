/**
 * The first start and a restart, whole-process (`npm run bench -- --start-only`): `npm start` exactly as a newcomer
 * types it, on an empty temporary data directory, timed from the spawn until the demo admin's sign-in works
 * (POST /api/auth/login answers 200 with tokens) and the page `/` answers 200 with the built app; then `npm start`
 * again on the same directory (a restart). Three runs of each, medians against the goals: 20 s and 2 s.
 *
 * `--start-cold` also removes `dist/` before each first start, so the build is inside the measure (npm start builds
 * it beside the server); without it the build is the one `npm install` made (the `prepare` script), as on a clone.
 * The time until the API alone signs in is printed too: with --start-cold it comes before the page.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../support/server-harness'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const distDir = () => path.join(ROOT, 'dist')
const GOAL_FIRST_MS = 20_000
const GOAL_RESTART_MS = 2_000
const PASSWORD = 'bench-start-password'
const POLL_MS = 50

type Timing = { signInMs: number; pageMs: number }

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function signsIn(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      signal: AbortSignal.timeout(5000),
    })
    const body = (await res.json()) as { access?: string }
    return res.status === 200 && typeof body.access === 'string'
  } catch {
    return false
  }
}

async function pageAnswers(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/`, { signal: AbortSignal.timeout(5000) })
    const text = await res.text()
    // the built index.html loads its entry script; the wait page shown during a build has none
    return res.status === 200 && text.includes('<script type="module"')
  } catch {
    return false
  }
}

/** `npm start` in its own process group (so the whole tree stops together), timed until signed in and served. */
async function timedStart(dataDir: string, timeoutMs: number): Promise<{ timing: Timing; proc: ChildProcess; logs: () => string }> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  let out = ''
  const started = performance.now()
  const proc = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', WMS_DATA_DIR: dataDir, WMS_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
  })
  proc.stdout?.on('data', (d) => (out += d))
  proc.stderr?.on('data', (d) => (out += d))
  let exited = false
  proc.on('exit', () => (exited = true))
  let signInMs = 0
  let pageMs = 0
  while (!signInMs || !pageMs) {
    if (exited) throw new Error(`npm start exited before it answered:\n${out.slice(-4000)}`)
    if (performance.now() - started > timeoutMs) throw new Error(`npm start did not answer within ${timeoutMs / 1000} s:\n${out.slice(-4000)}`)
    if (!signInMs && (await signsIn(base))) signInMs = performance.now() - started
    if (!pageMs && (await pageAnswers(base))) pageMs = performance.now() - started
    if (!signInMs || !pageMs) await new Promise((r) => setTimeout(r, POLL_MS))
  }
  return { timing: { signInMs, pageMs }, proc, logs: () => out }
}

/** SIGINT to the group, as Ctrl-C does; waits for the server's clean close (checkpoint, lock released). */
async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return
  const exited = new Promise((r) => proc.once('exit', r))
  process.kill(-proc.pid!, 'SIGINT')
  const timer = setTimeout(() => process.kill(-proc.pid!, 'SIGKILL'), 30_000)
  await exited
  clearTimeout(timer)
  // npm exits as soon as its child does; give the server's own exit a moment to release the directory lock
  await new Promise((r) => setTimeout(r, 300))
}

export async function benchStart(opts: { runs?: number; cold?: boolean } = {}): Promise<void> {
  const runs = opts.runs ?? 3
  console.log(`\n== npm start, whole process: ${runs} first starts on an empty data directory${opts.cold ? ' with no build (dist/ removed)' : ' (dist/ built by npm install)'}, each then restarted`)
  const first: Timing[] = []
  const restart: Timing[] = []
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wms-start-bench-'))
    try {
      if (opts.cold) rmSync(distDir(), { recursive: true, force: true })
      const a = await timedStart(dataDir, 600_000)
      await stop(a.proc)
      first.push(a.timing)
      const b = await timedStart(dataDir, 120_000)
      await stop(b.proc)
      restart.push(b.timing)
      console.log(`  run ${i + 1}: first start: signed in ${secs(a.timing.signInMs)}, page ${secs(a.timing.pageMs)}; restart: signed in ${secs(b.timing.signInMs)}, page ${secs(b.timing.pageMs)}`)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const ready = (t: Timing) => Math.max(t.signInMs, t.pageMs)
  const line = (name: string, ts: Timing[], goal: number) => {
    const m = median(ts.map(ready))
    console.log(
      `  ${name}: median ${secs(m)} until sign-in and page (sign-in alone ${secs(median(ts.map((t) => t.signInMs)))}); goal ≤ ${secs(goal)}: ${m <= goal ? 'met' : 'NOT met'}`,
    )
  }
  line('first start', first, GOAL_FIRST_MS)
  line('restart    ', restart, GOAL_RESTART_MS)
  console.log(`  (load average now ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores)`)
}
