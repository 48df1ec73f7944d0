/**
 * The operator's next task (SPEC 19.4): the product directs the work. The caller gets the task already in their hands,
 * else the best free one of their warehouse: highest priority, then the earliest due (a carrier's cut-off, SPEC 19.1),
 * then the shortest walk (SPEC 18.2) from where they are, then the oldest. A task of a pick batch brings its whole
 * batch, all of it now the caller's.
 *
 * Concurrency (ADR 0023): choosing and taking run in one transaction under a transaction-scoped advisory lock per warehouse, so
 * two operators asking at once are served one after the other and never choose the same task; the take is still a
 * conditional UPDATE (`assignee_id IS NULL`), because a supervisor's assignment or a take at a scanned location does
 * not wait for that lock: a task taken meanwhile is skipped and the choice made again.
 */
import { type SQL, and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { locations, warehouses } from '../../db/schema/core'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import { fieldError } from '../../http/errors'
import { DIRECTED_TASK_TYPES } from '../../../contracts/tasks/tasks.contract'
import { makeWalk, type Walk, type WalkPoint } from '../../../contracts/layout/walk-graph'
import { cachedWarehouseWalk, type WarehouseWalk } from '../master-data/layout.service'
import { notExcluded, notWaiting, START_FROM } from './tasks.service'

/** The advisory lock class of 'next task' (pg_advisory_xact_lock(class, warehouse)); any constant. */
const NEXT_TASK_LOCK = 19_004
/** How many free tasks (the oldest of the best priority and due time) are weighed by distance. */
const CANDIDATES = 64
const HELD: string[] = ['open', 'pending', 'in_progress']

export type NextTaskInput = { warehouse?: number; types?: readonly string[]; location?: string | number }
export type NextTaskResult = { taskId: number; batchTaskIds: number[] | null; batchId: number | null; distance: number | null; resumed: boolean }
type Actor = { id: number; companyId: number }
type Candidate = { id: number; batchId: number | null; warehouseId: number | null; place: WalkPoint | null }

const placeOf = (r: { aisle: number | null; x: number | null; y: number | null }): WalkPoint | null =>
  r.x === null || r.y === null ? null : { aisle: r.aisle, x: Number(r.x), y: Number(r.y) }

// the walk built once per cached layout (its all-pairs table is the costly part)
const walks = new WeakMap<WarehouseWalk, Walk>()
const walkOf = (w: WarehouseWalk): Walk => {
  let walk = walks.get(w)
  if (!walk) walks.set(w, (walk = makeWalk(w.layout)))
  return walk
}

export async function nextTask(db: Db, user: Actor, input: NextTaskInput = {}): Promise<NextTaskResult | null> {
  const warehouseId = input.warehouse ?? (await defaultWarehouse(db, user))
  if (input.warehouse !== undefined) {
    const [wh] = await db
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.id, input.warehouse), eq(warehouses.companyId, user.companyId)))
    if (!wh) throw fieldError('warehouse', `Invalid pk "${input.warehouse}" - object does not exist.`)
  }
  const types = [...(input.types ?? DIRECTED_TASK_TYPES)]
  const walk = warehouseId === null ? null : await cachedWarehouseWalk(db, user.companyId, warehouseId)
  const walker = walk ? walkOf(walk) : null
  const inWarehouse = warehouseId === null ? undefined : eq(tasks.warehouseId, warehouseId)

  return db.transaction(async (tx) => {
    const mine = and(eq(tasks.companyId, user.companyId), eq(tasks.assigneeId, user.id), inArray(tasks.status, HELD as never[]), inArray(tasks.type, types), inWarehouse)
    const [held] = await tx
      .select({ id: tasks.id, batchId: tasks.batchId, aisle: locations.aisle, x: locations.x, y: locations.y })
      .from(tasks)
      .leftJoin(locations, eq(locations.id, tasks.locationId))
      .where(mine)
      .orderBy(sql`(${tasks.status} = 'in_progress') DESC`, desc(tasks.priority), sql`${tasks.dueAt} ASC NULLS LAST`, asc(tasks.createdAt), asc(tasks.id))
      .limit(1)
    const from = walker ? await operatorPlace(tx, user, warehouseId as number, input.location, walk?.start.point ?? null) : null
    const distance = (to: WalkPoint | null) => (walker && from && to ? walker.distance(from, to) : null)
    if (held) {
      const batch = held.batchId === null ? null : await batchStops(tx, user, held.batchId, eq(tasks.assigneeId, user.id))
      return { taskId: batch?.[0] ?? held.id, batchId: held.batchId, batchTaskIds: batch, distance: distance(placeOf(held)), resumed: true }
    }

    const free = and(
      eq(tasks.companyId, user.companyId),
      isNull(tasks.assigneeId),
      inArray(tasks.status, START_FROM),
      notExcluded(user.id),
      notWaiting(),
      inArray(tasks.type, types),
      inWarehouse,
    ) as SQL
    const skipped: number[] = []
    // the oldest free tasks of the best priority and due time, in one read of the index (tasks_directed_free_idx)
    const candidates = () =>
      tx
        .select({ id: tasks.id, batchId: tasks.batchId, warehouseId: tasks.warehouseId, priority: tasks.priority, dueAt: tasks.dueAt, aisle: locations.aisle, x: locations.x, y: locations.y })
        .from(tasks)
        .leftJoin(locations, eq(locations.id, tasks.locationId))
        .where(skipped.length ? (and(free, notInArray(tasks.id, skipped)) as SQL) : free)
        .orderBy(sql`${tasks.priority} DESC NULLS LAST`, sql`${tasks.dueAt} ASC NULLS LAST`, asc(tasks.createdAt), asc(tasks.id))
        .limit(CANDIDATES)
    // the first read is made before the lock (ADR 0023): the lock is held only for the take and the commit; a task
    // someone took meanwhile fails the conditional take, and the next read, under the lock, sees the truth
    let read = await candidates()
    await tx.execute(sql`select pg_advisory_xact_lock(${NEXT_TASK_LOCK}::int, ${warehouseId ?? -user.companyId}::int)`)
    for (let attempt = 0; attempt < 5; attempt++) {
      if (attempt > 0) read = await candidates()
      if (!read.length) return null
      const due = (d: Date | null) => d?.getTime() ?? null
      const rows = read.filter((r) => r.priority === read[0].priority && due(r.dueAt) === due(read[0].dueAt))
      const best = choose(
        rows.map((r) => ({ id: r.id, batchId: r.batchId, warehouseId: r.warehouseId, place: placeOf(r) })),
        distance,
      )
      if (!best) return null
      if (best.batchId !== null) {
        // a batch is taken whole, its rows locked in id order (the same order for everyone: no deadlock)
        const taken = await tx.execute<{ id: number }>(sql`
          update ${tasks} set assignee_id = ${user.id}
          where id in (
            select id from ${tasks}
            where batch_id = ${best.batchId} and company_id = ${user.companyId} and assignee_id is null
              and status in ('open', 'pending')
            order by id for update)
            and assignee_id is null
          returning id`)
        if (taken.rows.length) {
          const stops = (await batchStops(tx, user, best.batchId, eq(tasks.assigneeId, user.id))) ?? []
          return { taskId: stops[0] ?? best.id, batchId: best.batchId, batchTaskIds: stops, distance: distance(best.place), resumed: false }
        }
      } else {
        const [won] = await tx
          .update(tasks)
          .set({ assigneeId: user.id })
          .where(and(eq(tasks.id, best.id), free))
          .returning({ id: tasks.id })
        if (won) return { taskId: won.id, batchId: null, batchTaskIds: null, distance: distance(best.place), resumed: false }
      }
      skipped.push(...rows.filter((r) => r.id === best.id || (best.batchId !== null && r.batchId === best.batchId)).map((r) => r.id))
    }
    return null
  })
}

/**
 * The nearest of the candidates (they share the best priority and due time). A batch is weighed by its first stop in
 * path order (its lowest id: a release creates the stops in that order, SPEC 19.3); without a place to measure from
 * or to, the oldest wins.
 */
function choose(rows: Candidate[], distance: (to: WalkPoint | null) => number | null): Candidate | undefined {
  const seen = new Set<number>()
  let best: Candidate | undefined
  let bestMetres = Infinity
  for (const r of rows) {
    if (r.batchId !== null) {
      if (seen.has(r.batchId)) continue
      seen.add(r.batchId)
    }
    const metres = distance(r.place) ?? Infinity
    if (!best || metres < bestMetres) {
      best = r
      bestMetres = metres
    }
  }
  return best
}

/** The batch's unfinished stops held by `held`, in path order (ids ascending). */
async function batchStops(tx: Tx, user: Actor, batchId: number, held: SQL): Promise<number[] | null> {
  const rows = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.batchId, batchId), eq(tasks.companyId, user.companyId), held, inArray(tasks.status, HELD as never[])))
    .orderBy(asc(tasks.id))
  return rows.map((r) => r.id)
}

async function defaultWarehouse(db: Db, user: Actor): Promise<number | null> {
  const [u] = await db.select({ warehouseId: users.defaultWarehouseId }).from(users).where(eq(users.id, user.id))
  return u?.warehouseId ?? null
}

/**
 * Where the operator is (SPEC 19.4): the location they say they scanned last (code or id, of this warehouse), else
 * where the last task they finished there was, else the warehouse's start (its first dock).
 */
async function operatorPlace(tx: Tx, user: Actor, warehouseId: number, scanned: string | number | undefined, start: WalkPoint | null): Promise<WalkPoint | null> {
  const here = and(eq(locations.companyId, user.companyId), eq(locations.warehouseId, warehouseId))
  if (scanned !== undefined) {
    const [loc] = await tx
      .select({ aisle: locations.aisle, x: locations.x, y: locations.y })
      .from(locations)
      .where(and(here, typeof scanned === 'number' ? eq(locations.id, scanned) : eq(locations.code, scanned)))
    if (!loc) throw fieldError('location', typeof scanned === 'number' ? 'Invalid pk - object does not exist.' : `No location with the code ${scanned}.`)
    return placeOf(loc) ?? start
  }
  const [last] = await tx
    .select({ aisle: locations.aisle, x: locations.x, y: locations.y })
    .from(tasks)
    .innerJoin(locations, eq(locations.id, tasks.locationId))
    .where(and(eq(tasks.companyId, user.companyId), eq(tasks.assigneeId, user.id), eq(tasks.status, 'done'), eq(tasks.warehouseId, warehouseId)))
    .orderBy(sql`${tasks.finishedAt} DESC NULLS LAST`)
    .limit(1)
  return (last && placeOf(last)) ?? start
}
