/**
 * Vite build plugin: the flows' coverage as static assets under /flows-coverage/ (docs/requirements.md §22.1).
 * tooling/flows-coverage.ts runs in a child process from the build's start (its own core: the bundling goes on
 * beside it) and its files are emitted with the bundle. Nothing in dev: the screen then generates in a worker.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Plugin } from 'vite'

export const FLOWS_COVERAGE_DIR = 'flows-coverage'

export function flowsCoverage(root: string): Plugin {
  let done: Promise<string> | undefined
  return {
    name: 'movatic-flows-coverage',
    apply: 'build',
    buildStart() {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'movatic-flows-coverage-'))
      const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs')
      done = new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [tsx, path.join(root, 'tooling', 'flows-coverage.ts'), dir], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
        child.on('error', reject)
        child.on('close', (code) => (code === 0 ? resolve(dir) : reject(new Error(`tooling/flows-coverage.ts exited with ${code}`))))
      })
    },
    async generateBundle() {
      if (!done) return
      const dir = await done
      for (const file of readdirSync(dir)) {
        this.emitFile({ type: 'asset', fileName: `${FLOWS_COVERAGE_DIR}/${file}`, source: readFileSync(path.join(dir, file)) })
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
