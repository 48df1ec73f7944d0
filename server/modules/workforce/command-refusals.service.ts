/**
 * Handheld commands the server refused (SPEC 11.11, ADR 0014): each becomes an exception task for a supervisor, once
 * per command_id. The only writer of `command_refusals`; the task goes through createTask.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { commandRefusalQuota, commandRefusals } from '../../db/schema/tasks'
import { ApiError } from '../../http/errors'
import { recordAudit } from '../audit/audit.service'
import { createTask } from './tasks.service'
import type { CommandRefusalBody, CommandRefusalOut } from '../../../contracts/tasks/command-refusals.contract'

type Actor = { id: number; companyId: number }

const REFERENCE_MAX = 200

/**
 * Each report opens a task for supervisors, so reports are limited: per device (a handheld flushing its refusals after
 * a shift offline sends a few at a time, and a 429 is retried later by its outbox) and per user (the device name is
 * the client's word), in a fixed window. The limits are generous for a person and tight for a script.
 */
export const REFUSALS_PER_DEVICE = 10
export const REFUSALS_PER_USER = 30
export const REFUSAL_WINDOW_S = 60

/**
 * Count one report for the key in its window, in one statement (the row's lock orders concurrent reports of every
 * process sharing the database): the count after this one, and the seconds left in its window.
 */
async function countReport(db: DbOrTx, key: string): Promise<{ hits: number; wait: number }> {
  const expired = sql`${commandRefusalQuota.windowStart} <= clock_timestamp() - make_interval(secs => ${REFUSAL_WINDOW_S})`
  const [row] = await db
    .insert(commandRefusalQuota)
    .values({ key, windowStart: sql`clock_timestamp()`, hits: 1 })
    .onConflictDoUpdate({
      target: commandRefusalQuota.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${commandRefusalQuota.hits} + 1 end`,
        windowStart: sql`case when ${expired} then clock_timestamp() else ${commandRefusalQuota.windowStart} end`,
      },
    })
    .returning({
      hits: commandRefusalQuota.hits,
      wait: sql<number>`ceil(extract(epoch from ${commandRefusalQuota.windowStart} + make_interval(secs => ${REFUSAL_WINDOW_S}) - clock_timestamp()))::int`,
    })
  return { hits: row.hits, wait: Math.max(1, Number(row.wait)) }
}

/** Admit one report from this user's device, or refuse it with a 429 and the seconds to wait. */
export async function admitCommandRefusal(db: DbOrTx, user: Actor, device: string): Promise<void> {
  const byUser = await countReport(db, `u:${user.id}`)
  const byDevice = await countReport(db, `d:${user.companyId}:${device}`)
  const waits = [byUser.hits > REFUSALS_PER_USER ? byUser.wait : 0, byDevice.hits > REFUSALS_PER_DEVICE ? byDevice.wait : 0]
  const wait = Math.max(...waits)
  if (wait > 0) throw new ApiError(429, { detail: `Too many refused commands reported. Try again in ${wait} seconds.` }, { 'retry-after': String(wait) })
}

export async function recordCommandRefusal(db: DbOrTx, user: Actor, body: CommandRefusalBody): Promise<CommandRefusalOut> {
  return db.transaction(async (tx) => {
    const existing = async () =>
      (
        await tx
          .select({ taskId: commandRefusals.taskId })
          .from(commandRefusals)
          .where(and(eq(commandRefusals.companyId, user.companyId), eq(commandRefusals.commandId, body.command_id)))
      )[0]
    const before = await existing()
    if (before) return { command_id: body.command_id, task: before.taskId, created: false }
    const what = body.summary ? `${body.summary}: ` : ''
    const reference = `${body.kind} ${what}${body.reason}`.slice(0, REFERENCE_MAX)
    const taskId = await createTask(tx, { companyId: user.companyId, warehouseId: null, type: 'exception', reference })
    const inserted = await tx
      .insert(commandRefusals)
      .values({
        companyId: user.companyId,
        commandId: body.command_id,
        taskId,
        operatorId: user.id,
        device: body.device,
        seq: body.seq,
        kind: body.kind,
        payload: body.payload,
        reason: body.reason,
        madeAt: new Date(body.created_at),
      })
      .onConflictDoNothing()
      .returning({ id: commandRefusals.id })
    if (inserted.length === 0) {
      // a concurrent report of the same command won: roll this task back, answer with theirs
      throw new RefusalRace()
    }
    await recordAudit(tx, { companyId: user.companyId, userId: user.id }, { entity: 'task', entityId: taskId, action: 'create', changes: { type: [null, 'exception'], reference: [null, reference] } })
    return { command_id: body.command_id, task: taskId, created: true }
  }).catch(async (error: unknown) => {
    if (!(error instanceof RefusalRace)) throw error
    const [row] = await db
      .select({ taskId: commandRefusals.taskId })
      .from(commandRefusals)
      .where(and(eq(commandRefusals.companyId, user.companyId), eq(commandRefusals.commandId, body.command_id)))
    return { command_id: body.command_id, task: row!.taskId, created: false }
  })
}

class RefusalRace extends Error {}
