/**
 * Put away (SPEC 11.5): model-based coverage of every state and transition, every generated path replayed on a
 * running actor with a controlled submit; then the rules the screen relies on: the pallet then the destination, the
 * task done by that scan with no Confirm, a location invalid for the pallet refused with its reason (and the error
 * feedback) without advancing, another valid location accepted.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import { PUTAWAY_MESSAGES, putawayMachine, putawayPrompt, type PutawayDraft, type PutawayEvent } from './putaway.machine'
import { PUTAWAY_TARGETS as T, PUTAWAY_TASKS, putawayModel, type PutawayModelEvent } from './putaway.model'

const { abstract } = putawayModel
const paths = modelPaths(putawayMachine, putawayModel)

function controlled(only: number | null = null) {
  const pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: PutawayDraft }[] = []
  const feedback: string[] = []
  const machine = putawayMachine.provide({
    actors: { submit: fromPromise<unknown, PutawayDraft>(({ input }) => new Promise((resolve, reject) => pending.push({ resolve, reject, input }))) },
    actions: { accepted: () => feedback.push('ok'), refused: () => feedback.push('error') },
  })
  return { actor: createActor(machine, { input: { tasks: PUTAWAY_TASKS, only } }).start(), pending, feedback }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

async function replay(path: ModelPath) {
  const { actor, pending } = controlled()
  for (const [i, step] of path.steps.entries()) {
    if (i > 0) {
      const event = step.event as PutawayModelEvent
      const settled = /^xstate\.(done|error)\.actor\.submit$/.exec(event.type)
      if (settled) {
        const p = pending.shift()
        expect(p, `step ${i}: submit is running`).toBeDefined()
        if (settled[1] === 'done') p!.resolve(event.output)
        else p!.reject(event.error)
        await settle()
      } else actor.send(event as unknown as PutawayEvent)
    }
    expect(abstract(actor.getSnapshot()), `step ${i}: ${step.event.type}`).toEqual(abstract(step.state))
  }
  actor.stop()
}

describe('putaway machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(putawayMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.states.defined.length).toBe(3)
  })

  describe.each(paths.map((p) => [p.steps.slice(1).map((s) => `${s.event.type}${(s.event as PutawayModelEvent).target ? `(${(s.event as PutawayModelEvent).target!.code})` : ''}`).join(' → ') || 'start', p] as const))(
    '%s',
    (_name, path) => {
      it('replays on a running actor', async () => replay(path))
    },
  )
})

describe('putaway rules', () => {
  it('the pallet, then the suggested destination: the task is done by that scan, no Confirm', async () => {
    const { actor, pending, feedback } = controlled()
    expect(putawayPrompt(actor.getSnapshot())).toEqual(PUTAWAY_MESSAGES.scanPallet)
    actor.send({ type: 'SCAN', target: T.pallet })
    expect(putawayPrompt(actor.getSnapshot())).toEqual(PUTAWAY_MESSAGES.scanDestination)
    expect(actor.getSnapshot().context.task?.suggested?.code).toBe('A-01-01')
    actor.send({ type: 'SCAN', target: T.suggested })
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(pending[0]!.input).toEqual({ task: PUTAWAY_TASKS[0], pallet: { code: T.pallet.code, sscc: T.pallet.sscc, palletCode: null }, to: { id: 2, code: 'A-01-01' } })
    pending[0]!.resolve({})
    await settle()
    expect(actor.getSnapshot().value).toBe('pallet')
    expect(actor.getSnapshot().context.tasks.map((t) => t.id)).toEqual([2])
    expect(actor.getSnapshot().context.last?.to?.code).toBe('A-01-01')
    expect(feedback).toEqual(['ok', 'ok'])
  })

  it('refuses a location invalid for the pallet with its reason, and stays; another valid one is accepted', () => {
    const { actor, pending, feedback } = controlled()
    actor.send({ type: 'SCAN', target: T.suggested })
    expect(actor.getSnapshot().context.refusal).toEqual(PUTAWAY_MESSAGES.expectedPallet)
    actor.send({ type: 'SCAN', target: T.strayPallet })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PUTAWAY_MESSAGES.noTask, values: { code: 'PAL-999999' } })
    actor.send({ type: 'SCAN', target: T.pallet })
    actor.send({ type: 'SCAN', target: T.chilled })
    expect(actor.getSnapshot().value).toBe('destination')
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PUTAWAY_MESSAGES.storageClass, values: { code: 'C-01-01', found: 'chilled', needed: 'ambient', suggested: 'A-01-01' } })
    actor.send({ type: 'SCAN', target: T.dock })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PUTAWAY_MESSAGES.kind, values: { code: 'DOCK-01', kind: 'dock', suggested: 'A-01-01' } })
    actor.send({ type: 'SCAN', target: T.inactive })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PUTAWAY_MESSAGES.inactive, values: { code: 'Z-99-99' } })
    actor.send({ type: 'SCAN', target: T.farAway })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PUTAWAY_MESSAGES.otherWarehouse, values: { code: 'B-01-01' } })
    actor.send({ type: 'SCAN', target: T.other })
    expect(pending[0]!.input.to).toEqual({ id: 3, code: 'A-01-02' })
    expect(feedback).toEqual(['error', 'error', 'ok', 'error', 'error', 'error', 'error', 'ok'])
  })

  it('opened for one task, the pallet of another task is refused', () => {
    const { actor } = controlled(2)
    actor.send({ type: 'SCAN', target: T.pallet })
    expect(actor.getSnapshot().value).toBe('pallet')
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PUTAWAY_MESSAGES.otherTaskPallet, values: { code: T.pallet.code } })
    actor.send({ type: 'SCAN', target: T.chilledPallet })
    expect(actor.getSnapshot().value).toBe('destination')
  })
})
