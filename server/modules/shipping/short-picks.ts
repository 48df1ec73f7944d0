/**
 * A short pick (SPEC 11.11): the handheld found less than a pick asked for. The operator's reason becomes an exception
 * task for a supervisor, once per command_id (runOnce); the pick itself (what was found) goes to the draft as usual.
 */
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { salesOrderLines } from '../../db/schema/documents'
import type { AuthUser } from '../../http/context'
import { conflict, fieldError } from '../../http/errors'
import { fromMilli, toMilli } from '../../kernel/qty-math'
import { recordAudit } from '../audit/audit.service'
import { runOnce } from '../commands/commands.service'
import { createTask } from '../workforce/tasks.service'
import { targetOrders } from './shipping-targets'
import type { shortPickBody, ShortPickOut } from '../../../contracts/shipping/short-pick.contract'

export async function reportShortPick(db: DbOrTx, user: AuthUser, body: z.output<typeof shortPickBody>): Promise<ShortPickOut> {
  return runOnce(db, { companyId: user.companyId, userId: user.id }, body.command_id, 'shipping.short-pick', async (tx) => {
    const { orders } = await targetOrders(tx, user, { kind: 'order', id: body.order })
    const order = orders[0]
    if (order.status !== 'open') throw conflict({ detail: `Order ${order.code} is ${order.status}: only an open order is picked.`, status: order.status })
    const { task, line } = await shortPickException(tx, user, { order, line: body.line, location: body.location ?? null, expected: body.expected, picked: body.picked, reason: body.reason })
    return { task, order: order.id, line, missing: fromMilli(toMilli(body.expected) - toMilli(body.picked)), command_id: body.command_id ?? null }
  })
}

/**
 * The exception task of a short pick (§11.11): what was expected, what was found, why; on the order's line and the
 * location. /m/ship reports it on its own (above); a cluster pick (§19.5) with its pick, in the same transaction.
 */
export async function shortPickException(
  tx: DbOrTx,
  user: AuthUser,
  body: { order: { id: number; code: string; warehouseId: number | null }; line: number; location: number | null; expected: string; picked: string; reason: string },
): Promise<{ task: number; line: number }> {
  const order = body.order
  const [line] = await tx
    .select({ id: salesOrderLines.id, productId: salesOrderLines.productId, code: products.code })
    .from(salesOrderLines)
    .innerJoin(products, eq(products.id, salesOrderLines.productId))
    .where(and(eq(salesOrderLines.id, body.line), eq(salesOrderLines.orderId, order.id)))
  if (!line) throw fieldError('line', `${body.line} is not a line of order ${order.code}.`)
  let location: { id: number; code: string } | null = null
  if (body.location != null) {
    const [row] = await tx
      .select({ id: locations.id, code: locations.code })
      .from(locations)
      .where(and(eq(locations.id, body.location), eq(locations.companyId, user.companyId)))
    if (!row) throw fieldError('location', `Invalid pk "${body.location}" - object does not exist.`)
    location = row
  }
  const missing = toMilli(body.expected) - toMilli(body.picked)
  if (missing <= 0n) throw fieldError('picked', 'A short pick picks less than expected.')
  const at = location ? ` @ ${location.code}` : ''
  const reference = `Short pick ${order.code} ${line.code}${at}: ${fromMilli(toMilli(body.picked))}/${fromMilli(toMilli(body.expected))} — ${body.reason}`.slice(0, 200)
  const taskId = await createTask(tx, {
    companyId: user.companyId,
    warehouseId: order.warehouseId,
    type: 'exception',
    locationId: location?.id ?? null,
    productId: line.productId,
    qty: fromMilli(missing),
    reference,
  })
  await recordAudit(tx, { companyId: user.companyId, userId: user.id }, { entity: 'task', entityId: taskId, action: 'create', changes: { type: [null, 'exception'], reference: [null, reference] } })
  return { task: taskId, line: line.id }
}
