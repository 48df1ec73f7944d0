import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ensureChromium } from './chromium'

/** End-to-end runs need Debian's Chromium and a built app (dist/); `npm test` builds right before. */
export default function setup(): void {
  ensureChromium()
  if (!existsSync(path.resolve('dist/index.html'))) {
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
    if (r.status !== 0) throw new Error('vite build failed')
  }
}
