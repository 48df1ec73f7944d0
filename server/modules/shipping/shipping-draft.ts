/** The wizard's draft (SPEC 2.9): picks, packages, carrier and tracking saved on the open order or wave. */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { salesOrderLines, salesOrders, type ShippingDraft, waves } from '../../db/schema/documents'
import { stockLines } from '../../db/schema/inventory'
import { carriers } from '../../db/schema/partners'
import type { AuthUser } from '../../http/context'
import { addFieldError, ApiError, conflict, type FieldErrors } from '../../http/errors'
import { type Target, targetOrders } from './shipping-targets'

/**
 * Save the wizard's steps (picks, packages, carrier, tracking) on the open order or wave, so leaving half-way loses
 * nothing (SPEC 2.9). The ids it names must be this target's lines and the company's stock lines and carrier (SPEC 15.4:
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
