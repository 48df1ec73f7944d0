/** Finish (SPEC 2.9): book the shipment of an order or a wave, once per idempotency key. */
import type { z } from 'zod'
import type { shipBody } from '../../../contracts/shipping/shipping.contract'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { locations } from '../../db/schema/core'
import { salesOrderLines, salesOrders, shipmentPackageContents, shipmentPackages, shipmentPicks, shipments, waves } from '../../db/schema/documents'
import { stockLines } from '../../db/schema/inventory'
import { carriers } from '../../db/schema/partners'
import type { AuthUser } from '../../http/context'
import { ApiError, conflict, fieldError, pgError } from '../../http/errors'
import { changeReservations, FEFO_ORDER, fefoEligible, removeStock } from '../inventory/stock.service'
import { expiryCompare, fefoCutoff, shelfLifeFloors } from './fefo-rules'
import { fromMilli, type Milli, toMilli } from '../../kernel/qty-math'
import { createTask } from '../workforce/tasks.service'
import { remainingOf, type Target, targetOrders } from './shipping-targets'
import { emitOrderEvents } from './sales-orders'
import { shipmentView } from './shipping-reads'
import { activeReservations, reservedFor, settleShippedReservations } from './order-reservations'

export type ShipInput = z.output<typeof shipBody>

/** Finish: book the shipment of an order or a wave. Returns the shipment id and whether this call booked it. */
export async function ship(db: DbOrTx, user: AuthUser, target: Target, body: ShipInput): Promise<{ shipmentId: number; created: boolean }> {
  try {
    return await db.transaction((tx) => shipIn(tx, user, target, body))
  } catch (e) {
    if (pgError(e)?.code === '23505') throw fieldError('idempotency_key', 'This key was already used for another shipment.')
    throw e
  }
}

async function shipIn(tx: Tx, user: AuthUser, target: Target, body: ShipInput): Promise<{ shipmentId: number; created: boolean }> {
  // the order (wave) row locks serialise two Finish clicks; the second then finds the key and books nothing
  const { wave, orders } = await targetOrders(tx, user, target, true)
  const [done] = await tx
    .select({ id: shipments.id, orderId: shipments.orderId, waveId: shipments.waveId })
    .from(shipments)
    .where(and(eq(shipments.companyId, user.companyId), eq(shipments.idempotencyKey, body.idempotency_key)))
  if (done) {
    const same = target.kind === 'order' ? done.orderId === target.id && done.waveId === null : done.waveId === target.id
    if (!same) throw fieldError('idempotency_key', 'This key was already used for another shipment.')
    return { shipmentId: done.id, created: false }
  }
  // a released wave ships as an open one: its orders' reservations are consumed below (SPEC 19.3)
  if (wave && wave.status !== 'open' && wave.status !== 'released')
    throw conflict({ detail: `Wave ${wave.code} is ${wave.status}: only an open wave can be shipped.`, status: wave.status })
  const open = orders.filter((o) => o.status === 'open')
  if (!wave && !open.length) throw conflict({ detail: `Order ${orders[0].code} is ${orders[0].status}: only an open order can be shipped.`, status: orders[0].status })
  if (wave && !open.length) throw conflict({ detail: `Wave ${wave.code} has no open order to ship.`, status: wave.status })
  const draft = (wave ? wave.draft : open[0].draft) ?? {}
  body = {
    ...body,
    picks: body.picks ?? draft.picks ?? [],
    packages: body.packages ?? (body.picks ? undefined : draft.packages),
    carrier: body.carrier !== undefined ? body.carrier : draft.carrier,
    tracking_reference: body.tracking_reference ?? draft.tracking_reference,
  }
  const picks = body.picks ?? []
  if (!picks.length) throw fieldError('picks', 'Pick at least one quantity.')

  const lines = await tx
    .select()
    .from(salesOrderLines)
    .where(
      inArray(
        salesOrderLines.orderId,
        open.map((o) => o.id),
      ),
    )
  const lineById = new Map(lines.map((l) => [l.id, l]))
  const stockIds = [...new Set(picks.map((p) => p.stock_line))]
  const stock = await tx
    .select({
      id: stockLines.id,
      productId: stockLines.productId,
      locationId: stockLines.locationId,
      locationKind: locations.kind,
      lot: stockLines.lot,
      warehouseId: locations.warehouseId,
      status: stockLines.status,
      expiryDate: stockLines.expiryDate,
      expired: sql<boolean>`coalesce(${stockLines.expiryDate} < current_date, false)`,
    })
    .from(stockLines)
    .innerJoin(locations, eq(locations.id, stockLines.locationId))
    .where(and(eq(stockLines.companyId, user.companyId), inArray(stockLines.id, stockIds)))
  const stockById = new Map(stock.map((s) => [s.id, s]))
  const floors = await shelfLifeFloors(
    tx,
    user.companyId,
    open.map((o) => o.customerId),
  )

  const errors: string[] = []
  const picked = new Map<number, Milli>()
  for (const [i, p] of picks.entries()) {
    const line = lineById.get(p.line)
    const s = stockById.get(p.stock_line)
    const order = line ? open.find((o) => o.id === line.orderId) : undefined
    if (!line || !order) {
      errors.push(`Pick ${i + 1}: ${p.line} is not an open line of this ${target.kind}.`)
      continue
    }
    if (!s) errors.push(`Pick ${i + 1}: stock line ${p.stock_line} does not exist.`)
    else if (s.productId !== line.productId) errors.push(`Pick ${i + 1}: stock line ${p.stock_line} holds another product.`)
    else if (s.warehouseId !== order.warehouseId) errors.push(`Pick ${i + 1}: stock line ${p.stock_line} is not in the order's warehouse.`)
    else {
      // never expired, blocked or quarantined stock, nor a lot shorter-lived than the customer accepts (SPEC 10.4)
      const floor = floors.get(order.customerId) ?? null
      const what = `stock line ${p.stock_line}${s.lot ? ` (lot ${s.lot})` : ''}`
      if (s.status === 'blocked') errors.push(`Pick ${i + 1}: ${what} is blocked.`)
      else if (s.status === 'quarantine' || s.locationKind === 'quarantine') errors.push(`Pick ${i + 1}: ${what} is in quarantine.`)
      else if (s.expired) errors.push(`Pick ${i + 1}: ${what} expired on ${s.expiryDate}.`)
      else if (floor !== null && expiryCompare(s.expiryDate, floor) < 0)
        errors.push(`Pick ${i + 1}: ${what} expires on ${s.expiryDate}, before ${floor}, the customer's minimum shelf life.`)
    }
    picked.set(line.id, (picked.get(line.id) ?? 0n) + toMilli(p.qty))
  }
  for (const [lineId, qty] of picked) {
    const line = lineById.get(lineId) as (typeof lines)[number]
    if (qty > remainingOf(line)) errors.push(`Line ${lineId}: picked ${fromMilli(qty)}, more than the ${fromMilli(remainingOf(line))} left to ship.`)
  }
  if (errors.length) throw new ApiError(400, { picks: errors })
  errors.push(...(await fefoOverrides(tx, user, picks, lineById, open, stockById, floors)))
  if (errors.length) throw new ApiError(400, { picks: errors })

  if (body.packages?.length) {
    const packed = new Map<number, Milli>()
    const pkgErrors: string[] = []
    const codes = new Set<string>()
    for (const [i, pkg] of body.packages.entries()) {
      if (codes.has(pkg.code)) pkgErrors.push(`Package ${i + 1}: code ${pkg.code} is used twice.`)
      codes.add(pkg.code)
      for (const c of pkg.contents) {
        if (!picked.has(c.line)) pkgErrors.push(`Package ${pkg.code}: line ${c.line} was not picked.`)
        packed.set(c.line, (packed.get(c.line) ?? 0n) + toMilli(c.qty))
      }
    }
    for (const [lineId, qty] of picked) {
      const p = packed.get(lineId) ?? 0n
      if (p !== qty) pkgErrors.push(`Line ${lineId}: packed ${fromMilli(p)} but picked ${fromMilli(qty)}.`)
    }
    if (pkgErrors.length) throw new ApiError(400, { packages: [...new Set(pkgErrors)] })
  }
  if (body.carrier != null) {
    const [carrier] = await tx
      .select({ id: carriers.id })
      .from(carriers)
      .where(and(eq(carriers.id, body.carrier), eq(carriers.companyId, user.companyId)))
    if (!carrier) throw fieldError('carrier', `Invalid pk "${body.carrier}" - object does not exist.`)
  }

  const [shipment] = await tx
    .insert(shipments)
    .values({
      companyId: user.companyId,
      orderId: wave ? null : open[0].id,
      waveId: wave?.id ?? null,
      carrierId: body.carrier ?? null,
      trackingReference: body.tracking_reference ?? '',
      idempotencyKey: body.idempotency_key,
      bookedById: user.id,
    })
    .returning({ id: shipments.id })

  const actor = { companyId: user.companyId, userId: user.id, apiKeyId: user.apiKey?.id }
  // a released order's own reservations on a line count as free for its picks there: each pick gives back what it
  // takes of them just before the stock leaves, and what the orders still hold is given back after (SPEC 19.3)
  const held = await activeReservations(
    tx,
    user.companyId,
    open.map((o) => o.id),
  )
  const reserved = reservedFor(held)
  const used = new Map<string, Milli>()
  // stock lines in id order: two shipments taking from the same lines lock them in one order
  const ordered = picks.map((p, i) => ({ ...p, i })).sort((a, b) => a.stock_line - b.stock_line || a.i - b.i)
  for (const p of ordered) {
    const line = lineById.get(p.line) as (typeof lines)[number]
    const order = open.find((o) => o.id === line.orderId) as (typeof open)[number]
    const s = stockById.get(p.stock_line) as (typeof stock)[number]
    const key = `${order.id}|${p.stock_line}`
    const own = reserved.get(key) ?? 0n
    const fromOwn = own < toMilli(p.qty) ? own : toMilli(p.qty)
    if (fromOwn > 0n) {
      await changeReservations(tx, actor, [{ lineId: p.stock_line, qty: fromMilli(fromOwn) }], -1)
      reserved.set(key, own - fromOwn)
      used.set(key, (used.get(key) ?? 0n) + fromOwn)
    }
    let moveId: number
    try {
      moveId = (await removeStock(tx, actor, { lineId: p.stock_line, qty: p.qty, reason: 'ship', reference: order.code, note: p.override_reason || undefined })).moveId
    } catch (e) {
      // not enough free stock on that line (reserved or taken meanwhile): report it on the pick
      if (e instanceof ApiError && e.statusCode === 400) throw new ApiError(400, { picks: [`Pick ${p.i + 1}: ${Object.values(e.body).flat().join(' ')}`] })
      throw e
    }
    await createTask(tx, {
      companyId: user.companyId,
      warehouseId: order.warehouseId,
      type: 'pick',
      status: 'done',
      assigneeId: user.id,
      locationId: s.locationId,
      productId: s.productId,
      qty: p.qty,
      reference: order.code,
    })
    await tx
      .insert(shipmentPicks)
      .values({ shipmentId: shipment.id, orderLineId: line.id, stockLineId: p.stock_line, productId: s.productId, locationId: s.locationId, lot: s.lot, qty: p.qty, moveId })
  }
  await settleShippedReservations(tx, actor, held, used)
  for (const pkg of body.packages ?? []) {
    const [row] = await tx.insert(shipmentPackages).values({ shipmentId: shipment.id, code: pkg.code }).returning({ id: shipmentPackages.id })
    if (pkg.contents.length) await tx.insert(shipmentPackageContents).values(pkg.contents.map((c) => ({ packageId: row.id, orderLineId: c.line, qty: c.qty })))
  }
  for (const [lineId, qty] of picked) {
    await tx
      .update(salesOrderLines)
      .set({ shippedQty: sql`${salesOrderLines.shippedQty} + ${fromMilli(qty)}::numeric` })
      .where(eq(salesOrderLines.id, lineId))
  }
  // Finish closes the order (every open order of the wave), short-shipped lines included
  await tx
    .update(salesOrders)
    .set({ status: 'shipped', shippedAt: sql`now()`, draft: null, draftUpdatedAt: null })
    .where(
      inArray(
        salesOrders.id,
        open.map((o) => o.id),
      ),
    )
  if (wave)
    await tx
      .update(waves)
      .set({ status: 'shipped', shippedAt: sql`now()` })
      .where(eq(waves.id, wave.id))
  await emitOrderEvents(
    tx,
    user.companyId,
    'order.shipped',
    open.map((o) => o.id),
    { shipment: await shipmentView(tx, shipment.id) },
  )
  return { shipmentId: shipment.id, created: true }
}

type OrderLine = typeof salesOrderLines.$inferSelect
type PickedStock = { id: number; productId: number; warehouseId: number; expiryDate: string | null; lot: string | null }

/**
 * A pick of a worse lot than FEFO's needs a reason (SPEC 10.5): per product, warehouse and shelf-life floor, the picks'
 * total is what FEFO would take from the eligible lines in FEFO order; a pick from a line expiring after the last
 * line FEFO needs is an override. Returns one message per pick that overrides without an `override_reason`.
 */
async function fefoOverrides(
  tx: Tx,
  user: AuthUser,
  picks: NonNullable<ShipInput['picks']>,
  lineById: Map<number, OrderLine>,
  open: { id: number; warehouseId: number; customerId: number }[],
  stockById: Map<number, PickedStock>,
  floors: Map<number, string | null>,
): Promise<string[]> {
  const groups = new Map<string, { productId: number; warehouseId: number; floor: string | null; qty: Milli; picks: { i: number; s: PickedStock; reason: string }[] }>()
  for (const [i, p] of picks.entries()) {
    const line = lineById.get(p.line) as OrderLine
    const order = open.find((o) => o.id === line.orderId) as (typeof open)[number]
    const s = stockById.get(p.stock_line) as PickedStock
    const floor = floors.get(order.customerId) ?? null
    const key = `${s.productId}|${s.warehouseId}|${floor}`
    const g = groups.get(key) ?? { productId: s.productId, warehouseId: s.warehouseId, floor, qty: 0n, picks: [] }
    g.qty += toMilli(p.qty)
    g.picks.push({ i, s, reason: p.override_reason?.trim() ?? '' })
    groups.set(key, g)
  }
  const errors: string[] = []
  for (const g of groups.values()) {
    const candidates = await tx
      .select({ expiryDate: stockLines.expiryDate, lot: stockLines.lot, free: sql<string>`(${stockLines.qty} - ${stockLines.reservedQty})::text` })
      .from(stockLines)
      .innerJoin(locations, eq(locations.id, stockLines.locationId))
      .where(
        and(
          eq(stockLines.companyId, user.companyId),
          eq(stockLines.productId, g.productId),
          eq(locations.warehouseId, g.warehouseId),
          eq(locations.isActive, true),
          sql`${locations.kind} <> 'quarantine'`,
          fefoEligible({ minExpiryDate: g.floor }),
        ),
      )
      .orderBy(...FEFO_ORDER)
    const cutoff = fefoCutoff(
      candidates.map((c) => ({ expiryDate: c.expiryDate, free: toMilli(c.free) })),
      g.qty,
    )
    if (cutoff === undefined) continue
    const best = candidates[0]
    for (const p of g.picks) {
      if (expiryCompare(p.s.expiryDate, cutoff) <= 0 || p.reason) continue
      const lot = p.s.lot ? `lot ${p.s.lot}` : `stock line ${p.s.id}`
      const bestLot = best.lot ? `lot ${best.lot}` : 'another line'
      errors.push(
        `Pick ${p.i + 1}: ${lot} (expiry ${p.s.expiryDate ?? 'none'}) is not the FEFO choice (${bestLot}, expiry ${best.expiryDate ?? 'none'}): give an override_reason.`,
      )
    }
  }
  return errors
}
