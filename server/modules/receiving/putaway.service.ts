/**
 * Putaway, shape 1 (SPEC 11.5, ADR 0014, ADR 0005 amended): receipt books a pallet into its warehouse's dock and
 * creates a putaway task pointing at the suggested destination; the putaway command moves the pallet from wherever
 * it is (the dock) to the scanned destination with reason `putaway` and finishes the task, in one transaction and
 * once per `command_id`. The task's pallet is known from the receipt lines (receiving owns them).
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { PutawayCommand, PutawayResult } from '../../../contracts/inventory/putaway.contract'
import { putawayRefusal, type PutawayRefusal } from '../../../contracts/inventory/putaway.rules'
import type { DbOrTx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { locations, storageCategories, warehouses } from '../../db/schema/core'
import { receiptLines } from '../../db/schema/documents'
import { stockLines } from '../../db/schema/inventory'
import { tasks } from '../../db/schema/tasks'
import { ApiError, conflict, fieldError } from '../../http/errors'
import { runOnce } from '../commands/commands.service'
import { movesByIds } from '../inventory/ledger.service'
import { stockLinesByIds } from '../inventory/stock-commands.service'
import { moveStock } from '../inventory/stock.service'
import { locationLoads, palletLoad } from '../inventory/holdings.service'
import { type CapacityRefusal, capacityRefusals, EMPTY_LOAD, type StorageCategoryLimits } from '../../../contracts/inventory/capacity.rules'
import { finishTask } from '../workforce/tasks.service'

type Actor = { id: number; companyId: number }

/**
 * The receiving dock of a warehouse: its first active location of kind `dock` (by code). A warehouse without one
 * cannot receive (400): a pallet must be somewhere real until it is put away.
 */
export async function receivingDock(tx: DbOrTx, companyId: number, warehouseId: number): Promise<{ id: number; code: string }> {
  const [dock] = await tx
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.warehouseId, warehouseId), eq(locations.kind, 'dock'), eq(locations.isActive, true)))
    .orderBy(asc(locations.code))
    .limit(1)
  if (dock) return dock
  const [wh] = await tx.select({ code: warehouses.code }).from(warehouses).where(eq(warehouses.id, warehouseId))
  throw new ApiError(400, { detail: `Warehouse ${wh?.code ?? warehouseId} has no active dock location to receive into; add a location of kind dock first.` })
}

/** The pallets (code and SSCC) a putaway task was created for, from its receipt lines. */
async function taskPallets(db: DbOrTx, taskIds: number[]) {
  if (!taskIds.length) return []
  return db
    .selectDistinct({ taskId: receiptLines.taskId, palletCode: receiptLines.palletCode, sscc: receiptLines.sscc, stockLineId: receiptLines.stockLineId })
    .from(receiptLines)
    .where(inArray(receiptLines.taskId, taskIds))
}

function refusalText(r: PutawayRefusal, code: string): string {
  switch (r.code) {
    case 'inactive':
      return `Location ${code} is inactive; choose another.`
    case 'other_warehouse':
      return `Location ${code} is in another warehouse than the task's.`
    case 'kind':
      return `Location ${code} is a ${r.kind} location; put pallets away into a storage or picking location.`
    case 'storage_class':
      return `Location ${code} is ${r.found}; this pallet needs a ${r.needed} location.`
  }
}

/** A location's storage category as the capacity rules take it (§20.3; master-data writes it, this reads it). */
async function categoryLimits(tx: DbOrTx, companyId: number, id: number): Promise<StorageCategoryLimits | null> {
  const [c] = await tx
    .select({
      code: storageCategories.code,
      max_pallets: storageCategories.maxPallets,
      max_weight_kg: storageCategories.maxWeightKg,
      allowed_storage_classes: storageCategories.allowedStorageClasses,
      mixing: storageCategories.mixing,
    })
    .from(storageCategories)
    .where(and(eq(storageCategories.id, id), eq(storageCategories.companyId, companyId)))
  return c ?? null
}

function capacityText(r: CapacityRefusal, code: string): string {
  switch (r.code) {
    case 'full':
      return `Location ${code} is full (${r.pallets} of ${r.max} pallets); choose another.`
    case 'too_heavy':
      return `Location ${code} would hold ${r.weight_kg} kg, more than its ${r.max} kg; choose another.`
    case 'class_not_allowed':
      return `Location ${code} does not take ${r.storage_class} products; choose another.`
    case 'mixes_products':
      return `Location ${code} holds a single product; this pallet would mix products there. Choose another.`
    case 'mixes_lots':
      return `Location ${code} holds a single lot; this pallet would mix lots there. Choose another.`
  }
}

/** POST /inventory/putaways/: move the task's pallet to `to_location` (reason putaway) and finish the task. */
export function putawayCommand(db: DbOrTx, user: Actor, body: PutawayCommand): Promise<PutawayResult> {
  const actor = { companyId: user.companyId, userId: user.id }
  return runOnce(db, actor, body.command_id, 'inventory.putaway', async (tx) => {
    const [task] = await tx
      .select({ id: tasks.id, type: tasks.type, status: tasks.status, warehouseId: tasks.warehouseId, locationId: tasks.locationId, reference: tasks.reference })
      .from(tasks)
      .where(and(eq(tasks.id, body.task), eq(tasks.companyId, user.companyId)))
    if (!task) throw fieldError('task', `Invalid pk "${body.task}" - object does not exist.`)
    if (task.type !== 'putaway') throw fieldError('task', `Task ${task.id} is a ${task.type} task, not a putaway.`)
    if (task.status !== 'open' && task.status !== 'in_progress') throw conflict({ detail: `This task is ${task.status}: only a task that is open or in_progress can be put away.`, status: task.status })

    const field = body.pallet_code !== undefined ? 'pallet_code' : 'sscc'
    const scanned = (body.pallet_code ?? body.sscc) as string
    const pallets = (await taskPallets(tx, [task.id])).filter((p) => p.palletCode)
    const pallet = pallets.find((p) => (field === 'pallet_code' ? p.palletCode === scanned : p.sscc === scanned))
    if (!pallet) {
      const expected = pallets[0]?.sscc ?? pallets[0]?.palletCode
      throw fieldError(field, expected ? `Pallet ${scanned} is not this task's pallet; scan ${expected}.` : `Task ${task.id} has no pallet to scan; move its stock and finish it.`)
    }
    const palletCode = pallet.palletCode as string

    const [dest] = await tx
      .select({
        id: locations.id,
        code: locations.code,
        kind: locations.kind,
        storageClass: locations.storageClass,
        isActive: locations.isActive,
        warehouseId: locations.warehouseId,
        capacity: locations.capacityPallets,
        categoryId: locations.storageCategoryId,
      })
      .from(locations)
      .where(and(eq(locations.id, body.to_location), eq(locations.companyId, user.companyId)))
    if (!dest) throw fieldError('to_location', `Invalid pk "${body.to_location}" - object does not exist.`)

    const lines = await tx
      .select({ id: stockLines.id, qty: stockLines.qty, version: stockLines.version, locationId: stockLines.locationId, storageClass: products.storageClass })
      .from(stockLines)
      .innerJoin(products, eq(products.id, stockLines.productId))
      .where(and(eq(stockLines.companyId, user.companyId), eq(stockLines.palletCode, palletCode)))
      .orderBy(asc(stockLines.id))
    if (!lines.length) throw fieldError(field, `No stock on pallet ${scanned}.`)
    const toMove = lines.filter((l) => l.locationId !== dest.id)

    if (dest.id !== task.locationId || toMove.length) {
      const refusal = putawayRefusal(
        { warehouse: dest.warehouseId, kind: dest.kind, storage_class: dest.storageClass, is_active: dest.isActive },
        task.warehouseId,
        [...new Set(lines.map((l) => l.storageClass))],
      )
      if (refusal) throw fieldError('to_location', refusalText(refusal, dest.code))
    }
    if (toMove.length) {
      const [held] = await tx
        .select({
          blocked: sql<number>`count(*) FILTER (WHERE ${stockLines.status} <> 'available')::int`,
        })
        .from(stockLines)
        .where(and(eq(stockLines.companyId, user.companyId), eq(stockLines.locationId, dest.id)))
      if (held.blocked > 0) throw fieldError('to_location', `Location ${dest.code} holds blocked or quarantined stock; choose another.`)
      // SPEC 11.5, §20.3: its capacity in pallets and its storage category's limits, against what it holds now
      const category = dest.categoryId === null ? null : await categoryLimits(tx, user.companyId, dest.categoryId)
      const now = (await locationLoads(tx, user.companyId, [dest.id])).get(dest.id) ?? EMPTY_LOAD
      const [refusal] = capacityRefusals({ capacity_pallets: dest.capacity, category }, now, await palletLoad(tx, user.companyId, palletCode))
      if (refusal) throw fieldError('to_location', capacityText(refusal, dest.code))
    }

    let note = ''
    if (task.locationId !== null && task.locationId !== dest.id) {
      const [suggested] = await tx.select({ code: locations.code }).from(locations).where(eq(locations.id, task.locationId))
      note = `Suggested ${suggested?.code ?? task.locationId}; put away in ${dest.code}.`
    }
    const moveIds: number[] = []
    const lineIds: number[] = []
    for (const l of toMove) {
      // the version read here: a concurrent move of the same pallet makes this a 409, never a second move
      const change = await moveStock(tx, actor, { lineId: l.id, toLocationId: dest.id, qty: l.qty, expectedVersion: l.version, reason: 'putaway', reference: `TASK-${task.id}`, note })
      moveIds.push(change.moveId)
      if (change.to) lineIds.push(change.to.id)
    }
    await finishTask(tx, user, task.id)
    return {
      command_id: body.command_id ?? null,
      task: { id: task.id, status: 'done' },
      suggested_location: task.locationId,
      moves: await movesByIds(tx, user.companyId, moveIds),
      lines: await stockLinesByIds(tx, user.companyId, [...new Set(lineIds)]),
    }
  })
}

/**
 * Why a putaway task cannot be finished by a bare tap: its pallet (or, without a pallet, its booked stock line) is
 * still in a dock location. Null when it may be finished (put away already, by this command or by a move).
 */
export async function putawayStillOnDock(db: DbOrTx, companyId: number, taskId: number): Promise<string | null> {
  const [task] = await db.select({ type: tasks.type }).from(tasks).where(and(eq(tasks.id, taskId), eq(tasks.companyId, companyId)))
  if (!task || task.type !== 'putaway') return null
  const pallets = await taskPallets(db, [taskId])
  const codes = pallets.map((p) => p.palletCode).filter((c): c is string => c !== null)
  const lineIds = pallets.filter((p) => p.palletCode === null && p.stockLineId !== null).map((p) => p.stockLineId as number)
  if (!codes.length && !lineIds.length) return null
  const [onDock] = await db
    .select({ pallet: stockLines.palletCode, dock: locations.code })
    .from(stockLines)
    .innerJoin(locations, eq(locations.id, stockLines.locationId))
    .where(
      and(
        eq(stockLines.companyId, companyId),
        eq(locations.kind, 'dock'),
        or(codes.length ? inArray(stockLines.palletCode, codes) : sql`false`, lineIds.length ? inArray(stockLines.id, lineIds) : sql`false`),
      ),
    )
    .limit(1)
  if (!onDock) return null
  return onDock.pallet
    ? `Pallet ${onDock.pallet} is still on ${onDock.dock}: put it away by scanning it and its destination.`
    : `Its stock is still on ${onDock.dock}: move it to its destination first.`
}

/** The refusal the task done action runs first (deps.taskHooks.finishing): 400 {detail} while the pallet is on the dock. */
export async function putawayTaskFinishing(db: DbOrTx, companyId: number, taskId: number): Promise<void> {
  const reason = await putawayStillOnDock(db, companyId, taskId)
  if (reason) throw new ApiError(400, { detail: reason })
}

export type PutawayTaskStock = {
  taskId: number
  palletCode: string | null
  sscc: string | null
  storageClasses: string[]
  lines: { product: number; lot: string | null; expiry_date: string | null; qty: string; location: number }[]
}

/** What the handheld cache carries for each putaway task: its pallet and the stock on it, where it is now. */
export async function putawayTaskStock(db: DbOrTx, companyId: number, taskIds: number[]): Promise<PutawayTaskStock[]> {
  const pallets = await taskPallets(db, taskIds)
  const out = new Map<number, PutawayTaskStock>()
  const codes = [...new Set(pallets.map((p) => p.palletCode).filter((c): c is string => c !== null))]
  const stock = codes.length
    ? await db
        .select({ palletCode: stockLines.palletCode, product: stockLines.productId, lot: stockLines.lot, expiry: stockLines.expiryDate, qty: stockLines.qty, location: stockLines.locationId, storageClass: products.storageClass })
        .from(stockLines)
        .innerJoin(products, eq(products.id, stockLines.productId))
        .where(and(eq(stockLines.companyId, companyId), inArray(stockLines.palletCode, codes)))
        .orderBy(asc(stockLines.id))
    : []
  for (const p of pallets) {
    if (p.taskId === null) continue
    const entry = out.get(p.taskId) ?? { taskId: p.taskId, palletCode: p.palletCode, sscc: p.sscc, storageClasses: [], lines: [] }
    out.set(p.taskId, entry)
    if (p.palletCode && !entry.lines.length) {
      const on = stock.filter((s) => s.palletCode === p.palletCode)
      entry.lines = on.map((s) => ({ product: s.product, lot: s.lot, expiry_date: s.expiry, qty: s.qty, location: s.location }))
      entry.storageClasses = [...new Set(on.map((s) => s.storageClass))]
    }
  }
  return [...out.values()]
}
