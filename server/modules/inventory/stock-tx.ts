/**
 * How the stock service runs a change (SPEC 3): in a transaction of its own retried on deadlock, or inside the
 * caller's; and why a conditional update of a line matched nothing, said as the API says it.
 */
import { and, eq } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { stockLines } from '../../db/schema/inventory'
import { conflict, fieldError, notFound, pgError } from '../../http/errors'
import type { Qty, StockActor } from './stock-model'

const isTx = (db: DbOrTx): db is Tx => 'rollback' in db

/**
 * Run `work` in a transaction. A top-level call is retried when PostgreSQL breaks a deadlock or a serialization
 * failure (two moves locking the same two lines in opposite order); inside a caller's transaction it uses a
 * savepoint and leaves retrying to the caller.
 */
export async function inTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (isTx(db)) return db.transaction(work)
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work)
    } catch (e) {
      const code = pgError(e)?.code
      if ((code === '40P01' || code === '40001') && attempt < 5) continue
      throw e
    }
  }
}

/** Why an update of a line matched no row: unknown line (404), stale version (409), or not enough stock (400). */
export async function explainMiss(tx: Tx, actor: StockActor, lineId: number, expectedVersion: number | undefined, qty: Qty, what: string): Promise<never> {
  const [line] = await tx
    .select({ version: stockLines.version, qty: stockLines.qty, reserved: stockLines.reservedQty })
    .from(stockLines)
    .where(and(eq(stockLines.id, lineId), eq(stockLines.companyId, actor.companyId)))
  if (!line) {
    // a line that reached zero was deleted: for a caller holding a version it "changed", otherwise it is unknown
    if (expectedVersion !== undefined) throw conflict({ detail: `Stock line ${lineId} no longer exists; it was emptied by another change. Reload and try again.` })
    throw notFound(`Stock line ${lineId} not found.`)
  }
  if (expectedVersion !== undefined && line.version !== expectedVersion) {
    throw conflict({ detail: `Stock line ${lineId} changed since you read it (version ${expectedVersion}, now ${line.version}). Reload and try again.` })
  }
  throw fieldError('qty', `Not enough stock on line ${lineId} to ${what} ${qty}: quantity ${line.qty}, reserved ${line.reserved}.`)
}
