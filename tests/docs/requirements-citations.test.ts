/**
 * Citations lead somewhere (issue 13 §7): every `SPEC n.m` in the repository opens on a section of
 * docs/requirements.md that exists, and a quoted part (`SPEC 7 "Scan"`) is named in that section.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { citationProblems, citationsIn, findCitations, parseSections, sourceFiles } from '../support/spec-citations'

const root = fileURLToPath(new URL('../..', import.meta.url))
const requirements = readFileSync(`${root}docs/requirements.md`, 'utf8')
const sections = parseSections(requirements)
const THIS_FILE = 'tests/docs/requirements-citations.test.ts'

describe('docs/requirements.md', () => {
  it('numbers §1 to §9, §2.1 to §2.16 and §7.1, each once', () => {
    const numbers = sections.map((s) => s.number)
    expect(new Set(numbers).size).toBe(numbers.length)
    const expected = [
      ...Array.from({ length: 9 }, (_, i) => String(i + 1)),
      ...Array.from({ length: 16 }, (_, i) => `2.${i + 1}`),
      '7.1',
    ]
    expect(numbers.slice().sort()).toEqual(expected.sort())
  })

  it('every SPEC citation in the repository names a section (and part) that exists', () => {
    const citations = citationsIn(root, sourceFiles(root).filter((f) => f !== THIS_FILE))
    // the code cites the rules in about 300 places: finding far fewer means the search itself broke
    expect(citations.length).toBeGreaterThan(250)
    const broken = citations.flatMap((c) =>
      citationProblems(c, sections).map((p) => `${c.file}:${c.line} ${c.text}: ${p}`),
    )
    expect(broken).toEqual([])
  })
})

describe('the citation reader', () => {
  it('reads lists, ranges and named parts', () => {
    const [c] = findCitations('// SPEC 2.1-2.3, 4 and 9; SPEC 7 "Scan", "Tasks" too')
    expect(c!.refs.map((r) => r.number)).toEqual(['2.1', '2.3', '4', '9'])
    const named = findCitations('x (SPEC 7 "Scan", "Tasks") y')[0]!
    expect(named.refs).toEqual([{ number: '7', names: ['Scan', 'Tasks'] }])
    expect(findCitations('SPEC 3 / 5: severity')[0]!.refs.map((r) => r.number)).toEqual(['3', '5'])
    // a sentence's full stop is not a sub-section
    expect(findCitations('as in SPEC 9.')[0]!.refs.map((r) => r.number)).toEqual(['9'])
  })

  it('reports a section that does not exist and a part its section does not name', () => {
    const [missing] = findCitations('// SPEC 2.17: nowhere')
    expect(citationProblems(missing!, sections)).toEqual(['§2.17 does not exist'])
    const [wrongPart] = findCitations('// SPEC 3 "Spaceship"')
    expect(citationProblems(wrongPart!, sections)).toEqual(['§3 has no "Spaceship"'])
    const [ok] = findCitations('// SPEC 3 "Stock item", 7 "Printing"')
    expect(citationProblems(ok!, sections)).toEqual([])
  })

  it('keeps a section to its own text: §2.8 stops where §2.9 starts, §7 holds its parts', () => {
    const receiving = sections.find((s) => s.number === '2.8')!
    expect(receiving.body).toContain('Receiving')
    expect(receiving.body).not.toContain('### 2.9')
    const calls = sections.find((s) => s.number === '7')!
    expect(calls.body).toContain('#### Scan')
    expect(calls.body).not.toContain('## 8.')
  })
})
