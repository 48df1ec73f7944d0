import os from 'node:os'
import { defineConfig } from 'vitest/config'

// Vitest 5's reporter calls Map.groupBy (Node 21+) when it prints failures; Node 20 lacks it. Inert on Node 22 and 24;
// it goes when Node 20 support does (README "Node versions").
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, V[]> {
      const map = new Map<K, V[]>()
      let i = 0
      for (const item of items) {
        const k = key(item, i++)
        const list = map.get(k)
        if (list) list.push(item)
        else map.set(k, [item])
      }
      return map
    },
  })
}

// Vitest's default is one worker fewer than the cores: on our two-core machines that is one, and a project with one
// worker runs its files one at a time (the web project was 60% of the unit step on one core). Every project but
// end-to-end takes all the cores.
const WORKERS = Math.max(2, os.availableParallelism())

// Projects: machines and server run in Node; the React app in jsdom; end-to-end drives Chromium
// against the real server (tests/e2e), run last by tests/support/run-tests.ts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          // the framework-free bottom layer: the machines and the contracts they share with the server and the app
          name: 'machines',
          // tooling/: the project's own lint rules, tested like the machines (plain Node)
          include: ['machines/**/*.test.ts', 'contracts/**/*.test.ts', 'tooling/**/*.test.ts'],
          environment: 'node',
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // each file opens its own database; PGlite is CPU-heavy: one file per core
          maxWorkers: WORKERS,
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./tests/support/setup-web.ts'],
          // a whole app renders per test, with lazy route chunks and catalogs, on two busy cores
          testTimeout: 30_000,
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'docs',
          include: ['tests/docs/**/*.test.ts'],
          environment: 'node',
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // two files at once, each with its own server, database and Chromium: the CPU is Chromium's and the
          // server's in turn, so two overlap (E2E_WORKERS=1 runs them one at a time); the scanner's bursts carry their
          // own time stamps (tests/support/wedge.ts), so the load cannot split a read
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          // a screen waits for the real server: a poll without its own timeout gives it 15 s, not vitest's 1 s
          expect: { poll: { timeout: 15_000, interval: 100 } },
          globalSetup: ['./tests/support/e2e-global-setup.ts'],
        },
      },
    ],
  },
})
