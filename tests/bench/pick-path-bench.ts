/**
 * Pick paths simulated (SPEC 18.3, ADR 0022): `npm run bench -- pick-path` (or `--pick-path-only`). A generated
 * warehouse of 40 aisles x 50 bays x 5 levels under the default layout rule, one product per location slotted at
 * random (no ABC slotting: the walk is the planner's to save), 2,000 orders of 1-8 lines drawn with a Pareto skew
 * (20% of the products make 80% of the lines), batched 8 orders to a cart, each cart starting and ending at the
 * front of aisle 1. Prints the metres walked per strategy and the ratio to the code-order baseline; the planner's
 * gap to the exact optimum (Ratliff & Rosenthal's dynamic programme) on a 200-order sample; and the time to plan a
 * batch of 8 orders x 8 lines. Seeded: every run draws the same warehouse and orders.
 *
 * Pure CPU, no database: the planner is the same function the server calls (contracts/layout/pick-path.ts).
 */
import { performance } from 'node:perf_hooks'
import { DEFAULT_LAYOUT_RULE, crossAisles, placePosition } from '../../contracts/layout/layout-rule.rules'
import { optimalTourMetres } from '../../contracts/layout/optimal-route'
import { PICK_STRATEGIES, planPickPath, type PickStop } from '../../contracts/layout/pick-path'
import { makeWalk, type Walk, type WalkAisle, type WalkPoint } from '../../contracts/layout/walk-graph'
// the demo data's seeded generator (mulberry32): the same carts on every machine
import { rng } from '../../server/db/demo-data/random'

const AISLES = 40
const BAYS = 50
const LEVELS = 5
export const ORDERS = 2000
export const ORDERS_PER_CART = 8
const SAMPLE_ORDERS = 200
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

const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(10)
const pct = (n: number) => `${(n * 100).toFixed(1)}%`

export function benchPickPath() {
  console.log('\nPick paths (SPEC 18.3): 40 aisles x 50 bays x 5 levels, 2,000 orders of 1-8 lines (20% of products = 80% of lines), 8 orders per cart')
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
    const byAisle = new Map<number, number[]>()
    for (const s of stops) {
      const i = walk.aisleIndex(s.point as WalkPoint)
      byAisle.set(i, [...(byAisle.get(i) ?? []), (s.point as WalkPoint).y])
    }
    const exact = optimalTourMetres(layout, byAisle)
    allExact += exact
    if (bi < sampleBatches) {
      sampleBaseline += plan.baselineMetres
      samplePlanner += plan.metres
      sampleExact += exact
      worstGap = Math.max(worstGap, plan.metres / exact - 1)
    }
  })
  console.log(`  ${'strategy'.padEnd(34)} ${'metres'.padStart(10)}  vs code order`)
  const row = (name: string, m: number) => console.log(`  ${name.padEnd(34)} ${fmt(m)}  ${(m / baseline).toFixed(3)}`)
  row('code order (baseline)', baseline)
  for (const s of PICK_STRATEGIES) {
    if (s !== 'code_order') row(s.replace('_', '-'), raw.get(s) ?? 0)
    row(`${s.replace('_', '-')} + 2-opt/Or-opt`, improved.get(s) ?? 0)
  }
  row('planner (shortest per batch)', planner)
  const saving = 1 - planner / baseline
  console.log(`  planner saves ${pct(saving)} of the code-order walk (goal at least ${pct(GOAL_SAVING)}): ${saving >= GOAL_SAVING ? 'ok' : 'MISSED'}`)
  // the most any routing can save on these carts: the exact optimum of every cart (cheap, linear in the aisles)
  console.log(`  exact optimum of every cart: ${fmt(allExact).trim()} m, ${pct(1 - allExact / baseline)} less than code order (the most routing alone can save here)`)
  console.log(`  winning strategy per batch: ${[...wins.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ')}`)
  const gap = samplePlanner / sampleExact - 1
  console.log(
    `  exact optimum (Ratliff-Rosenthal DP) on the first ${SAMPLE_ORDERS} orders (${sampleBatches} carts): ${fmt(sampleExact).trim()} m; ` +
      `planner ${fmt(samplePlanner).trim()} m (+${pct(gap)}, worst cart +${pct(worstGap)}), code order ${fmt(sampleBaseline).trim()} m; goal within ${pct(GOAL_GAP)}: ${gap <= GOAL_GAP ? 'ok' : 'MISSED'}`,
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
