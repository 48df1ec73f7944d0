/**
 * The outbox's send lock (the drain of SPEC 11.9): one sender per device across tabs (Web Locks), asked of the browser
 * once for a run of sends that follow one another, and given back as soon as the run ends, so another tab's sender
 * gets its turn.
 */
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { OutboxDb, allCommands, enqueueCommand, type OutboxCommand } from './outbox-db'
import { createSendNext, withOutboxLock, type BatchAnswer, type OutboxTransport } from './outbox-sender'

/** An exclusive lock manager, as the browser's: a request waits until the holder's callback has settled. */
class FakeLocks {
  requests = 0
  private held = false
  private waiting: (() => void)[] = []

  request(_name: string, callback: () => Promise<unknown>): Promise<unknown> {
    this.requests += 1
    return new Promise((resolve, reject) => {
      const grant = () => {
        this.held = true
        Promise.resolve()
          .then(callback)
          .then(resolve, reject)
          .finally(() => {
            this.held = false
            this.waiting.shift()?.()
          })
      }
      if (this.held) this.waiting.push(grant)
      else grant()
    })
  }

  get free() {
    return !this.held
  }
}

const tick = () => new Promise((r) => setTimeout(r, 0))
const original = Object.getOwnPropertyDescriptor(globalThis.navigator, 'locks')

function useLocks(): FakeLocks {
  const locks = new FakeLocks()
  Object.defineProperty(globalThis.navigator, 'locks', { value: locks, configurable: true })
  return locks
}

afterEach(async () => {
  // the lease of a test is given back before the next one
  await tick()
  await tick()
  if (original) Object.defineProperty(globalThis.navigator, 'locks', original)
  else delete (globalThis.navigator as { locks?: unknown }).locks
})

describe('the outbox send lock', () => {
  it('asks the browser once for sends that follow one another, and gives the lock back when they stop', async () => {
    const locks = useLocks()
    const order: number[] = []
    // as the outbox machine does: the next send asked for as soon as the one before has ended
    const send = async (n: number): Promise<void> => {
      await withOutboxLock(async () => {
        order.push(n)
        await tick()
      })
      if (n < 5) await send(n + 1)
    }
    await send(1)
    expect(order).toEqual([1, 2, 3, 4, 5])
    expect(locks.requests).toBe(1)
    expect(locks.free).toBe(false)
    await tick()
    expect(locks.free).toBe(true)
  })

  it('runs this page’s sends one at a time inside the lease', async () => {
    useLocks()
    let running = 0
    let most = 0
    const send = () =>
      withOutboxLock(async () => {
        running += 1
        most = Math.max(most, running)
        await tick()
        running -= 1
      })
    await Promise.all([send(), send(), send()])
    expect(most).toBe(1)
  })

  it('lets another tab’s sender in when the run ends, and asks again afterwards', async () => {
    const locks = useLocks()
    const events: string[] = []
    const first = withOutboxLock(async () => {
      events.push('here 1')
      await tick()
    })
    // another tab asks while this page sends: it waits for the end of this page's run
    const other = locks.request('movatic-outbox', async () => {
      events.push('other tab')
      await tick()
    })
    await first
    await withOutboxLock(async () => {
      events.push('here 2')
    })
    await other
    await withOutboxLock(async () => {
      events.push('here 3')
    })
    expect(events).toEqual(['here 1', 'here 2', 'other tab', 'here 3'])
    expect(locks.requests).toBe(3)
  })

  it('passes a failure on and still gives the lock back', async () => {
    const locks = useLocks()
    await expect(
      withOutboxLock(async () => {
        throw new Error('no network')
      }),
    ).rejects.toThrow('no network')
    await tick()
    expect(locks.free).toBe(true)
  })
})

/** A transport that records what went in which request, and answers each batch as `answer` says. */
function recordingTransport(answer: (commands: OutboxCommand[]) => BatchAnswer[] | Promise<BatchAnswer[]>) {
  const requests: string[][] = []
  const reported: string[] = []
  const transport: OutboxTransport = {
    send: async (command) => {
      requests.push([`alone ${command.seq}`])
      return { seq: command.seq }
    },
    batchable: (command) => command.kind !== 'stock.move-qty',
    sendBatch: async (commands) => {
      requests.push(commands.map((c) => `batch ${c.seq}`))
      return answer(commands)
    },
    reportRefusal: async (command) => {
      reported.push(command.command_id)
    },
  }
  return { transport, requests, reported }
}

const applied = (commands: OutboxCommand[]): BatchAnswer[] => commands.map((c) => ({ command_id: c.command_id, ok: true, result: { seq: c.seq } }))

async function outboxWith(kinds: string[]) {
  const db = new OutboxDb(`outbox-sender-test-${Math.random()}`)
  for (const kind of kinds) await enqueueCommand(db, { operator: 'ana', kind, payload: {} })
  return db
}

const states = async (db: OutboxDb) => (await allCommands(db)).map((c) => `${c.seq} ${c.state}${c.attempts ? ` ×${c.attempts}` : ''}`)

describe('the outbox sender’s runs (the drain of SPEC 11.9)', () => {
  const reasonOf = (error: unknown) => (error as { data?: { detail?: string } }).data?.detail ?? 'refused'

  it('sends consecutive commands in one request, at most batchSize, and a kind that is not one request alone, in order', async () => {
    const db = await outboxWith(['stock.move', 'stock.move', 'stock.move', 'stock.move-qty', 'stock.move', 'stock.move'])
    const { transport, requests } = recordingTransport(applied)
    const sendNext = createSendNext({ db, operator: 'ana', transport, reasonOf, batchSize: 2 })
    expect(await sendNext()).toEqual({ outcome: 'applied', pending: 4 })
    expect(await sendNext()).toEqual({ outcome: 'applied', pending: 3 })
    expect(await sendNext()).toEqual({ outcome: 'applied', pending: 2 })
    expect(await sendNext()).toEqual({ outcome: 'applied', pending: 0 })
    expect(await sendNext()).toEqual({ outcome: 'empty', pending: 0 })
    expect(requests).toEqual([['batch 1', 'batch 2'], ['batch 3'], ['alone 4'], ['batch 5', 'batch 6']])
    expect((await allCommands(db)).map((c) => c.result)).toEqual([1, 2, 3, 4, 5, 6].map((seq) => ({ seq })))
    db.close()
  })

  it('keeps the answers before a retry kind of failure, counts the failure on its command, leaves the rest waiting', async () => {
    const db = await outboxWith(['stock.move', 'stock.move', 'stock.move', 'stock.move'])
    const { transport } = recordingTransport((commands) => [
      ...applied(commands.slice(0, 1)),
      { command_id: commands[1]!.command_id, ok: false, error: { status: 503, message: 'Service Unavailable' } },
    ])
    const sendNext = createSendNext({ db, operator: 'ana', transport, reasonOf })
    await expect(sendNext()).rejects.toMatchObject({ status: 503 })
    expect(await states(db)).toEqual(['1 applied', '2 pending ×1', '3 pending', '4 pending'])
    db.close()
  })

  it('refuses a command in the middle (reported first) and applies the ones after it; the answers that stop early leave the rest', async () => {
    const db = await outboxWith(['stock.move', 'stock.move', 'stock.move', 'stock.move'])
    const { transport, reported } = recordingTransport((commands) => [
      ...applied(commands.slice(0, 1)),
      { command_id: commands[1]!.command_id, ok: false, error: { status: 400, data: { detail: 'O palete já foi movido.' } } },
      ...applied(commands.slice(2, 3)),
    ])
    const sendNext = createSendNext({ db, operator: 'ana', transport, reasonOf })
    expect(await sendNext()).toEqual({ outcome: 'applied', pending: 1 })
    expect(await states(db)).toEqual(['1 applied', '2 refused', '3 applied', '4 pending'])
    const rows = await allCommands(db)
    expect(reported).toEqual([rows[1]!.command_id])
    expect(rows[1]!.last_error).toBe('O palete já foi movido.')
    db.close()
  })

  it('with no answer at all counts the failure on the first; a batch refused as a whole sends the first alone', async () => {
    const db = await outboxWith(['stock.move', 'stock.move'])
    let failure: unknown = { status: 0, message: 'Failed to fetch' }
    const { transport, requests } = recordingTransport(() => {
      throw failure
    })
    const sendNext = createSendNext({ db, operator: 'ana', transport, reasonOf })
    await expect(sendNext()).rejects.toMatchObject({ status: 0 })
    expect(await states(db)).toEqual(['1 pending ×1', '2 pending'])
    // a server without the batch route
    failure = { status: 404, data: { detail: 'Not found.' } }
    expect(await sendNext()).toEqual({ outcome: 'applied', pending: 1 })
    expect(requests).toEqual([['batch 1', 'batch 2'], ['batch 1', 'batch 2'], ['alone 1']])
    expect(await states(db)).toEqual(['1 applied ×1', '2 pending'])
    db.close()
  })
})
