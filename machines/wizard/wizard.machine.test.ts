/**
 * Model-based tests (SPEC 2.12): paths generated from the wizard machine cover every state and
 * transition and are replayed on a running actor with controlled save/finish actors.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import { wizardMachine, wizardView, type FinishInput, type SaveStepInput, type WizardEvent } from './wizard.machine'
import { WIZARD_MODEL_STEPS as STEPS, wizardModel, wizardModelInput as input, type WizardModelEvent as ModelEvent } from './wizard.model'

const { abstract } = wizardModel
const paths = modelPaths(wizardMachine, wizardModel)

async function replay(path: ModelPath) {
  const pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = []
  const calls = { save: 0, finish: 0 }
  const controlled = <O, I>(kind: 'save' | 'finish') =>
    fromPromise<O, I>(
      () =>
        new Promise((resolve, reject) => {
          calls[kind]++
          pending.push({ resolve: resolve as (v: unknown) => void, reject })
        }),
    )
  const actor = createActor(
    wizardMachine.provide({ actors: { saveStep: controlled<void, SaveStepInput>('save'), finish: controlled<unknown, FinishInput>('finish') } }),
    { input },
  ).start()
  for (const [i, step] of path.steps.entries()) {
    if (i > 0) {
      const event = step.event as ModelEvent
      const settle = /^xstate\.(done|error)\.actor\./.exec(event.type)
      if (settle) {
        const p = pending.shift()
        expect(p, `step ${i}: an actor is running`).toBeDefined()
        if (settle[1] === 'done') p!.resolve(event.output)
        else p!.reject(event.error)
        await new Promise((r) => setTimeout(r, 0))
      } else actor.send(event as unknown as WizardEvent)
    }
    expect(abstract(actor.getSnapshot()), `step ${i}: ${step.event.type}`).toEqual(abstract(step.state))
  }
  actor.stop()
}

describe('wizard machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(wizardMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.transitions.defined.length).toBeGreaterThanOrEqual(10)
  })

  describe.each(paths.map((p) => [p.steps.slice(1).map((s) => s.event.type.replace(/xstate\.|actor\./g, '')).join(' → ') || 'start', p] as const))(
    '%s',
    (_name, path) => {
      it('replays on a running actor', async () => replay(path))
    },
  )
})

describe('wizard rules', () => {
  const run = (finish = fromPromise<unknown, FinishInput>(async () => ({ ok: true }))) =>
    createActor(wizardMachine.provide({ actors: { finish } }), { input }).start()
  const settle = () => new Promise((r) => setTimeout(r, 0))

  it('cannot go forward from an invalid step, and says why', () => {
    const a = run()
    a.send({ type: 'NEXT' })
    expect(a.getSnapshot().context.index).toBe(0)
    expect(a.getSnapshot().context.error).toEqual({ id: 'wizard.error.incomplete' })
  })

  it('reads Finish on the last step only, and goes back', async () => {
    const a = run()
    for (const step of STEPS.slice(0, -1)) {
      expect(wizardView(a.getSnapshot()).primary).toBe('next')
      a.send({ type: 'SET_VALID', step, valid: true })
      a.send({ type: 'NEXT' })
      await settle()
    }
    expect(wizardView(a.getSnapshot())).toMatchObject({ step: STEPS.at(-1), isLast: true, primary: 'finish' })
    a.send({ type: 'BACK' })
    expect(wizardView(a.getSnapshot())).toMatchObject({ step: STEPS.at(-2), primary: 'next' })
    for (let i = 0; i < STEPS.length; i++) a.send({ type: 'BACK' })
    expect(a.getSnapshot().context.index).toBe(0)
  })

  it('books once when Finish is pressed twice', async () => {
    let bookings = 0
    let release: () => void = () => {}
    const a = run(
      fromPromise<unknown, FinishInput>(async () => {
        bookings++
        await new Promise<void>((r) => (release = r))
        return { id: 1 }
      }),
    )
    for (const step of STEPS) {
      a.send({ type: 'SET_VALID', step, valid: true })
      a.send({ type: 'NEXT' })
      await settle()
    }
    a.send({ type: 'NEXT' })
    a.send({ type: 'NEXT' })
    expect(a.getSnapshot().value).toBe('finishing')
    release()
    await settle()
    expect(a.getSnapshot().value).toBe('finished')
    expect(bookings).toBe(1)
  })
})
