/**
 * The outbox's counts (issue 16): how many commands wait on the device, whoever made them, is counted on the index
 * (the header asks after every answer while 500 commands drain) and matches the rows.
 */
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { OutboxDb, allPending, enqueueCommand, markAnswered, pendingOnDevice } from './outbox-db'

describe('outbox counts', () => {
  it('counts the pending commands of every operator on the device, not the answered ones', async () => {
    const db = new OutboxDb(`outbox-db-test-${Math.random()}`)
    const a = await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: {} })
    await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: {} })
    await enqueueCommand(db, { operator: 'bruno', kind: 'stock.move', payload: {} })
    expect(await pendingOnDevice(db)).toBe(3)
    await markAnswered(db, a.command_id, { state: 'applied', result: null })
    expect(await pendingOnDevice(db)).toBe(2)
    expect(await pendingOnDevice(db)).toBe((await allPending(db)).length)
    db.close()
  })
})
