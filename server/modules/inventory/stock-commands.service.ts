/**
 * The stock commands of the API (issue 15 "Stock commands"): move, adjust, block and release, each applied once per
 * `command_id` (commands.service runOnce) and each through the stock service, which writes the ledger. What they
 * answer is the contract's (contracts/inventory/ledger.contract.ts), stored with the command for a repeated id.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { AdjustmentBody, AdjustmentResult, BlockResult, MoveResult } from '../../../contracts/inventory/ledger.contract'
import type { StockLine as StockLineOut } from '../../../contracts/inventory/inventory.contract'
import type { DbOrTx, Tx } from '../../db/client'
import { locations } from '../../db/schema/core'
import { stockLines } from '../../db/schema/inventory'
import { ApiError, conflict, fieldError } from '../../http/errors'
import { runOnce } from '../commands/commands.service'
import { serializeStockLine, stockLineRows } from './inventory.service'
import { movesByIds } from './ledger.service'
import { adjustStock, moveStock, receiveStock, setStockStatus, type StockActor } from './stock.service'

/** The lines with these ids as the API shows them (absent ids were emptied). */
export async function stockLinesByIds(db: DbOrTx, companyId: number, ids: number[]): Promise<StockLineOut[]> {
  if (!ids.length) return []
  const rows = await stockLineRows(db)
    .where(and(eq(stockLines.companyId, companyId), inArray(stockLines.id, ids)))
    .orderBy(stockLines.id)
  return rows.map(serializeStockLine)
}

/**
 * A 409 (stale expected_version, a line emptied meanwhile) answers the line as it is now (issue 15), null when it is
 * gone; other errors pass unchanged.
 */
async function withLineOnConflict<T>(db: DbOrTx, companyId: number, lineId: number | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (e) {
    if (!(e instanceof ApiError) || e.statusCode !== 409 || lineId === undefined || 'line' in e.body) throw e
    const [line] = await stockLinesByIds(db, companyId, [lineId])
    throw new ApiError(409, { ...e.body, line: line ?? null })
  }
}

async function destination(tx: Tx, companyId: number, locationId: number) {
  const [loc] = await tx
    .select({ id: locations.id, code: locations.code, isActive: locations.isActive })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)))
  if (!loc) throw fieldError('to_location', `Invalid pk "${locationId}" - object does not exist.`)
  if (!loc.isActive) throw fieldError('to_location', `Location ${loc.code} is inactive; choose another.`)
  return loc
}

export type MoveCommand = {
  command_id?: string
  pallet_code?: string
  sscc?: string
  stock_line?: number
  qty?: string
  expected_version?: number
  from_location?: number
  to_location: number
  note?: string
}

/** POST /inventory/moves/: a whole pallet, or a quantity of one line, to a location (reason `move`). */
export function moveCommand(db: DbOrTx, actor: StockActor, body: MoveCommand): Promise<MoveResult> {
  return runOnce(db, actor, body.command_id, 'inventory.move', async (tx) => {
    await destination(tx, actor.companyId, body.to_location)
    const moveIds: number[] = []
    const lineIds: number[] = []
    if (body.stock_line !== undefined) {
      const lineId = body.stock_line
      if (body.from_location !== undefined) {
        const [where] = await tx.select({ locationId: stockLines.locationId }).from(stockLines).where(and(eq(stockLines.id, lineId), eq(stockLines.companyId, actor.companyId)))
        if (where && where.locationId !== body.from_location) {
          const [line] = await stockLinesByIds(tx, actor.companyId, [lineId])
          throw conflict({ detail: `Stock line ${lineId} is no longer in the location you saw it in; it is in ${line?.location.code} now.`, line: line ?? null })
        }
      }
      const change = await withLineOnConflict(tx, actor.companyId, lineId, () =>
        moveStock(tx, actor, { lineId, toLocationId: body.to_location, qty: body.qty, expectedVersion: body.expected_version, reason: 'move', note: body.note }),
      ).catch((e: unknown) => {
        // the stock service names its own fields: a line's target is this API's to_location
        if (e instanceof ApiError && e.statusCode === 400 && 'location' in e.body) throw new ApiError(400, { to_location: e.body.location })
        if (e instanceof ApiError && e.statusCode === 404) throw fieldError('stock_line', `Invalid pk "${lineId}" - object does not exist.`)
        throw e
      })
      moveIds.push(change.moveId)
      if (change.to) lineIds.push(change.to.id)
    } else {
      const field = body.pallet_code !== undefined ? 'pallet_code' : 'sscc'
      const code = (body.pallet_code ?? body.sscc) as string
      const lines = await tx
        .select({ id: stockLines.id, qty: stockLines.qty, reserved: stockLines.reservedQty, version: stockLines.version, locationId: stockLines.locationId })
        .from(stockLines)
        .where(and(eq(stockLines.companyId, actor.companyId), field === 'pallet_code' ? eq(stockLines.palletCode, code) : eq(stockLines.sscc, code)))
        .orderBy(stockLines.id)
      if (!lines.length) throw fieldError(field, `No stock on pallet ${code}.`)
      const elsewhere = body.from_location !== undefined ? lines.find((l) => l.locationId !== body.from_location) : undefined
      if (elsewhere) {
        const [line] = await stockLinesByIds(tx, actor.companyId, [elsewhere.id])
        throw conflict({ detail: `Pallet ${code} is no longer in the location you saw it in; it is in ${line?.location.code} now.`, line: line ?? null })
      }
      if (lines.some((l) => Number(l.reserved) > 0)) throw fieldError(field, `Pallet ${code} holds reserved stock; move the free quantity line by line, or release the reservation first.`)
      if (lines.every((l) => l.locationId === body.to_location)) throw fieldError('to_location', `Pallet ${code} is already there.`)
      for (const l of lines) {
        // the version read here: a concurrent move of the same pallet makes this a 409, never a second move
        const change = await withLineOnConflict(tx, actor.companyId, l.id, () =>
          moveStock(tx, actor, { lineId: l.id, toLocationId: body.to_location, qty: l.qty, expectedVersion: l.version, reason: 'move', note: body.note }),
        )
        moveIds.push(change.moveId)
        if (change.to) lineIds.push(change.to.id)
      }
    }
    return {
      command_id: body.command_id ?? null,
      moves: await movesByIds(tx, actor.companyId, moveIds),
      lines: await stockLinesByIds(tx, actor.companyId, [...new Set(lineIds)]),
    }
  })
}

/** POST /inventory/adjustments/: set a line's quantity, or book found stock (reason `adjust`, with a reason code). */
export function adjustCommand(db: DbOrTx, actor: StockActor, body: Omit<AdjustmentBody, 'stock_line' | 'product' | 'location' | 'note'> & { stock_line?: number; product?: number; location?: number; qty: string; note: string }): Promise<AdjustmentResult> {
  return runOnce(db, actor, body.command_id, 'inventory.adjust', async (tx) => {
    if (body.stock_line !== undefined) {
      const lineId = body.stock_line
      const change = await withLineOnConflict(tx, actor.companyId, lineId, () =>
        adjustStock(tx, actor, { lineId, countedQty: body.qty, expectedVersion: body.expected_version, reason: 'adjust', reasonCode: body.reason_code, note: body.note }),
      ).catch((e: unknown) => {
        if (e instanceof ApiError && e.statusCode === 404) throw fieldError('stock_line', `Invalid pk "${lineId}" - object does not exist.`)
        if (e instanceof ApiError && e.statusCode === 400 && 'counted_qty' in e.body) throw new ApiError(400, { qty: e.body.counted_qty })
        throw e
      })
      const [line] = await stockLinesByIds(tx, actor.companyId, [lineId])
      return { command_id: body.command_id ?? null, move: change ? ((await movesByIds(tx, actor.companyId, [change.moveId]))[0] ?? null) : null, line: line ?? null }
    }
    const [loc] = await tx.select({ id: locations.id }).from(locations).where(and(eq(locations.id, body.location as number), eq(locations.companyId, actor.companyId)))
    if (!loc) throw fieldError('location', `Invalid pk "${body.location}" - object does not exist.`)
    const change = await receiveStock(tx, actor, {
      productId: body.product as number,
      locationId: body.location as number,
      qty: body.qty,
      reason: 'adjust',
      reasonCode: body.reason_code,
      note: body.note,
      lot: body.lot ?? null,
      expiryDate: body.expiry_date ?? null,
      palletCode: body.pallet_code ?? null,
      sscc: body.sscc ?? null,
    })
    const [line] = change.to ? await stockLinesByIds(tx, actor.companyId, [change.to.id]) : []
    return { command_id: body.command_id ?? null, move: (await movesByIds(tx, actor.companyId, [change.moveId]))[0] ?? null, line: line ?? null }
  })
}

/** POST /inventory/stock/{id}/block/ and /release/: the line and the rest of its pallet. */
export function statusCommand(
  db: DbOrTx,
  actor: StockActor,
  lineId: number,
  body: { command_id?: string; reason: string; status: 'blocked' | 'quarantine'; expected_version?: number },
  release: boolean,
): Promise<BlockResult> {
  return runOnce(db, actor, body.command_id, release ? 'inventory.release' : 'inventory.block', async (tx) => {
    const done = await withLineOnConflict(tx, actor.companyId, lineId, () =>
      setStockStatus(tx, actor, { lineId, status: release ? 'available' : body.status, reason: body.reason, expectedVersion: body.expected_version }),
    )
    return {
      command_id: body.command_id ?? null,
      lines: await stockLinesByIds(tx, actor.companyId, done.lines.map((l) => l.id)),
      moves: await movesByIds(tx, actor.companyId, done.moveIds),
    }
  })
}
