/**
 * The stock service stays readable (SPEC 3: every change of stock runs through it): the inventory module's services
 * and the parts of the stock service are split by job, and no function in them runs over 80 lines. Route files, which
 * register many short handlers in one plugin, and tests are left out.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const MAX_LINES = 80
const DIR = path.resolve(import.meta.dirname, '../server/modules/inventory')

/** Every function with a body in `file` that spans more than `max` lines, as `name (lines)`. */
export function longFunctions(file: string, text: string, max = MAX_LINES): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if ((ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line
      const last = source.getLineAndCharacterOfPosition(node.end).line
      const name = ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) ? node.name?.getText() : ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : undefined
      if (last - first + 1 > max) found.push(`${name ?? `a function at line ${first + 1}`} (${last - first + 1} lines)`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('the stock service split by job', () => {
  it(`no function of the inventory services or the stock service's parts runs over ${MAX_LINES} lines`, () => {
    const files = readdirSync(DIR).filter((f) => (f.endsWith('.service.ts') || f.startsWith('stock-')) && !f.endsWith('.test.ts') && !f.endsWith('.routes.ts'))
    expect(files).toContain('stock.service.ts')
    expect(files).toContain('stock-single-move.ts')
    const long = files.flatMap((f) => longFunctions(f, readFileSync(path.join(DIR, f), 'utf8')).map((l) => `${f}: ${l}`))
    expect(long).toEqual([])
  })

  it('the check finds a long function (it can fail)', () => {
    const body = Array.from({ length: 85 }, (_, i) => `  const x${i} = ${i}`).join('\n')
    expect(longFunctions('x.ts', `export function long() {\n${body}\n}\nconst short = () => 1\n`)).toEqual(['long (87 lines)'])
  })
})
