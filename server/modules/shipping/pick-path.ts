/**
 * A wave's pick path (SPEC 18.3): the stops are the locations its pick lines take stock from (the FEFO suggestions
 * of SPEC 2.9, only eligible stock), ordered by the planner over the warehouse's layout (ADR 0022), with the metres
 * walked and the code-order baseline. A location without a layout is visited last, in code order, outside the metres.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { locations, warehouses } from '../../db/schema/core'
import type { AuthUser } from '../../http/context'
import { planPickPath, type PickStop } from '../../../contracts/layout/pick-path'
import type { PickPath } from '../../../contracts/layout/layout.contract'
import { makeWalk } from '../../../contracts/layout/walk-graph'
import { warehouseWalkLayout } from '../master-data/layout.service'
import { pickSuggestions } from './pick-suggestions'
import { targetOrders } from './shipping-targets'
import { toMilli } from '../../kernel/qty-math'

type StopLine = PickPath['stops'][number]['lines'][number]

const finite = (n: number) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : null)

export async function wavePickPath(db: DbOrTx, user: AuthUser, waveId: number): Promise<PickPath> {
  const { orders } = await targetOrders(db, user, { kind: 'wave', id: waveId })
  const warehouseId = orders[0]?.warehouseId
  const lines = await pickSuggestions(db, user, { kind: 'wave', id: waveId })
  const byLocation = new Map<number, { code: string; lines: StopLine[] }>()
  for (const l of lines)
    for (const s of l.suggestions) {
      if (toMilli(s.qty) <= 0n) continue
      const stop = byLocation.get(s.location.id) ?? { code: s.location.code, lines: [] }
      stop.lines.push({ line: l.line, order_code: l.order_code, product: { id: l.product.id, code: l.product.code }, qty: s.qty })
      byLocation.set(s.location.id, stop)
    }
  if (warehouseId === undefined) {
    const nowhere = { location: null, x: 0, y: 0 }
    return { wave: waveId, warehouse: null, strategy: 'code_order', improved: false, metres: 0, baseline_metres: 0, start: nowhere, end: nowhere, unplaced: 0, stops: [] }
  }
  const [warehouse] = await db.select({ id: warehouses.id, code: warehouses.code }).from(warehouses).where(eq(warehouses.id, warehouseId))
  const ids = [...byLocation.keys()]
  const places = ids.length
    ? await db
        .select({ id: locations.id, aisle: locations.aisle, bay: locations.bay, level: locations.level, x: locations.x, y: locations.y })
        .from(locations)
        .where(and(eq(locations.companyId, user.companyId), inArray(locations.id, ids)))
    : []
  const placeOf = new Map(places.map((p) => [p.id, p]))
  const { layout, start, end } = await warehouseWalkLayout(db, user.companyId, warehouseId)
  const walk = makeWalk(layout)
  const stops: PickStop[] = ids.map((id) => {
    const p = placeOf.get(id)
    const placed = p && p.x !== null && p.y !== null
    return { code: (byLocation.get(id) as { code: string }).code, point: placed ? { aisle: p.aisle, x: p.x as number, y: p.y as number } : null }
  })
  const plan = planPickPath(walk, stops, { start: start.point, end: end.point })
  const unplaced = new Set(plan.unplaced)
  return {
    wave: waveId,
    warehouse: warehouse ?? null,
    strategy: plan.strategy,
    improved: plan.improved,
    metres: finite(plan.metres),
    baseline_metres: finite(plan.baselineMetres),
    start: { location: start.location, x: start.point.x, y: start.point.y },
    end: { location: end.location, x: end.point.x, y: end.point.y },
    unplaced: plan.unplaced.length,
    stops: plan.order.map((i, k) => {
      const id = ids[i]
      const p = placeOf.get(id)
      const stop = byLocation.get(id) as { code: string; lines: StopLine[] }
      return {
        sequence: k + 1,
        location: { id, code: stop.code },
        placed: !unplaced.has(i),
        aisle: p?.aisle ?? null,
        bay: p?.bay ?? null,
        level: p?.level ?? null,
        x: p?.x ?? null,
        y: p?.y ?? null,
        lines: stop.lines,
      }
    }),
  }
}
