/**
 * Move (SPEC 11.6): model-based coverage of every state and transition, every generated path replayed on a running
 * actor with a controlled submit; then the rules the screen relies on: a pallet moves in two scans and Confirm,
 * a scan that does not fit the step is refused with its reason (and the error feedback) without advancing,
 * repeated product scans add one, and the prompt always says what to scan next.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import { MOVE_MESSAGES, moveMachine, movePrompt, normalizeQty, type MoveDraft, type MoveEvent } from './move.machine'
import { MOVE_TARGETS as T, moveModel, type MoveModelEvent } from './move.model'

const { abstract } = moveModel
const paths = modelPaths(moveMachine, moveModel)

function controlled() {
  const pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: MoveDraft }[] = []
  const feedback: string[] = []
  const machine = moveMachine.provide({
    actors: { submit: fromPromise<unknown, MoveDraft>(({ input }) => new Promise((resolve, reject) => pending.push({ resolve, reject, input }))) },
    actions: { accepted: () => feedback.push('ok'), refused: () => feedback.push('error') },
  })
  return { actor: createActor(machine).start(), pending, feedback }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

async function replay(path: ModelPath) {
  const { actor, pending } = controlled()
  for (const [i, step] of path.steps.entries()) {
    if (i > 0) {
      const event = step.event as MoveModelEvent
      const settled = /^xstate\.(done|error)\.actor\.submit$/.exec(event.type)
      if (settled) {
        const p = pending.shift()
        expect(p, `step ${i}: submit is running`).toBeDefined()
        if (settled[1] === 'done') p!.resolve(event.output)
        else p!.reject(event.error)
        await settle()
      } else actor.send(event as unknown as MoveEvent)
    }
    expect(abstract(actor.getSnapshot()), `step ${i}: ${step.event.type}`).toEqual(abstract(step.state))
  }
  actor.stop()
}

describe('move machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(moveMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.states.defined.length).toBe(6)
  })

  describe.each(paths.map((p) => [p.steps.slice(1).map((s) => `${s.event.type}${(s.event as MoveModelEvent).target ? `(${(s.event as MoveModelEvent).target!.code})` : ''}`).join(' → ') || 'start', p] as const))(
    '%s',
    (_name, path) => {
      it('replays on a running actor', async () => replay(path))
    },
  )
})

describe('move rules', () => {
  it('a whole pallet in two scans and Confirm: the draft sent is the pallet and the destination', async () => {
    const { actor, pending, feedback } = controlled()
    expect(movePrompt(actor.getSnapshot())).toEqual(MOVE_MESSAGES.scanSource)
    actor.send({ type: 'SCAN', target: T.pallet })
    expect(movePrompt(actor.getSnapshot())).toEqual(MOVE_MESSAGES.scanDestination)
    actor.send({ type: 'SCAN', target: T.destination })
    expect(movePrompt(actor.getSnapshot())).toEqual(MOVE_MESSAGES.confirm)
    actor.send({ type: 'CONFIRM' })
    expect(pending[0]!.input).toEqual({ pallet: { code: T.pallet.code, sscc: T.pallet.sscc, palletCode: null }, from: null, product: null, qty: null, to: { id: 2, code: 'B-02-03' } })
    pending[0]!.resolve({})
    await settle()
    expect(actor.getSnapshot().value).toBe('source')
    expect(actor.getSnapshot().context.last?.to?.code).toBe('B-02-03')
    expect(feedback).toEqual(['ok', 'ok'])
  })

  it('refuses what does not fit the step, with its reason, and stays', () => {
    const { actor, feedback } = controlled()
    actor.send({ type: 'SCAN', target: T.product })
    expect(actor.getSnapshot().value).toBe('source')
    expect(actor.getSnapshot().context.refusal).toEqual(MOVE_MESSAGES.productAsSource)
    actor.send({ type: 'SCAN', target: T.unknown })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...MOVE_MESSAGES.unknownCode, values: { code: 'XYZ' } })
    actor.send({ type: 'SCAN', target: T.source })
    actor.send({ type: 'SCAN', target: T.product })
    // the source location again as the destination
    actor.send({ type: 'SCAN', target: T.source })
    expect(actor.getSnapshot().value).toBe('quantity')
    expect(actor.getSnapshot().context.refusal).toEqual(MOVE_MESSAGES.sameLocation)
    actor.send({ type: 'SCAN', target: T.inactive })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...MOVE_MESSAGES.locationInactive, values: { code: 'Z-99-99' } })
    expect(feedback).toEqual(['error', 'error', 'ok', 'ok', 'error', 'error'])
  })

  it('repeated scans of the same product add one, exactly; a typed quantity replaces it', () => {
    const { actor } = controlled()
    actor.send({ type: 'SCAN', target: T.source })
    actor.send({ type: 'SCAN', target: T.product })
    actor.send({ type: 'SCAN', target: T.product })
    actor.send({ type: 'SCAN', target: T.product })
    expect(actor.getSnapshot().context.qty).toBe('3')
    actor.send({ type: 'SCAN', target: T.otherProduct })
    expect(actor.getSnapshot().context.refusal).toEqual(MOVE_MESSAGES.otherProduct)
    actor.send({ type: 'QTY', qty: '2,5' })
    expect(actor.getSnapshot().context.qty).toBe('2.5')
    expect(actor.getSnapshot().value).toBe('destination')
  })

  it('reads quantities exactly', () => {
    expect(normalizeQty('007')).toBe('7')
    expect(normalizeQty('0')).toBeNull()
    expect(normalizeQty('1.2345')).toBeNull()
    expect(normalizeQty('abc')).toBeNull()
    expect(normalizeQty('0,250')).toBe('0.250')
  })
})
