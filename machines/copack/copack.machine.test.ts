/**
 * Model-based tests (SPEC 2.12): paths generated from the copack machine cover every state and transition and are
 * replayed on a running actor with controlled actors; then the rules the screens rely on.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import { COPACK_ACTIONS, COPACK_STATUSES } from '../../contracts/copack/copack.rules'
import { canReserve, copackMachine, copackView, type CopackEvent, type CopackOrderLike } from './copack.machine'
import { copackModel, copackModelInput as input, LOST_RACE, SHORT, type CopackModelEvent as ModelEvent } from './copack.model'

const { abstract } = copackModel
const paths = modelPaths(copackMachine, copackModel)

type Pending = { actor: string; resolve: (v: unknown) => void; reject: (e: unknown) => void }

function controlledActor() {
  const pending: Pending[] = []
  const changed: (CopackOrderLike | null)[] = []
  const controlled = (actor: string) =>
    fromPromise<CopackOrderLike, { orderId: number }>(
      () => new Promise((resolve, reject) => pending.push({ actor, resolve: resolve as (v: unknown) => void, reject })),
    )
  const machine = copackMachine.provide({
    actors: { load: controlled('load'), reserve: controlled('reserve'), cancel: controlled('cancel'), complete: controlled('complete') },
    actions: { changed: (_, params) => changed.push(params.order) },
  })
  return { actor: createActor(machine, { input }).start(), pending, changed }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

async function replay(path: ModelPath) {
  const { actor, pending } = controlledActor()
  for (const [i, step] of path.steps.entries()) {
    if (i > 0) {
      const event = step.event as ModelEvent
      const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)
      if (settled) {
        const p = pending.shift()
        expect(p?.actor, `step ${i}: ${settled[2]} is running`).toBe(settled[2])
        if (settled[1] === 'done') p!.resolve(event.output)
        else p!.reject(event.error)
        await settle()
      } else actor.send(event as unknown as CopackEvent)
    }
    expect(abstract(actor.getSnapshot()), `step ${i}: ${step.event.type}`).toEqual(abstract(step.state))
  }
  actor.stop()
}

describe('copack machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(copackMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.states.defined.length).toBe(10)
  })

  describe.each(paths.map((p) => [p.steps.slice(1).map((s) => s.event.type.replace(/xstate\.|actor\./g, '')).join(' → ') || 'start', p] as const))(
    '%s',
    (_name, path) => {
      it('replays on a running actor', async () => replay(path))
    },
  )
})

describe('copack rules', () => {
  const order = (status: CopackOrderLike['status']): CopackOrderLike => ({ id: 7, code: 'CP-7', status })

  async function at(status: CopackOrderLike['status']) {
    const run = controlledActor()
    run.pending.shift()!.resolve(order(status))
    await settle()
    return run
  }

  it('allows reserve only in DRAFT, as the server does', async () => {
    expect(COPACK_STATUSES.filter(canReserve)).toEqual(['DRAFT'])
    for (const status of COPACK_STATUSES) {
      const { actor } = await at(status)
      const view = copackView(actor.getSnapshot())
      expect(view.status).toBe(status)
      expect({ reserve: view.canReserve, cancel: view.canCancel, complete: view.canComplete }, status).toEqual({
        reserve: COPACK_ACTIONS[status].includes('reserve'),
        cancel: COPACK_ACTIONS[status].includes('cancel'),
        complete: COPACK_ACTIONS[status].includes('complete'),
      })
      actor.stop()
    }
  })

  it('reserves, then reports the change (the list refreshes) and shows RESERVED', async () => {
    const { actor, pending, changed } = await at('DRAFT')
    actor.send({ type: 'RESERVE' })
    expect(copackView(actor.getSnapshot())).toMatchObject({ busy: true, running: 'reserve', canReserve: false })
    actor.send({ type: 'RESERVE' })
    expect(pending).toHaveLength(1)
    pending.shift()!.resolve(order('RESERVED'))
    await settle()
    expect(actor.getSnapshot().value).toBe('RESERVED')
    expect(changed).toEqual([order('RESERVED')])
  })

  it('keeps the missing components of a short reserve, and reserves nothing', async () => {
    const { actor, pending, changed } = await at('DRAFT')
    actor.send({ type: 'RESERVE' })
    pending.shift()!.reject(SHORT)
    await settle()
    const view = copackView(actor.getSnapshot())
    expect(actor.getSnapshot().value).toBe('failed')
    expect(view).toMatchObject({ failed: true, status: 'DRAFT', canReserve: true, error: { id: 'copack.notEnoughStock' } })
    expect(view.missing).toEqual(SHORT.missing)
    expect(changed).toEqual([])
  })

  it('reloads when another reserve won the race', async () => {
    const { actor, pending, changed } = await at('DRAFT')
    actor.send({ type: 'RESERVE' })
    pending.shift()!.reject(LOST_RACE)
    await settle()
    expect(actor.getSnapshot().value).toBe('loading')
    expect(actor.getSnapshot().context.error).toEqual({ id: 'copack.server', values: { text: 'This order is RESERVED' } })
    expect(changed).toEqual([null])
    pending.shift()!.resolve(order('RESERVED'))
    await settle()
    expect(actor.getSnapshot().value).toBe('RESERVED')
  })

  it('stays RESERVED with the reason when complete is refused', async () => {
    const { actor, pending } = await at('RESERVED')
    actor.send({ type: 'COMPLETE' })
    pending.shift()!.reject({ status: 409, detail: '2 pick task(s) of this order are not done yet.' })
    await settle()
    expect(actor.getSnapshot().value).toBe('RESERVED')
    expect(copackView(actor.getSnapshot()).error).toEqual({ id: 'copack.server', values: { text: '2 pick task(s) of this order are not done yet.' } })
  })
})
