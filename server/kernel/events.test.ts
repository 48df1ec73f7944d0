import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { companies } from '../db/schema/core'
import { jobs } from '../db/schema/jobs'
import { webhookEvents } from '../db/schema/webhooks'
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../tests/support/test-db'
import { emitEvent } from './events'

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

  it('writes the outbox row and its fan-out job when the transaction commits, and neither when it rolls back', async () => {
    const id = await database.db.transaction((tx) => emitEvent(tx, { companyId, type: 'stock.moved', payload: { move_id: 1 } }))
    const [event] = await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id))
    expect(event).toMatchObject({ companyId, type: 'stock.moved', payload: { move_id: 1 } })
    const fanouts = await database.db.select().from(jobs).where(eq(jobs.kind, 'webhooks.fanout'))
    expect(fanouts.map((j) => j.payload)).toEqual([{ eventId: id }])

    await expect(
      database.db.transaction(async (tx) => {
        await emitEvent(tx, { companyId, type: 'order.shipped', payload: { order_id: 2 } })
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    expect(await database.db.select().from(webhookEvents)).toHaveLength(1)
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'webhooks.fanout'))).toHaveLength(1)
  })
})
