import { describe, expect, it } from 'vitest'
import { crossAisles, DEFAULT_LAYOUT_RULE, layoutPatternError, parseLocationPlace, placePosition, type LayoutRule } from './layout-rule.rules'

describe('the layout rule (SPEC 18.1)', () => {
  it('reads A07-03-02 as aisle 7, bay 3, level 2, the letters as the zone', () => {
    expect(parseLocationPlace(DEFAULT_LAYOUT_RULE, 'A07-03-02')).toEqual({ zone: 'A', aisle: 7, bay: 3, level: 2 })
  })

  it('takes roles per segment, ignoring what the admin says to ignore', () => {
    const rule: LayoutRule = { ...DEFAULT_LAYOUT_RULE, separator: '.', segments: ['zone', 'ignore', 'aisle', 'bay'] }
    expect(parseLocationPlace(rule, 'FR.X.12.040')).toEqual({ zone: 'FR', aisle: 12, bay: 40, level: null })
    expect(parseLocationPlace(rule, 'FR.X.12')).toBeNull()
  })

  it('reads named groups of a regular expression', () => {
    const rule: LayoutRule = { ...DEFAULT_LAYOUT_RULE, kind: 'regex', pattern: '^(?<zone>[A-Z])(?<aisle>\\d{2})(?<bay>\\d{3})(?<level>\\d)$' }
    expect(parseLocationPlace(rule, 'B070031')).toEqual({ zone: 'B', aisle: 7, bay: 3, level: 1 })
    expect(parseLocationPlace(rule, 'DOCA-1')).toBeNull()
  })

  it('refuses an expression that does not compile or lacks the aisle and bay groups', () => {
    expect(layoutPatternError('(')).toBe('Enter a valid regular expression.')
    expect(layoutPatternError('(?<aisle>\\d+)')).toMatch(/aisle and bay/)
    expect(layoutPatternError('(?<aisle>\\d+)-(?<bay>\\d+)')).toBeNull()
  })

  it('does not place a code that does not follow the rule (a dock, a staging area)', () => {
    expect(parseLocationPlace(DEFAULT_LAYOUT_RULE, 'DOCA')).toBeNull()
    expect(parseLocationPlace(DEFAULT_LAYOUT_RULE, 'EXP-A')).toBeNull()
  })

  it('puts a place on the aisle centre line, the bay middle from the front cross-aisle; one-way aisles alternate', () => {
    const rule = { ...DEFAULT_LAYOUT_RULE, bay_width_m: 1, aisle_pitch_m: 3, cross_aisle_m: 2 }
    expect(placePosition(rule, { zone: null, aisle: 7, bay: 3, level: 2 })).toMatchObject({ x: 18, y: 3.5, aisle_direction: 'both' })
    expect(placePosition({ ...rule, one_way: true }, { zone: null, aisle: 7, bay: 3, level: 2 }).aisle_direction).toBe('up')
    expect(placePosition({ ...rule, one_way: true }, { zone: null, aisle: 8, bay: 3, level: 2 }).aisle_direction).toBe('down')
    expect(crossAisles(rule, 49.5)).toEqual({ frontY: 0, backY: 51 })
  })
})
