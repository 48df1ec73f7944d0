/**
 * Wave planning (SPEC 19.2): the candidate orders grouped by the supervisor's keys and cut into waves that keep the
 * limits, each wave's orders batched onto carts of the cart's totes (one order per tote) by proximity, urgent orders
 * never on a later cart (order-batching.ts), and its walk estimated with the pick-path planner (SPEC 18.3) over each
 * batch's stops.
 *
 * Orders are taken by priority (highest first), then due time, ship date and code; an order joins the latest wave of
 * its group while every limit still holds, else it opens the next one of that group. So each wave holds the most
 * urgent orders left in its group, and a group's waves, read in order, are its orders in the order taken. An order
 * that breaks a limit on its own is left out (`too_big`), as is one with nothing to pick (`nothing_available`).
 *
 * Pure and framework-free: the server plans with it, the tests check it without a database.
 */
import { planPickPath, type PickStop } from '../layout/pick-path'
import type { Walk, WalkPoint } from '../layout/walk-graph'
import { chooseBatches, splitBatches } from './order-batching'

export const WAVE_GROUP_KEYS = ['carrier', 'ship_date', 'zone', 'priority'] as const
export type WaveGroupKey = (typeof WAVE_GROUP_KEYS)[number]
export const WAVE_LEFT_OUT_REASONS = ['too_big', 'nothing_available'] as const
export type WaveLeftOutReason = (typeof WAVE_LEFT_OUT_REASONS)[number]

export type PlanOrder = {
  id: number
  code: string
  /** 0 normal, higher is more urgent (SPEC 19.1) */
  priority: number
  /** when its work is due, 'YYYY-MM-DDTHH:MM' on the warehouse's clock (SPEC 19.1); null = no ship date */
  dueAt: string | null
  shipDate: string | null
  carrier: number | null
  /** the zone most of its lines would be picked from; null = none known */
  zone: string | null
  lines: number
  units: number
  /** kilograms, from the product packs (0 where a pack gives none) */
  weight: number
  /** cubic metres, from the product packs */
  volume: number
  /** the locations its lines would be picked from (the FEFO suggestions); none = nothing available to pick */
  stops: PickStop[]
}

export type PlanRules = {
  groupBy: readonly WaveGroupKey[]
  maxOrders?: number | null
  maxLines?: number | null
  maxWeight?: number | null
  maxVolume?: number | null
  /** the cart's totes: one order per tote, so a wave's orders are picked in batches of this many */
  totes: number
}

/** Where the walk of each batch starts and ends, over the warehouse's layout (SPEC 18.3). */
export type PlanRoute = { walk: Walk; start: WalkPoint; end?: WalkPoint }

export type WaveGroup = { carrier?: number | null; ship_date?: string | null; zone?: string | null; priority?: number }

export type ProposedWave = {
  key: WaveGroup
  /** the orders' ids, in the order taken */
  orders: number[]
  lines: number
  units: number
  weight: number
  volume: number
  /** the carts, in the order they are picked: at most `totes` orders each, by proximity, each cart's orders in the
   * order taken (SPEC 19.2) */
  batches: { orders: number[]; metres: number }[]
  /** the pick path's metres over each batch's placed stops, summed */
  metres: number
}

export type WavePlan = { waves: ProposedWave[]; leftOut: { order: number; reason: WaveLeftOutReason }[] }

const compareNullable = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1)

/** The order candidates are taken in (SPEC 19.2): priority (highest first), due time, ship date, code (none last). */
export function compareCandidates(a: PlanOrder, b: PlanOrder): number {
  return b.priority - a.priority || compareNullable(a.dueAt, b.dueAt) || compareNullable(a.shipDate, b.shipDate) || compareNullable(a.code, b.code) || a.id - b.id
}

export function groupOf(order: PlanOrder, keys: readonly WaveGroupKey[]): WaveGroup {
  const group: WaveGroup = {}
  for (const k of WAVE_GROUP_KEYS) {
    if (!keys.includes(k)) continue
    if (k === 'carrier') group.carrier = order.carrier
    else if (k === 'ship_date') group.ship_date = order.shipDate
    else if (k === 'zone') group.zone = order.zone
    else group.priority = order.priority
  }
  return group
}

type Totals = { orders: number; lines: number; weight: number; volume: number }
const EPS = 1e-9

/** Whether totals keep every limit the rules set. */
export function withinLimits(t: Totals, rules: PlanRules): boolean {
  return (
    (rules.maxOrders == null || t.orders <= rules.maxOrders) &&
    (rules.maxLines == null || t.lines <= rules.maxLines) &&
    (rules.maxWeight == null || t.weight <= rules.maxWeight + EPS) &&
    (rules.maxVolume == null || t.volume <= rules.maxVolume + EPS)
  )
}

/** A batch's stops: each location once, however many of its orders pick there. */
function batchStops(orders: readonly PlanOrder[]): PickStop[] {
  const byCode = new Map<string, PickStop>()
  for (const o of orders) for (const s of o.stops) if (!byCode.has(s.code)) byCode.set(s.code, s)
  return [...byCode.values()]
}

/** A batch's planned pick path's metres (placed stops only, SPEC 18.3); Infinity when one-way aisles forbid the walk. */
function plannedMetres(orders: readonly PlanOrder[], route: PlanRoute): number {
  const stops = batchStops(orders)
  return stops.length ? planPickPath(route.walk, stops, { start: route.start, end: route.end }).metres : 0
}

const shown = (metres: number) => (Number.isFinite(metres) ? Math.round(metres * 10) / 10 : 0)

/** An order's urgency class (SPEC 19.2): orders of equal priority and due time may share carts in any order. */
export const urgencyOf = (o: { priority: number; dueAt: string | null }) => `${o.priority}|${o.dueAt ?? ''}`

const round3 = (n: number) => Math.round(n * 1000) / 1000

/**
 * A wave's totals, batches and walk from its orders, given in the order taken. The carts are proximity batches when
 * their planned paths walk less than carts in the order taken (order-batching.ts chooseBatches), else the order
 * taken; without a route (no layout read), the order taken with no walk.
 */
export function summariseWave(key: WaveGroup, orders: readonly PlanOrder[], totes: number, route: PlanRoute | null): ProposedWave {
  const batches = route
    ? chooseBatches(
        orders.map((o) => ({ stops: o.stops, urgency: urgencyOf(o) })),
        totes,
        route,
        (ids) => ({ metres: plannedMetres(ids.map((i) => orders[i]), route) }),
      ).batches.map((b) => ({ orders: b.orders.map((i) => orders[i].id), metres: shown(b.plan.metres) }))
    : splitBatches(orders, totes).map((b) => ({ orders: b.map((o) => o.id), metres: 0 }))
  return {
    key,
    orders: orders.map((o) => o.id),
    lines: orders.reduce((s, o) => s + o.lines, 0),
    units: round3(orders.reduce((s, o) => s + o.units, 0)),
    weight: round3(orders.reduce((s, o) => s + o.weight, 0)),
    volume: round3(orders.reduce((s, o) => s + o.volume, 0)),
    batches,
    metres: Math.round(batches.reduce((s, b) => s + b.metres, 0) * 10) / 10,
  }
}

/** Proposes waves for the candidates under the rules (SPEC 19.2). Saves nothing; the same input gives the same plan. */
export function planWaves(candidates: readonly PlanOrder[], rules: PlanRules, route: PlanRoute | null): WavePlan {
  const leftOut: WavePlan['leftOut'] = []
  const open = new Map<string, { key: WaveGroup; orders: PlanOrder[]; totals: Totals }>()
  const built: { key: WaveGroup; orders: PlanOrder[] }[] = []
  for (const order of [...candidates].sort(compareCandidates)) {
    if (!order.stops.length) {
      leftOut.push({ order: order.id, reason: 'nothing_available' })
      continue
    }
    const alone: Totals = { orders: 1, lines: order.lines, weight: order.weight, volume: order.volume }
    if (!withinLimits(alone, rules)) {
      leftOut.push({ order: order.id, reason: 'too_big' })
      continue
    }
    const key = groupOf(order, rules.groupBy)
    const id = JSON.stringify(key)
    const current = open.get(id)
    if (current) {
      const t = current.totals
      const next: Totals = { orders: t.orders + 1, lines: t.lines + order.lines, weight: t.weight + order.weight, volume: t.volume + order.volume }
      if (withinLimits(next, rules)) {
        current.orders.push(order)
        current.totals = next
        continue
      }
    }
    const wave = { key, orders: [order], totals: alone }
    open.set(id, wave)
    built.push(wave)
  }
  return { waves: built.map((w) => summariseWave(w.key, w.orders, rules.totes, route)), leftOut }
}
