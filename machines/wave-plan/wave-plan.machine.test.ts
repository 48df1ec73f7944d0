/**
 * Model-based tests (SPEC 19.2): paths generated from the wave-plan machine cover every state and transition and are
 * replayed on a running actor with controlled actors; then the rules the screen relies on.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { replayOnActor } from '../testing/actor-replay'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import type { WavePlan, WavePlanRequest } from '../../contracts/shipping/wave-plan.contract'
import { wavePlanMachine, wavePlanView, withoutOrder, proposalsOf, type CreatedWave, type CreateWaveInput } from './wave-plan.machine'
import { BAD_RULES, CODE_TAKEN, MODEL_RULES, TWO_PROPOSALS, wavePlanModel } from './wave-plan.model'

const { abstract } = wavePlanModel
const paths = modelPaths(wavePlanMachine, wavePlanModel)

type Pending = { actor: string; input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }

function controlledActor() {
  const pending: Pending[] = []
  let changed = 0
  const controlled = <I,>(actor: string) =>
    fromPromise<never, I>(({ input }) => new Promise((resolve, reject) => pending.push({ actor, input, resolve: resolve as (v: unknown) => void, reject })))
  const machine = wavePlanMachine.provide({
    actors: { plan: controlled<{ rules: WavePlanRequest }>('plan') as never, createWave: controlled<CreateWaveInput>('createWave') as never },
    actions: { changed: () => void changed++ },
  })
  return { actor: createActor(machine).start(), pending, changed: () => changed }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

async function replay(path: ModelPath) {
  const { actor, pending } = controlledActor()
  await replayOnActor(actor, pending, path, abstract as never)
}

describe('wave-plan machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(wavePlanMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.states.defined.length).toBe(6)
  })

  describe.each(paths.map((p) => [p.steps.slice(1).map((s) => s.event.type.replace(/xstate\.|actor\./g, '')).join(' → ') || 'start', p] as const))(
    '%s',
    (_name, path) => {
      it('replays on a running actor', async () => replay(path))
    },
  )
})

describe('wave-plan rules', () => {
  async function planned(plan: WavePlan = TWO_PROPOSALS) {
    const run = controlledActor()
    run.actor.send({ type: 'PLAN', rules: MODEL_RULES })
    const p = run.pending.shift()!
    expect(p.input).toEqual({ rules: MODEL_RULES })
    p.resolve(plan)
    await settle()
    return run
  }

  it('takes an order out: the totals and the batches follow, the walk is no longer estimated', () => {
    const [first] = proposalsOf(TWO_PROPOSALS)
    const after = withoutOrder(first, 1)
    expect(after).toMatchObject({ lines: 1, units: 2, weight: 1.5, volume: 0.01, metres: null, changed: true, batches: [{ orders: [2], metres: null }] })
    expect(after.orders.map((o) => o.id)).toEqual([2])
    expect(withoutOrder(first, 99)).toBe(first)
  })

  it('drops a proposal when its last order is taken out, and creates the kept ones in order', async () => {
    const { actor, pending, changed } = await planned()
    actor.send({ type: 'REMOVE_ORDER', proposal: 1, order: 3 })
    expect(wavePlanView(actor.getSnapshot()).proposals.map((p) => p.orders.map((o) => o.id))).toEqual([[1, 2]])
    // an order not in the proposal changes nothing
    actor.send({ type: 'REMOVE_ORDER', proposal: 0, order: 3 })
    expect(actor.getSnapshot().context.proposals).toHaveLength(1)
    actor.send({ type: 'CREATE' })
    const call = pending.shift()!
    expect(call.actor).toBe('createWave')
    expect((call.input as CreateWaveInput).sequence).toBe(1)
    expect((call.input as CreateWaveInput).proposal.orders.map((o) => o.id)).toEqual([1, 2])
    call.resolve({ id: 101, code: 'OND-1' } satisfies CreatedWave)
    await settle()
    expect(actor.getSnapshot().value).toBe('done')
    expect(wavePlanView(actor.getSnapshot())).toMatchObject({ step: 'done', created: [{ id: 101, code: 'OND-1' }], proposals: [] })
    expect(changed()).toBe(1)
  })

  it('keeps the waves created before a refusal, and retries only the rest', async () => {
    const { actor, pending } = await planned()
    actor.send({ type: 'CREATE' })
    pending.shift()!.resolve({ id: 101, code: 'OND-1' })
    await settle()
    expect(actor.getSnapshot().value).toBe('creating')
    const second = pending.shift()!
    expect((second.input as CreateWaveInput).sequence).toBe(2)
    second.reject(CODE_TAKEN)
    await settle()
    const view = wavePlanView(actor.getSnapshot())
    expect(view).toMatchObject({ failed: true, created: [{ code: 'OND-1' }], error: { id: 'wavePlan.server', values: { text: CODE_TAKEN.detail } } })
    expect(view.proposals.map((p) => p.orders.map((o) => o.id))).toEqual([[3]])
    actor.send({ type: 'RETRY' })
    expect((pending.shift()!.input as CreateWaveInput).proposal.orders.map((o) => o.id)).toEqual([3])
  })

  it("puts a 400's reasons on the rules and refuses to create nothing", async () => {
    const run = controlledActor()
    run.actor.send({ type: 'PLAN', rules: { ...MODEL_RULES, max_lines: -1 } })
    run.pending.shift()!.reject(BAD_RULES)
    await settle()
    expect(wavePlanView(run.actor.getSnapshot())).toMatchObject({ step: 'rules', error: { id: 'wavePlan.invalidRules' }, fieldErrors: BAD_RULES.fields })
    expect(run.actor.getSnapshot().context.rules?.max_lines).toBe(-1)
    const { actor } = await planned({ ...TWO_PROPOSALS, proposals: [] })
    expect(wavePlanView(actor.getSnapshot())).toMatchObject({ step: 'proposals', canCreate: false })
    actor.send({ type: 'CREATE' })
    expect(actor.getSnapshot().value).toBe('proposals')
  })
})
