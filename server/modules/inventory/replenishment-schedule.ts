/**
 * The scheduled replenishment sweep (docs/requirements.md §20.2): a supervisor sets "every N minutes"; a job of the one
 * queue (ADR 0017) runs the sweep then and queues the next run in the same transaction. The schedule row's `next_at`
 * names the run the live chain is due for: a job due at another time (a schedule changed since, or a run repeated
 * after its lease was lost) does nothing, so a company never has two chains.
 */
import { eq, sql } from 'drizzle-orm'
import type { ReplenishmentScheduleOut } from '../../../contracts/inventory/replenishment.contract'
import type { Db, DbOrTx } from '../../db/client'
import { replenishmentSchedules } from '../../db/schema/inventory'
import { enqueue, type JobContext, type JobRunner } from '../../kernel/job-queue'
import { recordAudit } from '../audit/audit.service'
import { sweepFaces } from './replenishment'

export const REPLENISHMENT_SWEEP_KIND = 'replenishment.sweep'
type SweepPayload = { due: string }

export async function getReplenishmentSchedule(db: DbOrTx, companyId: number): Promise<ReplenishmentScheduleOut> {
  const [row] = await db.select().from(replenishmentSchedules).where(eq(replenishmentSchedules.companyId, companyId))
  return {
    every_minutes: row?.everyMinutes ?? null,
    next_at: row?.everyMinutes ? (row.nextAt?.toISOString() ?? null) : null,
    last_at: row?.lastAt?.toISOString() ?? null,
    last_tasks: row?.lastTasks ?? null,
  }
}

/** Set (or clear, with null) the schedule; the first run is `every` minutes from now. Audited as `replenishment_schedules`. */
export async function setReplenishmentSchedule(db: Db, actor: { companyId: number; userId: number }, everyMinutes: number | null): Promise<ReplenishmentScheduleOut> {
  return db.transaction(async (tx) => {
    const before = await getReplenishmentSchedule(tx, actor.companyId)
    const nextAt = everyMinutes === null ? null : new Date(Date.now() + everyMinutes * 60_000)
    const values = { everyMinutes, nextAt, updatedBy: actor.userId, updatedAt: sql`now()` }
    await tx
      .insert(replenishmentSchedules)
      .values({ companyId: actor.companyId, ...values })
      .onConflictDoUpdate({ target: replenishmentSchedules.companyId, set: values })
    if (nextAt) await enqueue(tx, { kind: REPLENISHMENT_SWEEP_KIND, companyId: actor.companyId, payload: { due: nextAt.toISOString() } satisfies SweepPayload, runAt: nextAt })
    if (before.every_minutes !== everyMinutes)
      await recordAudit(tx, actor, { entity: 'replenishment_schedules', entityId: actor.companyId, action: 'update', changes: { every_minutes: [before.every_minutes, everyMinutes] } })
    return getReplenishmentSchedule(tx, actor.companyId)
  })
}

/**
 * One scheduled run: when the job is the one the schedule is due for, sweep every face of the company (trigger
 * `sweep`), note the run, and queue the next, all in one transaction under the schedule's row lock.
 */
export async function runScheduledSweep(db: Db, job: Pick<JobContext, 'companyId' | 'payload'>): Promise<number | null> {
  const companyId = job.companyId
  const due = (job.payload as Partial<SweepPayload> | null)?.due
  if (companyId === null || typeof due !== 'string') return null
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(replenishmentSchedules).where(eq(replenishmentSchedules.companyId, companyId)).for('update')
    if (!row?.everyMinutes || row.nextAt?.toISOString() !== new Date(due).toISOString()) return null
    const created = await sweepFaces(tx, { companyId, userId: null })
    const nextAt = new Date(Math.max(Date.now(), row.nextAt.getTime()) + row.everyMinutes * 60_000)
    await tx.update(replenishmentSchedules).set({ nextAt, lastAt: sql`now()`, lastTasks: created.length }).where(eq(replenishmentSchedules.companyId, companyId))
    await enqueue(tx, { kind: REPLENISHMENT_SWEEP_KIND, companyId, payload: { due: nextAt.toISOString() } satisfies SweepPayload, runAt: nextAt })
    return created.length
  })
}

export function registerReplenishmentSweep(runner: JobRunner, db: Db): void {
  runner.register(
    REPLENISHMENT_SWEEP_KIND,
    async (job) => {
      await runScheduledSweep(db, job)
    },
    { backoffMs: 30_000, maxBackoffMs: 600_000, leaseMs: 120_000 },
  )
}
