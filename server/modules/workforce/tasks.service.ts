/**
 * Tasks (SPEC 2.10): the only writer of the `tasks` table (ADR 0009). Copack, receiving, shipping and the task
 * screens create, assign, start, finish and cancel tasks through these functions, inside their own transaction when
 * they pass one.
 *
 * Status moves are conditional UPDATEs (… WHERE status IN (…)), so two people starting one task at once: one wins,
 * the other is told what the task is now (409).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { type TaskStatus, tasks, TASK_TYPES } from '../../db/schema/tasks'
import { conflict, notFound } from '../../http/errors'

export type TaskType = (typeof TASK_TYPES)[number]

export type NewTask = {
  companyId: number
  warehouseId: number | null
  type: TaskType
  locationId?: number | null
  productId?: number | null
  qty?: string | null
  reference?: string
} & (
  | { status?: 'open' }
  /** work already done as it is recorded (a pick confirmed at shipping): started and finished now, by `assigneeId` */
  | { status: 'done'; assigneeId: number }
)

/** Create one task; returns its id. */
export async function createTask(db: DbOrTx, task: NewTask): Promise<number> {
  const done = task.status === 'done'
  const [row] = await db
    .insert(tasks)
    .values({
      companyId: task.companyId,
      warehouseId: task.warehouseId,
      type: task.type,
      status: done ? 'done' : 'open',
      assigneeId: done ? task.assigneeId : null,
      locationId: task.locationId ?? null,
      productId: task.productId ?? null,
      qty: task.qty ?? null,
      reference: task.reference ?? '',
      startedAt: done ? sql`now()` : null,
      finishedAt: done ? sql`now()` : null,
    })
    .returning({ id: tasks.id })
  return row.id
}

const ASSIGN_FROM: TaskStatus[] = ['open', 'pending', 'in_progress']
export const START_FROM: TaskStatus[] = ['open', 'pending']
export const DONE_FROM: TaskStatus[] = ['in_progress', 'open']
const CANCEL_FROM: TaskStatus[] = ['open', 'pending', 'in_progress']

type Actor = { id: number; companyId: number }

/** 404 when the company has no such task, else 409 {detail, status} naming what the task is now. */
async function refuse(db: DbOrTx, companyId: number, id: number, action: string, allowed: TaskStatus[]): Promise<never> {
  const [task] = await db
    .select({ status: tasks.status })
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.companyId, companyId)))
  if (!task) throw notFound('No such record.')
  throw conflict({ detail: `This task is ${task.status}: only a task that is ${allowed.join(' or ')} can be ${action}.`, status: task.status })
}

/** Give an unfinished task to a user (null: to nobody). */
export async function assignTask(db: DbOrTx, companyId: number, id: number, assigneeId: number | null): Promise<void> {
  const [row] = await db
    .update(tasks)
    .set({ assigneeId })
    .where(and(eq(tasks.id, id), eq(tasks.companyId, companyId), inArray(tasks.status, ASSIGN_FROM)))
    .returning({ id: tasks.id })
  if (!row) await refuse(db, companyId, id, 'assigned', ASSIGN_FROM)
}

/**
 * open|pending → in_progress; the caller becomes the assignee. `afterStart` runs in the same transaction (the app
 * hands in what other modules do when a task starts: a copack order goes IN_PROGRESS), so this module calls nobody.
 */
export async function startTask(db: DbOrTx, user: Actor, id: number, afterStart?: (tx: Tx, companyId: number, taskId: number) => Promise<void>): Promise<void> {
  const started = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tasks)
      .set({ status: 'in_progress', assigneeId: user.id, startedAt: sql`now()` })
      .where(and(eq(tasks.id, id), eq(tasks.companyId, user.companyId), inArray(tasks.status, START_FROM)))
      .returning({ id: tasks.id })
    if (row) await afterStart?.(tx, user.companyId, id)
    return Boolean(row)
  })
  if (!started) await refuse(db, user.companyId, id, 'started', START_FROM)
}

/** in_progress|open → done; a task finished straight from open gets started_at and the caller as assignee too. */
export async function finishTask(db: DbOrTx, user: Actor, id: number): Promise<void> {
  const [row] = await db
    .update(tasks)
    .set({ status: 'done', finishedAt: sql`now()`, startedAt: sql`coalesce(${tasks.startedAt}, now())`, assigneeId: sql`coalesce(${tasks.assigneeId}, ${user.id})` })
    .where(and(eq(tasks.id, id), eq(tasks.companyId, user.companyId), inArray(tasks.status, DONE_FROM)))
    .returning({ id: tasks.id })
  if (!row) await refuse(db, user.companyId, id, 'finished', DONE_FROM)
}

/** Cancel those of `ids` that are not finished yet (done and cancelled tasks stay as they are). */
export async function cancelTasks(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return
  await db
    .update(tasks)
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where(and(inArray(tasks.id, ids), inArray(tasks.status, CANCEL_FROM)))
}

/** How many of `ids` are not done. */
export async function countNotDone(db: DbOrTx, ids: number[]): Promise<number> {
  if (!ids.length) return 0
  const [{ pending }] = await db
    .select({ pending: sql<number>`count(*)::int` })
    .from(tasks)
    .where(and(inArray(tasks.id, ids), ne(tasks.status, 'done')))
  return pending
}
