/**
 * Outbox sender (SPEC 11.9): model-based coverage of every state and transition, every generated path replayed on
 * a running actor with a controlled sendNext and a fake clock; then the rules the outbox relies on: one command
 * in flight at a time, a failure retried after a doubling back-off (capped), at once when the network returns.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import { backoffDelay, outboxMachine, type OutboxEvent, type OutboxInput, type SendNextOutput } from './outbox.machine'
import { BACKOFF_EVENT, outboxModel, outboxModelInput as input, type OutboxModelEvent } from './outbox.model'

const { abstract } = outboxModel
const paths = modelPaths(outboxMachine, outboxModel)

type Pending = { resolve: (v: SendNextOutput) => void; reject: (e: unknown) => void }

function controlled(actorInput: OutboxInput = input) {
  const pending: Pending[] = []
  let calls = 0
  const machine = outboxMachine.provide({
    actors: {
      sendNext: fromPromise<SendNextOutput, void>(
        () =>
          new Promise((resolve, reject) => {
            calls++
            pending.push({ resolve, reject })
          }),
      ),
    },
  })
  return { actor: createActor(machine, { input: actorInput }).start(), pending, calls: () => calls }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

async function replay(path: ModelPath) {
  const { actor, pending } = controlled()
  for (const [i, step] of path.steps.entries()) {
    if (i > 0) {
      const event = step.event as OutboxModelEvent
      const settled = /^xstate\.(done|error)\.actor\.sendNext$/.exec(event.type)
      if (event.type === BACKOFF_EVENT) {
        await vi.advanceTimersByTimeAsync(backoffDelay(actor.getSnapshot().context))
      } else if (settled) {
        const p = pending.pop()
        expect(p, `step ${i}: sendNext is running`).toBeDefined()
        if (settled[1] === 'done') p!.resolve(event.output as SendNextOutput)
        else p!.reject(event.error)
        await vi.advanceTimersByTimeAsync(0)
      } else actor.send(event as unknown as OutboxEvent)
    }
    expect(abstract(actor.getSnapshot()), `step ${i}: ${step.event.type}`).toEqual(abstract(step.state))
  }
  actor.stop()
}

describe('outbox machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(outboxMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.states.defined.length).toBe(5)
  })

  describe.each(paths.map((p) => [p.steps.slice(1).map((s) => s.event.type.replace(/xstate\.|actor\./g, '')).join(' → ') || 'start', p] as const))(
    '%s',
    (_name, path) => {
      it('replays on a running actor', async () => replay(path))
    },
  )
})

describe('outbox rules', () => {
  it('sends one command at a time, the next only after the answer to the one before', async () => {
    const run = controlled({ pending: 3, baseDelayMs: 100, maxDelayMs: 800 })
    expect(run.calls()).toBe(1)
    run.actor.send({ type: 'CHANGED', pending: 4 })
    await vi.advanceTimersByTimeAsync(0)
    expect(run.calls()).toBe(1)
    run.pending.pop()!.resolve({ outcome: 'applied', pending: 3 })
    await vi.advanceTimersByTimeAsync(0)
    expect(run.calls()).toBe(2)
    run.pending.pop()!.resolve({ outcome: 'refused', pending: 2 })
    await vi.advanceTimersByTimeAsync(0)
    // a refusal does not stop the queue: the next goes
    expect(run.calls()).toBe(3)
    run.actor.stop()
  })

  it('retries a failure after a doubling back-off up to the cap, and at once when the network returns', async () => {
    const run = controlled({ pending: 1, baseDelayMs: 100, maxDelayMs: 250 })
    const fail = async () => {
      run.pending.pop()!.reject({ status: 503 })
      await vi.advanceTimersByTimeAsync(0)
    }
    await fail()
    await vi.advanceTimersByTimeAsync(99)
    expect(run.calls()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(run.calls()).toBe(2)
    await fail()
    await vi.advanceTimersByTimeAsync(199)
    expect(run.calls()).toBe(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(run.calls()).toBe(3)
    await fail()
    // 400 capped at 250
    await vi.advanceTimersByTimeAsync(250)
    expect(run.calls()).toBe(4)
    await fail()
    run.actor.send({ type: 'ONLINE' })
    expect(run.calls()).toBe(5)
    run.pending.pop()!.resolve({ outcome: 'applied', pending: 0 })
    await vi.advanceTimersByTimeAsync(0)
    expect(run.actor.getSnapshot().matches({ online: 'idle' })).toBe(true)
    expect(run.actor.getSnapshot().context.attempt).toBe(0)
    run.actor.stop()
  })

  it('offline sends nothing until the network returns', async () => {
    const run = controlled({ pending: 0, baseDelayMs: 100, maxDelayMs: 800 })
    run.actor.send({ type: 'OFFLINE' })
    run.actor.send({ type: 'CHANGED', pending: 2 })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(run.calls()).toBe(0)
    run.actor.send({ type: 'ONLINE' })
    expect(run.calls()).toBe(1)
    run.actor.stop()
  })
})
