/**
 * The shortest possible pick tour, exactly (Ratliff & Rosenthal 1983): dynamic programming over the aisles from left
 * to right for a warehouse of two-way aisles between a front and a back cross-aisle, starting and ending at the
 * front end of the leftmost aisle. The benchmark's bound (ADR 0022): no walk through the same stops is shorter, so
 * "within x% of it" is a true gap, not a comparison with another heuristic.
 *
 * A tour is a connected multigraph on the aisles' ends and the stops in which every node has even degree. Going left
 * to right, a partial tour is summed up by the degree (none, odd, even) of the current aisle's two ends and whether
 * they are already joined; each aisle adds one of six ways of covering its stops, each gap to the next aisle 0, 1
 * or 2 copies of the front and the back cross-aisle edges. A part that can no longer reach the right is allowed only
 * when it is the whole tour and nothing is left to visit. Levels do not count: reaching up is not walking.
 */
import type { WalkLayout } from './walk-graph'

type Deg = 0 | 1 | 2 // none, odd, even and > 0
type State = { a: Deg; b: Deg; joined: boolean }

const add = (d: Deg, k: 0 | 1 | 2): Deg => {
  if (k === 0) return d
  if (d === 0) return k === 1 ? 1 : 2
  if (k === 2) return d
  return d === 1 ? 2 : 1
}
const key = (s: State) => s.a * 6 + s.b * 2 + (s.joined ? 1 : 0)

/**
 * Metres of the shortest tour from the front of the leftmost aisle through every stop (y per aisle index, 0 = the
 * leftmost aisle of `layout` sorted by x) and back. Two-way aisles only (the bound the benchmark needs).
 */
export function optimalTourMetres(layout: WalkLayout, stopsByAisle: ReadonlyMap<number, readonly number[]>): number {
  const aisles = [...layout.aisles].sort((p, q) => p.x - q.x)
  const { frontY, backY } = layout
  const L = backY - frontY
  const last = Math.max(-1, ...[...stopsByAisle.entries()].filter(([, ys]) => ys.length).map(([i]) => i))
  if (last < 0) return 0
  let states = new Map<number, { s: State; cost: number }>([[key({ a: 0, b: 0, joined: false }), { s: { a: 0, b: 0, joined: false }, cost: 0 }]])
  let closedCost = Infinity
  for (let j = 0; j <= last; j++) {
    const ys = [...(stopsByAisle.get(j) ?? [])].sort((p, q) => p - q)
    const gaps = ys.slice(1).map((y, k) => y - ys[k])
    const configs: { da: 0 | 1 | 2; db: 0 | 1 | 2; joins: boolean; cost: number }[] = [
      { da: 1, db: 1, joins: true, cost: L },
      { da: 2, db: 2, joins: true, cost: 2 * L },
    ]
    if (ys.length) {
      configs.push({ da: 2, db: 0, joins: false, cost: 2 * (ys[ys.length - 1] - frontY) })
      configs.push({ da: 0, db: 2, joins: false, cost: 2 * (backY - ys[0]) })
      if (gaps.length) configs.push({ da: 2, db: 2, joins: false, cost: 2 * (L - Math.max(...gaps)) })
    } else configs.push({ da: 0, db: 0, joins: false, cost: 0 })
    const pitch = j < last ? aisles[j + 1].x - aisles[j].x : 0
    const next = new Map<number, { s: State; cost: number }>()
    const keep = (s: State, cost: number) => {
      const k = key(s)
      const had = next.get(k)
      if (!had || cost < had.cost) next.set(k, { s, cost })
    }
    for (const { s, cost } of states.values())
      for (const c of configs) {
        const a = add(s.a, c.da)
        const b = add(s.b, c.db)
        const joined = a > 0 && b > 0 && (s.joined || c.joins)
        for (const cf of [0, 1, 2] as const)
          for (const cb of [0, 1, 2] as const) {
            if (j === last && (cf || cb)) continue
            const fa = add(a, cf)
            const fb = add(b, cb)
            if (fa === 1 || fb === 1) continue
            // the depot is the front end of the leftmost aisle: it must be on the tour
            if (j === 0 && fa === 0) continue
            const aLives = a > 0 && cf > 0
            const bLives = b > 0 && cb > 0
            const parts = joined ? 1 : (a > 0 ? 1 : 0) + (b > 0 ? 1 : 0)
            const lost = joined ? !(aLives || bLives) : (a > 0 && !aLives) || (b > 0 && !bLives)
            const total = cost + c.cost + (cf + cb) * pitch
            if (lost) {
              // a part closed off: only as the whole tour, with nothing further right
              if (parts === 1 && !cf && !cb && j === last) closedCost = Math.min(closedCost, total)
              continue
            }
            if (j === last) continue
            keep({ a: cf === 0 ? 0 : cf === 1 ? 1 : 2, b: cb === 0 ? 0 : cb === 1 ? 1 : 2, joined: cf > 0 && cb > 0 && joined }, total)
          }
      }
    states = next
  }
  return closedCost
}
