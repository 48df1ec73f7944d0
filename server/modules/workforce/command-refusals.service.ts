/**
 * Handheld commands the server refused (issue 16, ADR 0014): each becomes an exception task for a supervisor, once
 * per command_id. The only writer of `command_refusals`; the task goes through createTask.
 */
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { commandRefusals } from '../../db/schema/tasks'
import { recordAudit } from '../audit/audit.service'
import { createTask } from './tasks.service'
import type { CommandRefusalBody, CommandRefusalOut } from '../../../contracts/tasks/command-refusals.contract'

type Actor = { id: number; companyId: number }

const REFERENCE_MAX = 200

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
