/**
 * Pick paths (SPEC 18.3, ADR 0022): the order to visit a batch's stops. Each routing heuristic of the literature
 * (Roodbergen & de Koster 2001) gives an order; every order is measured with the true walk (walk-graph.ts: shortest
 * legal walk between consecutive stops), improved by 2-opt and Or-opt, and the planner keeps the shortest. The
 * baseline, the stops in location-code order, is one of the candidates, so a plan is never longer than it.
 *
 * Pure and framework-free: the server, the benchmark and the property tests run the same code.
 */
import { type Walk, type WalkPoint } from './walk-graph'

export type PickStop = { code: string; point: WalkPoint | null }
export const PICK_STRATEGIES = ['code_order', 's_shape', 'largest_gap', 'nearest'] as const
export type PickStrategy = (typeof PICK_STRATEGIES)[number]

export type PickPathPlan = {
  /** Indexes into the stops given, in walking order: placed stops first, then the unplaced ones in code order. */
  order: number[]
  metres: number
  baselineMetres: number
  /** The heuristic whose (improved) order won; `improved` when 2-opt / Or-opt shortened it. */
  strategy: PickStrategy
  improved: boolean
  /** Each heuristic's metres before and after the local improvement. */
  strategies: { strategy: PickStrategy; metres: number; improvedMetres: number }[]
  /** Stops without a place (no layout): visited last, in code order, and not in the metres. */
  unplaced: number[]
}

export type PlanOptions = { start: WalkPoint; end?: WalkPoint; strategies?: readonly PickStrategy[]; improve?: boolean }

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Tour metres over a matrix where node 0 is the start and node n - 1 the end; `order` lists the stops 1..n-2. */
export function tourMetres(m: number[][], order: readonly number[]): number {
  let at = 0
  let sum = 0
  for (const k of order) {
    sum += m[at][k]
    at = k
  }
  return sum + m[at][m.length - 1]
}

type Ctx = { walk: Walk; m: number[][]; points: WalkPoint[]; codes: string[] }

/** The stops by aisle from the left (serpentine order of aisles), each aisle's stops by y. */
function byAisle(ctx: Ctx, stops: number[]) {
  const groups = new Map<number, number[]>()
  for (const s of stops) {
    const i = ctx.walk.aisleIndex(ctx.points[s])
    const g = groups.get(i) ?? []
    g.push(s)
    groups.set(i, g)
  }
  const keys = [...groups.keys()].sort((a, b) => a - b)
  return keys.map((k) => ({ index: k, stops: (groups.get(k) as number[]).sort((a, b) => ctx.points[a].y - ctx.points[b].y) }))
}

const direction = (ctx: Ctx, aisleIndex: number) => (aisleIndex < 0 ? 'both' : ctx.walk.layout.aisles[aisleIndex].direction)

/** S-shape: every aisle with a stop is walked through, alternately up and down (a one-way aisle its own way). */
function sShape(ctx: Ctx, stops: number[]): number[] {
  const out: number[] = []
  let up = true
  for (const g of byAisle(ctx, stops)) {
    const dir = direction(ctx, g.index)
    const goUp: boolean = dir === 'both' ? up : dir === 'up'
    out.push(...(goUp ? g.stops : [...g.stops].reverse()))
    up = !goUp
  }
  return out
}

/**
 * Largest gap: the first and the last aisle are walked through; each aisle between is entered from the front and
 * from the back as far as its largest gap between stops (or between a stop and an end), so the gap is never walked.
 * Out along the back, home along the front.
 */
function largestGap(ctx: Ctx, stops: number[]): number[] {
  const groups = byAisle(ctx, stops)
  const off = groups.filter((g) => g.index < 0).flatMap((g) => g.stops)
  const aisles = groups.filter((g) => g.index >= 0)
  if (aisles.length <= 1) return [...off, ...aisles.flatMap((g) => g.stops)]
  const { frontY, backY } = ctx.walk.layout
  const first = aisles[0]
  const last = aisles[aisles.length - 1]
  const front: number[][] = []
  const back: number[][] = []
  for (const g of aisles.slice(1, -1)) {
    const ys = [frontY, ...g.stops.map((s) => ctx.points[s].y), backY]
    let cut = 0
    let widest = -1
    for (let k = 0; k + 1 < ys.length; k++)
      if (ys[k + 1] - ys[k] > widest) {
        widest = ys[k + 1] - ys[k]
        cut = k
      }
    // stops below the widest gap are fetched from the front, those above it from the back
    front.push(g.stops.slice(0, cut))
    back.push(g.stops.slice(cut).reverse())
  }
  return [...off, ...first.stops, ...back.flat(), ...[...last.stops].reverse(), ...front.reverse().flat()]
}

/** Nearest neighbour over the true walk: a cheap, layout-blind start for the local improvement. */
function nearest(ctx: Ctx, stops: number[]): number[] {
  const left = new Set(stops)
  const out: number[] = []
  let at = 0
  while (left.size) {
    let best = -1
    let bestD = Infinity
    for (const s of left)
      if (ctx.m[at][s] < bestD || best < 0) {
        bestD = ctx.m[at][s]
        best = s
      }
    out.push(best)
    left.delete(best)
    at = best
  }
  return out
}

function codeOrder(ctx: Ctx, stops: number[]): number[] {
  return [...stops].sort((a, b) => byCode(ctx.codes[a], ctx.codes[b]) || a - b)
}

const HEURISTICS: Record<PickStrategy, (ctx: Ctx, stops: number[]) => number[]> = {
  code_order: codeOrder,
  s_shape: sShape,
  largest_gap: largestGap,
  nearest,
}

/**
 * 2-opt (reverse a stretch) and Or-opt (move a run of 1 to 3 stops elsewhere, either way round) until neither
 * shortens the tour. Works on asymmetric walks (one-way aisles): a reversed stretch is priced with its own reversed
 * legs (prefix sums both ways), so every accepted move really shortens the tour. Each sweep applies every improving
 * move it meets and goes on from there (rather than starting over after each), so a cart of 64 stops takes a few
 * sweeps of each kind.
 */
export function improveTour(m: number[][], order: number[]): number[] {
  const t = [0, ...order, m.length - 1]
  const n = t.length
  const eps = 1e-9
  const fwd = new Float64Array(n)
  const rev = new Float64Array(n)
  const prefix = () => {
    for (let k = 1; k < n; k++) {
      fwd[k] = fwd[k - 1] + m[t[k - 1]][t[k]]
      rev[k] = rev[k - 1] + m[t[k]][t[k - 1]]
    }
  }
  const twoOpt = (): boolean => {
    let any = false
    prefix()
    for (let i = 1; i < n - 2; i++)
      for (let j = i + 1; j < n - 1; j++) {
        const before = m[t[i - 1]][t[i]] + (fwd[j] - fwd[i]) + m[t[j]][t[j + 1]]
        const after = m[t[i - 1]][t[j]] + (rev[j] - rev[i]) + m[t[i]][t[j + 1]]
        if (after < before - eps) {
          for (let a = i, b = j; a < b; a++, b--) [t[a], t[b]] = [t[b], t[a]]
          prefix()
          any = true
        }
      }
    return any
  }
  // a run t[i..i+len-1] moved between t[k] and t[k+1]
  const orOpt = (): boolean => {
    let any = false
    for (let len = 1; len <= 3; len++)
      for (let i = 1; i + len < n; i++) {
        const a = t[i - 1]
        const s = t[i]
        const e = t[i + len - 1]
        const b = t[i + len]
        let inner = 0
        let innerRev = 0
        for (let k = i; k < i + len - 1; k++) {
          inner += m[t[k]][t[k + 1]]
          innerRev += m[t[k + 1]][t[k]]
        }
        const removed = m[a][s] + inner + m[e][b] - m[a][b]
        let bestK = -1
        let bestAdded = removed - eps
        let bestFlip = false
        for (let k = 0; k + 1 < n; k++) {
          if (k >= i - 1 && k <= i + len - 1) continue
          const p = t[k]
          const q = t[k + 1]
          const plain = m[p][s] + inner + m[e][q] - m[p][q]
          const flipped = m[p][e] + innerRev + m[s][q] - m[p][q]
          if (plain < bestAdded) [bestK, bestAdded, bestFlip] = [k, plain, false]
          if (flipped < bestAdded) [bestK, bestAdded, bestFlip] = [k, flipped, true]
        }
        if (bestK < 0) continue
        const run = t.slice(i, i + len)
        if (bestFlip) run.reverse()
        const rest = [...t.slice(0, i), ...t.slice(i + len)]
        const at = bestK < i ? bestK + 1 : bestK + 1 - len
        const next = [...rest.slice(0, at), ...run, ...rest.slice(at)]
        for (let k = 0; k < n; k++) t[k] = next[k]
        any = true
      }
    return any
  }
  for (let round = 0; round < 100; round++) {
    const a = twoOpt()
    const b = orOpt()
    if (!a && !b) break
  }
  return t.slice(1, -1)
}

/**
 * The plan for a batch: each strategy's order, improved, the shortest kept (SPEC 18.3). Stops without a place are
 * appended in code order and left out of the metres (they cannot be measured).
 */
export function planPickPath(walk: Walk, stops: readonly PickStop[], options: PlanOptions): PickPathPlan {
  const placed: number[] = []
  const unplaced: number[] = []
  stops.forEach((s, i) => (s.point && walk.places(s.point) ? placed : unplaced).push(i))
  unplaced.sort((a, b) => byCode(stops[a].code, stops[b].code) || a - b)
  // nothing to walk to: no walk at all (not the way from the start to the end)
  if (!placed.length) return { order: unplaced, metres: 0, baselineMetres: 0, strategy: 'code_order', improved: false, strategies: [], unplaced }
  const points = [options.start, ...placed.map((i) => stops[i].point as WalkPoint), options.end ?? options.start]
  const codes = ['', ...placed.map((i) => stops[i].code), '']
  const m = points.map((p, i) => points.map((q, j) => (i === j ? 0 : walk.distance(p, q))))
  const ctx: Ctx = { walk, m, points, codes }
  const inner = placed.map((_, k) => k + 1)
  const baseline = codeOrder(ctx, inner)
  const baselineMetres = tourMetres(m, baseline)
  let best = { order: baseline, metres: baselineMetres, strategy: 'code_order' as PickStrategy, improved: false }
  const report: PickPathPlan['strategies'] = []
  for (const strategy of options.strategies ?? PICK_STRATEGIES) {
    const order = HEURISTICS[strategy](ctx, inner)
    const metres = tourMetres(m, order)
    const better = options.improve === false ? order : improveTour(m, order)
    const improvedMetres = tourMetres(m, better)
    report.push({ strategy, metres, improvedMetres })
    if (metres < best.metres - 1e-9) best = { order, metres, strategy, improved: false }
    if (improvedMetres < best.metres - 1e-9) best = { order: better, metres: improvedMetres, strategy, improved: true }
  }
  return {
    order: [...best.order.map((k) => placed[k - 1]), ...unplaced],
    metres: best.metres,
    baselineMetres,
    strategy: best.strategy,
    improved: best.improved,
    strategies: report,
    unplaced,
  }
}
