/**
 * SPEC 19.2, 19.3: proximity batching on examples (the property over random warehouses is
 * server/modules/shipping/order-batching.property.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { planPickPath, type PickStop } from '../layout/pick-path'
import { makeWalk, type WalkLayout } from '../layout/walk-graph'
import { chooseBatches, estimateMetres, proximityBatches, splitBatches, type BatchingOrder, type BatchingRoute } from './order-batching'

const layout: WalkLayout = { aisles: Array.from({ length: 10 }, (_, i) => ({ aisle: i + 1, x: i * 3, direction: 'both' as const })), frontY: 0, backY: 30 }
const route: BatchingRoute = { walk: makeWalk(layout), start: { aisle: null, x: 0, y: 0 } }
const at = (aisle: number, y: number): PickStop => ({ code: `A${String(aisle).padStart(2, '0')}-${String(y).padStart(2, '0')}`, point: { aisle, x: (aisle - 1) * 3, y } })
const order = (stops: PickStop[], urgency: string | number = 0): BatchingOrder => ({ stops, urgency })
const metresOf = (orders: readonly BatchingOrder[]) => (ids: number[]) =>
  planPickPath(
    route.walk,
    ids.flatMap((i) => orders[i].stops),
    { start: route.start },
  )

describe('proximity batching (SPEC 19.2)', () => {
  it('puts orders that share aisles on one cart, the farthest first', () => {
    const orders = [order([at(1, 10)]), order([at(9, 20)]), order([at(1, 12)]), order([at(9, 22)])]
    expect(proximityBatches(orders, 2, route)).toEqual([
      [1, 3],
      [0, 2],
    ])
    // first come, first batched would pair the near aisle with the far one on both carts
    expect(
      splitBatches(
        orders.map((_, i) => i),
        2,
      ),
    ).toEqual([
      [0, 1],
      [2, 3],
    ])
    const chosen = chooseBatches(orders, 2, route, metresOf(orders))
    expect(chosen.proximity).toBe(true)
    expect(chosen.batches.map((b) => b.orders)).toEqual([
      [1, 3],
      [0, 2],
    ])
    expect(chosen.metres).toBeLessThan(chosen.givenMetres)
  })

  it('never puts an urgent order on a later cart than a less urgent one; the last cart of a class is filled from the next', () => {
    // urgent (class 'a') in far aisles, the rest near: the urgent ones still go first
    const orders = [order([at(10, 5)], 'a'), order([at(1, 5)], 'a'), order([at(10, 6)], 'a'), order([at(1, 6)], 'b'), order([at(10, 7)], 'b'), order([at(1, 7)], 'b'), order([at(5, 7)], 'c')]
    const carts = proximityBatches(orders, 2, route)
    const cartOf = new Map(carts.flatMap((c, k) => c.map((i) => [i, k] as const)))
    for (let u = 0; u < orders.length; u++)
      for (let v = u + 1; v < orders.length; v++) if (orders[u].urgency !== orders[v].urgency) expect(cartOf.get(u)).toBeLessThanOrEqual(cartOf.get(v) as number)
    // seed and grow: class a's 0 and 2 share aisle 10, 1 is left over and takes the nearest of class b (3, aisle 1);
    // the swaps then trade within a class: 2 (class a) for 1, and 4 (class b, aisle 10) for 3, so both far orders of
    // the first two carts share a cart (the sum of the estimates drops from 160 m to 156 m)
    expect(proximityBatches(orders, 2, route, { improve: false })).toEqual([[0, 2], [1, 3], [4, 5], [6]])
    expect(carts).toEqual([[0, 1], [2, 4], [3, 5], [6]])
  })

  it('keeps the order given without a route, when no stop has a place, and when it walks no more', () => {
    const orders = [order([at(1, 10)]), order([at(9, 20)]), order([at(1, 12)])]
    expect(proximityBatches(orders, 2, null)).toEqual([[0, 1], [2]])
    const unplaced = [0, 1, 2, 3, 4].map((i) => order([{ code: `X-${i}`, point: null }]))
    expect(proximityBatches(unplaced, 2, route)).toEqual([[0, 1], [2, 3], [4]])
    const none = chooseBatches(unplaced, 2, route, metresOf(unplaced))
    expect(none).toMatchObject({ proximity: false, metres: 0, givenMetres: 0 })
    // already the best carts: a tie keeps the order given
    const same = [order([at(9, 20)]), order([at(9, 21)]), order([at(1, 3)]), order([at(1, 4)])]
    expect(chooseBatches(same, 2, route, metresOf(same))).toMatchObject({ proximity: false })
    expect(proximityBatches([], 3, route)).toEqual([])
  })

  it('plans each distinct cart once', () => {
    const orders = [order([at(1, 10)]), order([at(9, 20)]), order([at(1, 12)]), order([at(9, 22)])]
    const seen: string[] = []
    chooseBatches(orders, 2, route, (ids) => {
      seen.push(ids.join(','))
      return metresOf(orders)(ids)
    })
    expect(seen).toEqual(['0,1', '2,3', '1,3', '0,2'])
  })

  it('estimates a cart by the shortest of return, largest gap and S-shape over its aisles', () => {
    // one aisle: in to the farthest stop and out, plus the walk across to it and back
    expect(estimateMetres([order([at(4, 10), at(4, 20)])], route)).toBe(2 * 9 + 2 * 20)
    // the same place of two orders counts once
    expect(estimateMetres([order([at(4, 10)]), order([at(4, 10)])], route)).toBe(2 * 9 + 2 * 10)
    // two aisles walked through (S-shape: 2 x 30) beat going in and out of both from the front (2 x 28 + 2 x 29)
    expect(estimateMetres([order([at(1, 28), at(2, 29)])], route)).toBe(2 * 3 + 60)
    expect(estimateMetres([], route)).toBe(0)
    expect(estimateMetres([order([{ code: 'X', point: null }])], route)).toBe(0)
  })

  it('batches a class bigger than the window in arrival order of windows', () => {
    const orders = Array.from({ length: 12 }, (_, i) => order([at(1 + (i % 10), 5 + i)]))
    const carts = proximityBatches(orders, 4, route, { window: 4, improve: false })
    // a window as wide as a cart leaves no choice: the carts are the order given
    expect(carts).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9, 10, 11],
    ])
  })
})
