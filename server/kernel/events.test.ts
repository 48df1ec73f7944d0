import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { companies } from '../db/schema/core'
import { jobs } from '../db/schema/jobs'
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from '../db/schema/webhooks'
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../tests/support/test-db'
import { emitEvent, WEBHOOK_DELIVER_KIND } from './events'

const kinds = await databaseKinds()

describe.each(kinds)('emitEvent on %s (ADR 0020)', (kind) => {
  let database: TestDatabase
  let companyId: number
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const [c] = await database.db.insert(companies).values({ code: 'EVT', name: 'Events' }).returning({ id: companies.id })
    companyId = c.id
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('writes the outbox row, a delivery per subscription that takes the type and one sending job, or nothing when it rolls back', async () => {
    const subs = await database.db
      .insert(webhookSubscriptions)
      .values([
        { companyId, url: 'https://example.com/a', eventTypes: ['stock.moved'], secret: 'whsec_x' },
        { companyId, url: 'https://example.com/b', eventTypes: ['order.shipped'], secret: 'whsec_x' },
        { companyId, url: 'https://example.com/c', eventTypes: ['stock.moved'], secret: 'whsec_x', enabled: false },
      ])
      .returning({ id: webhookSubscriptions.id })
    const id = await database.db.transaction((tx) => emitEvent(tx, { companyId, type: 'stock.moved', payload: { move_id: 1 } }))
    const [event] = await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id))
    expect(event).toMatchObject({ companyId, type: 'stock.moved', payload: { move_id: 1 } })
    expect((await database.db.select().from(webhookDeliveries)).map((d) => [d.subscriptionId, d.eventId, d.status])).toEqual([[subs[0].id, id, 'pending']])
    const senders = () => database.db.select().from(jobs).where(eq(jobs.kind, WEBHOOK_DELIVER_KIND))
    expect((await senders()).map((j) => [j.payload, j.orderKey, j.state])).toEqual([[{ subscriptionId: subs[0].id }, `webhook:${subs[0].id}`, 'queued']])
    // a second event finds the sending job still queued: it will see this delivery too, so no second job
    await database.db.transaction((tx) => emitEvent(tx, { companyId, type: 'stock.moved', payload: { move_id: 2 } }))
    expect(await senders()).toHaveLength(1)
    expect(await database.db.select().from(webhookDeliveries)).toHaveLength(2)

    await expect(
      database.db.transaction(async (tx) => {
        await emitEvent(tx, { companyId, type: 'order.shipped', payload: { order_id: 2 } })
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    expect(await database.db.select().from(webhookEvents)).toHaveLength(2)
    expect(await database.db.select().from(webhookDeliveries)).toHaveLength(2)
    expect(await senders()).toHaveLength(1)
  })
})
