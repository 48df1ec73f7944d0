/**
 * The refill brought to its face (docs/requirements.md §20.2), apart from replenishment.ts: it moves stock through the
 * stock service, which itself asks replenishment.ts for refills after a take (one direction of imports, no cycle).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { locations } from '../../db/schema/core'
import { pickFaces, replenishments, stockLines } from '../../db/schema/inventory'
import { tasks } from '../../db/schema/tasks'
import { conflict, fieldError } from '../../http/errors'
import { fromMilli, toMilli } from '../../kernel/qty-math'
import { finishTask } from '../workforce/tasks.service'
import { moveStock } from './stock.service'

/**
 * The refill brought to its face (POST /api/inventory/replenishment/confirm/): the stock moves from the reserve line to
 * the face through the stock service (reason `replenishment`, reference TASK-<id>) and the task is done, in one
 * transaction. Refused with nothing done: a task that is not a refill (`task`), another location than its face
 * (`location`), a line that is not the product's in the face's warehouse, not available or expired (`stock_line`),
 * more than the task asks (`qty`); a task done or cancelled is a 409, someone else's a 409 `assigned_to_other`.
 */
export async function confirmRefill(tx: Tx, user: { id: number; companyId: number }, body: { command_id: string; task: number; stock_line?: number; qty: string; location: number }) {
  const [r] = await tx
    .select({
      faceLocationId: pickFaces.locationId,
      faceCode: locations.code,
      warehouseId: pickFaces.warehouseId,
      productId: pickFaces.productId,
      sourceLineId: replenishments.sourceLineId,
      qty: tasks.qty,
      status: tasks.status,
    })
    .from(replenishments)
    .innerJoin(tasks, eq(tasks.id, replenishments.taskId))
    .innerJoin(pickFaces, eq(pickFaces.id, replenishments.faceId))
    .innerJoin(locations, eq(locations.id, pickFaces.locationId))
    .where(and(eq(replenishments.taskId, body.task), eq(replenishments.companyId, user.companyId)))
  if (!r) throw fieldError('task', `${body.task} is not a replenishment task.`)
  if (r.status === 'done' || r.status === 'cancelled') throw conflict({ detail: `This task is ${r.status}: it is not done again.`, status: r.status })
  if (body.location !== r.faceLocationId) throw fieldError('location', `Wrong location: this refill goes to ${r.faceCode}.`)
  const lineId = body.stock_line ?? r.sourceLineId
  const [line] = await tx
    .select({ productId: stockLines.productId, warehouseId: locations.warehouseId, status: stockLines.status, expired: sql<boolean>`coalesce(${stockLines.expiryDate} < current_date, false)` })
    .from(stockLines)
    .innerJoin(locations, eq(locations.id, stockLines.locationId))
    .where(and(eq(stockLines.id, lineId), eq(stockLines.companyId, user.companyId)))
  if (!line || line.productId !== r.productId || line.warehouseId !== r.warehouseId) throw fieldError('stock_line', `Stock line ${lineId} is not this refill's product in its warehouse.`)
  if (line.status !== 'available' || line.expired) throw fieldError('stock_line', 'This stock is not available to pick.')
  if (toMilli(body.qty) > toMilli(r.qty ?? '0')) throw fieldError('qty', `${fromMilli(toMilli(body.qty))} is more than this refill asks (${fromMilli(toMilli(r.qty ?? '0'))}).`)
  const change = await moveStock(tx, { companyId: user.companyId, userId: user.id }, { lineId, toLocationId: r.faceLocationId, toLocationCode: r.faceCode, qty: body.qty, reason: 'replenishment', reference: `TASK-${body.task}` })
  await finishTask(tx, user, body.task)
  return { task: body.task, face: { id: r.faceLocationId, code: r.faceCode }, moved: fromMilli(toMilli(body.qty)), move: change.moveId, command_id: body.command_id }
}
