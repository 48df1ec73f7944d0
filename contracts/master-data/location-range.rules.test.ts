import { describe, expect, it } from 'vitest'
import { locationRangeCodes, locationRangeEnds, parseLocationRange } from './location-range.rules'

describe('location range patterns (SPEC 12.3)', () => {
  it("names the issue's range: 12 x 20 x 5 x 5 = 6,000 codes from A01-01-01-01 to A12-20-05-05, last run fastest", () => {
    const r = parseLocationRange('A{01-12}-{01-20}-{01-05}-{01-05}')
    if (!r.ok) throw new Error(r.error)
    expect(r.count).toBe(6000)
    const codes = [...locationRangeCodes(r.parts)]
    expect(codes).toHaveLength(6000)
    expect(codes.slice(0, 3)).toEqual(['A01-01-01-01', 'A01-01-01-02', 'A01-01-01-03'])
    expect(codes[5]).toBe('A01-01-02-01')
    expect(codes.at(-1)).toBe('A12-20-05-05')
    expect(new Set(codes).size).toBe(6000)
    expect(locationRangeEnds(r.parts)).toEqual(['A01-01-01-01', 'A12-20-05-05'])
  })

  it('keeps the zero padding of each run and the text around it', () => {
    const r = parseLocationRange('R{8-10}.{098-100}/X')
    expect(r.ok).toBe(false) // {8-10}: ends of different widths
    const s = parseLocationRange('R{08-10}.{098-100}/X')
    if (!s.ok) throw new Error(s.error)
    expect([...locationRangeCodes(s.parts)]).toEqual(['R08.098/X', 'R08.099/X', 'R08.100/X', 'R09.098/X', 'R09.099/X', 'R09.100/X', 'R10.098/X', 'R10.099/X', 'R10.100/X'])
  })

  it.each([
    ['no run', 'A01-01'],
    ['backwards', 'A{12-01}'],
    ['unclosed brace', 'A{01-12'],
    ['letters in a run', 'A{0a-12}'],
    ['a space', 'A {01-02}'],
    ['empty', ''],
  ])('refuses a malformed pattern: %s', (_label, pattern) => {
    const r = parseLocationRange(pattern)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.length).toBeGreaterThan(10)
  })
})
