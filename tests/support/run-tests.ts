/**
 * `npm test`: the one command that checks everything (STYLE habit 11).
 * typecheck and lint (side by side) -> unit and integration (machines, server on PGlite and PostgreSQL, web, docs) -> build (skipped when dist/ is current: tooling/app-build.ts) -> end-to-end in Chromium.
 * With CI=true (or `npm test -- node24`) the typecheck and the unit and integration suites run a second time on the
 * current Node LTS, a binary taken from the npm registry (tests/support/node-lts.ts): its typecheck beside the first
 * one, its unit and integration suites after the build and the end-to-end step (not beside it: see below). The web
 * and docs projects then run on Node LTS only (see UNIT_HERE).
 * It prepares what it needs: Debian's Chromium for the browser tests, a PostgreSQL database per server suite.
 * `npm test -- typecheck unit` runs only the steps named (typecheck, lint, unit, e2e, node24).
 */
import { spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs'
import { ensureChromium } from './chromium'
import { ensureNodeLts, NODE_LTS } from './node-lts'

const UNIT = ['vitest', 'run', '--project', 'machines', '--project', 'server', '--project', 'web', '--project', 'docs']
const TYPECHECK = ['tsc', '--noEmit', '-p', 'tsconfig.json']

interface StepOptions {
  env?: NodeJS.ProcessEnv
  /** write the output here instead of the terminal (a step running beside another) */
  log?: string
}

function run(name: string, cmd: string, args: string[], opts: StepOptions = {}): Promise<boolean> {
  const started = Date.now()
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}${opts.log ? ` (output in ${opts.log})` : ''}`)
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: opts.log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...opts.env },
    })
    const out = opts.log ? createWriteStream(opts.log) : undefined
    if (out) {
      child.stdout?.pipe(out, { end: false })
      child.stderr?.pipe(out, { end: false })
    }
    const done = (ok: boolean, why = '') => {
      const secs = ((Date.now() - started) / 1000).toFixed(1)
      if (ok) console.log(`✔ ${name} (${secs}s)`)
      else {
        // a step that ran beside another kept its output in a file: show how it ended
        if (opts.log) console.error(readFileSync(opts.log, 'utf8').split('\n').slice(-120).join('\n'))
        console.error(`\n✖ ${name} failed after ${secs}s${why}${opts.log ? `; the whole output is in ${opts.log}` : ''}`)
      }
      resolve(ok)
    }
    child.on('error', (err) => done(false, `: ${err.message}`))
    child.on('close', (code) => {
      if (out) out.end(() => done(code === 0))
      else done(code === 0)
    })
  })
}

async function steps(list: [string, string, string[], StepOptions?][]): Promise<boolean> {
  for (const [name, cmd, args, opts] of list) if (!(await run(name, cmd, args, opts))) return false
  return true
}

const only = process.argv.slice(2)
const ci = process.env.CI === 'true' || process.env.CI === '1'
const want = (s: string) => (only.length === 0 ? s !== 'node24' || ci : only.includes(s))
const started = Date.now()

function finish(ok: boolean): never {
  const mins = ((Date.now() - started) / 60_000).toFixed(1)
  if (!ok) {
    console.error(`\nChecks failed (${mins} min).`)
    process.exit(1)
  }
  console.log(`\nAll checks passed (${mins} min on Node ${process.versions.node}).`)
  process.exit(0)
}

// The typechecks and the lint are single-threaded: they run side by side (each its own core), with the output of all
// but the first in a file. The typecheck on Node LTS belongs to the Node LTS run but costs nothing extra here.
mkdirSync('tests/output', { recursive: true })
const needLts = want('node24') && Number(process.versions.node.split('.')[0]) !== NODE_LTS
const lts = needLts ? ensureNodeLts() : undefined
if (needLts && !lts) finish(false)
const ltsEnv = lts ? { PATH: `${lts.binDir}:${process.env.PATH ?? ''}` } : undefined
const checks: Promise<boolean>[] = []
if (want('typecheck')) checks.push(run('typecheck', 'npx', TYPECHECK))
if (want('lint')) checks.push(run('lint', 'npx', ['eslint', '.', '--max-warnings=0'], checks.length ? { log: 'tests/output/lint.log' } : {}))
if (lts && ltsEnv) checks.push(run(`typecheck on Node ${lts.version}`, 'npx', TYPECHECK, { env: ltsEnv, log: `tests/output/node${NODE_LTS}-typecheck.log` }))
if (!(await Promise.all(checks)).every(Boolean)) finish(false)
// The web and docs projects (the app in jsdom, the documents) depend on no Node API the versions differ in: when a
// Node LTS run follows, they run there, on the runtime users run, and not a second time here (about a third of the
// unit step on two cores). The server and the machines run on both. Node x database need not be a full cross either:
// when the Node LTS run follows, this run takes the server suites on PostgreSQL and the LTS run on PGlite, so every
// server test meets each Node and each database once (the three-way cross cost about four minutes of a 33-minute CI).
const UNIT_HERE = lts ? ['vitest', 'run', '--project', 'machines', '--project', 'server'] : UNIT
const unitHere = lts ? 'unit and integration (machines, server suites on PostgreSQL; on PGlite, with web and docs, on Node LTS below)' : 'unit and integration'
if (want('unit') && !(await run(unitHere, 'npx', UNIT_HERE, lts ? { env: { WMS_TEST_DB: 'postgres' } } : {}))) finish(false)

// The end-to-end step runs alone, and the second Node run after it. Run beside the suites (at nice 10, tried on
// 4852830) it took 240 s for a file that takes 40 s alone, and the suites' slowest real-process test timed out: both
// are CPU-bound on two cores, so side by side only adds waiting. Its scanner bursts are also timed key by key.
const later: [string, string, string[], StepOptions?][] = []
if (want('e2e')) {
  ensureChromium()
  later.push(['build', 'npx', ['tsx', 'tooling/app-build.ts']], ['end-to-end', 'npx', ['vitest', 'run', '--project', 'e2e']])
}
if (!(await steps(later))) finish(false)

if (want('node24')) {
  if (!lts || !ltsEnv) {
    console.log(`\n(already on Node ${NODE_LTS}: no second run)`)
  } else if (
    // the server suites on PGlite here, on PostgreSQL in the first run (see UNIT_HERE)
    !(await run(`unit and integration on Node ${lts.version} (server suites on PGlite)`, 'npx', UNIT, { env: { ...ltsEnv, WMS_TEST_DB: 'pglite' }, log: `tests/output/node${NODE_LTS}-unit.log` }))
  ) {
    finish(false)
  }
}
finish(true)
