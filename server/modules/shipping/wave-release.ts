/**
 * Releasing a wave (docs/requirements.md §19.3): reserve its stock and create its pick work, in one transaction, once
 * per command_id (commands.service runOnce; the answer is the `wave.released` event's payload, ADR 0020).
 *
 *   lock the wave and its open orders → the FEFO candidates of its products (one query for all of them, a LATERAL
 *   per product) → lock them in id order → reserve each order line, urgent orders first → 'hold' orders that fall
 *   short leave the wave → carts of `totes` orders by proximity (§19.3) → per batch, its stops in path order (§18.3) → one open pick
 *   task per reservation (createTasks), the reservations (order_reservations), the stock lines' reserved_qty
 *   (changeReservations): each one statement for all of them.
 *
 * The reservations' life afterwards (cancel gives them back, Finish consumes them, a count moves them) is in
 * order-reservations.ts.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx, Tx } from '../../db/client'
import { products, uoms } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { salesOrderLines, salesOrders, waves } from '../../db/schema/documents'
import { stockLines } from '../../db/schema/inventory'
import { carriers } from '../../db/schema/partners'
import { orderReservations, pickBatches } from '../../db/schema/picking'
import type { AuthUser } from '../../http/context'
import { conflict, notFound } from '../../http/errors'
import { fromMilli, fromMilli3, type Milli, minMilli, toMilli } from '../../kernel/qty-math'
import { planPickPath, type PickStop } from '../../../contracts/layout/pick-path'
import { makeWalk, type Walk, type WalkPoint } from '../../../contracts/layout/walk-graph'
import { chooseBatches } from '../../../contracts/shipping/order-batching'
import type { waveReleaseBody, WaveReleaseOut } from '../../../contracts/shipping/wave-release.contract'
import { recordAudit } from '../audit/audit.service'
import { runOnce } from '../commands/commands.service'
import { changeReservations, fefoEligible, refillFacesForWave } from '../inventory/stock.service'
import { warehouseWalkLayout } from '../master-data/layout.service'
import { createTasks, type NewTask, waitForTask } from '../workforce/tasks.service'
import { expiryCompare, shelfLifeFloors } from './fefo-rules'
import { WAVE_ENTITY } from './sales-orders'

export type WaveReleaseInput = z.output<typeof waveReleaseBody>

export const WAVE_RELEASE_KIND = 'shipping.wave_release'

/** Release a wave, once per command_id: the answer, stored with the command and told as `wave.released`. */
export function releaseWave(db: DbOrTx, user: AuthUser, waveId: number, body: WaveReleaseInput): Promise<WaveReleaseOut> {
  return runOnce(
    db,
    { companyId: user.companyId, userId: user.id },
    body.command_id,
    WAVE_RELEASE_KIND,
    (tx) => releaseIn(tx, user, waveId, body),
    () => 'wave.released',
  )
}

type Candidate = {
  id: number
  productId: number
  locationId: number
  lot: string | null
  expiryDate: string | null
  createdAt: number
  free: Milli
  /** metres from the pick path's start (§18.2), Infinity for a location without a place */
  metres: number
}

type Reservation = { orderId: number; orderLineId: number; stockLineId: number; productId: number; locationId: number; lot: string | null; qty: Milli }

/** Candidates a product's lines read at first: one per line and two more (each is locked; a product they do not cover is read whole). */
const firstLimit = (lines: number) => 2 + lines

async function releaseIn(tx: Tx, user: AuthUser, waveId: number, body: WaveReleaseInput): Promise<WaveReleaseOut> {
  const companyId = user.companyId
  const [wave] = await tx
    .select({ id: waves.id, code: waves.code, status: waves.status, draft: waves.draft, warehouseId: waves.warehouseId, warehouseCode: warehouses.code, timezone: warehouses.timezone })
    .from(waves)
    .innerJoin(warehouses, eq(warehouses.id, waves.warehouseId))
    .where(and(eq(waves.id, waveId), eq(waves.companyId, companyId)))
    .for('update', { of: waves })
  if (!wave) throw notFound('No such record.')
  if (wave.status !== 'open') throw conflict({ detail: `Wave ${wave.code} is ${wave.status}: only an open wave can be released.`, status: wave.status })
  if ((wave.draft?.picks?.length ?? 0) > 0) throw conflict({ detail: `Wave ${wave.code} can no longer be released: picking has started.`, status: wave.status })

  // SPEC 19.1: due at the ship date's cut-off in the warehouse's clock (the carrier's; the end of the day without one)
  const orders = await tx
    .select({
      id: salesOrders.id,
      code: salesOrders.code,
      customerId: salesOrders.customerId,
      priority: salesOrders.priority,
      shipDate: salesOrders.shipDate,
      dueAt: sql<string | null>`CASE WHEN ${salesOrders.shipDate} IS NULL THEN NULL
        ELSE ((${salesOrders.shipDate} + coalesce(${carriers.cutoffTime}, '24:00')::time) AT TIME ZONE ${wave.timezone})::text END`,
    })
    .from(salesOrders)
    .leftJoin(carriers, eq(carriers.id, salesOrders.carrierId))
    .where(and(eq(salesOrders.waveId, wave.id), eq(salesOrders.status, 'open')))
    .orderBy(asc(salesOrders.id))
    .for('update', { of: salesOrders })
  // urgent work first (SPEC 19.2's order): the scarce stock goes to them
  const dueMs = (d: string | null) => (d === null ? Infinity : Date.parse(d))
  orders.sort(
    (a, b) =>
      b.priority - a.priority ||
      dueMs(a.dueAt) - dueMs(b.dueAt) ||
      expiryCompare(a.shipDate, b.shipDate) ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
      a.id - b.id,
  )
  const orderIds = orders.map((o) => o.id)
  const lines = orderIds.length
    ? await tx
        .select({ id: salesOrderLines.id, orderId: salesOrderLines.orderId, productId: salesOrderLines.productId, productCode: products.code, uom: uoms.code, qty: salesOrderLines.qty, shippedQty: salesOrderLines.shippedQty })
        .from(salesOrderLines)
        .innerJoin(products, eq(products.id, salesOrderLines.productId))
        .innerJoin(uoms, eq(uoms.id, products.uomId))
        .where(inArray(salesOrderLines.orderId, orderIds))
        .orderBy(asc(salesOrderLines.orderId), asc(salesOrderLines.id))
    : []
  const wanted = (l: (typeof lines)[number]) => {
    const r = toMilli(l.qty) - toMilli(l.shippedQty)
    return r > 0n ? r : 0n
  }
  const linesOf = new Map<number, typeof lines>()
  for (const l of lines) if (wanted(l) > 0n) linesOf.set(l.orderId, [...(linesOf.get(l.orderId) ?? []), l])
  const floors = await shelfLifeFloors(
    tx,
    companyId,
    orders.map((o) => o.customerId),
  )

  const walkLayout = await warehouseWalkLayout(tx, companyId, wave.warehouseId)
  const walk = makeWalk(walkLayout.layout)
  const demandLines = lines.map((l) => ({ productId: l.productId, uom: l.uom, want: wanted(l) }))
  const candidates = await lockedCandidates(tx, companyId, wave.warehouseId, walk, walkLayout.start.point, demandLines, (productId) => {
    // the strictest shelf-life floor among the orders wanting the product: what its candidates must cover
    let strictest: string | null = null
    for (const o of orders) if (linesOf.get(o.id)?.some((l) => l.productId === productId)) strictest = maxDate(strictest, floors.get(o.customerId) ?? null)
    return strictest
  })

  // reserve, order by order; a 'hold' order that falls short takes nothing
  const left = new Map<number, Milli>()
  for (const list of candidates.values()) for (const c of list) left.set(c.id, c.free)
  const reservations: Reservation[] = []
  const shortages: WaveReleaseOut['shortages'] = []
  const held: WaveReleaseOut['held'] = []
  const released: typeof orders = []
  for (const o of orders) {
    const floor = floors.get(o.customerId) ?? null
    const mine: Reservation[] = []
    const short: WaveReleaseOut['shortages'] = []
    for (const l of linesOf.get(o.id) ?? []) {
      let need = wanted(l)
      for (const c of candidates.get(`${l.productId}|${l.uom}`) ?? []) {
        if (need <= 0n) break
        if (floor !== null && expiryCompare(c.expiryDate, floor) < 0) continue
        const take = minMilli(left.get(c.id) ?? 0n, need)
        if (take <= 0n) continue
        left.set(c.id, (left.get(c.id) ?? 0n) - take)
        need -= take
        mine.push({ orderId: o.id, orderLineId: l.id, stockLineId: c.id, productId: l.productId, locationId: c.locationId, lot: c.lot, qty: take })
      }
      if (need > 0n) short.push({ order: o.id, code: o.code, line: l.id, product: { id: l.productId, code: l.productCode }, wanted: fromMilli(wanted(l)), reserved: fromMilli(wanted(l) - need) })
    }
    if (short.length && body.shortage === 'hold') {
      for (const r of mine) left.set(r.stockLineId, (left.get(r.stockLineId) ?? 0n) + r.qty)
      held.push({ order: o.id, code: o.code })
      continue
    }
    shortages.push(...short)
    reservations.push(...mine)
    if (mine.length) released.push(o)
  }

  const actor = { companyId, userId: user.id, apiKeyId: user.apiKey?.id }
  await changeReservations(
    tx,
    actor,
    reservations.map((r) => ({ lineId: r.stockLineId, qty: fromMilli3(r.qty) })),
    1,
  )
  if (held.length)
    await tx.update(salesOrders).set({ waveId: null }).where(
      inArray(
        salesOrders.id,
        held.map((h) => h.order),
      ),
    )

  // each order's stops: the places of the locations its reservations take stock from
  const byOrder = new Map<number, Reservation[]>()
  for (const r of reservations) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r])
  const locationIds = [...new Set(reservations.map((r) => r.locationId))]
  const places = new Map(
    (locationIds.length
      ? await tx
          .select({ id: locations.id, code: locations.code, aisle: locations.aisle, x: locations.x, y: locations.y })
          .from(locations)
          .where(inArray(locations.id, locationIds))
      : []
    ).map((p) => [p.id, p]),
  )
  const stopOf = (id: number): PickStop => {
    const p = places.get(id)
    return { code: p?.code ?? '', point: p && p.x !== null && p.y !== null ? { aisle: p.aisle, x: p.x, y: p.y } : null }
  }
  const orderById = new Map(orders.map((o) => [o.id, o]))
  // a batch's stops in path order (SPEC 18.3): each location once, with the reservations picked there
  const planBatch = (group: number[]) => {
    const stopsAt = new Map<number, Reservation[]>()
    for (const k of group) for (const r of byOrder.get(released[k].id) ?? []) stopsAt.set(r.locationId, [...(stopsAt.get(r.locationId) ?? []), r])
    const ids = [...stopsAt.keys()]
    const plan = planPickPath(walk, ids.map(stopOf), { start: walkLayout.start.point, end: walkLayout.end.point })
    return { metres: plan.metres, stops: plan.order.map((i) => stopsAt.get(ids[i]) as Reservation[]) }
  }
  // the carts (SPEC 19.3): proximity batches of `totes` orders (one order per tote) when their paths walk less than
  // carts in the order taken, an urgent order never on a later cart (contracts/shipping/order-batching.ts)
  const chosen = chooseBatches(
    released.map((o) => ({ stops: [...new Set((byOrder.get(o.id) ?? []).map((r) => r.locationId))].map(stopOf), urgency: `${o.priority}|${o.dueAt ?? ''}` })),
    body.totes,
    { walk, start: walkLayout.start.point, end: walkLayout.end.point },
    planBatch,
  )
  const batchRows = chosen.batches.length
    ? await tx
        .insert(pickBatches)
        .values(chosen.batches.map((_, i) => ({ companyId, warehouseId: wave.warehouseId, waveId: wave.id, code: `${wave.code}-B${String(i + 1).padStart(2, '0')}`, totes: body.totes })))
        .returning({ id: pickBatches.id, code: pickBatches.code })
    : []

  // each batch's tasks are created in its path's order
  const ordered: { r: Reservation; batchId: number; tote: number }[] = []
  const answerBatches: WaveReleaseOut['batches'] = []
  for (const [b, cart] of chosen.batches.entries()) {
    const batch = batchRows[b]
    const group = cart.orders.map((k) => released[k])
    const tote = new Map(group.map((o, i) => [o.id, i + 1]))
    let count = 0
    for (const at of cart.plan.stops) {
      at.sort((x, y) => (tote.get(x.orderId) as number) - (tote.get(y.orderId) as number) || x.orderLineId - y.orderLineId)
      for (const r of at) ordered.push({ r, batchId: batch.id, tote: tote.get(r.orderId) as number })
      count += at.length
    }
    answerBatches.push({ id: batch.id, code: batch.code, totes: body.totes, orders: group.map((o) => ({ order: o.id, code: o.code, tote: tote.get(o.id) as number })), tasks: count })
  }
  const taskIds = await createTasks(
    tx,
    ordered.map(({ r, batchId }): NewTask => {
      const o = orderById.get(r.orderId) as (typeof orders)[number]
      return { companyId, warehouseId: wave.warehouseId, type: 'pick', locationId: r.locationId, productId: r.productId, qty: fromMilli3(r.qty), reference: o.code, priority: o.priority, dueAt: o.dueAt, batchId }
    }),
  )
  // one parameter for all of them (a JSON array): binding thousands of parameters cost more than the rows
  for (let i = 0; i < ordered.length; i += 5000) {
    const json = ordered.slice(i, i + 5000).map(({ r, batchId, tote }, k) => [r.orderId, r.orderLineId, r.stockLineId, r.productId, r.locationId, r.lot, fromMilli3(r.qty), taskIds[i + k], batchId, tote])
    await tx.execute(sql`
      INSERT INTO ${orderReservations} (company_id, order_id, order_line_id, stock_line_id, product_id, location_id, lot, qty, task_id, batch_id, tote)
      SELECT ${companyId}::int, (r->>0)::int, (r->>1)::int, (r->>2)::int, (r->>3)::int, (r->>4)::int, r->>5, (r->>6)::numeric, (r->>7)::int, (r->>8)::int, (r->>9)::int
      FROM jsonb_array_elements(${JSON.stringify(json)}::jsonb) AS r`)
  }
  // the pick faces its reservations leave below their minimum are refilled first (docs/requirements.md §20.2)
  const topOffs = await refillFacesForWave(
    tx,
    actor,
    wave.warehouseId,
    reservations.map((r) => r.productId),
  )
  // the wave's picks on a face being topped off wait for its refill (§20.2): directed work offers them after it
  for (const refill of topOffs) {
    const waiting = ordered.flatMap(({ r }, k) => (r.locationId === refill.location.id && r.productId === refill.product ? [taskIds[k]] : []))
    await waitForTask(tx, companyId, waiting, refill.task)
  }
  await tx.update(waves).set({ status: 'released' }).where(eq(waves.id, wave.id))
  await recordAudit(tx, actor, {
    entity: WAVE_ENTITY,
    entityId: wave.id,
    action: 'update',
    // what the release made is in its answer, its tasks and reservations; the trail says who released it and what changed
    // (a note would reach the history screen untranslated)
    changes: { status: ['open', 'released'], ...(held.length ? { orders: [orderIds, orderIds.filter((id) => !held.some((h) => h.order === id))] } : {}) },
  })
  return {
    wave: { id: wave.id, code: wave.code, status: 'released', warehouse: { id: wave.warehouseId, code: wave.warehouseCode } },
    batches: answerBatches,
    tasks: taskIds.length,
    shortages,
    held,
    replenishments: topOffs.map((r) => ({ task: r.task, location: r.location, product: r.product, source: r.source, qty: r.qty })),
    command_id: body.command_id.toLowerCase(),
  }
}

const maxDate = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b)

/**
 * The stock the wave's lines may take, per product and unit, in reservation order: FEFO (expiry first, none last),
 * then the nearest location (metres from the pick path's start, §18.2; unplaced last), then the oldest line
 * (docs/requirements.md §19.3). Only FEFO-eligible lines (fefoEligible: available, not expired, something free) in
 * the warehouse's active locations outside quarantine. One statement for every product (a LATERAL per product takes
 * its first lines by FEFO, one per order line and two more); a product whose first lines do not cover its demand from its
 * strictest shelf-life floor on is read again whole. Then every candidate is locked in id order and read fresh
 * (what the locks found is what is reserved), as moveReservation locks its candidates.
 */
async function lockedCandidates(
  tx: Tx,
  companyId: number,
  warehouseId: number,
  walk: Walk,
  start: WalkPoint,
  lines: { productId: number; uom: string; want: Milli }[],
  floorOf: (productId: number) => string | null,
): Promise<Map<string, Candidate[]>> {
  const demand = new Map<string, { productId: number; uom: string; lines: number; qty: Milli }>()
  for (const l of lines) {
    const want = l.want
    if (want <= 0n) continue
    const key = `${l.productId}|${l.uom}`
    const d = demand.get(key) ?? { productId: l.productId, uom: l.uom, lines: 0, qty: 0n }
    d.lines++
    d.qty += want
    demand.set(key, d)
  }
  if (!demand.size) return new Map()
  const read = async (wants: { productId: number; uom: string; limit: number | null }[]) => {
    const rows = await tx.execute<{ id: number; product_id: number; uom: string; location_id: number; lot: string | null; expiry_date: string | null }>(sql`
      SELECT c.id, c.product_id, c.uom, c.location_id, c.lot, c.expiry_date
      FROM unnest(${pgArray(wants.map((w) => w.productId))}::int[], ${pgArray(wants.map((w) => w.uom))}::text[], ${pgArray(wants.map((w) => w.limit ?? 2_000_000_000))}::int[]) AS w(product_id, uom, k)
      CROSS JOIN LATERAL (
        SELECT ${stockLines.id} AS id, ${stockLines.productId} AS product_id, ${stockLines.uom} AS uom, ${stockLines.locationId} AS location_id,
          ${stockLines.lot} AS lot, ${stockLines.expiryDate}::text AS expiry_date
        FROM ${stockLines}
        WHERE ${stockLines.companyId} = ${companyId} AND ${stockLines.productId} = w.product_id AND ${stockLines.uom} = w.uom
          AND ${stockLines.locationId} IN (SELECT ${locations.id} FROM ${locations} WHERE ${locations.warehouseId} = ${warehouseId} AND ${locations.isActive} AND ${locations.kind} <> 'quarantine')
          AND ${fefoEligible()}
        ORDER BY ${stockLines.expiryDate} ASC NULLS LAST, ${stockLines.createdAt} ASC, ${stockLines.id} ASC
        LIMIT w.k
      ) AS c`)
    return rows.rows.map((r) => ({ ...r, id: Number(r.id), product_id: Number(r.product_id), location_id: Number(r.location_id) }))
  }
  const first = [...demand.values()].map((d) => ({ productId: d.productId, uom: d.uom, limit: firstLimit(d.lines) }))
  let found = await read(first)
  // to lock and read fresh: the free quantities decide whether the first lines cover the demand
  const lockAll = async (ids: number[]) => {
    if (!ids.length) return new Map<number, { free: Milli; createdAt: number; ok: boolean }>()
    const rows = await tx.execute<{ id: number; free: string; created_at: string | Date; ok: boolean }>(sql`
      SELECT ${stockLines.id} AS id, (${stockLines.qty} - ${stockLines.reservedQty})::text AS free, ${stockLines.createdAt} AS created_at, ${fefoEligible()} AS ok
      FROM ${stockLines} WHERE ${stockLines.id} = ANY(${pgArray(ids)}::int[]) ORDER BY ${stockLines.id} FOR UPDATE`)
    return new Map(rows.rows.map((r) => [Number(r.id), { free: toMilli(r.free), createdAt: new Date(r.created_at).getTime(), ok: r.ok }]))
  }
  let fresh = await lockAll(
    [...new Set(found.map((r) => r.id))].sort((a, b) => a - b),
  )
  const coveredFrom = (key: string, rows: typeof found) => {
    const d = demand.get(key) as { productId: number; qty: Milli }
    const floor = floorOf(d.productId)
    let sum = 0n
    for (const r of rows) if (`${r.product_id}|${r.uom}` === key && (floor === null || expiryCompare(r.expiry_date, floor) >= 0)) sum += fresh.get(r.id)?.free ?? 0n
    return sum >= d.qty
  }
  const again = first.filter((w) => {
    const key = `${w.productId}|${w.uom}`
    const got = found.filter((r) => r.product_id === w.productId && r.uom === w.uom).length
    return got >= (w.limit as number) && !coveredFrom(key, found)
  })
  if (again.length) {
    const more = await read(again.map((w) => ({ ...w, limit: null })))
    const known = new Set(found.map((r) => r.id))
    const added = more.filter((r) => !known.has(r.id))
    // locked after the first ones: a product read whole is rare (a floor or scarce stock), and a deadlock it might meet is retried by runOnce
    const extra = await lockAll([...new Set(added.map((r) => r.id))].sort((a, b) => a - b))
    fresh = new Map([...fresh, ...extra])
    found = [...found, ...added]
  }
  const metres = new Map<number, number>()
  const locIds = [...new Set(found.map((r) => r.location_id))]
  if (locIds.length) {
    const pts = await tx.select({ id: locations.id, aisle: locations.aisle, x: locations.x, y: locations.y }).from(locations).where(inArray(locations.id, locIds))
    for (const p of pts) metres.set(p.id, p.x !== null && p.y !== null && walk.places({ aisle: p.aisle, x: p.x, y: p.y }) ? walk.distance(start, { aisle: p.aisle, x: p.x, y: p.y }) : Infinity)
  }
  const out = new Map<string, Candidate[]>()
  for (const r of found) {
    const f = fresh.get(r.id)
    if (!f || !f.ok || f.free <= 0n) continue
    const key = `${r.product_id}|${r.uom}`
    const list = out.get(key) ?? []
    list.push({ id: r.id, productId: r.product_id, locationId: r.location_id, lot: r.lot, expiryDate: r.expiry_date, createdAt: f.createdAt, free: f.free, metres: metres.get(r.location_id) ?? Infinity })
    out.set(key, list)
  }
  for (const list of out.values())
    list.sort((a, b) => expiryCompare(a.expiryDate, b.expiryDate) || (a.metres === b.metres ? 0 : a.metres < b.metres ? -1 : 1) || a.createdAt - b.createdAt || a.id - b.id)
  return out
}

/** A PostgreSQL array literal of numbers or plain codes (a unit code: letters and digits), one parameter. */
function pgArray(values: readonly (number | string)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`
}
