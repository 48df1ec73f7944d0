import type { DbOrTx } from '../db/client'
import { webhookEvents } from '../db/schema/webhooks'
import { enqueue } from './job-queue'

export const EVENT_TYPES = [
  'order.created',
  'order.shipped',
  'receipt.booked',
  'stock.moved',
  'stock.adjusted',
  'stock.status_changed',
  'count.approved',
  'task.exception',
] as const
export type EventType = (typeof EVENT_TYPES)[number]

/**
 * Emit an event in the caller's transaction (ADR 0020): the outbox row and one fan-out job, so the event exists if and
 * only if the change committed. The fan-out to subscriptions happens later, in the job.
 */
export async function emitEvent(tx: DbOrTx, input: { companyId: number; type: EventType; payload: unknown }): Promise<number> {
  const [row] = await tx.insert(webhookEvents).values({ companyId: input.companyId, type: input.type, payload: input.payload }).returning({ id: webhookEvents.id })
  await enqueue(tx, { kind: 'webhooks.fanout', companyId: input.companyId, payload: { eventId: row.id }, orderKey: `company:${input.companyId}` })
  return row.id
}
