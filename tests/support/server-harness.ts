/**
 * Start the real server as a child process on a random free port, for crash-safety and end-to-end tests. It waits
 * for GET /api/health; a server that exits or never answers rejects with its logs. The server runs bundled
 * (tooling/server-build.mjs: `dist-server/main.mjs`, rebuilt when a source changed), as `npm start` runs it: about
 * 3 s less per start than compiling its TypeScript on load.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { ROOT, ensureServerBuild } from '../../tooling/server-build.mjs'

/** one check (and build, when stale) per test process */
let bundle: Promise<string> | undefined

export type StartServerOptions = {
  /** WMS_DATA_DIR: the embedded database lives in <dataDir>/db */
  dataDir: string
  /** extra settings (WMS_ADMIN_PASSWORD, JWT_SECRET, DATABASE_URL...) */
  env?: NodeJS.ProcessEnv
  /** how long to wait for /api/health (a first start creates the demo data) */
  timeoutMs?: number
  /**
   * The process runs on a clock the test sets (tests/support/test-clock.mjs, preloaded into this process only):
   * `setClock` moves the server's time, and with it the embedded database's.
   */
  testClock?: boolean
}

export type RunningServer = {
  url: string
  port: number
  proc: ChildProcess
  /** everything the server printed so far (stdout and stderr) */
  logs(): string
  /** resolves when the process has exited */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** SIGTERM, as an operator would: resolves with the exit code (a clean close is 0) */
  stop(): Promise<number | null>
  /** SIGKILL: no shutdown code runs */
  kill(): Promise<void>
  /** with `testClock`: the server's time from now on runs from `at` (null: the real time again) */
  setClock(at: Date | null): Promise<void>
}

/** Thrown when the server exits or never becomes healthy; carries the exit code and the logs. */
export class ServerStartError extends Error {
  constructor(
    message: string,
    public readonly exitCode: number | null,
    public readonly logs: string,
  ) {
    super(`${message}\n--- server logs ---\n${logs.slice(-8000)}`)
  }
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

const MAX_LOG = 512 * 1024

export async function startServer(opts: StartServerOptions): Promise<RunningServer> {
  // another process may grab the port between freePort() and listen(): try again on another
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts, await freePort())
    } catch (e) {
      if (attempt < 3 && e instanceof ServerStartError && /EADDRINUSE/.test(e.logs)) continue
      throw e
    }
  }
}

async function startOnce(opts: StartServerOptions, port: number): Promise<RunningServer> {
  // node itself, never a wrapper that runs the server in a child process: a SIGKILL sent to a wrapper would leave the
  // real server running (holding the database lock)
  bundle ??= ensureServerBuild()
  const clockArgs = opts.testClock ? ['--import', new URL('./test-clock.mjs', import.meta.url).href] : []
  // WMS_SERVER_NODE_ARGS: flags for the server's node, to profile it under a bench (`--cpu-prof --cpu-prof-dir=/tmp/p`;
  // node refuses --cpu-prof in NODE_OPTIONS); the profile is written when the server stops cleanly
  const nodeArgs = (process.env.WMS_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const proc = spawn(process.execPath, [...nodeArgs, ...clockArgs, await bundle], {
    cwd: ROOT,
    stdio: opts.testClock ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ...opts.env,
      WMS_DATA_DIR: opts.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
  })
  let logs = ''
  const collect = (chunk: Buffer) => {
    logs += chunk.toString('utf8')
    if (logs.length > MAX_LOG) logs = logs.slice(-MAX_LOG / 2)
  }
  proc.stdout?.on('data', collect)
  proc.stderr?.on('data', collect)
  let done: { code: number | null; signal: NodeJS.Signals | null } | undefined
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.on('exit', (code, signal) => {
      done = { code, signal }
      resolve(done)
    })
  })
  const url = `http://127.0.0.1:${port}`

  const deadline = Date.now() + (opts.timeoutMs ?? 180_000)
  for (;;) {
    if (done) throw new ServerStartError(`The server exited during start (code ${done.code}, signal ${done.signal}).`, done.code, logs)
    if (Date.now() > deadline) {
      proc.kill('SIGKILL')
      await exited
      throw new ServerStartError(`The server did not answer ${url}/api/health within ${opts.timeoutMs ?? 180_000} ms.`, null, logs)
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
      if (res.ok) break
    } catch {
      /* not listening yet */
    }
    await Promise.race([new Promise((r) => setTimeout(r, 100)), exited])
  }

  const signal = async (sig: NodeJS.Signals, graceMs: number) => {
    if (done) return done
    proc.kill(sig)
    const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs)
    const result = await exited
    clearTimeout(timer)
    return result
  }
  return {
    url,
    port,
    proc,
    logs: () => logs,
    exited,
    stop: async () => (await signal('SIGTERM', 30_000)).code,
    kill: async () => {
      await signal('SIGKILL', 0)
    },
    setClock: (at) => {
      if (!opts.testClock) throw new Error('this server was started without testClock')
      return new Promise<void>((resolve, reject) => {
        const answer = (message: unknown) => {
          if (!message || typeof message !== 'object' || !('testClockSet' in message)) return
          proc.off('message', answer)
          resolve()
        }
        proc.on('message', answer)
        proc.send({ testClock: at === null ? null : at.toISOString() }, (error) => error && reject(error))
      })
    },
  }
}
