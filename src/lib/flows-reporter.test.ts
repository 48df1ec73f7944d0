/** docs/requirements.md §22.3: the app's transitions reported in batches, at most one request per interval. */
import { createActor, createMachine } from 'xstate'
import { describe, expect, it } from 'vitest'
import { createFlowsInspector } from './flows-inspector'
import { FlowsReporter, screenOf } from './flows-reporter'

const door = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'open', TYPE: {} } },
    open: { on: { CLOSE: 'closed', LOCK: 'locked' } },
    locked: { type: 'final' },
  },
})

type Options = ConstructorParameters<typeof FlowsReporter>[0]

function setup(opts: { canSend?: () => boolean; answer?: 'ok' | 'off'; store?: Options['store']; now?: number } = {}) {
  let now = opts.now ?? 1_000_000
  const timers: Array<{ at: number; fn: () => void }> = []
  const sent: Array<Parameters<Options['send']>[0]> = []
  const keepalive: boolean[] = []
  const reporter = new FlowsReporter({
    send: async (batch, options) => {
      sent.push(batch)
      keepalive.push(options?.keepalive ?? false)
      return opts.answer ?? 'ok'
    },
    store: opts.store,
    canSend: opts.canSend ?? (() => true),
    screen: () => '/m/door',
    appVersion: 'v1',
    now: () => now,
    setTimer: (fn, ms) => timers.push({ at: now + ms, fn }),
  })
  const inspect = createFlowsInspector(null, reporter)
  const advance = async (ms: number) => {
    now += ms
    const due = timers.filter((x) => x.at <= now)
    timers.splice(0, timers.length, ...timers.filter((x) => x.at > now))
    for (const t of due) t.fn()
    await new Promise((r) => setTimeout(r, 0))
  }
  return { reporter, inspect, sent, advance, timers, keepalive, now: () => now }
}

describe('flows reporter', () => {
  it('reports each transition with the time in its state, and the session’s steps when it ends', async () => {
    const { inspect, sent, advance } = setup()
    const actor = createActor(door, { inspect }).start()
    await advance(1_500)
    actor.send({ type: 'TYPE' })
    await advance(500)
    actor.send({ type: 'OPEN' })
    actor.send({ type: 'NOPE' })
    await advance(20_000)
    actor.send({ type: 'LOCK' })
    // the first batch went at once (nothing was sent before), the next one an interval later; NOPE took nothing
    expect(sent.map((b) => b.transitions.map((t) => t.event))).toEqual([['TYPE'], ['OPEN']])
    await advance(10_000)
    expect(sent.map((b) => b.transitions.map((t) => t.event))).toEqual([['TYPE'], ['OPEN'], ['LOCK']])
    expect(sent.flatMap((b) => b.transitions).map((t) => [t.from, t.event, t.to, t.ms_in_state])).toEqual([
      ['closed', 'TYPE', 'closed', 1_500],
      ['closed', 'OPEN', 'open', 500],
      ['open', 'LOCK', 'locked', 20_000],
    ])
    expect(sent[0].transitions[0]).toMatchObject({ machine: 'door', screen: '/m/door', app_version: 'v1' })
    // never the event's payload or the context
    expect(Object.keys(sent[0].transitions[0]).sort()).toEqual(['app_version', 'at', 'event', 'from', 'machine', 'ms_in_state', 'screen', 'session', 'to'])
    expect(sent[2].endings).toEqual([
      expect.objectContaining({ machine: 'door', state: 'locked', finished: true, steps: [{ event: 'OPEN', state: 'open' }, { event: 'LOCK', state: 'locked' }] }),
    ])
  })

  it('sends at most one request per interval, and an abandoned session ends where it was', async () => {
    const { inspect, sent, advance } = setup()
    const actors = Array.from({ length: 5 }, () => createActor(door, { inspect }).start())
    for (let i = 0; i < 30; i++) {
      for (const a of actors) a.send({ type: i % 2 ? 'CLOSE' : 'OPEN' })
      await advance(1_000)
    }
    actors[0].stop()
    await advance(30_000)
    // 30 s of activity plus 30 s: one batch at the start, then one per 10 s
    expect(sent.length).toBeLessThanOrEqual(7)
    expect(sent.flatMap((b) => b.transitions)).toHaveLength(150)
    expect(sent.flatMap((b) => b.endings)).toEqual([expect.objectContaining({ state: 'closed', finished: false })])
  })

  it('drops batches silently while it may not send, and stops for good when reporting is off', async () => {
    let online = false
    const { inspect, sent, advance, reporter } = setup({ canSend: () => online, answer: 'off' })
    const actor = createActor(door, { inspect }).start()
    actor.send({ type: 'OPEN' })
    await advance(10_000)
    expect(sent).toHaveLength(0)
    expect(reporter.queued).toEqual({ transitions: 0, endings: 0 })
    online = true
    actor.send({ type: 'CLOSE' })
    await advance(10_000)
    expect(sent).toHaveLength(1)
    actor.send({ type: 'OPEN' })
    await advance(60_000)
    expect(sent).toHaveLength(1)
    expect(reporter.queued).toEqual({ transitions: 0, endings: 0 })
  })

  it('on closing the page sends what is queued in a request that outlives it, or keeps it for the next page when the interval does not allow', async () => {
    let kept: Parameters<NonNullable<Options['store']>['save']>[0] | null = null
    const store = { load: () => kept, save: (left: NonNullable<typeof kept>) => void (kept = left) }
    // due: the abandoned session's ending goes at once, with keepalive
    const first = setup({ store })
    createActor(door, { inspect: first.inspect }).start().send({ type: 'OPEN' })
    await first.advance(0)
    expect(first.sent).toHaveLength(1)
    await first.advance(10_000)
    first.reporter.close()
    await first.advance(0)
    expect(first.sent).toHaveLength(2)
    expect(first.keepalive).toEqual([false, true])
    expect(first.sent[1].endings).toEqual([expect.objectContaining({ state: 'open', finished: false })])
    expect(kept).toBeNull()
    // not due (a batch went 2 s ago): nothing is sent, the queue is kept on the device with when it last sent
    const second = setup({ store })
    const actor = createActor(door, { inspect: second.inspect }).start()
    actor.send({ type: 'OPEN' })
    await second.advance(2_000)
    actor.send({ type: 'CLOSE' })
    second.reporter.close()
    await second.advance(0)
    expect(second.sent).toHaveLength(1)
    expect(kept).toMatchObject({ transitions: [expect.objectContaining({ event: 'CLOSE' })], endings: [expect.objectContaining({ state: 'closed', finished: false })] })
    // the next page reads it back and sends it once the interval since that last send is over, not before
    const third = setup({ store, now: second.now() + 1_000 })
    expect(third.reporter.queued).toEqual({ transitions: 1, endings: 1 })
    // (the last batch went when its timer ran, at 2 s: the next may go at 12 s)
    await third.advance(8_000)
    expect(third.sent).toHaveLength(0)
    await third.advance(1_000)
    expect(third.sent).toHaveLength(1)
    expect(third.sent[0].transitions.map((t) => t.event)).toEqual(['CLOSE'])
  })

  it('sends a screen path in the words the server takes', () => {
    expect(screenOf('/m/move')).toBe('/m/move')
    expect(screenOf('/inventory/ação 1')).toBe('/inventory/a__o_1')
  })
})
