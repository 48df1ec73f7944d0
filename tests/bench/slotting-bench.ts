/**
 * Slotting simulated (docs/requirements.md §20.4): `npm run bench -- slotting` (or `--slotting-only`). The pick-path
 * simulation's warehouse and order profile (tests/bench/pick-path-bench.ts: 40 aisles × 50 bays × 5 levels, one
 * product per location slotted at random, orders of 1-8 lines where 20% of the products make 80% of the lines,
 * 8 orders per cart from the front of aisle 1 and back). A week of orders gives the velocity; the slotting module
 * (contracts/layout/slotting.ts) suggests swaps; the NEXT week's orders are walked by the planner (the server's
 * pick-path function) before and after applying the top suggestions. Prints the metres and the saving; the goal is
 * at least 15% less walking. Seeded: every run draws the same warehouse and weeks.
 *
 * Pure CPU, no database.
 */
import { planPickPath } from '../../contracts/layout/pick-path'
import { applySuggestions, slotting, type SlottingPlacement } from '../../contracts/layout/slotting'
import { makeWalk, type WalkPoint } from '../../contracts/layout/walk-graph'
import { rng } from '../../server/db/demo-data/random'
import { ORDERS, ORDERS_PER_CART, batchStops, orders, warehouse } from './pick-path-bench'

const GOAL_SAVING = 0.15
/** The suggestions applied (best first; each swap is 2 move tasks). The goal is read at 2,000: about the A class (§20.4). */
const TOPS = [250, 500, 1000, 2000]
const GOAL_TOP = 2000
const HISTORY_WEEKS = 4

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const pct = (n: number) => `${(n * 100).toFixed(1)}%`

export function benchSlotting() {
  console.log(`\nSlotting (§20.4): the pick-path warehouse (40 aisles x 50 bays x 5 levels, one product per location at random), ${ORDERS.toLocaleString('en-US')} orders a week, ${ORDERS_PER_CART} per cart`)
  const t0 = performance.now()
  const { slots, layout } = warehouse()
  const walk = makeWalk(layout)
  const start: WalkPoint = { aisle: null, x: layout.aisles[0].x, y: layout.frontY }
  const rand = rng(20261203).next
  const slotOf = Array.from({ length: slots.length }, (_, i) => i)
  for (let i = slotOf.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[slotOf[i], slotOf[j]] = [slotOf[j], slotOf[i]]
  }
  // the endpoint's default window is 30 days: four weeks of history
  const lastWeek = orders(rand, slots.length, ORDERS * HISTORY_WEEKS)
  const nextWeek = orders(rand, slots.length, ORDERS)

  // velocity: last week's lines per product; a face's cost: the walk from the start to it and back (§20.4)
  const lines = new Array<number>(slots.length).fill(0)
  for (const o of lastWeek) for (const p of o) lines[p] += 1 / HISTORY_WEEKS
  const faces = slots.map((s, i) => ({ id: i, cost: walk.distance(start, s.point) + walk.distance(s.point, start) }))
  const placements: SlottingPlacement[] = slotOf.map((face, product) => ({ product, face }))
  const t1 = performance.now()
  const result = slotting({ products: lines.map((l, id) => ({ id, lines: l })), faces, placements })
  const computeMs = performance.now() - t1
  const classes = [...result.classes.values()]
  const count = (c: string) => classes.filter((x) => x === c).length
  console.log(
    `  velocity from the last ${HISTORY_WEEKS} weeks: ${lastWeek.reduce((s, o) => s + o.length, 0).toLocaleString('en-US')} lines; ABC: A ${count('A')}, B ${count('B')}, C ${count('C')} products; ` +
      `${result.suggestions.length.toLocaleString('en-US')} suggestions computed in ${computeMs.toFixed(0)} ms (estimated ${fmt(result.metres_per_week - result.metres_per_week_after)} m/week of single-line trips saved)`,
  )

  const walkWeek = (placement: readonly SlottingPlacement[]) => {
    const at = new Array<number>(slots.length)
    for (const pl of placement) at[pl.product as number] = pl.face as number
    let metres = 0
    for (let i = 0; i < nextWeek.length; i += ORDERS_PER_CART) metres += planPickPath(walk, batchStops(slots, at, nextWeek.slice(i, i + ORDERS_PER_CART)), { start }).metres
    return metres
  }
  const before = walkWeek(placements)
  console.log(`  next week's carts walked by the planner, random slotting (baseline): ${fmt(before)} m`)
  let goalSaving = 0
  for (const top of [...TOPS, result.suggestions.length]) {
    const applied = result.suggestions.slice(0, top)
    const moves = applied.reduce((s, x) => s + x.moves.length, 0)
    const after = walkWeek(applySuggestions(placements, applied))
    const saving = 1 - after / before
    if (top === GOAL_TOP) goalSaving = saving
    console.log(`  after the top ${applied.length.toLocaleString('en-US').padStart(5)} suggestions (${moves.toLocaleString('en-US').padStart(5)} product moves): ${fmt(after).padStart(9)} m, ${pct(saving)} less`)
  }
  console.log(
    `  goal: at least ${pct(GOAL_SAVING)} less walking after the top ${GOAL_TOP.toLocaleString('en-US')} suggestions: ${pct(goalSaving)} ${goalSaving >= GOAL_SAVING ? 'ok' : 'MISSED'} (simulation ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  )
}
