/**
 * Wave planning (SPEC 19.2): the warehouse's open orders in no wave with something left to ship, each with its
 * priority, due time (SPEC 19.1), zone, size from the product packs and the locations the FEFO suggestions would pick
 * it from, handed to the pure planner (contracts/shipping/wave-plan.ts). Reads only: nothing is saved or reserved.
 */
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { productPacks } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { salesOrderLines, salesOrders } from '../../db/schema/documents'
import { carriers, customers } from '../../db/schema/partners'
import type { AuthUser } from '../../http/context'
import { resolveWarehouse } from '../../kernel/warehouse-scope'
import { fromMilli, toMilli } from '../../kernel/qty-math'
import type { PickStop } from '../../../contracts/layout/pick-path'
import { makeWalk } from '../../../contracts/layout/walk-graph'
import type { WavePlan, WavePlanOrder, WavePlanRules } from '../../../contracts/shipping/wave-plan.contract'
import { compareCandidates, planWaves, type PlanOrder } from '../../../contracts/shipping/wave-plan'
import { warehouseWalkLayout } from '../master-data/layout.service'
import { suggestionsFor } from './pick-suggestions'
import { remainingOf } from './shipping-targets'

/** SPEC 19.1: an order's work is due at its ship date's cut-off (its carrier's; the end of the day without one). */
export const dueAtOf = (shipDate: string | null, cutoff: string | null) => (shipDate === null ? null : `${shipDate}T${cutoff ?? '23:59'}`)

type UnitSize = { weight: number | null; volume: number | null }

/**
 * A unit's weight (kg) and volume (m³) from the product's packs: the smallest active pack that gives each (its
 * weight, or its length × width × height, over the units it holds). A product no pack describes weighs nothing here.
 */
async function unitSizes(db: DbOrTx, companyId: number, productIds: number[]): Promise<Map<number, UnitSize>> {
  const out = new Map<number, UnitSize>()
  if (!productIds.length) return out
  const packs = await db
    .select({ productId: productPacks.productId, qty: productPacks.qtyPerPack, weight: productPacks.weightKg, l: productPacks.lengthMm, w: productPacks.widthMm, h: productPacks.heightMm })
    .from(productPacks)
    .where(and(eq(productPacks.companyId, companyId), eq(productPacks.isActive, true), inArray(productPacks.productId, productIds)))
    .orderBy(asc(productPacks.qtyPerPack), asc(productPacks.id))
  for (const p of packs) {
    const per = Number(p.qty)
    if (!(per > 0)) continue
    const size = out.get(p.productId) ?? { weight: null, volume: null }
    if (size.weight === null && p.weight !== null) size.weight = Number(p.weight) / per
    if (size.volume === null && p.l !== null && p.w !== null && p.h !== null) size.volume = (p.l * p.w * p.h) / 1e9 / per
    out.set(p.productId, size)
  }
  return out
}

const round3 = (n: number) => Math.round(n * 1000) / 1000

/** The most frequent of the values (ties: the first in code order); null when there are none. */
function mostOf(values: string[]): string | null {
  const counts = new Map<string, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  let best: string | null = null
  for (const [v, n] of counts) if (best === null || n > (counts.get(best) as number) || (n === counts.get(best) && v < best)) best = v
  return best
}

export async function planWavesFor(db: DbOrTx, user: AuthUser, rules: WavePlanRules): Promise<WavePlan> {
  const warehouseId = await resolveWarehouse(db, user, rules.warehouse)
  const [warehouse] = await db.select({ id: warehouses.id, code: warehouses.code }).from(warehouses).where(eq(warehouses.id, warehouseId))
  const rows = await db
    .select({
      order: salesOrders,
      customer: { id: customers.id, code: customers.code, name: customers.name },
      carrier: { id: carriers.id, code: carriers.code, name: carriers.name, cutoff: carriers.cutoffTime },
    })
    .from(salesOrders)
    .innerJoin(customers, eq(customers.id, salesOrders.customerId))
    .leftJoin(carriers, eq(carriers.id, salesOrders.carrierId))
    .where(
      and(
        eq(salesOrders.companyId, user.companyId),
        eq(salesOrders.warehouseId, warehouseId),
        eq(salesOrders.status, 'open'),
        isNull(salesOrders.waveId),
        // SPEC 19.2: the horizon keeps orders to ship by then; an order without a ship date is never past it
        rules.horizon ? or(isNull(salesOrders.shipDate), lte(salesOrders.shipDate, rules.horizon)) : undefined,
      ),
    )
  const lines = rows.length
    ? await db
        .select()
        .from(salesOrderLines)
        .where(
          inArray(
            salesOrderLines.orderId,
            rows.map((r) => r.order.id),
          ),
        )
    : []
  const open = new Map<number, typeof lines>()
  for (const l of lines) if (remainingOf(l) > 0n) open.set(l.orderId, [...(open.get(l.orderId) ?? []), l])
  // candidates: something left to ship, in the order the planner takes them, so the FEFO suggestions give the
  // shared stock to the most urgent first (an order that would find nothing left is left out as nothing_available)
  const facts = rows
    .filter((r) => open.has(r.order.id))
    .map((r) => ({ ...r, dueAt: dueAtOf(r.order.shipDate, r.carrier?.cutoff ?? null) }))
    .sort((a, b) =>
      compareCandidates(
        { id: a.order.id, code: a.order.code, priority: a.order.priority, dueAt: a.dueAt, shipDate: a.order.shipDate } as PlanOrder,
        { id: b.order.id, code: b.order.code, priority: b.order.priority, dueAt: b.dueAt, shipDate: b.order.shipDate } as PlanOrder,
      ),
    )
  const suggested = await suggestionsFor(
    db,
    user,
    facts.map((f) => f.order),
  )
  const locationIds = [...new Set(suggested.flatMap((l) => l.suggestions.filter((s) => toMilli(s.qty) > 0n).map((s) => s.location.id)))]
  const places = locationIds.length
    ? await db
        .select({ id: locations.id, code: locations.code, zone: locations.zone, aisle: locations.aisle, x: locations.x, y: locations.y })
        .from(locations)
        .where(and(eq(locations.companyId, user.companyId), inArray(locations.id, locationIds)))
    : []
  const placeOf = new Map(places.map((p) => [p.id, p]))
  const sizes = await unitSizes(db, user.companyId, [...new Set(lines.map((l) => l.productId))])
  const picks = new Map<number, { stops: Map<number, PickStop>; zones: string[] }>()
  for (const l of suggested) {
    const acc = picks.get(l.order) ?? { stops: new Map<number, PickStop>(), zones: [] as string[] }
    const lineZones = new Set<string>()
    for (const s of l.suggestions) {
      if (toMilli(s.qty) <= 0n) continue
      const p = placeOf.get(s.location.id)
      if (!p) continue
      acc.stops.set(p.id, { code: p.code, point: p.x !== null && p.y !== null ? { aisle: p.aisle, x: p.x, y: p.y } : null })
      if (p.zone) lineZones.add(p.zone)
    }
    acc.zones.push(...lineZones)
    picks.set(l.order, acc)
  }
  const view = new Map<number, WavePlanOrder>()
  const candidates: PlanOrder[] = facts.map((f) => {
    const own = open.get(f.order.id) as typeof lines
    const pick = picks.get(f.order.id)
    let units = 0n
    let weight = 0
    let volume = 0
    for (const l of own) {
      const left = remainingOf(l)
      units += left
      const size = sizes.get(l.productId)
      const qty = Number(fromMilli(left))
      weight += (size?.weight ?? 0) * qty
      volume += (size?.volume ?? 0) * qty
    }
    const order: PlanOrder = {
      id: f.order.id,
      code: f.order.code,
      priority: f.order.priority,
      dueAt: f.dueAt,
      shipDate: f.order.shipDate,
      carrier: f.carrier?.id ?? null,
      zone: mostOf(pick?.zones ?? []),
      lines: own.length,
      units: Number(fromMilli(units)),
      weight: round3(weight),
      volume: round3(volume),
      stops: [...(pick?.stops.values() ?? [])],
    }
    view.set(order.id, {
      id: order.id,
      code: order.code,
      customer: f.customer,
      priority: order.priority,
      due_at: order.dueAt,
      ship_date: order.shipDate,
      carrier: f.carrier ? { id: f.carrier.id, code: f.carrier.code, name: f.carrier.name } : null,
      zone: order.zone,
      lines: order.lines,
      units: order.units,
      weight: order.weight,
      volume: order.volume,
      stops: order.stops.length,
    })
    return order
  })
  const route = candidates.length ? await warehouseWalkLayout(db, user.companyId, warehouseId) : null
  const plan = planWaves(
    candidates,
    { groupBy: rules.group_by, maxOrders: rules.max_orders, maxLines: rules.max_lines, maxWeight: rules.max_weight, maxVolume: rules.max_volume, totes: rules.totes },
    route ? { walk: makeWalk(route.layout), start: route.start.point, end: route.end.point } : null,
  )
  const carrierRef = new Map(facts.filter((f) => f.carrier).map((f) => [f.carrier!.id, { id: f.carrier!.id, code: f.carrier!.code, name: f.carrier!.name }]))
  return {
    warehouse,
    candidates: candidates.length,
    proposals: plan.waves.map((w) => ({
      key: {
        ...('carrier' in w.key ? { carrier: w.key.carrier == null ? null : (carrierRef.get(w.key.carrier) ?? null) } : {}),
        ...('ship_date' in w.key ? { ship_date: w.key.ship_date } : {}),
        ...('zone' in w.key ? { zone: w.key.zone } : {}),
        ...('priority' in w.key ? { priority: w.key.priority } : {}),
      },
      orders: w.orders.map((id) => view.get(id) as WavePlanOrder),
      lines: w.lines,
      units: w.units,
      weight: w.weight,
      volume: w.volume,
      batches: w.batches,
      metres: w.metres,
    })),
    left_out: plan.leftOut.map((l) => ({ order: view.get(l.order) as WavePlanOrder, reason: l.reason })),
  }
}
