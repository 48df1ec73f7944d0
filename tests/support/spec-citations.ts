/**
 * `SPEC n.m` in a comment or test means docs/requirements.md §n.m (README "Requirements"). These helpers read the
 * sections of that file and the citations in the code, so a test can prove every citation opens on a real section.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

export interface Section {
  /** '2.8', '7' */
  number: string
  title: string
  /** the heading's own text and everything under it up to the next heading of the same or a higher level */
  body: string
}

export interface Citation {
  file: string
  line: number
  /** the citation as written, e.g. `SPEC 7 "Scan", "Tasks"` */
  text: string
  refs: { number: string; names: string[] }[]
}

const HEADING = /^(#{1,6})\s+(\d+(?:\.\d+)*)\.?\s+(.*)$/

/** The numbered sections of a Markdown file (`## 4. Title`, `### 2.8 Title`). */
export function parseSections(markdown: string): Section[] {
  const lines = markdown.split('\n')
  const heads: { at: number; level: number; number: string; title: string }[] = []
  lines.forEach((line, at) => {
    const m = HEADING.exec(line)
    if (m) heads.push({ at, level: m[1]!.length, number: m[2]!, title: m[3]!.trim() })
  })
  const anyHeading = /^#{1,6}\s/
  return heads.map((h) => {
    let end = lines.length
    for (let i = h.at + 1; i < lines.length; i++) {
      const m = anyHeading.exec(lines[i]!)
      if (m && /^#+/.exec(lines[i]!)![0].length <= h.level) {
        end = i
        break
      }
    }
    return { number: h.number, title: h.title, body: lines.slice(h.at, end).join('\n') }
  })
}

const NUM = String.raw`\d+(?:\.\d+)?`
const NAMES = String.raw`(?:\s*"[^"\n]+"(?:,\s*"[^"\n]+")*)?`
const REF = NUM + NAMES
const SEP = String.raw`\s*(?:,|/|-|–|\band\b)\s*`
const CITATION = new RegExp(String.raw`\bSPEC\s+(${REF}(?:${SEP}${REF})*)`, 'g')
const ONE_REF = new RegExp(`(${NUM})(${NAMES})`, 'g')

/** Every `SPEC n[.m] ["Name"]` citation in a text, with the sections (and named parts) it points at. */
export function findCitations(text: string, file = ''): Citation[] {
  const out: Citation[] = []
  text.split('\n').forEach((lineText, i) => {
    for (const m of lineText.matchAll(CITATION)) {
      const refs = [...m[1]!.matchAll(ONE_REF)].map((r) => ({
        number: r[1]!,
        names: [...(r[2] ?? '').matchAll(/"([^"\n]+)"/g)].map((n) => n[1]!),
      }))
      out.push({ file, line: i + 1, text: m[0], refs })
    }
  })
  return out
}

/** What is wrong with a citation against the sections: a missing section, or a name its section never mentions. */
export function citationProblems(citation: Citation, sections: Section[]): string[] {
  const problems: string[] = []
  for (const ref of citation.refs) {
    const section = sections.find((s) => s.number === ref.number)
    if (!section) {
      problems.push(`§${ref.number} does not exist`)
      continue
    }
    for (const name of ref.names) {
      if (!section.body.toLowerCase().includes(name.toLowerCase())) problems.push(`§${ref.number} has no "${name}"`)
    }
  }
  return problems
}

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'dev-dist', 'var', 'coverage', 'output'])
const SOURCE = /\.(?:ts|tsx|js|cjs|mjs|md)$/

/** The repository's source and documentation files, relative to `root`. */
export function sourceFiles(root: string, dir = root): string[] {
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) files.push(...sourceFiles(root, join(dir, entry.name)))
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.gen.ts')) {
      files.push(relative(root, join(dir, entry.name)))
    }
  }
  return files
}

export function citationsIn(root: string, files: string[]): Citation[] {
  return files.flatMap((file) => findCitations(readFileSync(join(root, file), 'utf8'), file))
}

/** Where the repository's own words live: issue citations are refused here (SPEC 17.7). */
export const CITING_ROOTS = ['src', 'server', 'machines', 'contracts', 'tests', 'docs', 'tooling', 'README.md']

export interface Stray {
  file: string
  line: number
  text: string
}

// An issue of this project's tracker ("issue", "Issue #" or "issues ... and ..." followed by a number), which nobody
// who clones the repository can open. `owner/repo#N` names another project's tracker and is allowed: it has no word
// before the number.
const ISSUE = /\b[Ii]ssues?\s+#?\d+(?:\s*(?:,|\/|&|\band\b)\s*#?\d+)*/g
// A numbered period of work ("wave", "session" or "sprint" and a number, or an ordinal and one of them). A product
// wave ('Ondas') has a code, never a bare number, and a sign-in session is never numbered.
const ORDINALS = 'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth'
const PERIOD = new RegExp(String.raw`\b(?:(?:wave|session|sprint)\s+\d+\b|(?:${ORDINALS})\s+(?:wave|session|sprint)\b)`, 'gi')

/** Citations of the project's issues and of numbered periods of work in a text. */
export function findStrays(text: string, file = ''): Stray[] {
  const out: Stray[] = []
  text.split('\n').forEach((lineText, i) => {
    for (const re of [ISSUE, PERIOD]) {
      for (const m of lineText.matchAll(re)) out.push({ file, line: i + 1, text: m[0] })
    }
  })
  return out
}

/** `## Amendment ...` or any heading that says it amends: it must read `## Amended YYYY-MM-DD: what it decides`. */
export function undatedAmendments(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((l) => /^#{2,6}\s/.test(l) && /\bamend/i.test(l))
    .filter((l) => !/^#{2,6} Amended \d{4}-\d{2}-\d{2}: \S/.test(l))
}
