/**
 * Citations lead somewhere (SPEC 17.7): every `SPEC n.m` in the repository opens on a section of
 * docs/requirements.md that exists, and a quoted part (`SPEC 7 "Scan"`) is named in that section; no file cites an
 * issue of the project's tracker or a numbered period of work; every ADR is indexed and its amendments dated.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  CITING_ROOTS,
  citationProblems,
  citationsIn,
  findCitations,
  findStrays,
  parseSections,
  sourceFiles,
  undatedAmendments,
} from '../support/spec-citations'

const root = fileURLToPath(new URL('../..', import.meta.url))
const requirements = readFileSync(`${root}docs/requirements.md`, 'utf8')
const sections = parseSections(requirements)
const THIS_FILE = 'tests/docs/requirements-citations.test.ts'

describe('docs/requirements.md', () => {
  it('numbers each section once, keeps §1 to §9 and §2.1 to §2.16, and gives every subsection its section', () => {
    const numbers = sections.map((s) => s.number)
    expect(new Set(numbers).size).toBe(numbers.length)
    for (let i = 1; i <= 9; i++) expect(numbers).toContain(String(i))
    for (let i = 1; i <= 16; i++) expect(numbers).toContain(`2.${i}`)
    const top = numbers.filter((n) => !n.includes('.')).map(Number)
    expect(top).toEqual(Array.from({ length: top.length }, (_, i) => i + 1))
    expect(numbers.filter((n) => n.includes('.') && !numbers.includes(n.split('.')[0]!))).toEqual([])
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

describe('citations anyone can open (SPEC 17.7)', () => {
  const files = sourceFiles(root).filter((f) => CITING_ROOTS.some((r) => f === r || f.startsWith(`${r}/`)))

  it('cite no issue of the project and no numbered period of work, in code, tests and docs', () => {
    // the search covers the whole tree: finding few files means it broke
    expect(files.length).toBeGreaterThan(500)
    const strays = files.flatMap((f) => findStrays(readFileSync(`${root}${f}`, 'utf8'), f))
    expect(strays.map((s) => `${s.file}:${s.line} ${s.text}`)).toEqual([])
  })

  it('index every ADR in docs/decisions/README.md', () => {
    const dir = `${root}docs/decisions`
    const index = readFileSync(`${dir}/README.md`, 'utf8')
    const adrs = readdirSync(dir).filter((f) => /^\d{4}-.*\.md$/.test(f))
    expect(adrs.length).toBeGreaterThan(15)
    expect(adrs.filter((f) => !index.includes(`](${f})`))).toEqual([])
    // and every link of the index opens a file
    const links = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1]!)
    expect(links.filter((f) => !existsSync(`${dir}/${f}`))).toEqual([])
  })

  it('title every ADR amendment by its date and what it decides', () => {
    const dir = `${root}docs/decisions`
    const undated = readdirSync(dir)
      .filter((f) => /^\d{4}-.*\.md$/.test(f))
      .flatMap((f) => undatedAmendments(readFileSync(`${dir}/${f}`, 'utf8')).map((h) => `${f}: ${h}`))
    expect(undated).toEqual([])
  })
})

describe('the stray-citation reader', () => {
  // the examples are put together here, so this file holds none of what it refuses
  const say = (...words: string[]) => words.join(' ')

  it('finds issue numbers in their usual forms', () => {
    const found = (t: string) => findStrays(t).map((s) => s.text)
    expect(found(`// ${say('issue', '12')}: why`)).toEqual([say('issue', '12')])
    expect(found(say('see', 'Issue', '#12'))).toEqual([say('Issue', '#12')])
    expect(found(`(${say('issues', '3', 'and', '4')})`)).toEqual([say('issues', '3', 'and', '4')])
    expect(found(say('issue', '16/18'))).toEqual([say('issue', '16/18')])
  })

  it('finds numbered periods of work, spelled or in digits', () => {
    const found = (t: string) => findStrays(t).map((s) => s.text.toLowerCase())
    expect(found(say('built', 'in', 'wave', '2'))).toEqual([say('wave', '2')])
    expect(found(say('(Session', '5)'))).toEqual([say('session', '5')])
    expect(found(say('sprint', '3'))).toEqual([say('sprint', '3')])
    expect(found(say('the', 'third', 'wave'))).toEqual([say('third', 'wave')])
  })

  it("leaves other projects' issues, the product's waves and sign-in sessions alone", () => {
    expect(findStrays('as inventree/InvenTree#2038 and odoo/odoo#26330 do')).toEqual([])
    expect(findStrays('the wave WAV-000002 and this session; the last session ended')).toEqual([])
    expect(findStrays('a supplier issue with severity 3')).toEqual([])
  })

  it('refuses an amendment heading without a date', () => {
    expect(undatedAmendments('## Amendment: no date\n## Amended 2026-11-28: dated\n## Context')).toEqual([
      '## Amendment: no date',
    ])
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
