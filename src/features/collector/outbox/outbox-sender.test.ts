/**
 * The outbox's send lock (issue 16's drain): one sender per device across tabs (Web Locks), asked of the browser
 * once for a run of sends that follow one another, and given back as soon as the run ends, so another tab's sender
 * gets its turn.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { withOutboxLock } from './outbox-sender'

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
