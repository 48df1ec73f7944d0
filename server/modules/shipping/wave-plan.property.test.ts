/**
 * SPEC 19.2: the wave planner, property, on 300 random plans: every candidate is in exactly one proposal or left out,
 * no proposal breaks a limit, and orders are taken by priority, then due time (each group's waves, read in order, are
 * its orders in the order taken). Pure: the planner the endpoint calls, without a database.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareCandidates, groupOf, planWaves, withinLimits, WAVE_GROUP_KEYS, type PlanOrder } from '../../../contracts/shipping/wave-plan'

const at = (aisle: number, y: number) => ({ code: `A${aisle}-${y}`, point: { aisle, x: (aisle - 1) * 3, y } })

const candidate = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  priority: fc.integer({ min: 0, max: 9 }),
  due: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
  carrier: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  zone: fc.option(fc.constantFrom('A', 'B', 'C'), { nil: null }),
  lines: fc.integer({ min: 1, max: 12 }),
  weight: fc.integer({ min: 0, max: 500 }).map((n) => n / 10),
  volume: fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
  stops: fc.array(fc.record({ aisle: fc.integer({ min: 1, max: 4 }), y: fc.integer({ min: 1, max: 29 }) }), { maxLength: 4 }),
})

const limit = (min: number, max: number) => fc.option(fc.integer({ min, max }), { nil: null })

describe('wave planner, property (SPEC 19.2)', () => {
  it('places every candidate once, keeps every limit and takes orders by priority then due, on 300 random plans', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(candidate, { selector: (c) => c.id, maxLength: 40 }),
        fc.record({
          groupBy: fc.subarray([...WAVE_GROUP_KEYS]),
          maxOrders: limit(1, 10),
          maxLines: limit(1, 30),
          maxWeight: limit(1, 100),
          maxVolume: fc.option(fc.integer({ min: 1, max: 200 }).map((n) => n / 100), { nil: null }),
          totes: fc.integer({ min: 1, max: 8 }),
        }),
        (raw, r) => {
          const orders: PlanOrder[] = raw.map((c) => ({
            id: c.id,
            code: `SO-${c.id}`,
            priority: c.priority,
            dueAt: c.due === null ? null : `2026-12-${String(1 + c.due).padStart(2, '0')}T12:00`,
            shipDate: c.due === null ? null : `2026-12-${String(1 + c.due).padStart(2, '0')}`,
            carrier: c.carrier,
            zone: c.zone,
            lines: c.lines,
            units: c.lines * 2,
            weight: c.weight,
            volume: c.volume,
            stops: c.stops.map((s) => at(s.aisle, s.y)),
          }))
          const plan = planWaves(orders, r, null)
          const byId = new Map(orders.map((o) => [o.id, o]))
          // every candidate exactly once
          const placed = [...plan.waves.flatMap((w) => w.orders), ...plan.leftOut.map((l) => l.order)]
          expect([...placed].sort((a, b) => a - b)).toEqual(orders.map((o) => o.id).sort((a, b) => a - b))
          for (const w of plan.waves) {
            const os = w.orders.map((id) => byId.get(id) as PlanOrder)
            // no limit broken, no empty wave, one group per wave, batches of totes in the order taken
            expect(os.length).toBeGreaterThan(0)
            expect(withinLimits({ orders: os.length, lines: w.lines, weight: w.weight, volume: w.volume }, r)).toBe(true)
            for (const o of os) expect(groupOf(o, r.groupBy)).toEqual(w.key)
            expect(w.batches.flatMap((b) => b.orders)).toEqual(w.orders)
            expect(w.batches.every((b) => b.orders.length <= r.totes)).toBe(true)
          }
          // each group's waves, read in order, are its orders in the order taken
          const groups = new Map<string, PlanOrder[]>()
          for (const w of plan.waves) {
            const k = JSON.stringify(w.key)
            groups.set(k, [...(groups.get(k) ?? []), ...w.orders.map((id) => byId.get(id) as PlanOrder)])
          }
          for (const os of groups.values()) expect(os).toEqual([...os].sort(compareCandidates))
          // left out only for a reason that holds
          for (const l of plan.leftOut) {
            const o = byId.get(l.order) as PlanOrder
            if (l.reason === 'nothing_available') expect(o.stops).toEqual([])
            else expect(withinLimits({ orders: 1, lines: o.lines, weight: o.weight, volume: o.volume }, r)).toBe(false)
          }
        },
      ),
      { numRuns: 300, seed: 19_2 },
    )
  })
})
