/**
 * Model-based tests (SPEC 19.4): paths generated from the next-task machine cover every state and transition and are
 * replayed on a running actor with a controlled `ask`; then the rules the home relies on.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import type { NextTask } from '../../contracts/tasks/tasks.contract'
import { BATCH_STOPS_SHOWN, nextTaskMachine, nextTaskView, type NextTaskEvent } from './next-task.machine'
import { BATCH_TASK, LONE_TASK, OFFLINE, REFUSED, nextTaskModel, type NextTaskModelEvent } from './next-task.model'

const { abstract } = nextTaskModel
const paths = modelPaths(nextTaskMachine, nextTaskModel)

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void }

function controlled() {
  const pending: Pending[] = []
  const feedback: string[] = []
  const started: NextTask[] = []
  const machine = nextTaskMachine.provide({
    actors: { ask: fromPromise<NextTask | null, void>(() => new Promise((resolve, reject) => pending.push({ resolve: resolve as (v: unknown) => void, reject }))) },
    actions: {
      pressed: () => void feedback.push('ok'),
      refused: () => void feedback.push('error'),
      start: (_, params: { offer: NextTask }) => void started.push(params.offer),
    },
  })
  return { actor: createActor(machine).start(), pending, feedback, started }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

async function replay(path: ModelPath) {
  const { actor, pending } = controlled()
  for (const [i, step] of path.steps.entries()) {
    if (i > 0) {
      const event = step.event as NextTaskModelEvent
      const settled = /^xstate\.(done|error)\.actor\.ask$/.exec(event.type)
      if (settled) {
        const p = pending.shift()
        expect(p, `step ${i}: ask is running`).toBeDefined()
        if (settled[1] === 'done') p!.resolve(event.output)
        else p!.reject(event.error)
        await settle()
      } else actor.send(event as unknown as NextTaskEvent)
    }
    expect(abstract(actor.getSnapshot()), `step ${i}: ${step.event.type}`).toEqual(abstract(step.state))
  }
  // nothing asked that the path did not answer
  expect(pending.length).toBe(actor.getSnapshot().matches('asking') ? 1 : 0)
  actor.stop()
}

describe('next-task machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(nextTaskMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.states.defined.length).toBe(7)
    expect(coverage.transitions.defined.length).toBe(13)
  })

  describe.each(paths.map((p) => [p.steps.slice(1).map((s) => s.event.type.replace(/xstate\.|actor\./g, '') + ((s.event as NextTaskModelEvent).online === false ? '(offline)' : '')).join(' → ') || 'start', p] as const))(
    '%s',
    (_name, path) => {
      it('replays on a running actor', async () => replay(path))
    },
  )
})

describe('next-task rules', () => {
  it('answers a press at once, offers the task and starts it', async () => {
    const { actor, pending, feedback, started } = controlled()
    actor.send({ type: 'ASK', online: true })
    expect(feedback).toEqual(['ok'])
    expect(nextTaskView(actor.getSnapshot())).toMatchObject({ step: 'asking', asking: true, canAsk: true })
    pending.shift()!.resolve(LONE_TASK)
    await settle()
    expect(nextTaskView(actor.getSnapshot())).toMatchObject({ step: 'offered', offer: LONE_TASK, canAsk: false, stops: { count: 0, first: [], more: 0 } })
    actor.send({ type: 'START' })
    expect(started).toEqual([LONE_TASK])
    expect(actor.getSnapshot().status).toBe('done')
  })

  it("lists a batch's stops: how many, the first few in path order, how many more", async () => {
    const { actor, pending } = controlled()
    actor.send({ type: 'ASK', online: true })
    pending.shift()!.resolve(BATCH_TASK)
    await settle()
    const view = nextTaskView(actor.getSnapshot())
    expect(view.stops.count).toBe(5)
    expect(view.stops.first.map((t) => t.location?.code)).toEqual(['A-01-01', 'A-01-02', 'A-01-03'].slice(0, BATCH_STOPS_SHOWN))
    expect(view.stops.more).toBe(2)
  })

  it('without the network, a press is refused at once and asks nothing; with it again, Retry asks', async () => {
    const { actor, pending, feedback } = controlled()
    actor.send({ type: 'ASK', online: false })
    expect(actor.getSnapshot().value).toBe('offline')
    expect(pending).toHaveLength(0)
    actor.send({ type: 'RETRY', online: false })
    expect(actor.getSnapshot().value).toBe('offline')
    actor.send({ type: 'RETRY', online: true })
    expect(actor.getSnapshot().value).toBe('asking')
    // no answer at all (the network dropped meanwhile) is offline too, never a refusal
    pending.shift()!.reject(OFFLINE)
    await settle()
    expect(nextTaskView(actor.getSnapshot())).toMatchObject({ step: 'offline', canRetry: true, error: null })
    expect(feedback).toEqual(['error', 'error', 'ok', 'error'])
  })

  it("a refusal says the server's words; nothing to do is its own answer", async () => {
    const { actor, pending, feedback } = controlled()
    actor.send({ type: 'ASK', online: true })
    pending.shift()!.reject(REFUSED)
    await settle()
    expect(nextTaskView(actor.getSnapshot())).toMatchObject({ step: 'failed', error: { id: 'nextTask.server', values: { text: REFUSED.detail } } })
    actor.send({ type: 'RETRY', online: true })
    expect(actor.getSnapshot().context.error).toBeNull()
    pending.shift()!.resolve(null)
    await settle()
    expect(nextTaskView(actor.getSnapshot())).toMatchObject({ step: 'none', canRetry: true, offer: null })
    // a refusal without words is the machine's own "try again"
    actor.send({ type: 'RETRY', online: true })
    pending.shift()!.reject(new Error('boom'))
    await settle()
    expect(actor.getSnapshot().context.error).toEqual({ id: 'nextTask.unknown' })
    expect(feedback).toEqual(['ok', 'error', 'ok', 'ok', 'error'])
  })
})
