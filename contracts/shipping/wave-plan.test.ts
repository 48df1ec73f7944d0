/**
 * SPEC 19.2: the wave planner, pure, on examples (the property over random plans is
 * server/modules/shipping/wave-plan.property.test.ts: contracts/ imports no test framework beyond vitest).
 */
import { describe, expect, it } from 'vitest'
import { makeWalk, type WalkLayout } from '../layout/walk-graph'
import { planPickPath } from '../layout/pick-path'
import { splitBatches } from './order-batching'
import { groupOf, planWaves, summariseWave, withinLimits, type PlanOrder, type PlanRoute, type PlanRules } from './wave-plan'

const layout: WalkLayout = { aisles: Array.from({ length: 4 }, (_, i) => ({ aisle: i + 1, x: i * 3, direction: 'both' as const })), frontY: 0, backY: 30 }
const route: PlanRoute = { walk: makeWalk(layout), start: { aisle: null, x: 0, y: 0 } }
const at = (aisle: number, y: number) => ({ code: `A${aisle}-${y}`, point: { aisle, x: (aisle - 1) * 3, y } })

let next = 1
function order(o: Partial<PlanOrder> = {}): PlanOrder {
  const id = o.id ?? next++
  return {
    id,
    code: o.code ?? `SO-${String(id).padStart(3, '0')}`,
    priority: 0,
    dueAt: null,
    shipDate: null,
    carrier: null,
    zone: null,
    lines: 1,
    units: 1,
    weight: 1,
    volume: 0.01,
    stops: [at(1, 5)],
    ...o,
  }
}

const rules = (r: Partial<PlanRules> = {}): PlanRules => ({ groupBy: [], totes: 8, ...r })

describe('wave planner (SPEC 19.2)', () => {
  it('takes orders by priority, then due time, ship date and code', () => {
    const a = order({ code: 'B', priority: 0, dueAt: '2026-12-01T10:00' })
    const b = order({ code: 'A', priority: 5, dueAt: null })
    const c = order({ code: 'C', priority: 0, dueAt: '2026-12-01T09:00' })
    const d = order({ code: 'D', priority: 0, dueAt: null, shipDate: null })
    const e = order({ code: 'A0', priority: 0, dueAt: '2026-12-01T09:00' })
    const plan = planWaves([a, b, c, d, e], rules(), route)
    expect(plan.waves).toHaveLength(1)
    expect(plan.waves[0].orders).toEqual([b.id, e.id, c.id, a.id, d.id])
  })

  it('groups by the chosen keys only, each group its own waves', () => {
    const o = [order({ carrier: 1, zone: 'A' }), order({ carrier: 2, zone: 'A' }), order({ carrier: 1, zone: 'B' }), order({ carrier: 1, zone: 'A' })]
    const byCarrier = planWaves(o, rules({ groupBy: ['carrier'] }), route)
    expect(byCarrier.waves.map((w) => [w.key, w.orders])).toEqual([
      [{ carrier: 1 }, [o[0].id, o[2].id, o[3].id]],
      [{ carrier: 2 }, [o[1].id]],
    ])
    const both = planWaves(o, rules({ groupBy: ['zone', 'carrier'] }), route)
    expect(both.waves.map((w) => w.key)).toEqual([
      { carrier: 1, zone: 'A' },
      { carrier: 2, zone: 'A' },
      { carrier: 1, zone: 'B' },
    ])
    expect(groupOf(order({ priority: 3, shipDate: '2026-12-03' }), ['priority', 'ship_date'])).toEqual({ ship_date: '2026-12-03', priority: 3 })
  })

  it('opens the next wave of a group when a limit would break, and leaves out what breaks one alone', () => {
    const o = [order({ lines: 3, weight: 10 }), order({ lines: 3, weight: 10 }), order({ lines: 3, weight: 10 }), order({ lines: 12 }), order({ weight: 40.5 })]
    const plan = planWaves(o, rules({ maxLines: 7, maxWeight: 25 }), route)
    expect(plan.waves.map((w) => w.orders)).toEqual([[o[0].id, o[1].id], [o[2].id]])
    expect(plan.leftOut).toEqual([
      { order: o[3].id, reason: 'too_big' },
      { order: o[4].id, reason: 'too_big' },
    ])
    expect(planWaves(o.slice(0, 3), rules({ maxOrders: 1 }), route).waves).toHaveLength(3)
    expect(planWaves([order({ volume: 0.3 }), order({ volume: 0.3 })], rules({ maxVolume: 0.5 }), route).waves).toHaveLength(2)
  })

  it('leaves out an order with nothing to pick', () => {
    const none = order({ stops: [] })
    const plan = planWaves([none, order()], rules(), route)
    expect(plan.leftOut).toEqual([{ order: none.id, reason: 'nothing_available' }])
    expect(plan.waves).toHaveLength(1)
  })

  it('splits a wave into batches of totes and sums each batch pick path', () => {
    const o = [order({ stops: [at(1, 5), at(2, 20)] }), order({ stops: [at(1, 5)] }), order({ stops: [at(4, 10)] })]
    const plan = planWaves(o, rules({ totes: 2 }), route)
    const [wave] = plan.waves
    expect(wave.batches.map((b) => b.orders)).toEqual([[o[0].id, o[1].id], [o[2].id]])
    // the shared location is one stop of the first batch
    const first = planPickPath(route.walk, [at(1, 5), at(2, 20)], { start: route.start }).metres
    const second = planPickPath(route.walk, [at(4, 10)], { start: route.start }).metres
    expect(wave.batches[0].metres).toBeCloseTo(first, 1)
    expect(wave.batches[1].metres).toBeCloseTo(second, 1)
    expect(wave.metres).toBeCloseTo(first + second, 1)
    expect(wave).toMatchObject({ lines: 3, units: 3, weight: 3, volume: 0.03 })
  })

  it('counts no metres for stops without a place, and none without a route', () => {
    const o = [order({ stops: [{ code: 'X-1', point: null }] })]
    expect(planWaves(o, rules(), route).waves[0].metres).toBe(0)
    expect(summariseWave({}, [order(), order()], 1, null)).toMatchObject({ metres: 0, batches: [{ metres: 0 }, { metres: 0 }] })
  })

  it('batches and limits on the edges', () => {
    expect(splitBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(splitBatches([], 3)).toEqual([])
    expect(withinLimits({ orders: 2, lines: 5, weight: 10, volume: 1 }, rules({ maxOrders: 2, maxLines: 5, maxWeight: 10, maxVolume: 1 }))).toBe(true)
    expect(withinLimits({ orders: 2, lines: 5, weight: 10.001, volume: 1 }, rules({ maxWeight: 10 }))).toBe(false)
  })
})
