/**
 * Proximity batching (SPEC 19.2, 19.3): which orders share a cart. Cutting the orders into carts in the order given
 * (first come, first batched) puts orders that have nothing in common on one cart, and no routing can make that walk
 * short (ADR 0022: the exact optimum of such carts is only 20% under code order). The seed-and-grow rule of the
 * batching literature (de Koster, Le-Duc & Roodbergen 2007, "Design and control of warehouse order picking: a
 * literature review": seed and savings algorithms) does better: each cart starts from the order that walks farthest
 * alone (the seed) and takes, one by one, the order that adds the least estimated walk to it until its totes are
 * full; then a swap pass exchanges orders between carts while the sum of their estimated walks drops.
 *
 * The estimate (estimateMetres) is a closed form over the aisles a cart visits, the shortest of three routings that
 * a picker can really walk in a warehouse of parallel aisles between two cross-aisles: return (in and out of each
 * aisle from the front), largest gap, S-shape; plus the cross-aisle walk out to the farthest aisle and back. It costs
 * a few additions per aisle, so thousands of candidate orders are priced per cart; the pick path (§18.3) is then
 * planned only on the carts chosen.
 *
 * Urgency is kept (SPEC 19.2): the orders come in the order taken (priority, then due time), and orders of the same
 * priority and due time form a class. A cart takes its orders from the most urgent class left; when that class has
 * fewer orders left than totes, all of them go on the cart and the rest of its totes take orders of the next class.
 * Swaps exchange orders of the same class only. So an urgent order is never on a later cart than a less urgent one
 * (batch(u) <= batch(v) whenever u is taken before v and their classes differ), with carts picked in their order.
 *
 * chooseBatches plans the path of every cart of both batchings (proximity and the order given) and keeps the
 * proximity carts only when their planned metres sum to less: the product never batches worse than first come,
 * first batched, by its own measure. An order without a placed stop (no layout) adds nothing to the estimate; when
 * nothing is placed, every tie goes to the order given, and the carts are the order given.
 *
 * Pure and framework-free: the wave plan, the release and the benchmark run the same code.
 */
import type { PickStop } from '../layout/pick-path'
import type { Walk, WalkPoint } from '../layout/walk-graph'

export type BatchingOrder = {
  stops: readonly PickStop[]
  /** the order's class: orders of one class (same priority and due time) are interchangeable between carts */
  urgency: string | number
}
export type BatchingRoute = { walk: Walk; start: WalkPoint; end?: WalkPoint }
export type BatchingOptions = {
  /** the swap pass after seed and grow (default on) */
  improve?: boolean
  /** how many orders not yet on a cart a cart chooses among (default WINDOW) */
  window?: number
  /** how many later carts each cart swaps with (default SWAP_REACH) */
  reach?: number
}

/** Splits orders into batches of `totes`, in the order given (first come, first batched). */
export function splitBatches<T>(orders: readonly T[], totes: number): T[][] {
  const size = Math.max(1, Math.floor(totes))
  const out: T[][] = []
  for (let i = 0; i < orders.length; i += size) out.push(orders.slice(i, i + size))
  return out
}

/** An order's placed stops, grouped by aisle index (ys sorted), and the x of those off the aisles. */
type Footprint = { aisles: number[]; ys: number[][]; offX: number[] }

type Frame = {
  xs: number[]
  frontY: number
  backY: number
  length: number
  startX: number
  endX: number
}

function frameOf(route: BatchingRoute): Frame {
  const { aisles, frontY, backY } = route.walk.layout
  return {
    xs: aisles.map((a) => a.x),
    frontY,
    backY,
    length: Math.max(0, backY - frontY),
    startX: route.start.x,
    endX: (route.end ?? route.start).x,
  }
}

function footprintOf(route: BatchingRoute, frame: Frame, stops: readonly PickStop[]): Footprint {
  const byAisle = new Map<number, number[]>()
  const offX: number[] = []
  for (const s of stops) {
    if (!s.point || !route.walk.places(s.point)) continue
    const i = route.walk.aisleIndex(s.point)
    if (i < 0) {
      offX.push(s.point.x)
      continue
    }
    const y = Math.min(frame.backY, Math.max(frame.frontY, s.point.y))
    const list = byAisle.get(i)
    if (list) list.push(y)
    else byAisle.set(i, [y])
  }
  const aisles = [...byAisle.keys()].sort((a, b) => a - b)
  return {
    aisles,
    ys: aisles.map((i) => (byAisle.get(i) as number[]).sort((a, b) => a - b)),
    offX,
  }
}

// the two costs of an aisle, written here rather than returned (no allocation in the inner loop)
let costRet = 0
let costGap = 0

/**
 * Per aisle, for the stops at the union of `a` and `b` (each sorted, within the aisle; `b` may be empty): the return
 * from the front (in to the farthest stop and out) and the largest gap (in from both ends, the widest gap between
 * stops or an end never walked), into costRet and costGap.
 */
function aisleCosts(frame: Frame, a: readonly number[], b: readonly number[]) {
  const { frontY, backY, length } = frame
  let i = 0
  let j = 0
  let prev = frontY
  let widest = 0
  while (i < a.length || j < b.length) {
    const y = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i++] : b[j++]
    if (y - prev > widest) widest = y - prev
    prev = y
  }
  if (backY - prev > widest) widest = backY - prev
  costRet = 2 * (prev - frontY)
  costGap = 2 * (length - widest)
}

const NONE: readonly number[] = []

/** Merges two sorted lists. */
function merge(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length && j < b.length) out[k++] = a[i] <= b[j] ? a[i++] : b[j++]
  while (i < a.length) out[k++] = a[i++]
  while (j < b.length) out[k++] = b[j++]
  return out
}

/**
 * A cart under construction: per aisle its stops' ys and their two costs, and the sums the estimate reads. Stops of
 * two orders at one place count once in the walk (a gap of 0 changes nothing).
 */
class Cart {
  ys: (number[] | undefined)[]
  ret: Float64Array
  gap: Float64Array
  count = 0
  sumRet = 0
  sumGap = 0
  lo = Infinity
  hi = -Infinity
  offLo = Infinity
  offHi = -Infinity
  members: number[] = []
  constructor(readonly frame: Frame) {
    const n = frame.xs.length
    this.ys = new Array(n)
    this.ret = new Float64Array(n)
    this.gap = new Float64Array(n)
  }

  metres(): number {
    if (!this.count) return estimate(this.frame, 0, 0, 0, 0, 0, 0, 0, 0, this.offLo, this.offHi)
    return estimate(
      this.frame,
      this.count,
      this.sumRet,
      this.sumGap,
      this.lo,
      this.hi,
      this.gap[this.lo],
      this.gap[this.hi],
      this.ret[this.hi],
      this.offLo,
      this.offHi,
    )
  }

  /** The estimate with the footprint added, the cart unchanged. */
  metresWith(f: Footprint): number {
    let count = this.count
    let sumRet = this.sumRet
    let sumGap = this.sumGap
    let lo = this.lo
    let hi = this.hi
    let gapLo = this.lo <= this.hi ? this.gap[this.lo] : 0
    let gapHi = this.lo <= this.hi ? this.gap[this.hi] : 0
    let retHi = this.lo <= this.hi ? this.ret[this.hi] : 0
    for (let k = 0; k < f.aisles.length; k++) {
      const i = f.aisles[k]
      const had = this.ys[i]
      aisleCosts(this.frame, had ?? NONE, f.ys[k])
      const r = costRet
      const g = costGap
      if (had) {
        sumRet += r - this.ret[i]
        sumGap += g - this.gap[i]
      } else {
        count++
        sumRet += r
        sumGap += g
      }
      if (i <= lo) {
        lo = i
        gapLo = g
      }
      if (i >= hi) {
        hi = i
        gapHi = g
        retHi = r
      }
    }
    let offLo = this.offLo
    let offHi = this.offHi
    for (const x of f.offX) {
      if (x < offLo) offLo = x
      if (x > offHi) offHi = x
    }
    return estimate(this.frame, count, sumRet, sumGap, lo, hi, gapLo, gapHi, retHi, offLo, offHi)
  }

  add(f: Footprint, member: number) {
    for (let k = 0; k < f.aisles.length; k++) {
      const i = f.aisles[k]
      const had = this.ys[i]
      const ys = had ? merge(had, f.ys[k]) : f.ys[k].slice()
      this.setAisle(i, ys)
    }
    for (const x of f.offX) {
      if (x < this.offLo) this.offLo = x
      if (x > this.offHi) this.offHi = x
    }
    this.members.push(member)
  }

  private setAisle(i: number, ys: number[] | undefined) {
    const had = this.ys[i]
    if (had) {
      this.count--
      this.sumRet -= this.ret[i]
      this.sumGap -= this.gap[i]
    }
    this.ys[i] = ys && ys.length ? ys : undefined
    if (this.ys[i]) {
      aisleCosts(this.frame, ys as number[], NONE)
      const r = costRet
      const g = costGap
      this.ret[i] = r
      this.gap[i] = g
      this.count++
      this.sumRet += r
      this.sumGap += g
      if (i < this.lo) this.lo = i
      if (i > this.hi) this.hi = i
    } else {
      this.ret[i] = 0
      this.gap[i] = 0
    }
  }
}

function estimate(
  frame: Frame,
  count: number,
  sumRet: number,
  sumGap: number,
  lo: number,
  hi: number,
  gapLo: number,
  gapHi: number,
  retHi: number,
  offLo: number,
  offHi: number,
): number {
  if (!count && offLo > offHi) return 0
  const { xs, length, startX, endX } = frame
  const left = Math.min(startX, endX, offLo, count ? xs[lo] : Infinity)
  const right = Math.max(startX, endX, offHi, count ? xs[hi] : -Infinity)
  // out to the farthest place and back along the cross-aisles (less the stretch between start and end, walked once)
  const across = 2 * (right - left) - Math.abs(startX - endX)
  if (!count) return across
  // one aisle: in and out from the front (walking through it would need another aisle back)
  if (count === 1) return across + sumRet
  const returns = sumRet
  const largestGap = sumGap - gapLo - gapHi + 2 * length
  const sShape = count % 2 === 0 ? count * length : (count - 1) * length + retHi
  return across + Math.min(returns, largestGap, sShape)
}

/**
 * The estimated walk of a cart holding these orders (metres over their placed stops; the figure the batching
 * minimises). An estimate, not the planned path (§18.3), which is usually a little shorter.
 */
export function estimateMetres(orders: readonly BatchingOrder[], route: BatchingRoute): number {
  const frame = frameOf(route)
  const cart = new Cart(frame)
  orders.forEach((o, i) => cart.add(footprintOf(route, frame, o.stops), i))
  return cart.metres()
}

/** How many orders, the first not yet on a cart, a cart chooses among (see proximityBatches). */
export const WINDOW = 500

/** Each order's class number: consecutive orders with the same urgency share one (0 for the most urgent). */
function classesOf(orders: readonly BatchingOrder[]): number[] {
  const classOf: number[] = []
  let c = -1
  orders.forEach((o, i) => {
    if (i === 0 || o.urgency !== orders[i - 1].urgency) c++
    classOf.push(c)
  })
  return classOf
}

/**
 * Proximity batches (seed and grow, then swaps): indexes into `orders`, each cart's in the order given. `orders`
 * must come in the order taken (most urgent first); see the module's comment for how urgency is kept. Without a
 * route the carts are the order given.
 */
export function proximityBatches(orders: readonly BatchingOrder[], totes: number, route: BatchingRoute | null, options: BatchingOptions = {}): number[][] {
  const size = Math.max(1, Math.floor(totes))
  const ids = orders.map((_, i) => i)
  if (!route || orders.length <= size) return splitBatches(ids, size)
  const frame = frameOf(route)
  const footprints = orders.map((o) => footprintOf(route, frame, o.stops))
  const classOf = classesOf(orders)
  const alone = footprints.map((f) => {
    const c = new Cart(frame)
    return c.metresWith(f)
  })
  const taken = new Uint8Array(orders.length)
  // the first order not yet taken (classes are consecutive, so the most urgent class left is this one's)
  let first = 0
  const carts: Cart[] = []
  while (first < orders.length) {
    const cart = new Cart(frame)
    const cls = classOf[first]
    let classEnd = first
    let left = 0
    while (classEnd < orders.length && classOf[classEnd] === cls) {
      if (!taken[classEnd]) left++
      classEnd++
    }
    const take = (i: number) => {
      cart.add(footprints[i], i)
      taken[i] = 1
    }
    // the pool a cart chooses from: the class left when it fills more than a cart, else all of it and the next class's
    let poolStart = first
    let poolEnd = classEnd
    const window = options.window ?? WINDOW
    if (left <= size) {
      for (let i = first; i < classEnd; i++) if (!taken[i]) take(i)
      poolStart = classEnd
      poolEnd = classEnd
      while (poolStart < orders.length && cart.members.length < size) {
        const c = classOf[poolStart]
        poolEnd = poolStart
        let n = 0
        while (poolEnd < orders.length && classOf[poolEnd] === c) {
          if (!taken[poolEnd]) n++
          poolEnd++
        }
        if (cart.members.length + n > size) break
        for (let i = poolStart; i < poolEnd; i++) if (!taken[i]) take(i)
        poolStart = poolEnd
      }
    } else {
      // the seed: the order of the pool that walks farthest alone (ties: the first)
      let seed = -1
      let seen = 0
      for (let i = poolStart; i < poolEnd && seen < window; i++) {
        if (taken[i]) continue
        seen++
        if (seed < 0 || alone[i] > alone[seed]) seed = i
      }
      take(seed)
    }
    // grow: the order adding the least walk (ties: the first)
    while (cart.members.length < size && poolStart < poolEnd) {
      const base = cart.metres()
      let best = -1
      let bestAdd = Infinity
      let seen = 0
      for (let i = poolStart; i < poolEnd && seen < window; i++) {
        if (taken[i]) continue
        seen++
        const add = cart.metresWith(footprints[i]) - base
        if (add < bestAdd - 1e-9) [best, bestAdd] = [i, add]
      }
      if (best < 0) break
      take(best)
    }
    while (first < orders.length && taken[first]) first++
    carts.push(cart)
  }
  if (options.improve !== false) swapPass(carts, footprints, classOf, options.reach ?? SWAP_REACH)
  return carts.map((c) => [...c.members].sort((a, b) => a - b))
}

/** How many carts after it each cart trades orders with in the swap pass. */
export const SWAP_REACH = 4
const SWEEPS = 2

/**
 * Exchanges an order of one cart with an order of the same class on one of the next SWAP_REACH carts when the two
 * carts' estimated walks then sum to less (the best exchange of the pair first, again while one helps); two sweeps.
 * An exchange within one class keeps urgency: both carts already hold an order of that class. Each cart's estimate without each of its orders is kept, so pricing an exchange is two additions of an
 * order's aisles.
 */
function swapPass(carts: Cart[], footprints: readonly Footprint[], classOf: readonly number[], reach: number) {
  const eps = 1e-6
  const n = carts.length
  const metres = carts.map((c) => c.metres())
  const without = carts.map((c) =>
    c.members.map((x) =>
      withMembers(
        c.frame,
        c.members.filter((m) => m !== x),
        footprints,
      ),
    ),
  )
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    let any = false
    for (let a = 0; a < n; a++)
      for (let b = a + 1; b < n && b <= a + reach; b++) {
        for (;;) {
          const ca = carts[a]
          const cb = carts[b]
          let best: [number, number, number, number] | null = null
          let bestSum = metres[a] + metres[b] - eps
          for (let i = 0; i < ca.members.length; i++)
            for (let j = 0; j < cb.members.length; j++) {
              const x = ca.members[i]
              const y = cb.members[j]
              if (classOf[x] !== classOf[y]) continue
              const ma = without[a][i].metresWith(footprints[y])
              if (ma >= bestSum) continue
              const mb = without[b][j].metresWith(footprints[x])
              if (ma + mb < bestSum) [best, bestSum] = [[i, j, ma, mb], ma + mb]
            }
          if (!best) break
          const [i, j, ma, mb] = best
          const x = ca.members[i]
          const y = cb.members[j]
          const na = ca.members.map((m) => (m === x ? y : m))
          const nb = cb.members.map((m) => (m === y ? x : m))
          carts[a] = withMembers(ca.frame, na, footprints)
          carts[b] = withMembers(cb.frame, nb, footprints)
          without[a] = na.map((z) =>
            withMembers(
              ca.frame,
              na.filter((m) => m !== z),
              footprints,
            ),
          )
          without[b] = nb.map((z) =>
            withMembers(
              cb.frame,
              nb.filter((m) => m !== z),
              footprints,
            ),
          )
          metres[a] = ma
          metres[b] = mb
          any = true
        }
      }
    if (!any) break
  }
}

function withMembers(frame: Frame, members: readonly number[], footprints: readonly Footprint[]): Cart {
  const c = new Cart(frame)
  for (const m of members) c.add(footprints[m], m)
  return c
}

export type ChosenBatches<P> = {
  /** each cart's orders (indexes into the orders given, in that order) and its plan */
  batches: { orders: number[]; plan: P }[]
  /** whether the proximity carts were kept (else the carts are the order given) */
  proximity: boolean
  /** the planned metres of the carts kept, and of the carts in the order given */
  metres: number
  givenMetres: number
}

/**
 * The carts the product picks with (SPEC 19.2, 19.3): proximity batches when their planned paths sum to fewer metres
 * than the order given's (strictly: ties keep the order given), else the order given. `plan` plans one cart's path
 * (§18.3) and is called once per distinct cart.
 */
export function chooseBatches<P extends { metres: number }>(
  orders: readonly BatchingOrder[],
  totes: number,
  route: BatchingRoute | null,
  plan: (orders: number[]) => P,
  options: BatchingOptions = {},
): ChosenBatches<P> {
  const given = splitBatches(
    orders.map((_, i) => i),
    totes,
  )
  const planned = new Map<string, P>()
  const planOf = (b: number[]) => {
    const key = b.join(',')
    let p = planned.get(key)
    if (!p) planned.set(key, (p = plan(b)))
    return p
  }
  const sum = (bs: number[][]) => bs.reduce((s, b) => s + planOf(b).metres, 0)
  const givenMetres = sum(given)
  const near = route ? proximityBatches(orders, totes, route, options) : given
  const nearMetres = sum(near)
  const proximity = nearMetres < givenMetres - 1e-9
  const kept = proximity ? near : given
  return {
    batches: kept.map((b) => ({ orders: b, plan: planOf(b) })),
    proximity,
    metres: proximity ? nearMetres : givenMetres,
    givenMetres,
  }
}
