import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { appBuildIsCurrent, appSourcesHash } from './app-build'

describe('is the app build current (ADR 0021)', () => {
  const roots: string[] = []
  afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })))
  function project(): string {
    const root = mkdtempSync(path.join(os.tmpdir(), 'wms-app-build-'))
    roots.push(root)
    mkdirSync(path.join(root, 'src'))
    mkdirSync(path.join(root, 'machines'))
    writeFileSync(path.join(root, 'src', 'main.tsx'), 'export const a = 1')
    writeFileSync(path.join(root, 'machines', 'm.machine.ts'), 'export const m = 1')
    writeFileSync(path.join(root, 'index.html'), '<div id="root"></div>')
    return root
  }
  function built(root: string): void {
    mkdirSync(path.join(root, 'dist'), { recursive: true })
    writeFileSync(path.join(root, 'dist', 'index.html'), '<script type="module"></script>')
    writeFileSync(path.join(root, 'dist', '.build-hash'), appSourcesHash(root) + '\n')
  }

  it('changes with a source the app imports (machines/ too), not with a test', () => {
    const root = project()
    const before = appSourcesHash(root)
    writeFileSync(path.join(root, 'src', 'main.test.tsx'), 'it("x", () => {})')
    expect(appSourcesHash(root)).toBe(before)
    writeFileSync(path.join(root, 'machines', 'm.machine.ts'), 'export const m = 2')
    expect(appSourcesHash(root)).not.toBe(before)
  })

  it('a build of the same sources is current, touched or not; an edit or a missing build is not', () => {
    const root = project()
    expect(appBuildIsCurrent(root)).toBe(false)
    built(root)
    expect(appBuildIsCurrent(root)).toBe(true)
    // a checkout touches files without changing them: still current
    utimesSync(path.join(root, 'src', 'main.tsx'), new Date(), new Date(Date.now() + 5000))
    expect(appBuildIsCurrent(root)).toBe(true)
    expect(appBuildIsCurrent(root)).toBe(true)
    writeFileSync(path.join(root, 'src', 'main.tsx'), 'export const a = 2')
    expect(appBuildIsCurrent(root)).toBe(false)
    rmSync(path.join(root, 'dist', 'index.html'))
    built(root)
    rmSync(path.join(root, 'dist', 'index.html'))
    expect(appBuildIsCurrent(root)).toBe(false)
  })
})
