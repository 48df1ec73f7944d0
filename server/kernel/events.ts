import { type Placeholder, type SQL, and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { jobs } from '../db/schema/jobs'
import { EVENT_TYPES, type EventType } from '../../contracts/integrations/webhooks.rules'
import { enqueue, enqueueUnlessQueued, JOBS_CHANNEL } from './job-queue'

export { EVENT_TYPES, type EventType }

/** The job kind that sends one subscription's pending deliveries, oldest event first (ADR 0020). */
export const WEBHOOK_DELIVER_KIND = 'webhooks.deliver'
/** A subscription's deliveries run one job at a time, in order (the queue's order key). */
export const webhookOrderKey = (subscriptionId: number) => `webhook:${subscriptionId}`
/** attempts of the sending job itself (a database error, not a receiver's): a subscription's deliveries outlive it */
const DELIVER_JOB_ATTEMPTS = 25

/**
 * The advisory lock class of a subscription's queue (ADR 0020 "In order, none left behind"): an emitting transaction
 * holds it shared from before its event ids are allocated to its commit; the sender reads the queue under it
 * exclusive, so no event it has not seen can have a smaller id than one it has sent, and none is left behind.
 */
export const WEBHOOK_LOCK_CLASS = 72_020

export type EventInput = { type: EventType; payload: unknown }

/**
 * Emit an event in the caller's transaction (ADR 0020): the outbox row, one delivery per enabled subscription of the
 * company that takes the type, and a sending job per such subscription unless one is already queued, so the event
 * exists if and only if the change committed. A company with no subscription pays one statement.
 */
export async function emitEvent(tx: DbOrTx, input: { companyId: number } & EventInput): Promise<number> {
  const [id] = await emitEvents(tx, input.companyId, [input])
  return id
}

/**
 * Emit many events of one company (a bulk intake); their ids in the order given. One call of the database function
 * `wms_emit_events` (migration 0022) per thousand events, its plans kept per connection: it locks the subscriptions
 * that take the types shared to this transaction's end before an event id is taken (ADR 0020 "In order, none left
 * behind"), writes the events and their deliveries, and queues a sending job (WEBHOOK_DELIVER_KIND, webhookOrderKey,
 * DELIVER_JOB_ATTEMPTS: the function writes the same values) for each subscription given one, unless one is queued.
 */
export async function emitEvents(tx: DbOrTx, companyId: number, events: readonly EventInput[]): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < events.length; i += 1000) {
    const part = events.slice(i, i + 1000).map((e) => ({ type: e.type, payload: e.payload }))
    const result = await tx.execute<{ id: string | number }>(sql`select id from wms_emit_events(${companyId}::int, ${JSON.stringify(part)}::jsonb) as id`)
    ids.push(...result.rows.map((r) => Number(r.id)))
  }
  return ids
}

/**
 * The call of `wms_emit_events` for one event whose payload is an SQL expression (a command's answer as the statement
 * storing it returns it: server/modules/commands runOnce), for a caller that writes it inside a statement of its own:
 * the event costs no round trip of its own and its payload is not sent twice. Selecting it yields the event's id.
 */
export function emitAnswerEvent(companyId: number | Placeholder, type: EventType | Placeholder, payload: SQL): SQL {
  return sql`wms_emit_events(${companyId}::int, jsonb_build_array(jsonb_build_object('type', ${type}::text, 'payload', ${payload})))`
}

/**
 * Make sure a sending job will see what this transaction adds to a subscription's queue. The shared advisory lock,
 * held to commit, keeps a running sender from reading the queue while the rows are not committed (it reads under the
 * lock exclusive), so it finds them on its next read or finishes before this transaction does, and then this one's
 * job runs after it; a queued job not yet running will see them anyway, so none is added. `runAt`: a queued job due
 * later (a receiver's back-off) is brought forward to it (a redelivery).
 */
export async function wakeSubscription(tx: DbOrTx, companyId: number, subscriptionId: number, runAt?: Date, locked = false): Promise<void> {
  if (!locked) await tx.execute(sql`select pg_advisory_xact_lock_shared(${WEBHOOK_LOCK_CLASS}, ${subscriptionId})`)
  const job = { kind: WEBHOOK_DELIVER_KIND, companyId, payload: { subscriptionId }, orderKey: webhookOrderKey(subscriptionId), maxAttempts: DELIVER_JOB_ATTEMPTS, runAt }
  if (!runAt) {
    await enqueueUnlessQueued(tx, job)
    return
  }
  // a redelivery: a queued job due later (a receiver's back-off) is brought forward, else a job due then
  const queued = and(eq(jobs.kind, WEBHOOK_DELIVER_KIND), eq(jobs.orderKey, job.orderKey), eq(jobs.state, 'queued'))
  const moved = await tx
    .update(jobs)
    .set({ runAt: sql`least(${jobs.runAt}, ${runAt.toISOString()}::timestamptz)` })
    .where(queued)
    .returning({ id: jobs.id })
  if (moved.length) await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${WEBHOOK_DELIVER_KIND})`)
  else await enqueue(tx, job)
}
