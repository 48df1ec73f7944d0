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
 * Emit many events of one company (a bulk intake); their ids in the order given. First the subscriptions that take
 * any of the types, each locked shared to this transaction's end (ADR 0020 "In order, none left behind"), then the
 * events and their deliveries in one statement: so every event id this transaction takes is allocated after its locks.
 */
export async function emitEvents(tx: DbOrTx, companyId: number, events: readonly EventInput[]): Promise<number[]> {
  if (!events.length) return []
  const types = `{${[...new Set(events.map((e) => e.type))].join(',')}}`
  const subs = await tx.execute<{ id: number; types: string[] }>(sql`
    select s.id, s.event_types as types, pg_advisory_xact_lock_shared(${WEBHOOK_LOCK_CLASS}, s.id) is null as locked
    from webhook_subscriptions s
    where s.company_id = ${companyId} and s.enabled and s.event_types && ${types}::text[]
    order by s.id`)
  const ids: number[] = []
  for (let i = 0; i < events.length; i += 1000) {
    const part = events.slice(i, i + 1000).map((e) => ({ type: e.type, payload: e.payload }))
    const insertEvents = sql`insert into webhook_events (company_id, type, payload)
        select ${companyId}::int, x->>'type', x->'payload' from jsonb_array_elements(${JSON.stringify(part)}::jsonb) with ordinality as a(x, n)
        order by n
        returning id, type`
    const result = subs.rows.length
      ? await tx.execute<{ id: string | number }>(sql`
          with e as (${insertEvents}),
          d as (
            insert into webhook_deliveries (subscription_id, event_id)
            select s.id, e.id from e join webhook_subscriptions s
              on s.id = any(${`{${subs.rows.map((r) => r.id).join(',')}}`}::int[]) and e.type = any(s.event_types)
            returning 1)
          select id from e`)
      : await tx.execute<{ id: string | number }>(insertEvents)
    ids.push(...result.rows.map((r) => Number(r.id)).sort((a, b) => a - b))
  }
  for (const sub of subs.rows) {
    if (events.some((e) => sub.types.includes(e.type))) await wakeSubscription(tx, companyId, sub.id, undefined, true)
  }
  // identity values follow the insert's order: sorted, they are the events in the order given
  return ids
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
