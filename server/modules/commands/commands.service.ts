/**
 * Commands applied once and only once (SPEC 10.1, SPEC 11.9; ADR 0011).
 *
 * `runOnce(db, actor, commandId, kind, fn)` runs `fn` in a transaction that first claims `(company, command_id)` in
 * the `commands` table and, on the way out, stores the answer there, so the command's changes and its record commit
 * together or not at all:
 * - a first call runs `fn` and stores what it answered (a refusal too: an ApiError 4xx is stored after `fn`'s
 *   changes are rolled back, so sending it again is refused the same way and never half-applies);
 * - a later call with the same id answers the stored result without running `fn` (after a restart, from another
 *   server process: it is in the database);
 * - a concurrent duplicate waits on the unique index until the first commits, then reads its answer (PGlite runs
 *   one transaction at a time, so there it simply comes second);
 * - the same id from another user or for another kind of command is a 409.
 * Without a command id, `fn` just runs in a transaction.
 *
 * What `fn` answers must be JSON (the routes' serialized bodies are).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { commands } from '../../db/schema/commands'
import { ApiError, conflict, pgError } from '../../http/errors'

export type CommandActor = { companyId: number; userId: number | null }

const isTx = (db: DbOrTx): db is Tx => 'rollback' in db

/** Thrown inside the claim's transaction to roll `fn`'s work back while the refusal is stored. */
class StoredRefusal extends Error {
  constructor(readonly error: ApiError) {
    super(error.message)
  }
}

async function transaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
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

export async function runOnce<T>(db: DbOrTx, actor: CommandActor, commandId: string | undefined | null, kind: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!commandId) return transaction(db, fn)
  const id = commandId.toLowerCase()
  const outcome = await transaction(db, async (tx) => {
    const [claimed] = await tx
      .insert(commands)
      .values({ companyId: actor.companyId, commandId: id, kind, userId: actor.userId, status: 0, response: {} })
      .onConflictDoNothing({ target: [commands.companyId, commands.commandId] })
      .returning({ id: commands.id })
    if (!claimed) {
      const [first] = await tx
        .select({ kind: commands.kind, userId: commands.userId, status: commands.status, response: commands.response })
        .from(commands)
        .where(and(eq(commands.companyId, actor.companyId), eq(commands.commandId, id)))
      if (!first) throw conflict({ detail: `Command ${id} is being applied; send it again.`, command_id: id })
      if (first.kind !== kind || first.userId !== actor.userId) {
        throw conflict({ detail: `Command ${id} was already used for another command; use a new command_id.`, command_id: id })
      }
      return { replay: true as const, status: first.status, response: first.response }
    }
    try {
      const result = await tx.transaction(async (inner) => {
        try {
          return await fn(inner)
        } catch (e) {
          // a refusal rolls back what fn did (this savepoint) and is stored below
          if (e instanceof ApiError && e.statusCode >= 400 && e.statusCode < 500) throw new StoredRefusal(e)
          throw e
        }
      })
      await tx.update(commands).set({ status: 200, response: sql`${JSON.stringify(result ?? null)}::jsonb` }).where(eq(commands.id, claimed.id))
      return { replay: false as const, status: 200, response: result as unknown }
    } catch (e) {
      if (!(e instanceof StoredRefusal)) throw e
      await tx
        .update(commands)
        .set({ status: e.error.statusCode, response: sql`${JSON.stringify(e.error.body)}::jsonb` })
        .where(eq(commands.id, claimed.id))
      return { replay: false as const, status: e.error.statusCode, response: e.error.body as unknown }
    }
  })
  if (outcome.status >= 400) throw new ApiError(outcome.status, outcome.response as Record<string, unknown>)
  return outcome.response as T
}
