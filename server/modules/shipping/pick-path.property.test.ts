/**
 * SPEC 18.3: the planned path is never longer than the stops in location-code order, on 200 random batches over
 * random layouts (two-way and alternating one-way aisles, a dock anywhere in front), and it visits every stop once.
 * Pure: the planner the endpoint calls, without a database.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { planPickPath, type PickStop } from '../../../contracts/layout/pick-path'
import { makeWalk, type WalkLayout } from '../../../contracts/layout/walk-graph'

const pad = (n: number) => String(n).padStart(2, '0')

const batch = fc
  .record({ aisles: fc.integer({ min: 1, max: 30 }), bays: fc.integer({ min: 2, max: 60 }), oneWay: fc.boolean(), dockX: fc.double({ min: -5, max: 100, noNaN: true }) })
  .chain((w) =>
    fc.record({
      w: fc.constant(w),
      stops: fc.uniqueArray(fc.record({ aisle: fc.integer({ min: 1, max: w.aisles }), bay: fc.integer({ min: 1, max: w.bays }), level: fc.integer({ min: 1, max: 5 }) }), {
        minLength: 1,
        maxLength: 64,
        selector: (s) => `${s.aisle}-${s.bay}-${s.level}`,
      }),
      unplaced: fc.integer({ min: 0, max: 3 }),
    }),
  )

describe('pick paths, property (SPEC 18.3)', () => {
  it('never walk more than code order and visit every stop once, on 200 random batches', () => {
    fc.assert(
      fc.property(batch, ({ w, stops, unplaced }) => {
        const layout: WalkLayout = {
          aisles: Array.from({ length: w.aisles }, (_, i) => ({ aisle: i + 1, x: i * 3, // one one-way aisle alone has no way back: one-way needs two aisles at least
            direction: w.oneWay && w.aisles > 1 ? (i % 2 ? 'down' : 'up') : 'both' })),
          frontY: 0,
          backY: 1.5 + w.bays * 1.2 + 1.5,
        }
        const walk = makeWalk(layout)
        const list: PickStop[] = stops.map((s) => ({ code: `A${pad(s.aisle)}-${pad(s.bay)}-${pad(s.level)}`, point: { aisle: s.aisle, x: (s.aisle - 1) * 3, y: 1.5 + (s.bay - 0.5) * 1.2 } }))
        for (let i = 0; i < unplaced; i++) list.push({ code: `ZZ-${i}`, point: null })
        const plan = planPickPath(walk, list, { start: { aisle: null, x: w.dockX, y: -2 } })
        expect([...plan.order].sort((a, b) => a - b)).toEqual(list.map((_, i) => i))
        expect(plan.metres).toBeLessThanOrEqual(plan.baselineMetres + 1e-6)
        expect(Number.isFinite(plan.metres)).toBe(true)
        expect(plan.order.slice(list.length - unplaced)).toEqual(plan.unplaced)
      }),
      { numRuns: 200, seed: 20261202 },
    )
  })
})
