/**
 * Pick paths and batching simulated (SPEC 18.3, 18.4, 19.2, ADR 0022): `npm run bench -- pick-path` (or
 * `--pick-path-only`). A generated warehouse of 40 aisles x 50 bays x 5 levels under the default layout rule, one
 * product per location slotted at random (no ABC slotting: the walk is the planner's to save), 2,000 orders of 1-8
 * lines drawn with a Pareto skew (20% of the products make 80% of the lines), 8 orders to a cart, each cart starting
 * and ending at the front of aisle 1.
 *
 * The baseline is what a person did before the product directed the work: carts of 8 orders in arrival order (first
 * come, first batched) walked in location-code order. Prints, on those carts, the metres walked per routing strategy
 * and the ratio to the baseline (what routing alone saves); then the product's carts (proximity batches,
 * contracts/shipping/order-batching.ts, as the wave plan and the release choose them) walked in code order (what
 * batching alone saves) and by the planner (the product's full directing: the goal line); the exact optimum
 * (Ratliff & Rosenthal's dynamic programme) of every cart of both batchings and the planner's gap to it on the
 * product's first 25 carts; the time to batch the 2,000 orders and a release-sized wave of 500 orders x 5 lines; and
 * the time to plan a batch of 8 orders x 8 lines. Seeded: every run draws the same warehouse and orders.
 *
 * Pure CPU, no database: the batching and the planner are the functions the server calls.
 */
import { performance } from 'node:perf_hooks'
import { DEFAULT_LAYOUT_RULE, crossAisles, placePosition } from '../../contracts/layout/layout-rule.rules'
import { optimalTourMetres } from '../../contracts/layout/optimal-route'
import { PICK_STRATEGIES, planPickPath, type PickStop } from '../../contracts/layout/pick-path'
import { makeWalk, type Walk, type WalkAisle, type WalkLayout, type WalkPoint } from '../../contracts/layout/walk-graph'
import { chooseBatches, proximityBatches } from '../../contracts/shipping/order-batching'
// the demo data's seeded generator (mulberry32): the same carts on every machine
import { rng } from '../../server/db/demo-data/random'

const AISLES = 40
const BAYS = 50
const LEVELS = 5
export const ORDERS = 2000
export const ORDERS_PER_CART = 8
const SAMPLE_ORDERS = 200
const RELEASE_ORDERS = 500
const RELEASE_LINES = 5
const GOAL_RELEASE_BATCHING_MS = 1000
const GOAL_SAVING = 0.25
const GOAL_GAP = 0.1
const GOAL_PLAN_MS = 50

const pad = (n: number) => String(n).padStart(2, '0')

export type Slot = { code: string; point: WalkPoint }

/** The simulated warehouse (also the slotting simulation's, tests/bench/slotting-bench.ts). */
export function warehouse() {
  const rule = DEFAULT_LAYOUT_RULE
  const slots: Slot[] = []
  let maxY = 0
  for (let a = 1; a <= AISLES; a++)
    for (let b = 1; b <= BAYS; b++)
      for (let l = 1; l <= LEVELS; l++) {
        const p = placePosition(rule, { zone: 'A', aisle: a, bay: b, level: l })
        maxY = Math.max(maxY, p.y)
        slots.push({ code: `A${pad(a)}-${pad(b)}-${pad(l)}`, point: { aisle: a, x: p.x, y: p.y } })
      }
  const aisles: WalkAisle[] = Array.from({ length: AISLES }, (_, i) => ({ aisle: i + 1, x: placePosition(rule, { zone: null, aisle: i + 1, bay: 1, level: 1 }).x, direction: 'both' }))
  return { slots, layout: { aisles, ...crossAisles(rule, maxY) } }
}

/** Orders of 1-8 lines of distinct products; a line's product is a top-20% one with probability 0.8. */
export function orders(rand: () => number, products: number, count: number, minLines = 1, maxLines = 8): number[][] {
  const hot = Math.round(products * 0.2)
  const draw = () => (rand() < 0.8 ? Math.floor(rand() * hot) : hot + Math.floor(rand() * (products - hot)))
  return Array.from({ length: count }, () => {
    const n = minLines + Math.floor(rand() * (maxLines - minLines + 1))
    const set = new Set<number>()
    while (set.size < n) set.add(draw())
    return [...set]
  })
}

export function batchStops(slots: Slot[], slotOf: number[], batch: number[][]): PickStop[] {
  const seen = new Map<string, PickStop>()
  for (const order of batch)
    for (const product of order) {
      const s = slots[slotOf[product]]
      seen.set(s.code, { code: s.code, point: s.point })
    }
  return [...seen.values()]
}

/** The exact optimum (Ratliff & Rosenthal) of a cart's stops, from the front of aisle 1 and back. */
function exactMetres(walk: Walk, layout: WalkLayout, stops: PickStop[]): number {
  const byAisle = new Map<number, number[]>()
  for (const s of stops) {
    const i = walk.aisleIndex(s.point as WalkPoint)
    byAisle.set(i, [...(byAisle.get(i) ?? []), (s.point as WalkPoint).y])
  }
  return optimalTourMetres(layout, byAisle)
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since)
  return (c.user + c.system) / 1000
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(10)
const pct = (n: number) => `${(n * 100).toFixed(1)}%`

export function benchPickPath() {
  console.log('\nPick paths and batching (SPEC 18.3, 19.2): 40 aisles x 50 bays x 5 levels, 2,000 orders of 1-8 lines (20% of products = 80% of lines), 8 orders per cart')
  const { slots, layout } = warehouse()
  const walk: Walk = makeWalk(layout)
  const start: WalkPoint = { aisle: null, x: layout.aisles[0].x, y: layout.frontY }
  const rand = rng(20261202).next
  // one product per location, slotted at random
  const slotOf = Array.from({ length: slots.length }, (_, i) => i)
  for (let i = slotOf.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[slotOf[i], slotOf[j]] = [slotOf[j], slotOf[i]]
  }
  const all = orders(rand, slots.length, ORDERS)
  const batches: number[][][] = []
  for (let i = 0; i < all.length; i += ORDERS_PER_CART) batches.push(all.slice(i, i + ORDERS_PER_CART))

  const raw = new Map<string, number>(PICK_STRATEGIES.map((s) => [s, 0]))
  const improved = new Map<string, number>(PICK_STRATEGIES.map((s) => [s, 0]))
  let baseline = 0
  let planner = 0
  let sampleBaseline = 0
  let samplePlanner = 0
  let sampleExact = 0
  let worstGap = 0
  let allExact = 0
  const wins = new Map<string, number>()
  const sampleBatches = SAMPLE_ORDERS / ORDERS_PER_CART
  batches.forEach((batch, bi) => {
    const stops = batchStops(slots, slotOf, batch)
    const plan = planPickPath(walk, stops, { start })
    baseline += plan.baselineMetres
    planner += plan.metres
    for (const s of plan.strategies) {
      raw.set(s.strategy, (raw.get(s.strategy) ?? 0) + s.metres)
      improved.set(s.strategy, (improved.get(s.strategy) ?? 0) + s.improvedMetres)
    }
    const won = `${plan.strategy}${plan.improved ? ' + 2-opt/Or-opt' : ''}`
    wins.set(won, (wins.get(won) ?? 0) + 1)
    const exact = exactMetres(walk, layout, stops)
    allExact += exact
    if (bi < sampleBatches) {
      sampleBaseline += plan.baselineMetres
      samplePlanner += plan.metres
      sampleExact += exact
      worstGap = Math.max(worstGap, plan.metres / exact - 1)
    }
  })
  console.log(`  carts of 8 orders in arrival order (first come, first batched):`)
  console.log(`  ${'strategy'.padEnd(44)} ${'metres'.padStart(10)}  vs baseline`)
  const row = (name: string, m: number) => console.log(`  ${name.padEnd(44)} ${fmt(m)}  ${(m / baseline).toFixed(3)}`)
  row('code order (baseline)', baseline)
  for (const s of PICK_STRATEGIES) {
    if (s !== 'code_order') row(s.replace('_', '-'), raw.get(s) ?? 0)
    row(`${s.replace('_', '-')} + 2-opt/Or-opt`, improved.get(s) ?? 0)
  }
  row('planner (shortest per batch)', planner)
  const routing = 1 - planner / baseline
  console.log(`  exact optimum of every cart: ${fmt(allExact).trim()} m, ${pct(1 - allExact / baseline)} less than the baseline (the most routing alone can save on these carts)`)
  console.log(`  winning strategy per batch: ${[...wins.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ')}`)

  // the product's carts (SPEC 19.2, 19.3): proximity batches, kept when their planned paths walk less than arrival order
  const route = { walk, start }
  const asOrders = all.map((o) => ({ stops: batchStops(slots, slotOf, [o]), urgency: 0 }))
  let c0 = process.cpuUsage()
  let t0 = performance.now()
  proximityBatches(asOrders, ORDERS_PER_CART, route)
  const batchWall = performance.now() - t0
  const batchCpu = cpuMs(c0)
  c0 = process.cpuUsage()
  t0 = performance.now()
  const chosen = chooseBatches(asOrders, ORDERS_PER_CART, route, (b) => planPickPath(walk, batchStops(slots, slotOf, b.map((i) => all[i])), { start }))
  const chooseWall = performance.now() - t0
  const chooseCpu = cpuMs(c0)
  let nearCode = 0
  let nearPlanner = 0
  let nearExact = 0
  let nearSampleExact = 0
  let nearSamplePlanner = 0
  let nearWorstGap = 0
  chosen.batches.forEach((b, bi) => {
    nearCode += b.plan.baselineMetres
    nearPlanner += b.plan.metres
    const exact = exactMetres(walk, layout, batchStops(slots, slotOf, b.orders.map((i) => all[i])))
    nearExact += exact
    if (bi < sampleBatches) {
      nearSampleExact += exact
      nearSamplePlanner += b.plan.metres
      nearWorstGap = Math.max(nearWorstGap, b.plan.metres / exact - 1)
    }
  })
  console.log(`  the product's carts: proximity batches (seed and grow, then swaps; ${chosen.proximity ? 'kept: they walk less than arrival order' : 'NOT kept: arrival order walks less'}):`)
  row('proximity batches, code order', nearCode)
  row('proximity batches + planner (the product)', nearPlanner)
  console.log(`  exact optimum of every proximity cart: ${fmt(nearExact).trim()} m, ${pct(1 - nearExact / baseline)} less than the baseline`)
  const batching = 1 - nearCode / baseline
  const saving = 1 - nearPlanner / baseline
  console.log(
    `  saved against the baseline: routing alone ${pct(routing)}, batching alone ${pct(batching)}, both ${pct(saving)} ` +
      `(on the proximity carts the planner saves a further ${pct(1 - nearPlanner / nearCode)} of their code-order walk)`,
  )
  console.log(`  the product's directing (batching + routing) saves ${pct(saving)} of the baseline walk (goal at least ${pct(GOAL_SAVING)}): ${saving >= GOAL_SAVING ? 'ok' : 'MISSED'}`)
  const gap = nearSamplePlanner / nearSampleExact - 1
  console.log(
    `  exact optimum (Ratliff-Rosenthal DP) of the product's first ${sampleBatches} carts (${sampleBatches * ORDERS_PER_CART} orders): ${fmt(nearSampleExact).trim()} m; ` +
      `planner ${fmt(nearSamplePlanner).trim()} m (+${pct(gap)}, worst cart +${pct(nearWorstGap)}); goal within ${pct(GOAL_GAP)}: ${gap <= GOAL_GAP ? 'ok' : 'MISSED'}`,
  )
  console.log(
    `  (on the first ${SAMPLE_ORDERS} orders in arrival order, ${sampleBatches} carts: optimum ${fmt(sampleExact).trim()} m, planner ${fmt(samplePlanner).trim()} m ` +
      `(+${pct(samplePlanner / sampleExact - 1)}, worst cart +${pct(worstGap)}), code order ${fmt(sampleBaseline).trim()} m)`,
  )
  console.log(
    `  batching the ${ORDERS.toLocaleString('en-US')} orders: wall ${batchWall.toFixed(0)} ms (CPU ${batchCpu.toFixed(0)} ms); ` +
      `with planning every cart of both batchings to choose: wall ${chooseWall.toFixed(0)} ms (CPU ${chooseCpu.toFixed(0)} ms)`,
  )
  // a release-sized wave (SPEC 19.3): 500 orders x 5 lines batched and planned as the release does (both batchings planned)
  const wave = orders(rand, slots.length, RELEASE_ORDERS, RELEASE_LINES, RELEASE_LINES)
  const waveOrders = wave.map((o) => ({ stops: batchStops(slots, slotOf, [o]), urgency: 0 }))
  c0 = process.cpuUsage()
  t0 = performance.now()
  // the release builds the walk once (wave-release.ts)
  const releaseWalk = makeWalk(layout)
  const released = chooseBatches(waveOrders, ORDERS_PER_CART, { walk: releaseWalk, start }, (b) =>
    planPickPath(releaseWalk, batchStops(slots, slotOf, b.map((i) => wave[i])), { start }),
  )
  const releaseWall = performance.now() - t0
  console.log(
    `  a wave of ${RELEASE_ORDERS} orders x ${RELEASE_LINES} lines batched and planned as the release does: wall ${releaseWall.toFixed(0)} ms (CPU ${cpuMs(c0).toFixed(0)} ms), ` +
      `${pct(1 - released.metres / released.givenMetres)} less walk than carts in arrival order; goal well under ${GOAL_RELEASE_BATCHING_MS} ms: ${releaseWall < GOAL_RELEASE_BATCHING_MS ? 'ok' : 'MISSED'}`,
  )

  // time to plan a cart of 8 orders x 8 lines (64 lines), the walk over the layout built each time as the server does;
  // wall time and this process's CPU time (what the machine's other work does not stretch)
  const timed = orders(rand, slots.length, 8 * 60, 8, 8)
  const times: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < timed.length; i += 8) {
    const stops = batchStops(slots, slotOf, timed.slice(i, i + 8))
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    planPickPath(makeWalk(layout), stops, { start })
    times.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
  }
  // warm-up
  times.splice(0, 10)
  cpu.splice(0, 10)
  const pick = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]
  const p95 = pick(times, 0.95)
  console.log(
    `  plan a cart of 8 orders x 8 lines (${times.length} carts after warm-up): wall median ${pick(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${pick(times, 1).toFixed(1)} ms; ` +
      `CPU median ${pick(cpu, 0.5).toFixed(1)} ms, p95 ${pick(cpu, 0.95).toFixed(1)} ms; goal at most ${GOAL_PLAN_MS} ms (p95 wall): ${p95 <= GOAL_PLAN_MS ? 'ok' : 'MISSED'}`,
  )
}
