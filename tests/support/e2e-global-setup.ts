import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { ensureChromium } from './chromium'
import { seedsCalledIn, seedTemplates } from './e2e-templates'

/**
 * End-to-end runs need Debian's Chromium and a built app (dist/); `npm test` builds right before. Then one seeded
 * data directory per demo size the selected files ask for (e2e-templates.ts), removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  ensureChromium()
  if (!existsSync(path.resolve('dist/index.html'))) {
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
    if (r.status !== 0) throw new Error('vite build failed')
  }

  // the run's file filters (`vitest run --project e2e tests/e2e/x.test.ts y.test.ts` seeds only what x and y ask for):
  // Vitest keeps them internal; were they gone, every e2e file would count, slower for a few files but still right
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern
  const { testFiles } = await project.globTestFiles(filters)
  // one file has nothing to share a seed with: its server seeds its own directory (a template and a copy cost more)
  if (testFiles.length < 2) return () => {}
  const seeds = testFiles.flatMap((file) => seedsCalledIn(readFileSync(file, 'utf8')))
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wms-e2e-templates-'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  const started = Date.now()
  try {
    // two at a time: the machines have two cores, and the files run one at a time after this
    const templates = await seedTemplates(seeds, dir, 2)
    console.log(`e2e: ${Object.keys(templates).length} seeded data directories for ${testFiles.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    project.provide('e2eTemplates', templates)
  } catch (e) {
    remove()
    throw e
  }
  return remove
}
