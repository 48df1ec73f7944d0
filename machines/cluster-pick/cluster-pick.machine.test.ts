/**
 * Cluster picking (docs/requirements.md §19.5): model-based coverage of every state and transition, every generated
 * path replayed on a running actor with controlled outbox writes (machines/testing/actor-replay.ts); then the rules the
 * screen relies on: the cart first, the stops in path order with the finished ones skipped, the reserved lot straight
 * on, another lot only with a reason, an expired one refused, no more than the stop reserves, a short pick with a
 * reason, the stop's order's tote only, and 'Expedir' for the orders with something picked.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { replayOnActor, type PendingCall } from '../testing/actor-replay'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import { PICK_MESSAGES, clusterPickMachine, pickPrompt, pickSummary, type PickEvent } from './cluster-pick.machine'
import { PICK_BATCH, PICK_FINISHED, PICK_RESUMED, PICK_TARGETS as T, PICK_TODAY, pickModel, type PickModelEvent } from './cluster-pick.model'

const paths = modelPaths(clusterPickMachine, pickModel)

type Call = PendingCall & { input: unknown }

function controlled() {
  const pending: Call[] = []
  const feedback: string[] = []
  const held = (actor: string) =>
    fromPromise<unknown, unknown>(({ input }) => new Promise((resolve, reject) => pending.push({ actor, resolve, reject, input })))
  const machine = clusterPickMachine.provide({
    actors: { bindCart: held('bindCart'), submit: held('submit'), ship: held('ship') } as never,
    actions: { accepted: () => void feedback.push('ok'), refused: () => void feedback.push('error') },
  })
  return { actor: createActor(machine).start(), pending, feedback }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

const label = (p: ModelPath) =>
  p.steps
    .slice(1)
    .map((s) => {
      const e = s.event as PickModelEvent
      return `${e.type}${e.target ? `(${e.target.code}${e.target.kind === 'product' && e.target.lot ? `/${e.target.lot}` : ''})` : e.qty ? `(${e.qty})` : e.batch ? `(${e.batch.code})` : ''}`
    })
    .join(' → ') || 'start'

describe('cluster-pick machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(clusterPickMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.states.defined.length).toBe(12)
  })

  it(`replays every generated path (${paths.length}) on a running actor`, async () => {
    for (const path of paths) {
      const { actor, pending } = controlled()
      try {
        await replayOnActor(actor, pending, path, pickModel.abstract)
      } catch (e) {
        throw new Error(`${label(path)}: ${(e as Error).message}`, { cause: e })
      }
    }
    expect(paths.length).toBeGreaterThan(30)
  }, 240_000)
})

describe('cluster-pick rules', () => {
  const start = (event: Partial<Extract<PickEvent, { type: 'START' }>> = {}) => {
    const c = controlled()
    c.actor.send({ type: 'START', batch: PICK_BATCH, today: PICK_TODAY, confirmed: [], ...event })
    return c
  }
  const scan = (actor: ReturnType<typeof controlled>['actor'], target: (typeof T)[keyof typeof T]) => actor.send({ type: 'SCAN', target })
  const settleNext = async (pending: Call[], ok = true) => {
    const p = pending.shift()!
    if (ok) p.resolve({})
    else p.reject(new Error('full'))
    await settle()
    return p
  }

  it('binds the cart, walks the open stops in path order into their totes, then ships the orders', async () => {
    const { actor, pending, feedback } = start()
    const prompt = () => pickPrompt(actor.getSnapshot())
    expect(prompt()).toEqual(PICK_MESSAGES.scanCart)
    scan(actor, T.locA)
    expect(actor.getSnapshot().context.refusal).toEqual(PICK_MESSAGES.expectedCart)
    scan(actor, T.tote1)
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PICK_MESSAGES.notACart, values: { code: 'C07-1' } })
    scan(actor, { kind: 'unknown', code: 'c07' })
    expect(actor.getSnapshot().value).toBe('binding')
    expect((await settleNext(pending)).input).toEqual({ batch: 7, cart: 'C07' })
    expect(prompt()).toEqual({ ...PICK_MESSAGES.scanLocation, values: { code: 'A-01-01' } })
    scan(actor, T.locA)
    expect(prompt()).toEqual({ ...PICK_MESSAGES.scanItem, values: { product: 'P0001', lot: 'L1' } })
    scan(actor, T.p1)
    scan(actor, T.p1)
    scan(actor, T.p1)
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PICK_MESSAGES.overQty, values: { qty: '2' } })
    expect(actor.getSnapshot().context.qty).toBe('2')
    actor.send({ type: 'CONFIRM' })
    expect(prompt()).toEqual({ ...PICK_MESSAGES.scanTote, values: { tote: 'C07-1' } })
    scan(actor, T.tote2)
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PICK_MESSAGES.wrongTote, values: { code: 'C07-2', expected: 'C07-1' } })
    scan(actor, T.otherCartTote)
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PICK_MESSAGES.otherCartTote, values: { code: 'C09-1', expected: 'C07-1' } })
    expect(actor.getSnapshot().value).toBe('tote')
    scan(actor, T.tote1)
    expect((await settleNext(pending)).input).toMatchObject({ batch: 7, stop: { task: 501 }, stock: { stockLine: 101 }, qty: '2', tote: 1, overrideReason: null, shortReason: null })
    // the stop done on the server (503) is skipped
    expect(prompt()).toEqual({ ...PICK_MESSAGES.scanLocation, values: { code: 'B-02-03' } })
    scan(actor, T.locB)
    scan(actor, T.pallet)
    expect(actor.getSnapshot().context.qty).toBe('3')
    actor.send({ type: 'CONFIRM' })
    scan(actor, T.tote2)
    expect((await settleNext(pending)).input).toMatchObject({ stop: { task: 502 }, qty: '3', tote: 2 })
    expect(actor.getSnapshot().value).toBe('done')
    expect(pickSummary(actor.getSnapshot().context)).toEqual([
      { order: { id: 41, code: 'SO-41' }, carrier: { id: 3, name: 'Transportes Rápido' }, tote: 1, stops: 2, picked: '6', short: '0' },
      { order: { id: 42, code: 'SO-42' }, carrier: null, tote: 2, stops: 1, picked: '3', short: '0' },
    ])
    actor.send({ type: 'CONFIRM' })
    const shipped = await settleNext(pending)
    expect((shipped.input as { orders: { order: { code: string } }[] }).orders.map((o) => o.order.code)).toEqual(['SO-41', 'SO-42'])
    expect(actor.getSnapshot().value).toBe('batches')
    expect(actor.getSnapshot().context.lastShipped).toBe('W-0001-B01')
    expect(feedback.filter((f) => f === 'error')).toHaveLength(5)
  })

  it('refuses what does not fit the step, with its reason, and stays', () => {
    const { actor } = start({ batch: PICK_RESUMED.batch })
    expect(actor.getSnapshot().value).toBe('location')
    scan(actor, T.otherLoc)
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PICK_MESSAGES.wrongLocation, values: { code: 'C-09-09', expected: 'A-01-01' } })
    scan(actor, T.p1)
    expect(actor.getSnapshot().context.refusal).toEqual(PICK_MESSAGES.expectedLocation)
    scan(actor, T.locA)
    scan(actor, T.p2)
    expect(actor.getSnapshot().context.refusal).toEqual(PICK_MESSAGES.otherProduct)
    scan(actor, T.p1Old)
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PICK_MESSAGES.expiredLot, values: { lot: 'OLD' } })
    scan(actor, T.p1Elsewhere)
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PICK_MESSAGES.lotNotHere, values: { lot: 'L9' } })
    scan(actor, T.otherPallet)
    expect(actor.getSnapshot().context.refusal).toEqual(PICK_MESSAGES.wrongPallet)
    scan(actor, T.unknown)
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PICK_MESSAGES.unknownCode, values: { code: 'X#Y' } })
    expect(actor.getSnapshot().value).toBe('item')
  })

  it('another lot needs a reason; more than reserved is refused; less is a short pick with a reason, into the tote', async () => {
    const { actor, pending } = start({ batch: PICK_RESUMED.batch })
    scan(actor, T.locA)
    scan(actor, T.p1L2)
    expect(actor.getSnapshot().value).toBe('override')
    actor.send({ type: 'REASON', reason: ' ' })
    expect(actor.getSnapshot().context.refusal).toEqual(PICK_MESSAGES.reasonRequired)
    actor.send({ type: 'REASON', reason: 'L1 atrás de outro palete' })
    actor.send({ type: 'QTY', qty: '9' })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...PICK_MESSAGES.overQty, values: { qty: '2' } })
    actor.send({ type: 'QTY', qty: 'x' })
    expect(actor.getSnapshot().context.refusal).toEqual(PICK_MESSAGES.invalidQty)
    actor.send({ type: 'QTY', qty: '1' })
    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().value).toBe('short')
    actor.send({ type: 'REASON', reason: 'Faltou no local' })
    expect(actor.getSnapshot().value).toBe('tote')
    scan(actor, T.tote1)
    expect(pending[0]!.input).toMatchObject({ stock: { stockLine: 102, lot: 'L2' }, qty: '1', tote: 1, overrideReason: 'L1 atrás de outro palete', shortReason: 'Faltou no local' })
  })

  it('nothing found needs a reason and no tote; a resumed batch skips what the device confirmed; a finished one goes to the summary', async () => {
    const { actor, pending } = start({ batch: PICK_RESUMED.batch, confirmed: PICK_RESUMED.confirmed })
    expect(pickPrompt(actor.getSnapshot())).toEqual({ ...PICK_MESSAGES.scanLocation, values: { code: 'B-02-03' } })
    scan(actor, T.locB)
    actor.send({ type: 'SHORT' })
    actor.send({ type: 'REASON', reason: 'Local vazio' })
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(pending[0]!.input).toMatchObject({ stop: { task: 502 }, qty: '0', tote: 2, shortReason: 'Local vazio' })
    await settleNext(pending)
    expect(actor.getSnapshot().value).toBe('done')
    // SO-42 picked nothing: 'Expedir' leaves it
    actor.send({ type: 'CONFIRM' })
    expect((pending[0]!.input as { orders: { order: { code: string } }[] }).orders.map((o) => o.order.code)).toEqual(['SO-41'])

    const finished = start({ batch: PICK_FINISHED })
    expect(finished.actor.getSnapshot().value).toBe('done')
    expect(finished.actor.getSnapshot().context.cart).toBe('C08')
  })

  it('a write that fails says so and lets the operator try again', async () => {
    const { actor, pending } = start()
    scan(actor, T.cart)
    await settleNext(pending, false)
    expect(actor.getSnapshot().value).toBe('cart')
    expect(actor.getSnapshot().context.refusal).toEqual(PICK_MESSAGES.saveFailed)
    scan(actor, T.cart)
    await settleNext(pending)
    scan(actor, T.locA)
    scan(actor, T.p1)
    actor.send({ type: 'CONFIRM' })
    actor.send({ type: 'REASON', reason: 'Só um' })
    scan(actor, T.tote1)
    await settleNext(pending, false)
    expect(actor.getSnapshot().value).toBe('quantity')
    expect(actor.getSnapshot().context.shortReason).toBeNull()
  })
})
