/**
 * Seeded data directories for the end-to-end suites. A server's first start on an empty data directory migrates it
 * and creates the demo data: 13 to 80 s on two busy cores (the default 50,000 stock lines the longest), most of an
 * end-to-end file's setup, while a start on data already there takes 4 to 10 s. The suites ask for a dozen demo sizes
 * between them, so the e2e project's global setup (e2e-global-setup.ts) seeds one directory per size the selected
 * files ask for, two at a time, and each suite's server starts on a copy of the one for its size (e2e-app.ts
 * `startE2eServer`). The demo data is dated from the moment it is seeded (today's orders, the last days' tasks), so
 * a copy is as old as the run, not the file: a run that crosses midnight UTC sees yesterday's orders as today's.
 */
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import path from 'node:path'

declare module 'vitest' {
  export interface ProvidedContext {
    /** seedKey → a seeded data directory to copy, for the sizes the selected files ask for */
    e2eTemplates: Record<string, string>
  }
}

/** The demo users' password on every end-to-end server: a seeded directory keeps the password it was seeded with. */
export const E2E_PASSWORD = 'e2e-demo-secret'

/**
 * The settings the demo data depends on besides the password (server/boot.ts: seedDemoData gets the sizes, the
 * password and the data dir; JWT_SECRET, ports and timeouts are read at every start, not kept in the database).
 */
const SEED_SETTINGS = ['WMS_DEMO_STOCK', 'WMS_DEMO_PRODUCTS', 'WMS_DEMO_LOCATIONS'] as const

/** Which seeded directory a server with these settings (over the inherited environment) would create. */
export function seedKey(env: NodeJS.ProcessEnv): string {
  const all = { ...process.env, ...env }
  return SEED_SETTINGS.map((k) => `${k.slice('WMS_DEMO_'.length).toLowerCase()}-${all[k] ?? 'default'}`).join('_')
}

/**
 * The demo settings each `startE2eApp(` or `startE2eServer(` call in a suite's source passes: the sizes are written
 * as literals in the call's settings, `startE2eApp('boms', { WMS_DEMO_STOCK: '3000' })`. A call this does not read
 * still works: its server seeds a fresh directory, as before templates (and says so).
 */
export function seedsCalledIn(source: string): Record<string, string>[] {
  const seeds: Record<string, string>[] = []
  for (const call of source.matchAll(/\bstartE2e(?:App|Server)\(/g)) {
    const rest = source.slice(call.index + call[0].length)
    const args = rest.slice(0, Math.max(0, rest.search(/[})]/))) // up to the end of the settings object, or of the call
    const env: Record<string, string> = {}
    for (const [, key, value] of args.matchAll(/\b(WMS_DEMO_(?:STOCK|PRODUCTS|LOCATIONS)):\s*'(\d+)'/g)) env[key] = value
    seeds.push(env)
  }
  return seeds
}

const root = path.resolve(import.meta.dirname, '..', '..')

/** Migrate and seed `dataDir` as a server's first start would (seed-data-dir.ts in its own process), closed cleanly. */
function seedDataDir(dataDir: string, env: Record<string, string>): Promise<void> {
  mkdirSync(dataDir, { recursive: true })
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests', 'support', 'seed-data-dir.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // the settings startServer gives a suite's server (server-harness.ts), so the data is what it would have created
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env, WMS_ADMIN_PASSWORD: E2E_PASSWORD, WMS_DATA_DIR: dataDir },
  })
  let logs = ''
  proc.stdout.on('data', (chunk: Buffer) => (logs += chunk.toString('utf8')))
  proc.stderr.on('data', (chunk: Buffer) => (logs += chunk.toString('utf8')))
  return new Promise((resolve, reject) => {
    proc.on('error', reject)
    proc.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`Seeding an end-to-end data directory (${JSON.stringify(env)}) failed (code ${code}, signal ${signal}):\n${logs.slice(-8000)}`)),
    )
  })
}

/**
 * One seeded data directory under `dir` per distinct demo size in `seeds`, `concurrency` at a time (seeding is one
 * busy core: PGlite's single thread), largest first so the longest does not start last. Resolves with seedKey → dir.
 */
export async function seedTemplates(seeds: Record<string, string>[], dir: string, concurrency: number): Promise<Record<string, string>> {
  const distinct = new Map(seeds.map((env) => [seedKey(env), env]))
  const stock = (env: Record<string, string>) => Number({ ...process.env, ...env }.WMS_DEMO_STOCK ?? 50_000)
  const queue = [...distinct].sort(([, a], [, b]) => stock(b) - stock(a))
  const templates: Record<string, string> = {}
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, env] = next
      await seedDataDir(path.join(dir, key), env)
      templates[key] = path.join(dir, key)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker))
  return templates
}
