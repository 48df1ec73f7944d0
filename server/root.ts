import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The repository's root: the nearest folder above this module holding the project's package.json. Found by walking
 * up rather than by a fixed number of `..`, because the server runs both from its sources (`server/...`) and bundled
 * into one file (`dist-server/main.mjs`, ADR 0021), where every module shares the bundle's `import.meta.url`.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json')
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'movatic-wms') return dir
    if (path.dirname(dir) === dir) throw new Error(`No movatic-wms package.json above ${from}`)
  }
}

export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)))

/** a path under the repository's root */
export const fromRoot = (...parts: string[]) => path.join(ROOT, ...parts)
