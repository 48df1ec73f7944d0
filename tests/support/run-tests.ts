/**
 * `npm test`: the one command that checks everything (STYLE habit 11).
 * typecheck -> lint -> unit and integration (machines, server on PGlite and PostgreSQL, web) -> build -> end-to-end in Chromium.
 * It prepares what it needs: Debian's Chromium for the browser tests, a PostgreSQL database per server suite.
 */
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './chromium'

function step(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const started = Date.now()
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const secs = ((Date.now() - started) / 1000).toFixed(1)
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed after ${secs}s`)
    process.exit(r.status ?? 1)
  }
  console.log(`✔ ${name} (${secs}s)`)
}

const only = process.argv.slice(2)
const want = (s: string) => only.length === 0 || only.includes(s)

if (want('typecheck')) step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])
if (want('lint')) step('lint', 'npx', ['eslint', '.', '--max-warnings=0'])
if (want('unit')) step('unit and integration', 'npx', ['vitest', 'run', '--project', 'machines', '--project', 'server', '--project', 'web'])
if (want('e2e')) {
  ensureChromium()
  step('build', 'npx', ['vite', 'build'])
  step('end-to-end', 'npx', ['vitest', 'run', '--project', 'e2e'])
}
console.log('\nAll checks passed.')
