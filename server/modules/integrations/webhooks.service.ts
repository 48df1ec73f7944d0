import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/users'
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from '../../db/schema/webhooks'
import { type EventType, WEBHOOK_SECRET_BYTES, WEBHOOK_SECRET_PREFIX, type WebhookDeliveryStatus } from '../../../contracts/integrations/webhooks.rules'
import type { WebhookPatchBody } from '../../../contracts/integrations/webhooks.contract'
import { fieldError } from '../../http/errors'
import { orderingClause, searchCondition } from '../../http/pagination'
import { wakeSubscription } from '../../kernel/events'
import { recordAudit } from '../audit/audit.service'
import { checkWebhookUrl, urlRefusal, type WebhookAddressPolicy } from './webhook-address'

export { WebhookSender, type WebhookSenderOptions } from './webhook-sender'
export type { WebhookAddressPolicy }

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes (docs/requirements.md §6). */
export const newWebhookSecret = () => WEBHOOK_SECRET_PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')

type Actor = { companyId: number; userId: number; apiKeyId?: number | null }

const pendingCount = sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.subscription_id = ${webhookSubscriptions.id} and d.status = 'pending')`
const deadCount = sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.subscription_id = ${webhookSubscriptions.id} and d.status = 'dead')`
const lastDelivered = sql<string | null>`(select max(d.delivered_at) from ${webhookDeliveries} d where d.subscription_id = ${webhookSubscriptions.id})`

const columns = {
  id: webhookSubscriptions.id,
  url: webhookSubscriptions.url,
  eventTypes: webhookSubscriptions.eventTypes,
  enabled: webhookSubscriptions.enabled,
  createdBy: users.username,
  createdAt: webhookSubscriptions.createdAt,
  updatedAt: webhookSubscriptions.updatedAt,
  pending: pendingCount,
  dead: deadCount,
  lastDeliveredAt: lastDelivered,
}
type Row = { id: number; url: string; eventTypes: string[]; enabled: boolean; createdBy: string | null; createdAt: Date; updatedAt: Date; pending: number; dead: number; lastDeliveredAt: string | Date | null }

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString())

export const webhookOutOf = (r: Row) => ({
  id: r.id,
  url: r.url,
  event_types: r.eventTypes as EventType[],
  enabled: r.enabled,
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  pending: Number(r.pending),
  dead: Number(r.dead),
  last_delivered_at: iso(r.lastDeliveredAt),
})

const ORDERING = { url: webhookSubscriptions.url, created_at: webhookSubscriptions.createdAt, updated_at: webhookSubscriptions.updatedAt }

/** A company's subscriptions, searched by URL; newest first unless `ordering` says otherwise. */
export function listWebhooks(db: Db, companyId: number, q: { search?: string; ordering?: string } = {}): Promise<Row[]> {
  return db
    .select(columns)
    .from(webhookSubscriptions)
    .leftJoin(users, eq(users.id, webhookSubscriptions.createdBy))
    .where(and(eq(webhookSubscriptions.companyId, companyId), searchCondition(q.search, [webhookSubscriptions.url])))
    .orderBy(...orderingClause(q.ordering, ORDERING, '-created_at', webhookSubscriptions.id))
}

export async function getWebhook(db: Db, companyId: number, id: number): Promise<Row | undefined> {
  const [row] = await db
    .select(columns)
    .from(webhookSubscriptions)
    .leftJoin(users, eq(users.id, webhookSubscriptions.createdBy))
    .where(and(eq(webhookSubscriptions.companyId, companyId), eq(webhookSubscriptions.id, id)))
  return row
}

async function checkedUrl(raw: string, policy: WebhookAddressPolicy): Promise<string> {
  const check = await checkWebhookUrl(raw, policy)
  if (!check.ok) throw fieldError('url', urlRefusal(check))
  return check.url.toString()
}

/** A new subscription; its signing secret is in the answer only (docs/requirements.md §6). */
export async function createWebhook(db: Db, actor: Actor, body: { url: string; event_types: EventType[]; enabled: boolean }, policy: WebhookAddressPolicy) {
  const url = await checkedUrl(body.url, policy)
  const secret = newWebhookSecret()
  const eventTypes = [...new Set(body.event_types)]
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookSubscriptions)
      .values({ companyId: actor.companyId, url, eventTypes, secret, enabled: body.enabled, createdBy: actor.userId })
      .returning({ id: webhookSubscriptions.id })
    await recordAudit(tx, actor, { entity: 'webhook', entityId: row.id, action: 'create', changes: { url, event_types: eventTypes, enabled: body.enabled } })
    return row.id
  })
  const row = (await getWebhook(db, actor.companyId, id))!
  return { ...webhookOutOf(row), secret }
}

/** Change a subscription's URL, types or state; enabling it again sends what waited. Undefined: not the company's. */
export async function updateWebhook(db: Db, actor: Actor, id: number, body: WebhookPatchBody, policy: WebhookAddressPolicy) {
  const url = body.url === undefined ? undefined : await checkedUrl(body.url, policy)
  const found = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.companyId, actor.companyId), eq(webhookSubscriptions.id, id)))
      .for('update')
    if (!before) return false
    const set = {
      ...(url === undefined ? {} : { url }),
      ...(body.event_types === undefined ? {} : { eventTypes: [...new Set(body.event_types)] }),
      ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
    }
    const changes: Record<string, [unknown, unknown]> = {}
    if (set.url !== undefined && set.url !== before.url) changes.url = [before.url, set.url]
    if (set.eventTypes !== undefined && set.eventTypes.join() !== before.eventTypes.join()) changes.event_types = [before.eventTypes, set.eventTypes]
    if (set.enabled !== undefined && set.enabled !== before.enabled) changes.enabled = [before.enabled, set.enabled]
    if (!Object.keys(changes).length) return true
    await tx
      .update(webhookSubscriptions)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(webhookSubscriptions.id, id))
    await recordAudit(tx, actor, { entity: 'webhook', entityId: id, action: 'update', changes })
    if (set.enabled === true && !before.enabled) await wakeSubscription(tx, actor.companyId, id, new Date())
    return true
  })
  return found ? getWebhook(db, actor.companyId, id) : undefined
}

/** Delete a subscription with its delivery log; its events stay (other subscriptions may have them). */
export async function deleteWebhook(db: Db, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.companyId, actor.companyId), eq(webhookSubscriptions.id, id)))
      .returning({ id: webhookSubscriptions.id, url: webhookSubscriptions.url })
    if (!rows.length) return false
    await recordAudit(tx, actor, { entity: 'webhook', entityId: id, action: 'deactivate', note: 'deleted', changes: { url: rows[0].url } })
    return true
  })
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookEvents.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastResponseCode: webhookDeliveries.lastResponseCode,
  lastError: webhookDeliveries.lastError,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  payload: webhookEvents.payload,
  eventAt: webhookEvents.createdAt,
}
type DeliveryRow = {
  id: number
  eventId: number
  eventType: string
  status: WebhookDeliveryStatus
  attempts: number
  lastResponseCode: number | null
  lastError: string | null
  createdAt: Date
  lastAttemptAt: Date | null
  nextAttemptAt: Date | null
  deliveredAt: Date | null
  payload: unknown
  eventAt: Date
}

/** What the receiver is sent: the Standard Webhooks envelope (type, timestamp, data). */
export const webhookBody = (e: { type: string; createdAt: Date; payload: unknown }) => ({ type: e.type, timestamp: e.createdAt.toISOString(), data: e.payload })

export const deliveryOutOf = (r: DeliveryRow) => ({
  id: r.id,
  event_id: Number(r.eventId),
  event_type: r.eventType as EventType,
  status: r.status,
  attempts: r.attempts,
  last_response_code: r.lastResponseCode,
  last_error: r.lastError,
  created_at: r.createdAt.toISOString(),
  last_attempt_at: iso(r.lastAttemptAt),
  next_attempt_at: r.status === 'pending' ? iso(r.nextAttemptAt) : null,
  delivered_at: iso(r.deliveredAt),
  payload: webhookBody({ type: r.eventType, createdAt: r.eventAt, payload: r.payload }),
})

const DELIVERY_ORDERING = { created_at: webhookDeliveries.eventId, event_id: webhookDeliveries.eventId, last_attempt_at: webhookDeliveries.lastAttemptAt, attempts: webhookDeliveries.attempts }

/** A subscription's delivery log, newest event first; `status` filters. The caller checked the subscription is the company's. */
export async function listDeliveries(db: Db, subscriptionId: number, q: { status?: WebhookDeliveryStatus; ordering?: string; offset: number; limit: number }) {
  const where = and(eq(webhookDeliveries.subscriptionId, subscriptionId), q.status ? eq(webhookDeliveries.status, q.status) : undefined)
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where)
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(...orderingClause(q.ordering, DELIVERY_ORDERING, '-created_at', webhookDeliveries.id))
    .offset(q.offset)
    .limit(q.limit)
  return { count: Number(count), rows }
}

export async function getDelivery(db: Db, subscriptionId: number, deliveryId: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.id, deliveryId)))
  return row
}

/**
 * Send a delivery again (delivered or dead ones included), with the whole retry schedule ahead of it; the
 * subscription's waiting deliveries are due now too (an admin who fixed the receiver wants them all to go).
 */
export async function redeliver(db: Db, actor: Actor, subscriptionId: number, deliveryId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date()
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, deliveredAt: null })
      .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.id, deliveryId)))
      .returning({ id: webhookDeliveries.id })
    if (!row) return false
    await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: now })
      .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.status, 'pending')))
    await recordAudit(tx, actor, { entity: 'webhook', entityId: subscriptionId, action: 'update', note: 'redeliver', changes: { delivery: deliveryId } })
    await wakeSubscription(tx, actor.companyId, subscriptionId, now)
    return true
  })
}

/** Tests and the bench: a subscription's deliveries by status. */
export async function deliveryCounts(db: Db, subscriptionId: number): Promise<Record<WebhookDeliveryStatus, number>> {
  const rows = await db
    .select({ status: webhookDeliveries.status, n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .groupBy(webhookDeliveries.status)
  const out = { pending: 0, delivered: 0, dead: 0 }
  for (const r of rows) out[r.status] = Number(r.n)
  return out
}

