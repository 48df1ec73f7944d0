/**
 * The operator's next task (SPEC 19.4): the product directs the work. The caller gets the task already in their hands,
 * else the best free one of their warehouse: highest priority, then the earliest due (a carrier's cut-off, SPEC 19.1),
 * then the shortest walk (SPEC 18.2) from where they are, then the oldest. A task of a pick batch brings its whole
 * batch, all of it now the caller's.
 *
 * Concurrency (ADR 0023): the caller's held task, their place and the candidates are read in one statement, outside
 * any transaction; the take is one statement of its own, under a transaction-scoped advisory lock per warehouse, so
 * two operators asking at once take one after the other. The take locks the first of the caller's ranked candidates
 * that is still free when its row is locked (one taken meanwhile, by another caller, a supervisor's assignment or a take
 * at a scanned location, is rechecked and passed over), so a burst of callers who all stand at the dock costs no wrong
 * answer, and a second read only when every one of a caller's candidates was taken first.
 */
import { type SQL, and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { locations, warehouses } from '../../db/schema/core'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import { fieldError, pgError } from '../../http/errors'
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
/** `defaultWarehouseId` as the request's user carries it (read fresh per session); absent, it is read. */
type Actor = { id: number; companyId: number; defaultWarehouseId?: number | null }
type Candidate = { id: number; batchId: number | null; place: WalkPoint | null }

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
  const warehouseId = input.warehouse ?? (user.defaultWarehouseId !== undefined ? user.defaultWarehouseId : await defaultWarehouse(db, user))
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
  const mine = and(eq(tasks.companyId, user.companyId), eq(tasks.assigneeId, user.id), inArray(tasks.status, HELD as never[]), inArray(tasks.type, types), inWarehouse) as SQL
  const free = and(
    eq(tasks.companyId, user.companyId),
    isNull(tasks.assigneeId),
    inArray(tasks.status, START_FROM),
    notExcluded(user.id),
    notWaiting(),
    inArray(tasks.type, types),
    inWarehouse,
  ) as SQL
  const place = walker ? placeQuery(user, warehouseId as number, input.location) : null

  const skipped: number[] = []
  for (let attempt = 0; attempt < 5; attempt++) {
    // one read (ADR 0023): the task in the caller's hands, where they are and the best free tasks, outside any
    // transaction; the take below is one statement that rechecks every row it takes
    const read = await readState(db, mine, skipped.length ? (and(free, notInArray(tasks.id, skipped)) as SQL) : free, place)
    if (place && input.location !== undefined && !read.place)
      throw fieldError('location', typeof input.location === 'number' ? 'Invalid pk - object does not exist.' : `No location with the code ${input.location}.`)
    const from = walker ? (read.place ?? walk?.start.point ?? null) : null
    const distance = (to: WalkPoint | null) => (walker && from && to ? walker.distance(from, to) : null)
    if (read.held) {
      const held = read.held
      const batch = held.batchId === null ? null : await batchStops(db, user, held.batchId, eq(tasks.assigneeId, user.id))
      return { taskId: batch?.[0] ?? held.id, batchId: held.batchId, batchTaskIds: batch, distance: distance(held.place), resumed: true }
    }
    const rows = read.free
    if (!rows.length) return null
    const ranked = rank(
      rows.filter((r) => r.priority === rows[0].priority && r.dueMs === rows[0].dueMs),
      distance,
    )
    let taken: Awaited<ReturnType<typeof take>>
    try {
      taken = await take(db, user, warehouseId, ranked, free)
    } catch (e) {
      // a deadlock with a supervisor's reassignment locking the same batch's stops (ADR 0023): the statement is
      // undone whole; read and choose again
      if (pgError(e)?.code === '40P01') continue
      throw e
    }
    if (taken) {
      const best = ranked.find((r) => r.id === taken.id) as Candidate
      if (taken.batchId === null) return { taskId: taken.id, batchId: null, batchTaskIds: null, distance: distance(best.place), resumed: false }
      return { taskId: taken.stops[0] ?? taken.id, batchId: taken.batchId, batchTaskIds: taken.stops, distance: distance(best.place), resumed: false }
    }
    // every candidate was taken meanwhile (by a supervisor's assignment or a take at a location): read again
    skipped.push(...ranked.map((r) => r.id))
  }
  return null
}

type Row = { kind: 'held' | 'place' | 'free'; id: number | null; batch_id: number | null; priority: number | null; due_ms: number | null; aisle: number | null; x: number | null; y: number | null }
type FreeRow = Candidate & { priority: number; dueMs: number | null }

/** Where the operator is: the location they scanned (of this warehouse), else where their last task there ended. */
function placeQuery(user: Actor, warehouseId: number, scanned: string | number | undefined): SQL {
  const here = and(eq(locations.companyId, user.companyId), eq(locations.warehouseId, warehouseId))
  if (scanned !== undefined)
    return sql`select 'place' as kind, null::int, null::int, null::int, null::float8, ${locations.aisle}, ${locations.x}, ${locations.y} from ${locations}
      where ${and(here, typeof scanned === 'number' ? eq(locations.id, scanned) : eq(locations.code, scanned))}`
  return sql`select 'place' as kind, null::int, null::int, null::int, null::float8, ${locations.aisle}, ${locations.x}, ${locations.y}
    from ${tasks} inner join ${locations} on ${locations.id} = ${tasks.locationId}
    where ${and(eq(tasks.assigneeId, user.id), eq(tasks.status, 'done'), eq(tasks.warehouseId, warehouseId), eq(tasks.companyId, user.companyId))}
    order by ${tasks.finishedAt} desc nulls last limit 1`
}

/**
 * The caller's held task, their place and the free candidates (the oldest of the best priority and due time, in one
 * read of tasks_directed_free_idx), in one round trip.
 */
async function readState(db: Db, mine: SQL, free: SQL, place: SQL | null) {
  const cols = sql`${tasks.id} as id, ${tasks.batchId} as batch_id, ${tasks.priority} as priority, (extract(epoch from ${tasks.dueAt}) * 1000)::float8 as due_ms, ${locations.aisle} as aisle, ${locations.x} as x, ${locations.y} as y`
  const held = sql`select 'held' as kind, ${cols} from ${tasks} left join ${locations} on ${locations.id} = ${tasks.locationId} where ${mine}
    order by (${tasks.status} = 'in_progress') desc, ${tasks.priority} desc, ${tasks.dueAt} asc nulls last, ${tasks.createdAt} asc, ${tasks.id} asc limit 1`
  const candidates = sql`select 'free' as kind, ${cols} from ${tasks} left join ${locations} on ${locations.id} = ${tasks.locationId} where ${free}
    order by ${tasks.priority} desc nulls last, ${tasks.dueAt} asc nulls last, ${tasks.createdAt} asc, ${tasks.id} asc limit ${CANDIDATES}`
  const query = sql`(${held}) union all ${place ? sql`(${place}) union all ` : sql``}(${candidates})`
  // a union's columns are named by its first branch
  const rows = (await db.execute<Row>(query)).rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    batchId: r.batch_id,
    priority: r.priority,
    dueMs: r.due_ms === null ? null : Number(r.due_ms),
    place: placeOf(r),
  }))
  const h = rows.find((r) => r.kind === 'held')
  return {
    held: h ? { id: h.id as number, batchId: h.batchId, place: h.place } : null,
    place: rows.find((r) => r.kind === 'place')?.place ?? null,
    free: rows.filter((r) => r.kind === 'free').map((r): FreeRow => ({ id: r.id as number, batchId: r.batchId, priority: r.priority as number, dueMs: r.dueMs, place: r.place })),
  }
}

/**
 * The take (ADR 0023), one statement and its own transaction: under the warehouse's advisory lock (so two callers
 * take one after the other), the first of the ranked candidates still free when its row is locked (a row taken
 * meanwhile is rechecked and passed over), with its whole batch when it is a batch's stop, the batch's stops locked in
 * id order. Its commit does not wait for the disk (synchronous_commit off for this transaction only): an assignment
 * is an instruction, not a fact of stock; a database crash can forget the last fraction of a second of them, which
 * are then free again.
 */
async function take(db: Db, user: Actor, warehouseId: number | null, ranked: Candidate[], free: SQL): Promise<{ id: number; batchId: number | null; stops: number[] } | null> {
  if (!ranked.length) return null
  const ids = `{${ranked.map((r) => r.id).join(',')}}`
  const res = await db.execute<{ id: number; batch_id: number | null; chosen: number }>(sql`
    with gate as (select pg_advisory_xact_lock(${NEXT_TASK_LOCK}::int, ${warehouseId ?? -user.companyId}::int) as locked,
                         set_config('synchronous_commit', 'off', true) as async),
    chosen as (
      select ${tasks.id} as id, ${tasks.batchId} as batch_id from ${tasks}
        join unnest(${ids}::int[]) with ordinality as ranked(id, ord) on ranked.id = ${tasks.id}
      where ${free} and (select locked from gate) is not null and (select async from gate) is not null
      order by ranked.ord limit 1
      for update of ${tasks}),
    stops as (
      select ${tasks.id} as id from ${tasks}, chosen
      where (${tasks.id} = chosen.id or (chosen.batch_id is not null and ${tasks.batchId} = chosen.batch_id
        and ${tasks.companyId} = ${user.companyId} and ${tasks.assigneeId} is null and ${tasks.status} in ('open', 'pending')))
      order by ${tasks.id} for update of ${tasks})
    update ${tasks} set assignee_id = ${user.id} from stops, chosen
    where ${tasks.id} = stops.id and ${tasks.assigneeId} is null
    returning ${tasks.id} as id, ${tasks.batchId} as batch_id, chosen.id as chosen`)
  const rows = res.rows
  if (!rows.length) return null
  const chosen = rows[0].chosen
  const batchId = rows.find((r) => r.id === chosen)?.batch_id ?? null
  return { id: chosen, batchId, stops: rows.map((r) => r.id).sort((a, b) => a - b) }
}

/**
 * The candidates (they share the best priority and due time) nearest first; the take gets the first still free. A
 * batch is weighed by its first stop in path order (its lowest id: a release creates the stops in that order, SPEC
 * 19.3) and listed once; without a place to measure from or to, the oldest comes first (a stable sort keeps the read's
 * order among equals).
 */
function rank(rows: Candidate[], distance: (to: WalkPoint | null) => number | null): Candidate[] {
  const seen = new Set<number>()
  const listed: { c: Candidate; metres: number }[] = []
  for (const r of rows) {
    if (r.batchId !== null) {
      if (seen.has(r.batchId)) continue
      seen.add(r.batchId)
    }
    listed.push({ c: r, metres: distance(r.place) ?? Infinity })
  }
  return listed.sort((a, b) => a.metres - b.metres).map((x) => x.c)
}

/** The batch's unfinished stops held by `held`, in path order (ids ascending). */
async function batchStops(db: Db, user: Actor, batchId: number, held: SQL): Promise<number[] | null> {
  const rows = await db
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
