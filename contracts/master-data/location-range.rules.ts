/**
 * Location range patterns (SPEC 12.3): `A{01-12}-{01-20}-{01-05}-{01-05}` names every location from A01-01-01-01 to
 * A12-20-05-05. Each `{from-to}` is a zero-padded run (both ends written with the same number of digits, from <= to);
 * the text around the runs is copied as written. Zod-free: the server refuses with it and the form previews with it.
 */

export type RangePart = { text: string } | { from: number; to: number; width: number }
export type ParsedRange = { ok: true; parts: RangePart[]; count: number } | { ok: false; error: string }

const RUN = /\{(\d+)-(\d+)\}/g

export function parseLocationRange(pattern: string): ParsedRange {
  const parts: RangePart[] = []
  let last = 0
  let count = 1
  let runs = 0
  for (const m of pattern.matchAll(RUN)) {
    const [whole, a, b] = m
    if (m.index > last) parts.push({ text: pattern.slice(last, m.index) })
    if (a.length !== b.length) return { ok: false, error: `Write both ends of ${whole} with the same number of digits (e.g. {01-12}).` }
    const from = Number(a)
    const to = Number(b)
    if (from > to) return { ok: false, error: `${whole} runs backwards: the first number must not be greater than the second.` }
    parts.push({ from, to, width: a.length })
    count *= to - from + 1
    runs++
    last = m.index + whole.length
  }
  if (last < pattern.length) parts.push({ text: pattern.slice(last) })
  if (runs === 0) return { ok: false, error: 'The pattern needs at least one run such as {01-12}.' }
  const literal = parts.map((p) => ('text' in p ? p.text : '')).join('')
  if (/[{}]/.test(literal)) return { ok: false, error: 'Each { must be followed by from-to digits and a closing }, e.g. {01-12}.' }
  if (!/^[A-Za-z0-9._\-/]*$/.test(literal)) return { ok: false, error: 'Use letters, digits, dot, underscore, hyphen or slash around the runs.' }
  return { ok: true, parts, count }
}

/** The codes a parsed range names, in order (the last run varies fastest). */
export function* locationRangeCodes(parts: RangePart[]): Generator<string> {
  const runs = parts.filter((p): p is Extract<RangePart, { from: number }> => 'from' in p)
  const at = runs.map((r) => r.from)
  for (;;) {
    let i = 0
    yield parts.map((p) => ('text' in p ? p.text : String(at[i++]).padStart(p.width, '0'))).join('')
    let k = runs.length - 1
    while (k >= 0 && at[k] === runs[k].to) {
      at[k] = runs[k].from
      k--
    }
    if (k < 0) return
    at[k]++
  }
}

/** The first and last code of a parsed range, without listing the others (the form's preview). */
export function locationRangeEnds(parts: RangePart[]): [string, string] {
  const pad = (n: number, w: number) => String(n).padStart(w, '0')
  const first = parts.map((p) => ('text' in p ? p.text : pad(p.from, p.width))).join('')
  const last = parts.map((p) => ('text' in p ? p.text : pad(p.to, p.width))).join('')
  return [first, last]
}
