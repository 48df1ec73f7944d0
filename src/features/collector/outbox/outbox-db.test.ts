/**
 * The outbox's counts (SPEC 11.9): how many commands wait on the device, whoever made them, is counted on the index
 * (the header asks after every answer while 500 commands drain) and matches the rows; an answer tells the sender
 * how many of its operator's commands still wait.
 */
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { OutboxDb, allPending, enqueueCommand, getCommand, markAnswered, markAnsweredRun, pendingOnDevice, pendingRun } from './outbox-db'

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

  it("reads an operator's next run in sequence order, and writes a run's answers at once, each only while still pending", async () => {
    const db = new OutboxDb(`outbox-db-test-${Math.random()}`)
    const a = await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: { n: 1 } })
    await enqueueCommand(db, { operator: 'bruno', kind: 'stock.move', payload: { n: 2 } })
    const c = await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: { n: 3 } })
    const d = await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: { n: 4 } })
    expect((await pendingRun(db, 'ana', 2)).map((x) => x.command_id)).toEqual([a.command_id, c.command_id])
    expect((await pendingRun(db, 'ana', 10)).map((x) => x.command_id)).toEqual([a.command_id, c.command_id, d.command_id])
    await markAnswered(db, a.command_id, { state: 'refused', reason: 'first answer' })
    const pending = await markAnsweredRun(
      db,
      [
        { commandId: a.command_id, answer: { state: 'applied', result: { again: true } } },
        { commandId: c.command_id, answer: { state: 'applied', result: { ok: 3 } } },
      ],
      { pendingOf: 'ana' },
    )
    expect(pending).toBe(1)
    // the first answer stays; the run's was written
    expect(await getCommand(db, a.command_id)).toMatchObject({ state: 'refused', last_error: 'first answer' })
    expect(await getCommand(db, c.command_id)).toMatchObject({ state: 'applied', result: { ok: 3 } })
    expect((await pendingRun(db, 'ana', 10)).map((x) => x.command_id)).toEqual([d.command_id])
    expect(await pendingOnDevice(db)).toBe(2)
    db.close()
  })
})
