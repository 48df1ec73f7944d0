/**
 * The supervisor's view of picking in progress (docs/requirements.md §19.6).
 *
 *   pickProgress   the company's released waves with a batch open or in progress and, per batch, its stops picked of
 *                  total, units, exceptions, operator, cart and time since its start: one statement (a LATERAL over
 *                  each batch's tasks, no query per batch)
 *   assignBatch    a batch not done handed to another user of the company, or back to the pool, once per command_id:
 *                  the batch's operator and its unfinished stops move (the tasks service moves them), done stops stay
 *
 * No event is told: the events of docs/requirements.md §6 (contracts/integrations/webhooks.rules.ts) have none for
 * work changing hands; the audit trail records it (entity `pick_batches`).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx, Tx } from '../../db/client'
import { warehouses } from '../../db/schema/core'
import { waves } from '../../db/schema/documents'
import { orderReservations, pickBatches } from '../../db/schema/picking'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import type { AuthUser } from '../../http/context'
import { conflict, fieldError, notFound } from '../../http/errors'
import type { batchAssignBody, BatchAssignOut, PickProgress, PickProgressBatch, PickProgressWave, pickProgressQuery } from '../../../contracts/shipping/pick-progress.contract'
import type { PickBatchStatus } from '../../../contracts/shipping/shipping.rules'
import { recordAudit } from '../audit/audit.service'
import { runOnce } from '../commands/commands.service'
import { assignBatchTasks } from '../workforce/tasks.service'

export const PICK_BATCH_ENTITY = 'pick_batches'
export const BATCH_ASSIGN_KIND = 'shipping.batch_assign'

type Row = {
  id: number
  code: string
  status: PickBatchStatus
  totes: number
  cart: string | null
  started_at: number | null
  elapsed: number | null
  wave_id: number
  wave_code: string
  warehouse_id: number
  warehouse_code: string
  assignee_id: number | null
  assignee: string | null
  orders: number
  stops: number
  done: number
  units: string
  units_done: string
  exceptions: number
  now: number
}

/**
 * Batches with their progress. `where` narrows the batches (a wave, a warehouse, one batch); every batch read is of
 * the company. The operator is the batch's (set when a stop starts, §19.6), else who holds its unfinished stops (next
 * task hands a whole batch, §19.4, before a stop starts).
 */
async function progressRows(db: DbOrTx, companyId: number, where: SQL): Promise<Row[]> {
  const res = await db.execute<Row>(sql`
    SELECT b.id, b.code, b.status, b.totes, b.cart, (extract(epoch FROM b.started_at) * 1000)::float8 AS started_at,
      CASE WHEN b.started_at IS NULL THEN NULL ELSE GREATEST(0, floor(extract(epoch FROM now() - b.started_at)))::int END AS elapsed,
      w.id AS wave_id, w.code AS wave_code, wh.id AS warehouse_id, wh.code AS warehouse_code,
      u.id AS assignee_id, u.username AS assignee,
      (SELECT count(DISTINCT r.order_id)::int FROM ${orderReservations} r WHERE r.batch_id = b.id AND r.status <> 'released') AS orders,
      t.stops, t.done, t.units, t.units_done, t.exceptions, (extract(epoch FROM now()) * 1000)::float8 AS now
    FROM ${pickBatches} b
    JOIN ${waves} w ON w.id = b.wave_id
    JOIN ${warehouses} wh ON wh.id = b.warehouse_id
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE k.status <> 'cancelled')::int AS stops,
        count(*) FILTER (WHERE k.status = 'done')::int AS done,
        coalesce(sum(k.qty) FILTER (WHERE k.status <> 'cancelled'), 0)::text AS units,
        coalesce(sum(k.qty) FILTER (WHERE k.status = 'done'), 0)::text AS units_done,
        count(*) FILTER (WHERE k.short_qty > 0)::int AS exceptions,
        max(k.assignee_id) FILTER (WHERE k.status IN ('open', 'pending', 'in_progress')) AS holder
      FROM ${tasks} k WHERE k.batch_id = b.id AND k.company_id = ${companyId} AND k.type = 'pick'
    ) t
    LEFT JOIN ${users} u ON u.id = coalesce(b.assignee_id, t.holder)
    WHERE b.company_id = ${companyId} AND b.status <> 'cancelled' AND ${where}
    ORDER BY w.id, b.code`)
  return res.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    totes: Number(r.totes),
    wave_id: Number(r.wave_id),
    warehouse_id: Number(r.warehouse_id),
    assignee_id: r.assignee_id === null ? null : Number(r.assignee_id),
    elapsed: r.elapsed === null ? null : Number(r.elapsed),
    orders: Number(r.orders),
    stops: Number(r.stops),
    done: Number(r.done),
    exceptions: Number(r.exceptions),
  }))
}

/** A quantity as the API writes it: no trailing zeros (`12.500` → `12.5`, `3.000` → `3`). */
const decimal = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s)
const isoOf = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString())

function batchOut(r: Row): PickProgressBatch {
  return {
    id: r.id,
    code: r.code,
    status: r.status,
    totes: r.totes,
    orders: r.orders,
    stops: r.stops,
    done: r.done,
    units: decimal(r.units),
    units_done: decimal(r.units_done),
    exceptions: r.exceptions,
    assignee: r.assignee_id === null ? null : { id: r.assignee_id, username: r.assignee ?? '' },
    cart: r.cart,
    started_at: isoOf(r.started_at),
    elapsed_seconds: r.elapsed,
  }
}

export type PickProgressQuery = z.output<typeof pickProgressQuery>

/** GET /api/shipping/pick-progress/ (§19.6): the released waves still being picked, each with its batches. */
export async function pickProgress(db: DbOrTx, user: AuthUser, q: PickProgressQuery): Promise<PickProgress> {
  const rows = await progressRows(
    db,
    user.companyId,
    sql`w.status = 'released'
      AND EXISTS (SELECT 1 FROM ${pickBatches} o WHERE o.wave_id = w.id AND o.status IN ('open', 'in_progress'))
      ${q.warehouse === undefined ? sql`` : sql`AND w.warehouse_id = ${q.warehouse}`}
      ${q.wave === undefined ? sql`` : sql`AND w.id = ${q.wave}`}`,
  )
  const out: PickProgressWave[] = []
  for (const r of rows) {
    let wave = out.at(-1)
    if (!wave || wave.id !== r.wave_id) {
      wave = { id: r.wave_id, code: r.wave_code, warehouse: { id: r.warehouse_id, code: r.warehouse_code }, stops: 0, done: 0, exceptions: 0, batches: [] }
      out.push(wave)
    }
    wave.stops += r.stops
    wave.done += r.done
    wave.exceptions += r.exceptions
    wave.batches.push(batchOut(r))
  }
  const now = rows[0]?.now
  return { now: now === undefined ? new Date().toISOString() : (isoOf(now) as string), waves: out }
}

export type BatchAssignInput = z.output<typeof batchAssignBody>

/** POST /api/shipping/batches/{id}/assign/ (§19.6), once per command_id. */
export function assignBatch(db: DbOrTx, user: AuthUser, batchId: number, body: BatchAssignInput): Promise<BatchAssignOut> {
  return runOnce(db, { companyId: user.companyId, userId: user.id }, body.command_id, BATCH_ASSIGN_KIND, (tx) => assignIn(tx, user, batchId, body))
}

async function assignIn(tx: Tx, user: AuthUser, batchId: number, body: BatchAssignInput): Promise<BatchAssignOut> {
  const companyId = user.companyId
  const [batch] = await tx
    .select({ id: pickBatches.id, code: pickBatches.code, status: pickBatches.status, assigneeId: pickBatches.assigneeId, startedAt: pickBatches.startedAt })
    .from(pickBatches)
    .where(and(eq(pickBatches.id, batchId), eq(pickBatches.companyId, companyId)))
    .for('update')
  if (!batch) throw notFound('No such record.')
  if (batch.status === 'done' || batch.status === 'cancelled') {
    throw conflict({ detail: `Batch ${batch.code} is ${batch.status}: only an open or in-progress batch can be reassigned.`, status: batch.status })
  }
  let target: { id: number; username: string } | null = null
  if (body.user !== null) {
    const [u] = await tx
      .select({ id: users.id, username: users.username, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.id, body.user), eq(users.companyId, companyId)))
    // another company's user is one this company does not have (DRF's words for an unknown pk)
    if (!u) throw fieldError('user', `Invalid pk "${body.user}" - object does not exist.`)
    if (!u.isActive) throw fieldError('user', `User ${u.username} is inactive: a batch goes to an active user.`)
    target = { id: u.id, username: u.username }
  }

  const moved = await assignBatchTasks(tx, companyId, batch.id, target?.id ?? null)
  // back to the pool: open again when no stop was picked yet (it started with its first stop, §19.6)
  const [after] = await tx
    .update(pickBatches)
    .set(
      target
        ? { assigneeId: target.id }
        : {
            assigneeId: null,
            status: sql`CASE WHEN EXISTS (SELECT 1 FROM ${tasks} k WHERE k.batch_id = ${pickBatches.id} AND k.status = 'done') THEN ${pickBatches.status} ELSE 'open' END`,
            startedAt: sql`CASE WHEN EXISTS (SELECT 1 FROM ${tasks} k WHERE k.batch_id = ${pickBatches.id} AND k.status = 'done') THEN ${pickBatches.startedAt} ELSE NULL END`,
          },
    )
    .where(eq(pickBatches.id, batch.id))
    .returning({ status: pickBatches.status })
  const changes: Record<string, [unknown, unknown]> = { assignee: [batch.assigneeId, target?.id ?? null] }
  if (after.status !== batch.status) changes.status = [batch.status, after.status]
  await recordAudit(tx, { companyId, userId: user.id, apiKeyId: user.apiKey?.id }, { entity: PICK_BATCH_ENTITY, entityId: batch.id, action: 'update', changes })

  const [row] = await progressRows(tx, companyId, sql`b.id = ${batch.id}`)
  return { batch: batchOut(row), moved: moved.length, command_id: body.command_id.toLowerCase() }
}
