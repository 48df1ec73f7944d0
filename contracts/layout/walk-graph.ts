/**
 * The walk between two places of a warehouse (SPEC 18.2): parallel aisles between a front and a back cross-aisle,
 * an aisle walked both ways or one way ('up' = away from the front). Framework-free and pure: the server plans pick
 * paths with it, the benchmark simulates with it, the tests check it against brute force.
 *
 * Geometry: an aisle is a vertical line at its `x`, from the front cross-aisle (y = frontY) to the back one
 * (y = backY); a location in an aisle is the point (aisle x, y). A place outside the aisles (a dock, a dispatch point)
 * is reached along the nearer cross-aisle. Distances are metres of walking, never straight lines through racks.
 */

export type AisleDirection = 'both' | 'up' | 'down'
export const AISLE_DIRECTIONS: readonly AisleDirection[] = ['both', 'up', 'down']

export type WalkAisle = { aisle: number; x: number; direction: AisleDirection }
/** The warehouse's walkable frame: the aisles (any order; sorted by x here) and the two cross-aisles' y. */
export type WalkLayout = { aisles: WalkAisle[]; frontY: number; backY: number }
/** A place: in an aisle (its y along the aisle; x is the aisle's) or off the aisles (aisle null, at x, y). */
export type WalkPoint = { aisle: number | null; x: number; y: number }

type Link = { node: number; cost: number }

export type Walk = {
  layout: WalkLayout
  /** Metres from p to q by the shortest legal walk; Infinity when one-way aisles make q unreachable from p. */
  distance(p: WalkPoint, q: WalkPoint): number
  /** Whether the layout knows the point's aisle (points in unknown aisles cannot be placed). */
  places(p: WalkPoint): boolean
  /** The index of the point's aisle from the left (the order a serpentine walks them), -1 off the aisles. */
  aisleIndex(p: WalkPoint): number
}

/**
 * Builds the walk over a layout. Nodes are the aisles' ends (front F_i = 2i, back B_i = 2i + 1); cross-aisles join
 * neighbouring ends both ways, an aisle joins its ends in the directions it allows; all pairs are computed once
 * (Floyd-Warshall over 2 x aisles nodes), so each distance afterwards costs a handful of additions.
 */
export function makeWalk(input: WalkLayout): Walk {
  const aisles = [...input.aisles].sort((a, b) => a.x - b.x || a.aisle - b.aisle)
  const layout: WalkLayout = { aisles, frontY: input.frontY, backY: input.backY }
  const { frontY, backY } = layout
  const length = Math.max(0, backY - frontY)
  const n = aisles.length * 2
  const index = new Map(aisles.map((a, i) => [a.aisle, i]))
  const D = new Float64Array(n * n).fill(Infinity)
  for (let i = 0; i < n; i++) D[i * n + i] = 0
  const join = (a: number, b: number, w: number) => {
    if (w < D[a * n + b]) D[a * n + b] = w
  }
  aisles.forEach((a, i) => {
    if (a.direction !== 'down') join(2 * i, 2 * i + 1, length)
    if (a.direction !== 'up') join(2 * i + 1, 2 * i, length)
    if (i + 1 < aisles.length) {
      const w = aisles[i + 1].x - a.x
      for (const end of [0, 1]) {
        join(2 * i + end, 2 * (i + 1) + end, w)
        join(2 * (i + 1) + end, 2 * i + end, w)
      }
    }
  })
  for (let k = 0; k < n; k++)
    for (let i = 0; i < n; i++) {
      const ik = D[i * n + k]
      if (ik === Infinity) continue
      for (let j = 0; j < n; j++) {
        const v = ik + D[k * n + j]
        if (v < D[i * n + j]) D[i * n + j] = v
      }
    }

  // a place off the aisles reaches the nearer cross-aisle, then the ends of the aisles on either side of it
  const offLinks = (p: WalkPoint): Link[] => {
    const back = Math.abs(p.y - backY) < Math.abs(p.y - frontY)
    const crossY = back ? backY : frontY
    const end = back ? 1 : 0
    let right = aisles.findIndex((a) => a.x >= p.x)
    if (right < 0) right = aisles.length
    const links: Link[] = []
    for (const i of [right - 1, right]) if (i >= 0 && i < aisles.length) links.push({ node: 2 * i + end, cost: Math.abs(p.x - aisles[i].x) + Math.abs(p.y - crossY) })
    return links
  }
  const clampY = (y: number) => Math.min(backY, Math.max(frontY, y))
  const exits = (p: WalkPoint): Link[] => {
    if (p.aisle === null) return offLinks(p)
    const i = index.get(p.aisle) as number
    const y = clampY(p.y)
    const out: Link[] = []
    if (aisles[i].direction !== 'up') out.push({ node: 2 * i, cost: y - frontY })
    if (aisles[i].direction !== 'down') out.push({ node: 2 * i + 1, cost: backY - y })
    return out
  }
  const entries = (q: WalkPoint): Link[] => {
    if (q.aisle === null) return offLinks(q)
    const i = index.get(q.aisle) as number
    const y = clampY(q.y)
    const out: Link[] = []
    if (aisles[i].direction !== 'down') out.push({ node: 2 * i, cost: y - frontY })
    if (aisles[i].direction !== 'up') out.push({ node: 2 * i + 1, cost: backY - y })
    return out
  }
  const direct = (p: WalkPoint, q: WalkPoint): number => {
    if (p.aisle === null && q.aisle === null) {
      const sameSide = Math.abs(p.y - backY) < Math.abs(p.y - frontY) === Math.abs(q.y - backY) < Math.abs(q.y - frontY)
      return sameSide ? Math.abs(p.x - q.x) + Math.abs(p.y - q.y) : Infinity
    }
    if (p.aisle === null || p.aisle !== q.aisle) return Infinity
    const dir = aisles[index.get(p.aisle) as number].direction
    const dy = clampY(q.y) - clampY(p.y)
    if (dir === 'both' || (dir === 'up' && dy >= 0) || (dir === 'down' && dy <= 0)) return Math.abs(dy)
    return Infinity
  }
  const places = (p: WalkPoint) => p.aisle === null || index.has(p.aisle)

  return {
    layout,
    places,
    aisleIndex: (p) => (p.aisle === null ? -1 : (index.get(p.aisle) ?? -1)),
    distance(p, q) {
      if (!places(p) || !places(q)) return Infinity
      let best = direct(p, q)
      const from = exits(p)
      const to = entries(q)
      for (const e of from)
        for (const t of to) {
          const v = e.cost + D[e.node * n + t.node] + t.cost
          if (v < best) best = v
        }
      return best
    },
  }
}

/** The walk matrix of a list of points: m[i][j] = distance(points[i], points[j]). */
export function walkMatrix(walk: Walk, points: WalkPoint[]): number[][] {
  return points.map((p) => points.map((q) => (p === q ? 0 : walk.distance(p, q))))
}
