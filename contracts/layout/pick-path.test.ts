import { describe, expect, it } from 'vitest'
import { optimalTourMetres } from './optimal-route'
import { improveTour, planPickPath, type PickStop, tourMetres } from './pick-path'
import { makeWalk, walkMatrix, type WalkLayout, type WalkPoint } from './walk-graph'

const layout: WalkLayout = { aisles: Array.from({ length: 6 }, (_, i) => ({ aisle: i + 1, x: i * 3, direction: 'both' as const })), frontY: 0, backY: 30 }
const start: WalkPoint = { aisle: 1, x: 0, y: 0 }
const stop = (aisle: number, bay: number): PickStop => ({
  code: `A${String(aisle).padStart(2, '0')}-${String(bay).padStart(2, '0')}`,
  point: { aisle, x: 0, y: 1.5 + (bay - 0.5) * 1.2 },
})

// a seeded generator, so a failing case repeats
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function permutations(xs: number[]): number[][] {
  if (xs.length <= 1) return [xs]
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]))
}

describe('pick paths (SPEC 18.3)', () => {
  it('keeps the code order as the baseline and never plans a longer walk', () => {
    const walk = makeWalk(layout)
    const stops = [stop(1, 20), stop(6, 2), stop(3, 10), stop(2, 22), stop(5, 1), stop(4, 18)]
    const plan = planPickPath(walk, stops, { start })
    expect(plan.metres).toBeLessThanOrEqual(plan.baselineMetres)
    expect([...plan.order].sort()).toEqual([0, 1, 2, 3, 4, 5])
    expect(plan.strategies.map((s) => s.strategy)).toEqual(['code_order', 's_shape', 'largest_gap', 'nearest'])
  })

  it('serpentine walks each aisle through, alternately up and down', () => {
    const walk = makeWalk(layout)
    const stops = [stop(1, 2), stop(1, 20), stop(2, 3), stop(2, 21), stop(3, 5)]
    const plan = planPickPath(walk, stops, { start, strategies: ['s_shape'], improve: false })
    expect(plan.order.map((i) => stops[i].code)).toEqual(['A01-02', 'A01-20', 'A02-21', 'A02-03', 'A03-05'])
  })

  it('visits the stops without a place last, in code order, outside the metres', () => {
    const walk = makeWalk(layout)
    const stops: PickStop[] = [{ code: 'Z-2', point: null }, stop(2, 3), { code: 'Z-1', point: { aisle: 99, x: 0, y: 1 } }, stop(1, 3)]
    const plan = planPickPath(walk, stops, { start })
    expect(plan.order.slice(-2).map((i) => stops[i].code)).toEqual(['Z-1', 'Z-2'])
    expect(plan.unplaced).toEqual([2, 0])
    expect(Number.isFinite(plan.metres)).toBe(true)
  })

  it('2-opt and Or-opt never lengthen a tour, also on one-way aisles', () => {
    const r = rng(7)
    const oneWay = makeWalk({ ...layout, aisles: layout.aisles.map((a) => ({ ...a, direction: a.aisle % 2 ? 'up' : 'down' })) })
    for (let round = 0; round < 30; round++) {
      const pts: WalkPoint[] = [start, ...Array.from({ length: 12 }, () => ({ aisle: 1 + Math.floor(r() * 6), x: 0, y: 1.5 + r() * 27 })), start]
      const m = walkMatrix(oneWay, pts)
      const order = Array.from({ length: 12 }, (_, i) => i + 1)
      const better = improveTour(m, order)
      expect([...better].sort((a, b) => a - b)).toEqual(order)
      expect(tourMetres(m, better)).toBeLessThanOrEqual(tourMetres(m, order) + 1e-9)
    }
  })
})

describe('the exact tour (Ratliff & Rosenthal), the benchmark bound (ADR 0022)', () => {
  it('equals the best of every visiting order on small batches, and no plan beats it', () => {
    const r = rng(11)
    const walk = makeWalk(layout)
    for (let round = 0; round < 60; round++) {
      const n = 1 + Math.floor(r() * 6)
      const pts: WalkPoint[] = Array.from({ length: n }, () => ({ aisle: 1 + Math.floor(r() * 6), x: 0, y: 1.5 + Math.round(r() * 27) }))
      const m = walkMatrix(walk, [start, ...pts, start])
      const brute = Math.min(...permutations(pts.map((_, i) => i + 1)).map((o) => tourMetres(m, o)))
      const byAisle = new Map<number, number[]>()
      for (const p of pts) byAisle.set((p.aisle as number) - 1, [...(byAisle.get((p.aisle as number) - 1) ?? []), p.y])
      const exact = optimalTourMetres(layout, byAisle)
      expect(exact).toBeCloseTo(brute, 6)
      const plan = planPickPath(walk, pts.map((point, i) => ({ code: String(i), point })), { start })
      expect(plan.metres).toBeGreaterThanOrEqual(exact - 1e-6)
    }
  })

  it('is zero with nothing to pick, and one aisle in and out from the front', () => {
    expect(optimalTourMetres(layout, new Map())).toBe(0)
    expect(optimalTourMetres(layout, new Map([[0, [5, 9]]]))).toBe(18)
    // aisle 3 only: 6 m across and back, 2 x 9 m into the aisle
    expect(optimalTourMetres(layout, new Map([[2, [9]]]))).toBe(12 + 18)
  })
})
