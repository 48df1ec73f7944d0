import { defineConfig } from 'vitest/config'

// Projects: machines and server run in Node; the React app in jsdom; end-to-end drives Chromium
// against the real server (tests/e2e), run last by tests/support/run-tests.ts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'machines',
          include: ['machines/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // each file opens its own database; PGlite is CPU-heavy, two cores
          maxWorkers: 2,
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./tests/support/setup-web.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          globalSetup: ['./tests/support/e2e-global-setup.ts'],
        },
      },
    ],
  },
})
