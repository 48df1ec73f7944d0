/**
 * Tasks (SPEC 2.10): the only writer of the `tasks` table (ADR 0009). Copack, receiving, shipping and the task
 * screens create, assign, start, finish and cancel tasks through these functions, inside their own transaction when
 * they pass one.
 *
 * Status moves are conditional UPDATEs (… WHERE status IN (…)), so two people starting one task at once: one wins,
 * the other is told what the task is now (409).
 */
import { type SQL, and, asc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { locations } from '../../db/schema/core'
import { CLOSED_TASK_STATUSES, type TaskStatus, tasks, TASK_TYPES } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import { conflict, fieldError, notFound } from '../../http/errors'
import { emitEvent } from '../../kernel/events'
import { recordAudit } from '../audit/audit.service'

export type TaskType = (typeof TASK_TYPES)[number]

export type NewTask = {
  companyId: number
  warehouseId: number | null
  type: TaskType
  locationId?: number | null
  productId?: number | null
  qty?: string | null
  reference?: string
  /** offered to every operator but this user (a recount never goes back to its first counter) */
  excludedUserId?: number | null
  /** directed work (docs/requirements.md §19.1): the priority and due time of the work it belongs to */
  priority?: number
  dueAt?: Date | string | null
  /** the pick batch of a released wave it is a stop of (docs/requirements.md §19.3) */
  batchId?: number | null
} & (
  | { status?: 'open' }
  /** work already done as it is recorded (a pick confirmed at shipping): started and finished now, by `assigneeId` */
  | { status: 'done'; assigneeId: number }
)

/** Create one task; returns its id. */
export async function createTask(db: DbOrTx, task: NewTask): Promise<number> {
  const [id] = await createTasks(db, [task])
  return id
}

const taskRow = (task: NewTask) => {
  const done = task.status === 'done'
  const due = task.dueAt == null ? null : typeof task.dueAt === 'string' ? new Date(task.dueAt) : task.dueAt
  return {
    companyId: task.companyId,
    warehouseId: task.warehouseId,
    type: task.type,
    status: done ? ('done' as const) : ('open' as const),
    assigneeId: done ? task.assigneeId : null,
    locationId: task.locationId ?? null,
    productId: task.productId ?? null,
    qty: task.qty ?? null,
    reference: task.reference ?? '',
    excludedUserId: task.excludedUserId ?? null,
    priority: task.priority ?? 0,
    dueAt: due,
    batchId: task.batchId ?? null,
    startedAt: done ? sql`now()` : null,
    finishedAt: done ? sql`now()` : null,
  }
}

/**
 * Create many tasks with one INSERT per 5,000 (a released wave's picks, docs/requirements.md §19.3); their ids in
 * the order given.
 */
export async function createTasks(db: DbOrTx, list: readonly NewTask[]): Promise<number[]> {
  const ids: number[] = []
  if (list.length === 1) {
    const [row] = await db.insert(tasks).values(taskRow(list[0])).returning({ id: tasks.id })
    ids.push(row.id)
    await announceExceptions(db, list, [row])
    return ids
  }
  for (let i = 0; i < list.length; i += 5000) {
    const part = list.slice(i, i + 5000)
    // one parameter (a JSON array) rather than fifteen per row: binding thousands of parameters cost more than the rows
    const json = part.map((task) => {
      const r = taskRow(task)
      return [r.companyId, r.warehouseId, r.type, r.status, r.assigneeId, r.locationId, r.productId, r.qty, r.reference, r.excludedUserId, r.priority, r.dueAt?.toISOString() ?? null, r.batchId]
    })
    const rows = (
      await db.execute<{ id: number }>(sql`
        INSERT INTO ${tasks} (company_id, warehouse_id, type, status, assignee_id, location_id, product_id, qty, reference, excluded_user_id, priority, due_at, batch_id, started_at, finished_at)
        SELECT (r->>0)::int, (r->>1)::int, r->>2, r->>3, (r->>4)::int, (r->>5)::int, (r->>6)::int, (r->>7)::numeric, r->>8, (r->>9)::int, (r->>10)::int, (r->>11)::timestamptz, (r->>12)::int,
          CASE WHEN r->>3 = 'done' THEN now() END, CASE WHEN r->>3 = 'done' THEN now() END
        FROM jsonb_array_elements(${JSON.stringify(json)}::jsonb) WITH ORDINALITY AS x(r, n)
        ORDER BY x.n
        RETURNING id`)
    ).rows.map((r) => ({ id: Number(r.id) }))
    // identity ids are taken in the SELECT's order: sorted, they are the rows in the order given
    rows.sort((a, b) => a.id - b.id)
    ids.push(...rows.map((r) => r.id))
    await announceExceptions(db, part, rows)
  }
  return ids
}

/** An exception is a supervisor's to settle, and the systems around may want to hear of it (docs/requirements.md §6, ADR 0020). */
async function announceExceptions(db: DbOrTx, part: readonly NewTask[], rows: { id: number }[]): Promise<void> {
  for (const [k, task] of part.entries()) {
    if (task.type !== 'exception') continue
    await emitEvent(db, {
      companyId: task.companyId,
      type: 'task.exception',
      payload: { task: { id: rows[k].id, type: task.type, status: 'open', reference: task.reference ?? '', warehouse: task.warehouseId, location: task.locationId ?? null, product: task.productId ?? null, qty: task.qty ?? null } },
    })
  }
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

const excludedMessage = (username: string) => `This task is offered to every operator but ${username}: it cannot go to them.`

/** The task is not one `userId` is excluded from (a null exclusion excludes nobody). */
export const notExcluded = (userId: number): SQL => or(isNull(tasks.excludedUserId), ne(tasks.excludedUserId, userId)) as SQL

/**
 * The task is not waiting for a refill (docs/requirements.md §20.2): neither it nor, when it is a batch's stop, any stop
 * of its batch waits for a replenishment task still open. Directed work and the take at a location offer only these.
 */
export const notWaiting = (): SQL =>
  sql`(${tasks.waitsForTaskId} IS NULL OR NOT EXISTS (SELECT 1 FROM ${tasks} w WHERE w.id = ${tasks.waitsForTaskId} AND w.status NOT IN ('done', 'cancelled')))
    AND (${tasks.batchId} IS NULL OR NOT EXISTS (
      SELECT 1 FROM ${tasks} s JOIN ${tasks} w ON w.id = s.waits_for_task_id
      WHERE s.batch_id = ${tasks.batchId} AND s.waits_for_task_id IS NOT NULL AND w.status NOT IN ('done', 'cancelled')))`

/** These tasks (a wave's picks on a pick face) wait for that face's refill (docs/requirements.md §20.2). */
export async function waitForTask(db: DbOrTx, companyId: number, taskIds: readonly number[], refillTaskId: number): Promise<void> {
  if (!taskIds.length) return
  await db
    .update(tasks)
    .set({ waitsForTaskId: refillTaskId })
    .where(and(eq(tasks.companyId, companyId), inArray(tasks.id, [...taskIds])))
}

async function usernameOf(db: DbOrTx, userId: number): Promise<string> {
  const [u] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId))
  return u?.username ?? String(userId)
}

/**
 * Give an unfinished task to a user (null: to nobody). A task offered to every operator but one is never given to
 * that one: 400 {"assignee": [...]} (docs/requirements.md §2.16).
 */
export async function assignTask(db: DbOrTx, companyId: number, id: number, assigneeId: number | null): Promise<void> {
  const [row] = await db
    .update(tasks)
    .set({ assigneeId })
    .where(and(eq(tasks.id, id), eq(tasks.companyId, companyId), inArray(tasks.status, ASSIGN_FROM), assigneeId === null ? undefined : notExcluded(assigneeId)))
    .returning({ id: tasks.id })
  if (row) return
  if (assigneeId !== null) {
    const [task] = await db.select({ excludedUserId: tasks.excludedUserId }).from(tasks).where(and(eq(tasks.id, id), eq(tasks.companyId, companyId)))
    if (task && task.excludedUserId === assigneeId) throw fieldError('assignee', excludedMessage(await usernameOf(db, assigneeId)))
  }
  await refuse(db, companyId, id, 'assigned', ASSIGN_FROM)
}

/** A pick batch taken (docs/requirements.md §19.5): its free unfinished tasks become the user's, as 'Próxima tarefa' gives them (§19.4). */
export async function assignFreeBatchTasks(db: DbOrTx, companyId: number, batchId: number, userId: number): Promise<void> {
  await db
    .update(tasks)
    .set({ assigneeId: userId })
    .where(and(eq(tasks.batchId, batchId), eq(tasks.companyId, companyId), isNull(tasks.assigneeId), inArray(tasks.status, ['open', 'pending'])))
}

/** What `takeTaskAt` looks for: a location by code (as scanned) or id, and optionally a task type. */
export type TakeTask = { location: string | number; type?: string }

/**
 * The handheld's "take a free task by scanning its location" (docs/requirements.md §2.16): the caller becomes the
 * assignee of the oldest free task (open or pending, nobody's, not excluded for the caller) at that location, of
 * `type` when given; the status stays as it was, the operator starts it as any other of theirs. Returns its id.
 *
 * Concurrency: the assignment is a conditional UPDATE (`assignee_id IS NULL`), so of two operators who scan the
 * same location for its one free task, the second waits for the first's row lock, re-reads the row and updates
 * nothing; it then looks again for another free task there and, when none is left, is told the task was taken
 * meanwhile (409). 404 when the location is unknown or had no free task.
 */
export async function takeTaskAt(db: DbOrTx, user: Actor, take: TakeTask): Promise<number> {
  const byId = typeof take.location === 'number'
  const [loc] = await db
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(and(eq(locations.companyId, user.companyId), byId ? eq(locations.id, take.location as number) : eq(locations.code, String(take.location).trim())))
  if (!loc) throw notFound(byId ? 'No such location.' : `No location with the code ${String(take.location).trim()}.`)
  const free = and(
    eq(tasks.companyId, user.companyId),
    eq(tasks.locationId, loc.id),
    isNull(tasks.assigneeId),
    inArray(tasks.status, START_FROM),
    notExcluded(user.id),
    notWaiting(),
    take.type ? eq(tasks.type, take.type) : undefined,
  )
  let lost = false
  for (let attempt = 0; attempt < 5; attempt++) {
    const [candidate] = await db.select({ id: tasks.id }).from(tasks).where(free).orderBy(asc(tasks.createdAt), asc(tasks.id)).limit(1)
    if (!candidate) break
    const [won] = await db
      .update(tasks)
      .set({ assigneeId: user.id })
      .where(and(eq(tasks.id, candidate.id), free))
      .returning({ id: tasks.id })
    if (won) return won.id
    lost = true
  }
  if (lost) throw conflict({ detail: `The free task at location ${loc.code} was taken by someone else meanwhile. Scan again.` })
  throw notFound(take.type ? `No free task of the chosen type at location ${loc.code}.` : `No free task at location ${loc.code}.`)
}

/**
 * open|pending → in_progress; the caller becomes the assignee. `afterStart` runs in the same transaction (the app
 * hands in what other modules do when a task starts: a copack order goes IN_PROGRESS), so this module calls nobody.
 */
export async function startTask(
  db: DbOrTx,
  user: Actor,
  id: number,
  afterStart?: (tx: Tx, companyId: number, taskId: number, userId: number) => Promise<void>,
  opts: { takeOver?: boolean } = {},
): Promise<void> {
  const started = await db.transaction(async (tx) => {
    await guardTakeOver(tx, user, id, opts.takeOver, START_FROM)
    const [row] = await tx
      .update(tasks)
      .set({ status: 'in_progress', assigneeId: user.id, startedAt: sql`now()` })
      .where(and(eq(tasks.id, id), eq(tasks.companyId, user.companyId), inArray(tasks.status, START_FROM)))
      .returning({ id: tasks.id })
    if (row) await afterStart?.(tx, user.companyId, id, user.id)
    return Boolean(row)
  })
  if (!started) await refuse(db, user.companyId, id, 'started', START_FROM)
}

/**
 * in_progress|open → done; a task finished straight from open gets started_at and the caller as assignee too. Someone
 * else's task is finished only with `takeOver` (it then becomes the caller's, recorded like a take-over at start).
 */
export async function finishTask(db: DbOrTx, user: Actor, id: number, opts: { takeOver?: boolean } = {}): Promise<void> {
  // the common case in one statement: the caller's own task, or nobody's, that is not kept from them; anything else
  // (someone else's, a take-over, a refusal) goes the guarded way below, which says why
  const [mine] = await db
    .update(tasks)
    .set({ status: 'done', finishedAt: sql`now()`, startedAt: sql`coalesce(${tasks.startedAt}, now())`, assigneeId: sql`coalesce(${tasks.assigneeId}, ${user.id})` })
    .where(
      and(
        eq(tasks.id, id),
        eq(tasks.companyId, user.companyId),
        inArray(tasks.status, DONE_FROM),
        or(isNull(tasks.assigneeId), eq(tasks.assigneeId, user.id)),
        or(isNull(tasks.excludedUserId), ne(tasks.excludedUserId, user.id)),
      ),
    )
    .returning({ id: tasks.id })
  if (mine) return
  const row = await db.transaction(async (tx) => {
    const takenOver = await guardTakeOver(tx, user, id, opts.takeOver, DONE_FROM)
    const [done] = await tx
      .update(tasks)
      .set({
        status: 'done',
        finishedAt: sql`now()`,
        startedAt: sql`coalesce(${tasks.startedAt}, now())`,
        assigneeId: takenOver ? user.id : sql`coalesce(${tasks.assigneeId}, ${user.id})`,
      })
      .where(and(eq(tasks.id, id), eq(tasks.companyId, user.companyId), inArray(tasks.status, DONE_FROM)))
      .returning({ id: tasks.id })
    return done
  })
  if (!row) await refuse(db, user.companyId, id, 'finished', DONE_FROM)
}

/**
 * SPEC 13.4: starting or finishing a task assigned to someone else used to reassign it silently. It is refused
 * (409 `{detail, code: "assigned_to_other", assignee}`) unless the caller confirms with `takeOver`; a take-over is
 * recorded in the audit trail (who took it from whom). Returns whether the task was taken over. The row is locked, so
 * a concurrent assignment waits.
 */
async function guardTakeOver(tx: Tx, user: Actor, id: number, takeOver: boolean | undefined, allowed: TaskStatus[]): Promise<boolean> {
  const [task] = await tx
    .select({ assigneeId: tasks.assigneeId, assignee: users.username, status: tasks.status, excludedUserId: tasks.excludedUserId })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.assigneeId))
    .where(and(eq(tasks.id, id), eq(tasks.companyId, user.companyId)))
    .for('update', { of: tasks })
  // the one operator a task is not offered to cannot take it by starting or finishing it (docs/requirements.md §2.16)
  if (task && task.excludedUserId === user.id && allowed.includes(task.status)) {
    throw conflict({ detail: excludedMessage(await usernameOf(tx, user.id)) })
  }
  if (!task || task.assigneeId === null || task.assigneeId === user.id) return false
  // a task the action cannot apply to is refused by the status check that follows, with what it is now
  if (!allowed.includes(task.status)) return false
  if (!takeOver) {
    throw conflict({
      detail: `This task is assigned to ${task.assignee}. Confirm to take it over.`,
      code: 'assigned_to_other',
      assignee: { id: task.assigneeId, username: task.assignee ?? '' },
    })
  }
  await recordAudit(tx, { companyId: user.companyId, userId: user.id }, {
    entity: 'tasks',
    entityId: id,
    action: 'update',
    changes: { assignee: [task.assigneeId, user.id] },
    note: `take_over from ${task.assignee ?? task.assigneeId}`,
  })
  return true
}

/** Cancel those of `ids` that are not finished yet (done and cancelled tasks stay as they are). */
export async function cancelTasks(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return
  await db
    .update(tasks)
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where(and(inArray(tasks.id, ids), inArray(tasks.status, CANCEL_FROM)))
}

/**
 * A pick that can no longer be done in full (a count found less stock than it reserved, ADR 0011 §4): its quantity
 * drops by `qty` and `short_qty` keeps what is missing. A closed task stays as it is.
 */
export async function markTaskShort(db: DbOrTx, companyId: number, id: number, qty: string): Promise<void> {
  await db
    .update(tasks)
    .set({ qty: sql`GREATEST(coalesce(${tasks.qty}, 0) - ${qty}::numeric, 0)`, shortQty: sql`coalesce(${tasks.shortQty}, 0) + ${qty}::numeric` })
    .where(and(eq(tasks.id, id), eq(tasks.companyId, companyId), notInArray(tasks.status, CLOSED_TASK_STATUSES as TaskStatus[])))
}

/** A task's quantity lowered by `qty` (part of a pick's reservation moved to another line, ADR 0011 §4). */
export async function reduceTaskQty(db: DbOrTx, companyId: number, id: number, qty: string): Promise<void> {
  await db
    .update(tasks)
    .set({ qty: sql`GREATEST(coalesce(${tasks.qty}, 0) - ${qty}::numeric, 0)` })
    .where(and(eq(tasks.id, id), eq(tasks.companyId, companyId), notInArray(tasks.status, CLOSED_TASK_STATUSES as TaskStatus[])))
}

/** Who holds a task (its assignee), or null when it is free; 404 for another company's task. */
export async function taskAssignee(db: DbOrTx, companyId: number, id: number): Promise<number | null> {
  const [task] = await db
    .select({ assigneeId: tasks.assigneeId })
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.companyId, companyId)))
  if (!task) throw notFound('No such record.')
  return task.assigneeId
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

/**
 * Open tasks of `type` per location of a warehouse (not done nor cancelled): `{ location id: count }`. Putaway
 * suggestions count the pallets already on their way into a location (SPEC 10.9).
 */
export async function openTasksByLocation(db: DbOrTx, companyId: number, warehouseId: number, type: TaskType): Promise<Record<number, number>> {
  const rows = await db
    .select({ locationId: tasks.locationId, n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(
      and(
        eq(tasks.companyId, companyId),
        eq(tasks.warehouseId, warehouseId),
        eq(tasks.type, type),
        sql`${tasks.locationId} IS NOT NULL`,
        notInArray(tasks.status, [...CLOSED_TASK_STATUSES]),
      ),
    )
    .groupBy(tasks.locationId)
  return Object.fromEntries(rows.map((r) => [r.locationId as number, Number(r.n)]))
}

/**
 * A pick batch handed to someone else by a supervisor (docs/requirements.md §19.6): its unfinished stops (open, pending,
 * in progress) become `assigneeId`'s; done ones stay with whoever did them. Back to the pool (null), a stop in progress
 * is open again and nobody's, so directed work (§19.4) offers it. A stop offered to every operator but `assigneeId`
 * stays where it is. Rows locked in id order (as next task takes a batch). Answers the ids that changed hands.
 */
export async function assignBatchTasks(db: DbOrTx, companyId: number, batchId: number, assigneeId: number | null): Promise<number[]> {
  const rows = await db
    .update(tasks)
    .set(
      assigneeId === null
        ? { assigneeId: null, status: sql`CASE WHEN ${tasks.status} = 'in_progress' THEN 'open' ELSE ${tasks.status} END`, startedAt: sql`CASE WHEN ${tasks.status} = 'in_progress' THEN NULL ELSE ${tasks.startedAt} END` }
        : { assigneeId },
    )
    .where(
      and(
        inArray(
          tasks.id,
          db
            .select({ id: tasks.id })
            .from(tasks)
            .where(and(eq(tasks.companyId, companyId), eq(tasks.batchId, batchId), inArray(tasks.status, ASSIGN_FROM)))
            .orderBy(asc(tasks.id))
            .for('update'),
        ),
        sql`${tasks.assigneeId} IS DISTINCT FROM ${assigneeId}::int`,
        assigneeId === null ? undefined : notExcluded(assigneeId),
      ),
    )
    .returning({ id: tasks.id })
  return rows.map((r) => r.id).sort((a, b) => a - b)
}
