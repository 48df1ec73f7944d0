/**
 * No file imports itself through others (STYLE habit 1: imports flow one way). The graph is built with TypeScript's own
 * reader and resolver, as `madge --circular --extensions ts,tsx src server machines contracts` builds it: type-only
 * imports, re-exports and dynamic `import()` count, since each ties the two files together as much as a value does.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ROOTS = ['src', 'server', 'machines', 'contracts']

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'migrations' ? [] : sourceFiles(full)
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : []
  })
}

function importGraph(): Map<string, string[]> {
  const config = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile)
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, root).options
  const files = ROOTS.flatMap((r) => sourceFiles(path.join(root, r)))
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles
      .map((i) => ts.resolveModuleName(i.fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((f): f is string => f !== undefined && known.has(path.resolve(f)))
      .map((f) => path.resolve(f))
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** Tarjan's strongly connected components: every component of more than one file (or a file importing itself) is a circle. */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    order.set(v, index)
    low.set(v, index++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!))
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.map((f) => path.relative(root, f)).sort())
    }
  }
  for (const v of graph.keys()) if (!order.has(v)) visit(v)
  return found
}

describe('import circles', () => {
  it('finds a circle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ])
    expect(circles(graph).map((c) => c.length)).toEqual([3])
  })

  it('there are none in src, server, machines and contracts', () => {
    const graph = importGraph()
    expect(graph.size).toBeGreaterThan(300)
    // an edge the resolver must see, or an empty graph would pass
    expect(graph.get(path.join(root, 'src/components/data-table.tsx'))).toContain(path.join(root, 'src/components/data-table-cells.tsx'))
    expect(circles(graph)).toEqual([])
  }, 120_000)
})
