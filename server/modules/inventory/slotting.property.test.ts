/**
 * Properties of the slotting suggestions (docs/requirements.md §20.4, contracts/layout/slotting.ts), beside the
 * server that answers them (contracts/ imports no test libraries but vitest).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applySuggestions, slotting, type SlottingPlacement } from '../../../contracts/layout/slotting'

const cost = (faces: { id: number; cost: number }[], placements: readonly SlottingPlacement[], lines: Map<number | string, number>) =>
  placements.reduce((s, pl) => s + (lines.get(pl.product) ?? 0) * faces.find((f) => f.id === pl.face)!.cost, 0)

describe('slotting suggestions, properties (§20.4)', () => {
  const arb = fc
    .record({
      lines: fc.array(fc.nat(200), { minLength: 1, maxLength: 30 }),
      costs: fc.array(fc.integer({ min: 1, max: 500 }), {
        minLength: 1,
        maxLength: 40,
      }),
      seed: fc.array(fc.nat(1000), { minLength: 30, maxLength: 30 }),
      limit: fc.option(fc.nat(10), { nil: undefined }),
    })
    .map(({ lines, costs, seed, limit }) => {
      const faces = costs.map((c, i) => ({ id: i, cost: c }))
      const products = lines.map((l, i) => ({ id: `p${i}`, lines: l }))
      // each product on a distinct face (a random one), some faces left empty
      const free = faces.map((f) => f.id)
      const placements: SlottingPlacement[] = []
      products.forEach((p, i) => {
        if (!free.length) return
        const [face] = free.splice(seed[i] % free.length, 1)
        placements.push({ product: p.id, face })
      })
      return { faces, products, placements, limit }
    })

  it('property: a product moves at most once, no face is shared, savings are positive and best first, and applying them saves what they say', () => {
    fc.assert(
      fc.property(arb, ({ faces, products, placements, limit }) => {
        const r = slotting({ products, faces, placements, limit })
        const lines = new Map<number | string, number>(products.map((p) => [p.id, p.lines]))
        const movedProducts = r.suggestions.flatMap((s) => s.moves.map((m) => m.product))
        expect(new Set(movedProducts).size).toBe(movedProducts.length)
        const touched = r.suggestions.flatMap((s) => [...new Set(s.moves.flatMap((m) => [m.from, m.to]))])
        expect(new Set(touched).size).toBe(touched.length)
        for (let i = 0; i < r.suggestions.length; i++) {
          expect(r.suggestions[i].metres_per_week).toBeGreaterThan(0)
          if (i > 0) expect(r.suggestions[i].metres_per_week).toBeLessThanOrEqual(r.suggestions[i - 1].metres_per_week)
        }
        if (limit !== undefined) expect(r.suggestions.length).toBeLessThanOrEqual(limit)
        const before = cost(faces, placements, lines)
        expect(r.metres_per_week).toBeCloseTo(before, 6)
        // every suggestion alone saves what it says (they share no face nor product)
        for (const s of r.suggestions) expect(before - cost(faces, applySuggestions(placements, [s]), lines)).toBeCloseTo(s.metres_per_week, 6)
        const after = cost(faces, applySuggestions(placements, r.suggestions), lines)
        expect(after).toBeCloseTo(r.metres_per_week_after, 6)
        // the faces after: still one product per face
        const faceIds = applySuggestions(placements, r.suggestions).map((p) => p.face)
        expect(new Set(faceIds).size).toBe(faceIds.length)
      }),
      { numRuns: 300 },
    )
  })

  it('property: a limit keeps the best of the unlimited list, in its order; the faster product of a suggestion always goes to a cheaper face', () => {
    fc.assert(
      fc.property(arb, ({ faces, products, placements, limit }) => {
        const all = slotting({ products, faces, placements })
        const some = slotting({ products, faces, placements, limit: limit ?? 3 })
        expect(some.suggestions).toEqual(all.suggestions.slice(0, limit ?? 3))
        const lines = new Map<number | string, number>(products.map((p) => [p.id, p.lines]))
        const c = new Map<number | string, number>(faces.map((f) => [f.id, f.cost]))
        for (const s of all.suggestions) {
          const fastest = [...s.moves].sort((a, b) => (lines.get(b.product) ?? 0) - (lines.get(a.product) ?? 0))[0]
          expect(c.get(fastest.to)!).toBeLessThan(c.get(fastest.from)!)
        }
      }),
      { numRuns: 300 },
    )
  })
})
