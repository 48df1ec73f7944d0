/**
 * Shipping (SPEC 2.9, issue 7): sales orders, waves, and the 4-step wizard on them.
 *
 *   select an order or a wave → picking (GET pick-suggestions: stock per line by FEFO) → packing → ship.
 *
 * The wizard keeps picks and packages on the client until Finish; Finish (POST …/ship/) books them in one
 * transaction: stock leaves through the stock service (removeStock, reason ship, reference = order code), one done
 * pick task per pick records the work for the dashboard, packages and their contents are stored, order lines count
 * what shipped, and the order (every order of a wave) is closed as shipped. The idempotency key is unique per company:
 * Finish twice books once and answers the same shipment.
 *
 * Picking takes only unreserved stock (qty − reserved): stock a copack order holds is never shipped.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx, Tx } from '../../db/client'
import { products, uoms } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { salesOrderLines, salesOrders, shipmentPackageContents, shipmentPackages, shipmentPicks, shipments, type ShippingDraft, waves } from '../../db/schema/documents'
import { stockLines } from '../../db/schema/inventory'
import { carriers, customers } from '../../db/schema/partners'
import { users } from '../../db/schema/users'
import type { AuthUser } from '../../http/context'
import { addFieldError, ApiError, conflict, type FieldErrors, fieldError, notFound, pgError } from '../../http/errors'
import { removeStock } from '../inventory/stock.service'
import { fromMilli, type Milli, minMilli, toMilli } from '../../kernel/qty-math'
import { resolveWarehouse } from '../../kernel/warehouse-scope'
import { checkProducts } from '../receiving/receiving.service'
import { createTask } from '../workforce/tasks.service'

export type CreateOrderInput = { code: string; customer: number; warehouse?: number | null; ship_date?: string | null; lines: { product: number; qty: string }[] }

export async function createSalesOrder(db: DbOrTx, user: AuthUser, body: CreateOrderInput): Promise<number> {
  const warehouseId = await resolveWarehouse(db, user, body.warehouse)
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, body.customer), eq(customers.companyId, user.companyId)))
  if (!customer) throw fieldError('customer', `Invalid pk "${body.customer}" - object does not exist.`)
  await checkProducts(
    db,
    user.companyId,
    body.lines.map((l) => l.product),
  )
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(salesOrders)
        .values({ companyId: user.companyId, warehouseId, customerId: customer.id, code: body.code, shipDate: body.ship_date ?? null, createdById: user.id })
        .returning({ id: salesOrders.id })
      await tx.insert(salesOrderLines).values(body.lines.map((l) => ({ companyId: user.companyId, orderId: order.id, productId: l.product, qty: l.qty })))
      return order.id
    })
  } catch (e) {
    if (pgError(e)?.code === '23505') throw fieldError('code', 'A sales order with this code already exists.')
    throw e
  }
}

/** Group open orders of one warehouse, none already in an open wave, into a new wave. */
export async function createWave(db: DbOrTx, user: AuthUser, body: { code: string; orders: number[]; warehouse?: number | null }): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const ids = [...new Set(body.orders)].sort((a, b) => a - b)
      const rows = await tx
        .select({ id: salesOrders.id, code: salesOrders.code, status: salesOrders.status, warehouseId: salesOrders.warehouseId, waveStatus: waves.status })
        .from(salesOrders)
        .leftJoin(waves, eq(waves.id, salesOrders.waveId))
        .where(and(eq(salesOrders.companyId, user.companyId), inArray(salesOrders.id, ids)))
        .orderBy(asc(salesOrders.id))
        .for('update', { of: salesOrders })
      const errors: string[] = []
      for (const id of ids) {
        const o = rows.find((r) => r.id === id)
        if (!o) errors.push(`Invalid pk "${id}" - object does not exist.`)
        else if (o.status !== 'open') errors.push(`Order ${o.code} is ${o.status}: only open orders can join a wave.`)
        else if (o.waveStatus === 'open') errors.push(`Order ${o.code} is already in an open wave.`)
      }
      const warehouseId = body.warehouse != null ? await resolveWarehouse(tx, user, body.warehouse) : rows[0]?.warehouseId
      if (rows.some((r) => r.warehouseId !== warehouseId)) errors.push("All orders of a wave must belong to the wave's warehouse.")
      if (errors.length) throw new ApiError(400, { orders: errors })
      const [wave] = await tx.insert(waves).values({ companyId: user.companyId, warehouseId, code: body.code, createdById: user.id }).returning({ id: waves.id })
      await tx.update(salesOrders).set({ waveId: wave.id }).where(inArray(salesOrders.id, ids))
      return wave.id
    })
  } catch (e) {
    if (pgError(e)?.code === '23505') throw fieldError('code', 'A wave with this code already exists.')
    throw e
  }
}

export async function cancelSalesOrder(db: DbOrTx, user: AuthUser, id: number): Promise<void> {
  const [row] = await db
    .update(salesOrders)
    .set({ status: 'cancelled', waveId: null })
    .where(and(eq(salesOrders.id, id), eq(salesOrders.companyId, user.companyId), eq(salesOrders.status, 'open')))
    .returning({ id: salesOrders.id })
  if (row) return
  const [order] = await db
    .select({ status: salesOrders.status })
    .from(salesOrders)
    .where(and(eq(salesOrders.id, id), eq(salesOrders.companyId, user.companyId)))
  if (!order) throw notFound('No such record.')
  throw conflict({ detail: `This order is ${order.status}: only an open order can be cancelled.`, status: order.status })
}

// ---------------------------------------------------------------------------------------------- pick suggestions

type Target = { kind: 'order' | 'wave'; id: number }

async function targetOrders(db: DbOrTx, user: AuthUser, target: Target, lock = false) {
  if (target.kind === 'order') {
    const q = db
      .select()
      .from(salesOrders)
      .where(and(eq(salesOrders.id, target.id), eq(salesOrders.companyId, user.companyId)))
    const rows = lock ? await q.for('update') : await q
    if (!rows.length) throw notFound('No such record.')
    return { wave: null, orders: rows }
  }
  const wq = db
    .select()
    .from(waves)
    .where(and(eq(waves.id, target.id), eq(waves.companyId, user.companyId)))
  const [wave] = lock ? await wq.for('update') : await wq
  if (!wave) throw notFound('No such record.')
  const oq = db.select().from(salesOrders).where(eq(salesOrders.waveId, wave.id)).orderBy(asc(salesOrders.id))
  const orders = lock ? await oq.for('update') : await oq
  return { wave, orders }
}

const remainingOf = (l: { qty: string; shippedQty: string }) => {
  const r = toMilli(l.qty) - toMilli(l.shippedQty)
  return r > 0n ? r : 0n
}

/** Per open line: what is left to ship and the warehouse's free stock of its product by FEFO, with a suggested quantity per stock line. */
export async function pickSuggestions(db: DbOrTx, user: AuthUser, target: Target) {
  const { orders } = await targetOrders(db, user, target)
  const open = orders.filter((o) => o.status === 'open')
  if (!open.length) return []
  const lines = await db
    .select({ line: salesOrderLines, code: products.code, name1: products.name1, uom: uoms.code })
    .from(salesOrderLines)
    .innerJoin(products, eq(products.id, salesOrderLines.productId))
    .innerJoin(uoms, eq(uoms.id, products.uomId))
    .where(
      inArray(
        salesOrderLines.orderId,
        open.map((o) => o.id),
      ),
    )
    .orderBy(asc(salesOrderLines.orderId), asc(salesOrderLines.id))
  const warehouseIds = [...new Set(open.map((o) => o.warehouseId))]
  const productIds = [...new Set(lines.map((l) => l.line.productId))]
  const stock = productIds.length
    ? await db
        .select({
          id: stockLines.id,
          productId: stockLines.productId,
          uom: stockLines.uom,
          locationId: stockLines.locationId,
          locationCode: locations.code,
          warehouseId: locations.warehouseId,
          lot: stockLines.lot,
          palletCode: stockLines.palletCode,
          sscc: stockLines.sscc,
          expiryDate: stockLines.expiryDate,
          available: sql<string>`(${stockLines.qty} - ${stockLines.reservedQty})::text`,
        })
        .from(stockLines)
        .innerJoin(locations, eq(locations.id, stockLines.locationId))
        .where(
          and(
            eq(stockLines.companyId, user.companyId),
            inArray(stockLines.productId, productIds),
            inArray(locations.warehouseId, warehouseIds),
            eq(locations.isActive, true),
            sql`${locations.kind} <> 'quarantine'`,
            sql`${stockLines.qty} > ${stockLines.reservedQty}`,
          ),
        )
        // FEFO: earliest expiry first, no expiry last, then the oldest line
        .orderBy(sql`${stockLines.expiryDate} ASC NULLS LAST`, asc(stockLines.createdAt), asc(stockLines.id))
    : []
  // several lines of one product share its stock: suggest each stock line's quantity once
  const left = new Map(stock.map((s) => [s.id, toMilli(s.available)]))
  return lines.map(({ line, code, name1, uom }) => {
    const order = open.find((o) => o.id === line.orderId) as (typeof open)[number]
    let remaining = remainingOf(line)
    const candidates = stock.filter((s) => s.productId === line.productId && s.uom === uom && s.warehouseId === order.warehouseId)
    const suggestions = candidates.slice(0, 20).map((s) => {
      const free = left.get(s.id) ?? 0n
      const take = minMilli(free, remaining)
      remaining -= take
      left.set(s.id, free - take)
      return {
        stock_line: s.id,
        location: { id: s.locationId, code: s.locationCode },
        lot: s.lot,
        pallet_code: s.palletCode,
        sscc: s.sscc,
        expiry_date: s.expiryDate,
        available: fromMilli(toMilli(s.available)),
        qty: fromMilli(take),
      }
    })
    return {
      line: line.id,
      order: order.id,
      order_code: order.code,
      product: { id: line.productId, code, name1, uom },
      qty: line.qty,
      shipped_qty: line.shippedQty,
      remaining: fromMilli(remainingOf(line)),
      available: fromMilli(candidates.reduce((sum, s) => sum + toMilli(s.available), 0n)),
      suggestions,
    }
  })
}

// ------------------------------------------------------------------------------------------------------- draft

/**
 * Save the wizard's steps (picks, packages, carrier, tracking) on the open order or wave, so leaving half-way loses
 * nothing (issue 7). The ids it names must be this target's lines and the company's stock lines and carrier (issue 14:
 * a draft never stores another company's ids); quantities and stock are checked at Finish, against the stock then.
 */
export async function saveShippingDraft(db: DbOrTx, user: AuthUser, target: Target, draft: ShippingDraft): Promise<void> {
  await db.transaction(async (tx) => {
    const { wave, orders } = await targetOrders(tx, user, target, true)
    const status = wave ? wave.status : orders[0].status
    if (status !== 'open') throw conflict({ detail: `This ${target.kind} is ${status}: only an open ${target.kind} keeps a wizard draft.`, status })
    await checkDraftRefs(tx, user, target, orders, draft)
    if (wave)
      await tx
        .update(waves)
        .set({ draft, draftUpdatedAt: sql`now()` })
        .where(eq(waves.id, wave.id))
    else
      await tx
        .update(salesOrders)
        .set({ draft, draftUpdatedAt: sql`now()` })
        .where(eq(salesOrders.id, orders[0].id))
  })
}

/** The draft's ids, each looked up inside the company and the target: a DRF 400 on the field that names a foreign one. */
async function checkDraftRefs(tx: Tx, user: AuthUser, target: Target, orders: { id: number }[], draft: ShippingDraft): Promise<void> {
  const picks = draft.picks ?? []
  const contents = (draft.packages ?? []).flatMap((p) => p.contents)
  const lineIds = [...new Set([...picks.map((p) => p.line), ...contents.map((c) => c.line)])]
  const stockIds = [...new Set(picks.map((p) => p.stock_line))]
  const orderIds = orders.map((o) => o.id)
  const knownLines = new Set(
    lineIds.length && orderIds.length
      ? (
          await tx
            .select({ id: salesOrderLines.id })
            .from(salesOrderLines)
            .where(and(inArray(salesOrderLines.id, lineIds), inArray(salesOrderLines.orderId, orderIds)))
        ).map((r) => r.id)
      : [],
  )
  const knownStock = new Set(
    stockIds.length
      ? (
          await tx
            .select({ id: stockLines.id })
            .from(stockLines)
            .where(and(inArray(stockLines.id, stockIds), eq(stockLines.companyId, user.companyId)))
        ).map((r) => r.id)
      : [],
  )
  const errors: FieldErrors = {}
  const add = (field: string, message: string) => addFieldError(errors, field, message)
  for (const [i, p] of picks.entries()) {
    if (!knownLines.has(p.line)) add('picks', `Pick ${i + 1}: ${p.line} is not a line of this ${target.kind}.`)
    if (!knownStock.has(p.stock_line)) add('picks', `Pick ${i + 1}: stock line ${p.stock_line} does not exist.`)
  }
  for (const pkg of draft.packages ?? []) {
    for (const c of pkg.contents) if (!knownLines.has(c.line)) add('packages', `Package ${pkg.code}: ${c.line} is not a line of this ${target.kind}.`)
  }
  if (draft.carrier != null) {
    const [carrier] = await tx
      .select({ id: carriers.id })
      .from(carriers)
      .where(and(eq(carriers.id, draft.carrier), eq(carriers.companyId, user.companyId)))
    if (!carrier) add('carrier', `Invalid pk "${draft.carrier}" - object does not exist.`)
  }
  if (Object.keys(errors).length) throw new ApiError(400, errors)
}

export async function shippingDraft(db: DbOrTx, user: AuthUser, target: Target) {
  const { wave, orders } = await targetOrders(db, user, target)
  const row = wave ?? orders[0]
  return { draft: row.draft ?? null, updated_at: row.draftUpdatedAt?.toISOString() ?? null }
}

// ------------------------------------------------------------------------------------------------------ booking

export type ShipInput = {
  idempotency_key: string
  /** absent: the saved draft's picks (and its packages, carrier and tracking reference where these are absent too) */
  picks?: { line: number; stock_line: number; qty: string }[]
  packages?: { code: string; contents: { line: number; qty: string }[] }[]
  carrier?: number | null
  tracking_reference?: string
}

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
  if (wave && wave.status !== 'open') throw conflict({ detail: `Wave ${wave.code} is ${wave.status}: only an open wave can be shipped.`, status: wave.status })
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
    .select({ id: stockLines.id, productId: stockLines.productId, locationId: stockLines.locationId, lot: stockLines.lot, warehouseId: locations.warehouseId })
    .from(stockLines)
    .innerJoin(locations, eq(locations.id, stockLines.locationId))
    .where(and(eq(stockLines.companyId, user.companyId), inArray(stockLines.id, stockIds)))
  const stockById = new Map(stock.map((s) => [s.id, s]))

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
    picked.set(line.id, (picked.get(line.id) ?? 0n) + toMilli(p.qty))
  }
  for (const [lineId, qty] of picked) {
    const line = lineById.get(lineId) as (typeof lines)[number]
    if (qty > remainingOf(line)) errors.push(`Line ${lineId}: picked ${fromMilli(qty)}, more than the ${fromMilli(remainingOf(line))} left to ship.`)
  }
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

  const actor = { companyId: user.companyId, userId: user.id }
  // stock lines in id order: two shipments taking from the same lines lock them in one order
  const ordered = picks.map((p, i) => ({ ...p, i })).sort((a, b) => a.stock_line - b.stock_line || a.i - b.i)
  for (const p of ordered) {
    const line = lineById.get(p.line) as (typeof lines)[number]
    const order = open.find((o) => o.id === line.orderId) as (typeof open)[number]
    const s = stockById.get(p.stock_line) as (typeof stock)[number]
    let moveId: number
    try {
      moveId = (await removeStock(tx, actor, { lineId: p.stock_line, qty: p.qty, reason: 'ship', reference: order.code })).moveId
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
  return { shipmentId: shipment.id, created: true }
}

// ------------------------------------------------------------------------------------------------------ reading

const bookers = alias(users, 'booker')
const pickLocations = alias(locations, 'pick_location')

export async function shipmentView(db: DbOrTx, id: number) {
  const [s] = await db
    .select({ shipment: shipments, carrier: { id: carriers.id, code: carriers.code, name: carriers.name }, bookedBy: bookers.username })
    .from(shipments)
    .leftJoin(carriers, eq(carriers.id, shipments.carrierId))
    .leftJoin(bookers, eq(bookers.id, shipments.bookedById))
    .where(eq(shipments.id, id))
  const picks = await db
    .select({ pick: shipmentPicks, productCode: products.code, locationCode: pickLocations.code, orderId: salesOrderLines.orderId })
    .from(shipmentPicks)
    .innerJoin(products, eq(products.id, shipmentPicks.productId))
    .innerJoin(salesOrderLines, eq(salesOrderLines.id, shipmentPicks.orderLineId))
    .leftJoin(pickLocations, eq(pickLocations.id, shipmentPicks.locationId))
    .where(eq(shipmentPicks.shipmentId, id))
    .orderBy(asc(shipmentPicks.id))
  const pkgs = await db.select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, id)).orderBy(asc(shipmentPackages.id))
  const contents = pkgs.length
    ? await db
        .select()
        .from(shipmentPackageContents)
        .where(
          inArray(
            shipmentPackageContents.packageId,
            pkgs.map((p) => p.id),
          ),
        )
        .orderBy(asc(shipmentPackageContents.id))
    : []
  const orderIds = s.shipment.waveId
    ? (await db.select({ id: salesOrders.id }).from(salesOrders).where(eq(salesOrders.waveId, s.shipment.waveId))).map((o) => o.id)
    : [s.shipment.orderId as number]
  const orders = await db
    .select({ id: salesOrders.id, code: salesOrders.code, status: salesOrders.status })
    .from(salesOrders)
    .where(inArray(salesOrders.id, orderIds))
    .orderBy(asc(salesOrders.id))
  return {
    id: s.shipment.id,
    order: s.shipment.orderId,
    wave: s.shipment.waveId,
    carrier: s.carrier,
    tracking_reference: s.shipment.trackingReference,
    idempotency_key: s.shipment.idempotencyKey,
    booked_at: s.shipment.bookedAt.toISOString(),
    booked_by: s.shipment.bookedById ? { id: s.shipment.bookedById, username: s.bookedBy as string } : null,
    orders,
    picks: picks.map(({ pick, productCode, locationCode, orderId }) => ({
      id: pick.id,
      line: pick.orderLineId,
      order: orderId,
      stock_line: pick.stockLineId,
      product: { id: pick.productId, code: productCode },
      location: pick.locationId ? { id: pick.locationId, code: locationCode as string } : null,
      lot: pick.lot,
      qty: pick.qty,
    })),
    packages: pkgs.map((p) => ({ id: p.id, code: p.code, contents: contents.filter((c) => c.packageId === p.id).map((c) => ({ line: c.orderLineId, qty: c.qty })) })),
  }
}

const orderWaves = alias(waves, 'order_wave')
export const orderRowSelect = {
  id: salesOrders.id,
  code: salesOrders.code,
  status: salesOrders.status,
  customer: { id: customers.id, code: customers.code, name: customers.name },
  warehouse: { id: warehouses.id, code: warehouses.code },
  wave: { id: orderWaves.id, code: orderWaves.code },
  shipDate: salesOrders.shipDate,
  createdAt: salesOrders.createdAt,
  shippedAt: salesOrders.shippedAt,
  linesCount: sql<number>`(SELECT count(*)::int FROM ${salesOrderLines} WHERE ${salesOrderLines.orderId} = ${salesOrders.id})`,
}
export const orderRows = (db: DbOrTx) =>
  db
    .select(orderRowSelect)
    .from(salesOrders)
    .innerJoin(customers, eq(customers.id, salesOrders.customerId))
    .innerJoin(warehouses, eq(warehouses.id, salesOrders.warehouseId))
    .leftJoin(orderWaves, eq(orderWaves.id, salesOrders.waveId))
    .$dynamic()
export const orderCount = (db: DbOrTx) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(salesOrders)
    .innerJoin(customers, eq(customers.id, salesOrders.customerId))
    .$dynamic()
type OrderRow = Awaited<ReturnType<ReturnType<typeof orderRows>['execute']>>[number]
export const serializeOrderRow = (r: OrderRow) => ({
  id: r.id,
  code: r.code,
  status: r.status,
  customer: r.customer,
  warehouse: r.warehouse,
  wave: r.wave,
  ship_date: r.shipDate,
  lines_count: Number(r.linesCount),
  created_at: r.createdAt.toISOString(),
  shipped_at: r.shippedAt?.toISOString() ?? null,
})

async function orderLinesOf(db: DbOrTx, orderIds: number[]) {
  if (!orderIds.length) return []
  const rows = await db
    .select({ line: salesOrderLines, code: products.code, name1: products.name1, uom: uoms.code })
    .from(salesOrderLines)
    .innerJoin(products, eq(products.id, salesOrderLines.productId))
    .innerJoin(uoms, eq(uoms.id, products.uomId))
    .where(inArray(salesOrderLines.orderId, orderIds))
    .orderBy(asc(salesOrderLines.id))
  return rows.map(({ line, code, name1, uom }) => ({
    id: line.id,
    order: line.orderId,
    product: { id: line.productId, code, name1, uom },
    qty: line.qty,
    shipped_qty: line.shippedQty,
    remaining: fromMilli(remainingOf(line)),
  }))
}

export async function orderDetail(db: DbOrTx, user: AuthUser, id: number) {
  const [row] = await orderRows(db)
    .where(and(eq(salesOrders.id, id), eq(salesOrders.companyId, user.companyId)))
    .limit(1)
  if (!row) throw notFound('No such record.')
  const shipmentIds = (
    await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.companyId, user.companyId), sql`(${shipments.orderId} = ${id} OR ${shipments.waveId} = ${row.wave?.id ?? -1})`))
      .orderBy(asc(shipments.id))
  ).map((s) => s.id)
  const [saved] = await db.select({ draft: salesOrders.draft, at: salesOrders.draftUpdatedAt }).from(salesOrders).where(eq(salesOrders.id, id))
  return {
    ...serializeOrderRow(row),
    draft: saved.draft ?? null,
    draft_updated_at: saved.at?.toISOString() ?? null,
    lines: await orderLinesOf(db, [id]),
    shipments: await Promise.all(shipmentIds.map((s) => shipmentView(db, s))),
  }
}

export const waveRows = (db: DbOrTx) =>
  db
    .select({
      id: waves.id,
      code: waves.code,
      status: waves.status,
      warehouse: { id: warehouses.id, code: warehouses.code },
      createdAt: waves.createdAt,
      shippedAt: waves.shippedAt,
      ordersCount: sql<number>`(SELECT count(*)::int FROM ${salesOrders} WHERE ${salesOrders.waveId} = ${waves.id})`,
    })
    .from(waves)
    .innerJoin(warehouses, eq(warehouses.id, waves.warehouseId))
    .$dynamic()
type WaveRow = Awaited<ReturnType<ReturnType<typeof waveRows>['execute']>>[number]
export const serializeWaveRow = (r: WaveRow) => ({
  id: r.id,
  code: r.code,
  status: r.status,
  warehouse: r.warehouse,
  orders_count: Number(r.ordersCount),
  created_at: r.createdAt.toISOString(),
  shipped_at: r.shippedAt?.toISOString() ?? null,
})

export async function waveDetail(db: DbOrTx, user: AuthUser, id: number) {
  const [row] = await waveRows(db)
    .where(and(eq(waves.id, id), eq(waves.companyId, user.companyId)))
    .limit(1)
  if (!row) throw notFound('No such record.')
  const orders = await orderRows(db).where(eq(salesOrders.waveId, id)).orderBy(asc(salesOrders.id))
  const lines = await orderLinesOf(
    db,
    orders.map((o) => o.id),
  )
  const shipmentIds = (await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.waveId, id)).orderBy(asc(shipments.id))).map((s) => s.id)
  const [saved] = await db.select({ draft: waves.draft, at: waves.draftUpdatedAt }).from(waves).where(eq(waves.id, id))
  return {
    ...serializeWaveRow(row),
    draft: saved.draft ?? null,
    draft_updated_at: saved.at?.toISOString() ?? null,
    orders: orders.map((o) => ({ ...serializeOrderRow(o), lines: lines.filter((l) => l.order === o.id) })),
    shipments: await Promise.all(shipmentIds.map((s) => shipmentView(db, s))),
  }
}
