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
 * A refusal rolls back the whole transaction, claim included, and is stored by a second one (no savepoint around
 * `fn`: the common, successful command sends two statements less; ADR 0011, amended 2026-12-02). A concurrent
 * duplicate waiting on the claim may then claim the id and run the command itself; the refusal's caller then finds
 * that answer stored and answers it, so every caller of one id still gets the one stored answer.
 * `event`: the event the answer is told by (ADR 0020), written with the answer in one statement.
 *
 * What `fn` answers must be JSON (the routes' serialized bodies are).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { commands } from '../../db/schema/commands'
import { ApiError, conflict, pgError } from '../../http/errors'
import { keptStatement } from '../../http/statement-cache'
import { emitAnswerEvent, emitEvent, type EventType } from '../../kernel/events'

export type CommandActor = { companyId: number; userId: number | null }

const isTx = (db: DbOrTx): db is Tx => 'rollback' in db

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

/**
 * What runOnce does with a command's answer besides storing it: the event the systems around hear of it by (ADR 0020),
 * its payload the answer itself, written by the statement that stores the answer (one round trip, the answer sent once).
 * `undefined` for an answer that tells nobody (an adjustment that changed nothing).
 */
export type AnswerEvent<T> = (result: T) => EventType | undefined

/**
 * A command that claims its id in its own first statement (runOnceSelfClaimed): `values` are the claim's placeholders
 * (claimCte) for that statement, absent without a command id (then the statement goes without the claim); `took`
 * records what it answered (the claimed row's id, null when another call holds the id) and says whether to go on;
 * `take` claims with a statement of its own, for a path whose first statement can't carry it.
 */
export type SelfClaim = {
  values?: { claimCompany: number; claimCommand: string; claimKind: string; claimUser: number | null }
  took(id: number | null | undefined): boolean
  take(tx: Tx): Promise<boolean>
}

/** What a self-claiming command answers when another call holds its id: runOnce answers the stored answer. */
export const CLAIMED_ELSEWHERE: unique symbol = Symbol('claimed elsewhere')

/**
 * The claim as a CTE (`claimed`, one row `id` when this call claimed the id), for a command's first statement; its
 * placeholders are SelfClaim's values. A data-modifying CTE runs whether or not the statement reads it.
 */
export const claimCte = (db: DbOrTx) =>
  db.$with('claimed').as(
    db
      .insert(commands)
      .values({ companyId: sql.placeholder('claimCompany'), commandId: sql.placeholder('claimCommand'), kind: sql.placeholder('claimKind'), userId: sql.placeholder('claimUser'), status: 0, response: {} })
      .onConflictDoNothing({ target: [commands.companyId, commands.commandId] })
      .returning({ id: commands.id }),
  )

/**
 * runOnce for a command whose first statement claims the id itself (claimCte): the claim travels with the command's
 * first read, one round trip less on every command (ADR 0011, amended 2026-12-02). The guarantees are runOnce's: the
 * claim is still the transaction's first write, a duplicate waits on it and then answers the stored answer (`fn`
 * returns CLAIMED_ELSEWHERE right after the statement, having changed nothing), and a refusal thrown before the claim
 * is known (the first statement found nothing) is stored, or answered by the stored answer, as any refusal is.
 */
export function runOnceSelfClaimed<T>(db: DbOrTx, actor: CommandActor, commandId: string | undefined | null, kind: string, fn: (tx: Tx, claim: SelfClaim) => Promise<T | typeof CLAIMED_ELSEWHERE>, event?: AnswerEvent<T>): Promise<T> {
  const id = commandId?.toLowerCase()
  return runOnce(db, actor, commandId, kind, fn as (tx: Tx) => Promise<T>, event, id ? { company: actor.companyId, command: id, kind, user: actor.userId } : undefined)
}

export async function runOnce<T>(
  db: DbOrTx,
  actor: CommandActor,
  commandId: string | undefined | null,
  kind: string,
  fn: (tx: Tx, claim: SelfClaim) => Promise<T>,
  event?: AnswerEvent<T>,
  selfClaim?: { company: number; command: string; kind: string; user: number | null },
): Promise<T> {
  if (!commandId) {
    return transaction(db, async (tx) => {
      const result = await fn(tx, { took: () => true, take: async () => true })
      const type = event?.(result)
      if (type) await emitEvent(tx, { companyId: actor.companyId, type, payload: result })
      return result
    })
  }
  const id = commandId.toLowerCase()
  const stored = (tx: Tx) => storedAnswer(tx, actor, id, kind)
  let outcome: Outcome
  try {
    outcome = await transaction(db, async (tx) => {
      let claimed: { id: number } | undefined
      let result: T
      if (selfClaim) {
        // the command's first statement claims (SelfClaim); `took` is undefined until it has
        let took: number | null | undefined
        const own: SelfClaim = {
          values: { claimCompany: selfClaim.company, claimCommand: selfClaim.command, claimKind: selfClaim.kind, claimUser: selfClaim.user },
          took: (claimId) => {
            took = claimId ?? null
            return took !== null
          },
          take: async (t) => own.took((await claim(t, { company: actor.companyId, command: id, kind, user: actor.userId }))[0]?.id),
        }
        const out = (await fn(tx, own)) as T | typeof CLAIMED_ELSEWHERE
        if (took === undefined) throw new Error(`${kind}: the command did not claim its id`)
        if (out === CLAIMED_ELSEWHERE || took === null) return stored(tx)
        claimed = { id: took }
        result = out
      } else {
        ;[claimed] = await claim(tx, { company: actor.companyId, command: id, kind, user: actor.userId })
        if (!claimed) return stored(tx)
        result = await fn(tx, { took: () => true, take: async () => true })
      }
      const response = JSON.stringify(result ?? null)
      const type = event?.(result)
      // the answer and its event in one statement: the event's payload is the stored answer
      if (type) await storeAnswerAndEvent(tx, { id: claimed.id, response, company: actor.companyId, type })
      else await storeAnswer(tx, { id: claimed.id, response })
      return { status: 200, response: result as unknown }
    })
  } catch (e) {
    if (!(e instanceof ApiError && e.statusCode >= 400 && e.statusCode < 500) || isReplay(e)) throw e
    // A refusal: fn's work and the claim were rolled back with the transaction (no savepoint: one round trip less
    // each way on every command); the refusal is stored in a transaction of its own. A duplicate that claimed the id
    // in between ran the command itself: its answer is the one stored, and this caller answers it too.
    outcome = await transaction(db, async (tx) => {
      const [claimed] = await tx
        .insert(commands)
        .values({ companyId: actor.companyId, commandId: id, kind, userId: actor.userId, status: e.statusCode, response: sql`${JSON.stringify(e.body)}::jsonb` })
        .onConflictDoNothing({ target: [commands.companyId, commands.commandId] })
        .returning({ id: commands.id })
      return claimed ? { status: e.statusCode, response: e.body as unknown } : stored(tx)
    })
  }
  if (outcome.status >= 400) throw new ApiError(outcome.status, outcome.response as Record<string, unknown>)
  return outcome.response as T
}

type Outcome = { status: number; response: unknown }

// the statements every command sends, built once (keptStatement)
const claim = keptStatement((db) =>
  db
    .insert(commands)
    .values({ companyId: sql.placeholder('company'), commandId: sql.placeholder('command'), kind: sql.placeholder('kind'), userId: sql.placeholder('user'), status: 0, response: {} })
    .onConflictDoNothing({ target: [commands.companyId, commands.commandId] })
    .returning({ id: commands.id }),
)
const store = (db: DbOrTx) => db.update(commands).set({ status: 200, response: sql`${sql.placeholder('response')}::jsonb` }).where(eq(commands.id, sql.placeholder('id')))
const storeAnswer = keptStatement(store)
const storeAnswerAndEvent = keptStatement((db) => {
  const written = db.$with('written').as(store(db).returning({ response: commands.response }))
  return db.with(written).select({ event: emitAnswerEvent(sql.placeholder('company'), sql.placeholder('type'), sql`${written.response}`) }).from(written)
})

/** The errors of storedAnswer: about the command id itself, never a refusal of the command to store. */
const replayErrors = new WeakSet<ApiError>()
const isReplay = (e: ApiError) => replayErrors.has(e)

/**
 * The answer stored for a command id another call claimed (the unique index made this one wait for it to commit):
 * a 409 for another kind of command or another user, a 409 while it is still being applied (PGlite's reader).
 */
async function storedAnswer(tx: Tx, actor: CommandActor, id: string, kind: string): Promise<Outcome> {
  const [first] = await tx
    .select({ kind: commands.kind, userId: commands.userId, status: commands.status, response: commands.response })
    .from(commands)
    .where(and(eq(commands.companyId, actor.companyId), eq(commands.commandId, id)))
  const refuse = (detail: string) => {
    const e = conflict({ detail, command_id: id })
    replayErrors.add(e)
    return e
  }
  if (!first) throw refuse(`Command ${id} is being applied; send it again.`)
  if (first.kind !== kind || first.userId !== actor.userId) throw refuse(`Command ${id} was already used for another command; use a new command_id.`)
  return { status: first.status, response: first.response }
}
