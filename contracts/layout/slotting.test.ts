import { describe, expect, it } from 'vitest'
import { abcClasses, slotting } from './slotting'

describe('ABC classes (§20.4)', () => {
  it('A makes the first 80% of the lines, B the next 15%, C the rest and the products never picked', () => {
    // 100 lines; a product's class is the share of the lines before it: under 80% A, under 95% B
    const classes = abcClasses([
      { id: 'p1', lines: 50 },
      { id: 'p2', lines: 25 },
      { id: 'p3', lines: 10 },
      { id: 'p4', lines: 8 },
      { id: 'p5', lines: 5 },
      { id: 'p6', lines: 2 },
      { id: 'p7', lines: 0 },
    ])
    // shares before each: 0, .50, .75, .85, .93, .98
    expect(Object.fromEntries(classes)).toEqual({
      p1: 'A',
      p2: 'A',
      p3: 'A',
      p4: 'B',
      p5: 'B',
      p6: 'C',
      p7: 'C',
    })
  })
})

describe('slotting suggestions (§20.4)', () => {
  it('swaps the fast product onto the cheap face, with lines/week × the cost difference saved', () => {
    const r = slotting({
      products: [
        { id: 1, lines: 100 },
        { id: 2, lines: 10 },
      ],
      faces: [
        { id: 'near', cost: 20 },
        { id: 'far', cost: 120 },
      ],
      placements: [
        { product: 1, face: 'far' },
        { product: 2, face: 'near' },
      ],
    })
    expect(r.suggestions).toEqual([
      {
        id: 'swap:1:2',
        kind: 'swap',
        moves: [
          { product: 1, from: 'far', to: 'near' },
          { product: 2, from: 'near', to: 'far' },
        ],
        metres_per_week: 90 * 100,
      },
    ])
    expect(r.metres_per_week).toBe(100 * 120 + 10 * 20)
    expect(r.metres_per_week_after).toBe(100 * 20 + 10 * 120)
  })

  it('moves a product to an empty cheaper face, and suggests nothing for a placement already best', () => {
    const faces = [
      { id: 'a', cost: 10 },
      { id: 'b', cost: 30 },
      { id: 'c', cost: 50 },
    ]
    const moved = slotting({
      products: [{ id: 7, lines: 4 }],
      faces,
      placements: [{ product: 7, face: 'c' }],
    })
    expect(moved.suggestions).toEqual([
      {
        id: 'move:7',
        kind: 'move',
        moves: [{ product: 7, from: 'c', to: 'a' }],
        metres_per_week: 160,
      },
    ])
    const best = slotting({
      products: [{ id: 7, lines: 4 }],
      faces,
      placements: [{ product: 7, face: 'a' }],
    })
    expect(best.suggestions).toEqual([])
  })

  it('leaves a product on two faces, and a face holding two products, where they are', () => {
    const r = slotting({
      products: [
        { id: 1, lines: 100 },
        { id: 2, lines: 1 },
        { id: 3, lines: 1 },
      ],
      faces: [
        { id: 'a', cost: 1 },
        { id: 'b', cost: 2 },
        { id: 'c', cost: 9 },
      ],
      placements: [
        { product: 2, face: 'a' },
        { product: 3, face: 'a' },
        { product: 1, face: 'b' },
        { product: 1, face: 'c' },
      ],
    })
    expect(r.suggestions).toEqual([])
  })
})
