/**
 * A warehouse's layout rule (SPEC 18.1): how a location's code names its place (zone, aisle, bay, level) and the
 * geometry that turns the place into a walk position (x, y in metres) and an aisle direction. Zod-free: the server
 * applies it, the warehouse form previews it on a sample code.
 *
 * Two ways to read a code: a regular expression with named groups (`zone`, `aisle`, `bay`, `level`), or fixed
 * segments split by a separator, each segment given a role; a segment's number is its digits (`A07` -> 7), and the
 * letters before them become the zone when no segment is the zone.
 */

export const LAYOUT_SEGMENT_ROLES = ['zone', 'aisle', 'bay', 'level', 'ignore'] as const
export type LayoutSegmentRole = (typeof LAYOUT_SEGMENT_ROLES)[number]

export type LayoutRule = {
  kind: 'segments' | 'regex'
  /** segments: the separator between them (e.g. '-') and each segment's role in order */
  separator: string
  segments: LayoutSegmentRole[]
  /** regex: a pattern with named groups aisle and bay (zone and level optional) */
  pattern: string
  /** metres along an aisle per bay */
  bay_width_m: number
  /** metres between the centre lines of two neighbouring aisles */
  aisle_pitch_m: number
  /** width of the cross-aisles at both ends of the aisles, in metres */
  cross_aisle_m: number
  /** one-way aisles by default: odd aisles walked up (away from the front), even aisles down */
  one_way: boolean
}

export const DEFAULT_LAYOUT_RULE: LayoutRule = {
  kind: 'segments',
  separator: '-',
  segments: ['aisle', 'bay', 'level'],
  pattern: '',
  bay_width_m: 1.2,
  aisle_pitch_m: 3,
  cross_aisle_m: 3,
  one_way: false,
}

export type LayoutPlace = { zone: string | null; aisle: number; bay: number; level: number | null }
export type LayoutPosition = LayoutPlace & { x: number; y: number; aisle_direction: 'both' | 'up' | 'down' }

/** The most aisles, bays and levels a code may name: keeps positions within sane metres. */
export const LAYOUT_MAX_INDEX = 9999

/** Why a regular expression cannot serve as a rule, or null when it can. */
export function layoutPatternError(pattern: string): string | null {
  try {
    void new RegExp(pattern)
  } catch {
    return 'Enter a valid regular expression.'
  }
  const groups = /\(\?<([A-Za-z_][A-Za-z0-9_]*)>/g
  const names = new Set([...pattern.matchAll(groups)].map((m) => m[1]))
  if (!names.has('aisle') || !names.has('bay')) return 'The expression needs the named groups aisle and bay.'
  return null
}

const digits = (s: string | undefined): number | null => {
  const m = /(\d+)\D*$/.exec(s ?? '')
  if (!m) return null
  const n = Number(m[1])
  return n <= LAYOUT_MAX_INDEX ? n : null
}
const letters = (s: string) => /^([A-Za-z]+)/.exec(s)?.[1] ?? null

/** The place a code names under a rule, or null when the code does not follow the rule. */
export function parseLocationPlace(rule: LayoutRule, code: string): LayoutPlace | null {
  let zone: string | null = null
  let aisle: number | null = null
  let bay: number | null = null
  let level: number | null = null
  if (rule.kind === 'regex') {
    if (layoutPatternError(rule.pattern)) return null
    const g = new RegExp(rule.pattern).exec(code)?.groups
    if (!g) return null
    zone = g.zone || null
    aisle = digits(g.aisle)
    bay = digits(g.bay)
    level = g.level === undefined ? null : digits(g.level)
    if (g.level !== undefined && level === null) return null
  } else {
    if (!rule.separator) return null
    const parts = code.split(rule.separator)
    if (parts.length < rule.segments.length) return null
    for (const [i, role] of rule.segments.entries()) {
      const part = parts[i]
      if (role === 'zone') zone = part || null
      else if (role === 'aisle') {
        aisle = digits(part)
        if (!rule.segments.includes('zone')) zone = letters(part)
      } else if (role === 'bay') bay = digits(part)
      else if (role === 'level') {
        level = digits(part)
        if (level === null) return null
      }
    }
  }
  if (aisle === null || bay === null) return null
  return { zone, aisle, bay, level }
}

/** Where a place is walked to (SPEC 18.1): the aisle's centre line, the bay's middle, measured from the front cross-aisle's centre. */
export function placePosition(rule: LayoutRule, place: LayoutPlace): LayoutPosition {
  const x = round2((place.aisle - 1) * rule.aisle_pitch_m)
  const y = round2(rule.cross_aisle_m / 2 + (place.bay - 0.5) * rule.bay_width_m)
  const aisle_direction = rule.one_way ? (place.aisle % 2 === 1 ? 'up' : 'down') : 'both'
  return { ...place, x, y, aisle_direction }
}

const round2 = (n: number) => Math.round(n * 100) / 100

/** The front and back cross-aisles' centre lines for aisles whose farthest position is `maxY` (SPEC 18.2). */
export function crossAisles(rule: Pick<LayoutRule, 'bay_width_m' | 'cross_aisle_m'>, maxY: number) {
  return { frontY: 0, backY: round2(maxY + rule.bay_width_m / 2 + rule.cross_aisle_m / 2) }
}
