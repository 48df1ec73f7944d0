import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { jobs } from '../db/schema/jobs'
import { EVENT_TYPES, type EventType } from '../../contracts/integrations/webhooks.rules'
import { enqueue, JOBS_CHANNEL } from './job-queue'

export { EVENT_TYPES, type EventType }

/** The job kind that sends one subscription's pending deliveries, oldest event first (ADR 0020). */
export const WEBHOOK_DELIVER_KIND = 'webhooks.deliver'
/** A subscription's deliveries run one job at a time, in order (the queue's order key). */
export const webhookOrderKey = (subscriptionId: number) => `webhook:${subscriptionId}`
/** attempts of the sending job itself (a database error, not a receiver's): a subscription's deliveries outlive it */
const DELIVER_JOB_ATTEMPTS = 25

/**
 * The advisory lock class of a subscription's queue (ADR 0020 "No delivery left behind"): an emitting transaction holds
 * it shared from its fan-out to its commit; the sender takes it exclusive before it decides the queue is empty.
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

/** Emit many events of one company in one statement (a bulk intake); their ids in the order given. */
export async function emitEvents(tx: DbOrTx, companyId: number, events: readonly EventInput[]): Promise<number[]> {
  if (!events.length) return []
  const ids: number[] = []
  const woken = new Set<number>()
  for (let i = 0; i < events.length; i += 1000) {
    const part = events.slice(i, i + 1000).map((e) => ({ type: e.type, payload: e.payload }))
    const result = await tx.execute<{ event_id: string | number; subscription_id: number | null }>(sql`
      with e as (
        insert into webhook_events (company_id, type, payload)
        select ${companyId}::int, x->>'type', x->'payload' from jsonb_array_elements(${JSON.stringify(part)}::jsonb) with ordinality as a(x, n)
        order by n
        returning id, type),
      d as (
        insert into webhook_deliveries (subscription_id, event_id)
        select s.id, e.id from e join webhook_subscriptions s
          on s.company_id = ${companyId} and s.enabled and e.type = any(s.event_types)
        returning subscription_id, event_id)
      select e.id as event_id, null::int as subscription_id from e
      union all select d.event_id, d.subscription_id from d`)
    for (const r of result.rows) {
      if (r.subscription_id === null) ids.push(Number(r.event_id))
      else woken.add(r.subscription_id)
    }
  }
  for (const subscriptionId of woken) await wakeSubscription(tx, companyId, subscriptionId)
  // identity values follow the insert's order: sorted, they are the events in the order given
  return ids.sort((a, b) => a - b)
}

/**
 * Make sure a sending job will see what this transaction adds to a subscription's queue. The shared advisory lock,
 * held to commit, keeps a running sender from finishing before it can see the new rows (it takes the lock exclusive
 * for its last look); a queued job not yet running will see them anyway, so none is added. `runAt`: a queued job due
 * later (a receiver's back-off) is brought forward to it (a redelivery).
 */
export async function wakeSubscription(tx: DbOrTx, companyId: number, subscriptionId: number, runAt?: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${WEBHOOK_LOCK_CLASS}, ${subscriptionId})`)
  const queued = and(eq(jobs.kind, WEBHOOK_DELIVER_KIND), eq(jobs.orderKey, webhookOrderKey(subscriptionId)), eq(jobs.state, 'queued'))
  const [job] = await tx.select({ id: jobs.id }).from(jobs).where(queued).limit(1)
  if (job && !runAt) return
  if (job && runAt) {
    await tx
      .update(jobs)
      .set({ runAt: sql`least(${jobs.runAt}, ${runAt.toISOString()}::timestamptz)` })
      .where(queued)
    await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${WEBHOOK_DELIVER_KIND})`)
    return
  }
  await enqueue(tx, { kind: WEBHOOK_DELIVER_KIND, companyId, payload: { subscriptionId }, orderKey: webhookOrderKey(subscriptionId), maxAttempts: DELIVER_JOB_ATTEMPTS, runAt })
}
