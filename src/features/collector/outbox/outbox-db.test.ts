/**
 * The outbox's counts (issue 16): how many commands wait on the device, whoever made them, is counted on the index
 * (the header asks after every answer while 500 commands drain) and matches the rows; an answer tells the sender
 * how many of its operator's commands still wait.
 */
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { OutboxDb, allPending, enqueueCommand, getCommand, markAnswered, markAnsweredAndNext, nextPending, pendingOnDevice } from './outbox-db'

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

  it("answers with how many of an operator's commands still wait, counted with the answer", async () => {
    const db = new OutboxDb(`outbox-db-test-${Math.random()}`)
    const a = await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: {} })
    const b = await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: {} })
    await enqueueCommand(db, { operator: 'bruno', kind: 'stock.move', payload: {} })
    expect(await markAnswered(db, a.command_id, { state: 'applied', result: null }, { pendingOf: 'ana' })).toBe(1)
    // a second answer to the same command writes nothing and still counts
    expect(await markAnswered(db, a.command_id, { state: 'refused', reason: 'no' }, { pendingOf: 'ana' })).toBe(1)
    expect(await markAnswered(db, b.command_id, { state: 'refused', reason: 'no' }, { pendingOf: 'ana' })).toBe(0)
    expect(await markAnswered(db, b.command_id, { state: 'applied', result: null })).toBeNull()
    expect(await pendingOnDevice(db)).toBe(1)
    db.close()
  })

  it("hands the sender its operator's next command with the answer: the oldest still pending, as nextPending reads it", async () => {
    const db = new OutboxDb(`outbox-db-test-${Math.random()}`)
    const a = await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: { n: 1 } })
    await enqueueCommand(db, { operator: 'bruno', kind: 'stock.move', payload: { n: 2 } })
    const c = await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: { n: 3 } })
    const d = await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: { n: 4 } })
    const first = await markAnsweredAndNext(db, a.command_id, { state: 'applied', result: { ok: 1 } }, 'ana')
    expect(first.pending).toBe(2)
    expect(first.next?.command_id).toBe(c.command_id)
    expect(first.next).toEqual(await nextPending(db, 'ana'))
    expect((await getCommand(db, a.command_id))?.state).toBe('applied')
    const second = await markAnsweredAndNext(db, c.command_id, { state: 'refused', reason: 'no' }, 'ana')
    expect(second).toEqual({ pending: 1, next: await getCommand(db, d.command_id) })
    const last = await markAnsweredAndNext(db, d.command_id, { state: 'applied', result: null }, 'ana')
    expect(last).toEqual({ pending: 0, next: undefined })
    db.close()
  })
})
