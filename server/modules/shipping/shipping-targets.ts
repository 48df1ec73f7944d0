/** What the wizard works on: one order, or a wave's orders; and what is left to ship of a line. */
import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { salesOrders, waves } from '../../db/schema/documents'
import type { AuthUser } from '../../http/context'
import { notFound } from '../../http/errors'
import { toMilli } from '../../kernel/qty-math'

export type Target = { kind: 'order' | 'wave'; id: number }

export async function targetOrders(db: DbOrTx, user: AuthUser, target: Target, lock = false) {
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

export const remainingOf = (l: { qty: string; shippedQty: string }) => {
  const r = toMilli(l.qty) - toMilli(l.shippedQty)
  return r > 0n ? r : 0n
}
