import { describe, expect, it } from 'vitest'
import { makeWalk, type WalkAisle, type WalkLayout } from './walk-graph'

// five aisles 3 m apart, 20 m long between the cross-aisles' centre lines
const aisles = (dirs: WalkAisle['direction'][]): WalkAisle[] => dirs.map((direction, i) => ({ aisle: i + 1, x: i * 3, direction }))
const twoWay: WalkLayout = { aisles: aisles(['both', 'both', 'both', 'both', 'both']), frontY: 0, backY: 20 }
const at = (aisle: number, y: number) => ({ aisle, x: 0, y })

describe('the walk between two places (SPEC 18.2)', () => {
  it('walks straight along an aisle', () => {
    const w = makeWalk(twoWay)
    expect(w.distance(at(2, 4), at(2, 15))).toBe(11)
    expect(w.distance(at(2, 15), at(2, 4))).toBe(11)
  })

  it('goes round by the nearer cross-aisle between aisles, never through the racks', () => {
    const w = makeWalk(twoWay)
    // front: 4 + 6 + 5 = 15; back: 16 + 6 + 15 = 37
    expect(w.distance(at(1, 4), at(3, 5))).toBe(15)
    // back: 2 + 12 + 3 = 17; front: 18 + 12 + 17 = 47
    expect(w.distance(at(1, 18), at(5, 17))).toBe(17)
  })

  it('is symmetric with two-way aisles and obeys the triangle inequality', () => {
    const w = makeWalk(twoWay)
    const pts = [at(1, 2), at(2, 19), at(3, 10), at(5, 1), { aisle: null, x: -2, y: -1 }]
    for (const p of pts)
      for (const q of pts) {
        expect(w.distance(p, q)).toBeCloseTo(w.distance(q, p), 9)
        for (const r of pts) expect(w.distance(p, r)).toBeLessThanOrEqual(w.distance(p, q) + w.distance(q, r) + 1e-9)
      }
  })

  it('reaches a dock off the aisles along the front cross-aisle', () => {
    const w = makeWalk(twoWay)
    const dock = { aisle: null, x: 7, y: -2 }
    // dock -> front of aisle 3 (x 6): 1 + 2, then 5 up the aisle
    expect(w.distance(dock, at(3, 5))).toBe(8)
    expect(w.distance(at(3, 5), dock)).toBe(8)
    expect(w.distance(dock, { aisle: null, x: 1, y: -2 })).toBe(6)
  })

  it('keeps one-way aisles: against the direction it walks round through another aisle', () => {
    // aisle 1 up, aisle 2 down, the rest both ways
    const w = makeWalk({ ...twoWay, aisles: aisles(['up', 'down', 'both', 'both', 'both']) })
    expect(w.distance(at(1, 4), at(1, 10))).toBe(6)
    // back down aisle 1 is not allowed: up to the back (6), across (3), down aisle 2 (20), across (3), up to 4 (4)
    expect(w.distance(at(1, 14), at(1, 4))).toBe(36)
    // into aisle 2 only from the back
    expect(w.distance(at(1, 2), at(2, 3))).toBe(18 + 3 + 17)
  })

  it('answers Infinity when one-way aisles leave no way back, and for an aisle it does not know', () => {
    const w = makeWalk({ ...twoWay, aisles: aisles(['up', 'up']) })
    expect(w.distance(at(1, 10), at(2, 1))).toBe(Infinity)
    expect(w.distance(at(1, 10), at(9, 1))).toBe(Infinity)
    expect(w.places(at(9, 1))).toBe(false)
  })
})
