/**
 * Replenishment on the handheld (docs/requirements.md §20.2): model-based coverage of every state and transition,
 * every generated path replayed on a running actor with a controlled submit; then the rules the screen relies on.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { replayOnActor, type PendingCall } from '../testing/actor-replay'
import { coverageOf, modelPaths } from '../testing/model-coverage'
import { REFILL_MESSAGES, replenishMachine, replenishPrompt, type RefillDraft } from './replenish.machine'
import { REFILL_PLAN, REFILL_TARGETS as T, replenishModel, type RefillModelEvent } from './replenish.model'

const paths = modelPaths(replenishMachine, replenishModel)

function controlled() {
  const pending: (PendingCall & { input: RefillDraft })[] = []
  const feedback: string[] = []
  const machine = replenishMachine.provide({
    actors: { submit: fromPromise<unknown, RefillDraft>(({ input }) => new Promise((resolve, reject) => pending.push({ actor: 'submit', resolve, reject, input }))) },
    actions: { accepted: () => feedback.push('ok'), refused: () => feedback.push('error') },
  })
  return { actor: createActor(machine).start(), pending, feedback }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('replenish machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(replenishMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.states.defined.length).toBe(7)
  })

  describe.each(paths.map((p) => [p.steps.slice(1).map((s) => `${s.event.type}${(s.event as RefillModelEvent).target ? `(${(s.event as RefillModelEvent).target!.code})` : ''}`).join(' → ') || 'start', p] as const))(
    '%s',
    (_name, path) => {
      it('replays on a running actor', async () => {
        const { actor, pending } = controlled()
        await replayOnActor(actor, pending, path, replenishModel.abstract)
      })
    },
  )
})

describe('replenish rules', () => {
  it('source, product scans adding one, the face: the refill written with the planned line', async () => {
    const { actor, pending, feedback } = controlled()
    expect(replenishPrompt(actor.getSnapshot())).toEqual(REFILL_MESSAGES.loading)
    actor.send({ type: 'LOADED', plan: REFILL_PLAN })
    expect(replenishPrompt(actor.getSnapshot())).toEqual({ ...REFILL_MESSAGES.scanSource, values: { source: 'A-02-01' } })
    actor.send({ type: 'SCAN', target: T.source })
    actor.send({ type: 'SCAN', target: T.product })
    actor.send({ type: 'SCAN', target: T.product })
    expect(actor.getSnapshot().context.qty).toBe('2')
    actor.send({ type: 'SCAN', target: T.face })
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(pending[0]!.input).toEqual({ plan: REFILL_PLAN, line: REFILL_PLAN.lines[0], qty: '2' })
    pending[0]!.resolve({})
    await settle()
    expect(actor.getSnapshot().value).toBe('done')
    expect(feedback).toEqual(['ok', 'ok', 'ok', 'ok'])
  })

  it('refuses another location, another product, an unnamed lot, more than asked and another face, naming what is expected', () => {
    const { actor, feedback } = controlled()
    actor.send({ type: 'LOADED', plan: REFILL_PLAN })
    actor.send({ type: 'SCAN', target: T.other })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...REFILL_MESSAGES.wrongSource, values: { code: 'B-01-01', source: 'A-02-01' } })
    actor.send({ type: 'SCAN', target: T.source })
    actor.send({ type: 'SCAN', target: T.otherProduct })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...REFILL_MESSAGES.otherProduct, values: { code: 'P0002', product: 'P0001' } })
    actor.send({ type: 'SCAN', target: T.strayLot })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...REFILL_MESSAGES.otherLot, values: { lot: 'L9' } })
    expect(actor.getSnapshot().value).toBe('item')
    // another lot the refill names: its line
    actor.send({ type: 'SCAN', target: T.otherLot })
    expect(actor.getSnapshot().context.line?.id).toBe(502)
    actor.send({ type: 'QTY', qty: '4' })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...REFILL_MESSAGES.qtyAbove, values: { qty: '4', max: '3' } })
    actor.send({ type: 'QTY', qty: '3' })
    expect(actor.getSnapshot().value).toBe('face')
    actor.send({ type: 'SCAN', target: T.source })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...REFILL_MESSAGES.wrongFace, values: { code: 'A-02-01', face: 'P-01-01' } })
    expect(feedback).toEqual(['error', 'ok', 'error', 'error', 'ok', 'error', 'ok', 'error'])
  })

  it('the pallet of a named line brings what the task asks; a fourth scan is above it', () => {
    const { actor } = controlled()
    actor.send({ type: 'LOADED', plan: REFILL_PLAN })
    actor.send({ type: 'SCAN', target: T.source })
    actor.send({ type: 'SCAN', target: T.pallet })
    expect(actor.getSnapshot().context).toMatchObject({ line: { id: 502 }, qty: '3' })
    actor.send({ type: 'RESET' })
    actor.send({ type: 'SCAN', target: T.source })
    for (let i = 0; i < 4; i++) actor.send({ type: 'SCAN', target: T.plannedLot })
    expect(actor.getSnapshot().context.qty).toBe('3')
    expect(actor.getSnapshot().context.refusal).toEqual({ ...REFILL_MESSAGES.qtyAbove, values: { qty: '4', max: '3' } })
  })
})
