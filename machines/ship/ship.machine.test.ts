/**
 * Pick and ship (SPEC 11.8): model-based coverage of every state and transition, every generated path replayed on a
 * running actor with controlled outbox writes; then the rules the screen relies on: the pick path's steps in order,
 * the FEFO lot straight on, another lot only with a reason, an expired one refused, a short pick only with a reason,
 * and loading confirmed after the last pick.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import { SHIP_MESSAGES, shipMachine, shipPrompt, normalizeShipQty, type ShipEvent, type ShipOrder, type ShipPickResult } from './ship.machine'
import { SHIP_ORDER, SHIP_TARGETS as T, SHIP_TODAY, shipModel, type ShipModelEvent } from './ship.model'

const { abstract } = shipModel
const paths = modelPaths(shipMachine, shipModel)

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown }

function controlled() {
  const pending: Record<'submit' | 'load', Pending[]> = { submit: [], load: [] }
  const feedback: string[] = []
  const machine = shipMachine.provide({
    actors: {
      submit: fromPromise<unknown, ShipPickResult>(({ input }) => new Promise((resolve, reject) => pending.submit.push({ resolve, reject, input }))),
      load: fromPromise<unknown, { order: ShipOrder; results: ShipPickResult[] }>(({ input }) => new Promise((resolve, reject) => pending.load.push({ resolve, reject, input }))),
    },
    actions: { accepted: () => feedback.push('ok'), refused: () => feedback.push('error') },
  })
  return { actor: createActor(machine).start(), pending, feedback }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

async function replay(path: ModelPath) {
  const { actor, pending } = controlled()
  for (const [i, step] of path.steps.entries()) {
    if (i > 0) {
      const event = step.event as ShipModelEvent
      const settled = /^xstate\.(done|error)\.actor\.(submit|load)$/.exec(event.type)
      if (settled) {
        const p = pending[settled[2] as 'submit' | 'load'].shift()
        expect(p, `step ${i}: ${settled[2]} is running`).toBeDefined()
        if (settled[1] === 'done') p!.resolve(event.output)
        else p!.reject(event.error)
        await settle()
      } else actor.send(event as unknown as ShipEvent)
    }
    expect(abstract(actor.getSnapshot()), `step ${i}: ${step.event.type}`).toEqual(abstract(step.state))
  }
  actor.stop()
}

const label = (p: ModelPath) =>
  p.steps
    .slice(1)
    .map((s) => {
      const e = s.event as ShipModelEvent
      return `${e.type}${e.target ? `(${e.target.code}${e.target.kind === 'product' && e.target.lot ? `/${e.target.lot}` : ''})` : e.qty ? `(${e.qty})` : e.order ? `(${e.order.code})` : ''}`
    })
    .join(' → ') || 'start'

describe('ship machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(shipMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.states.defined.length).toBe(9)
  })

  it(`replays every generated path (${paths.length}) on a running actor`, async () => {
    for (const path of paths) {
      try {
        await replay(path)
      } catch (e) {
        throw new Error(`${label(path)}: ${(e as Error).message}`, { cause: e })
      }
    }
    expect(paths.length).toBeGreaterThan(20)
  }, 120_000)
})

describe('ship rules', () => {
  const start = () => {
    const c = controlled()
    c.actor.send({ type: 'START', order: SHIP_ORDER, today: SHIP_TODAY })
    return c
  }

  it('walks the picks in order with the FEFO lot and a pallet, then loads with the carrier', async () => {
    const { actor, pending, feedback } = start()
    const prompt = () => shipPrompt(actor.getSnapshot())
    expect(prompt()).toEqual({ ...SHIP_MESSAGES.scanLocation, values: { code: 'A-01-01' } })
    actor.send({ type: 'SCAN', target: T.locA })
    expect(prompt()).toEqual({ ...SHIP_MESSAGES.scanItem, values: { product: 'P0001', lot: 'L1' } })
    actor.send({ type: 'SCAN', target: T.p1 })
    actor.send({ type: 'SCAN', target: T.p1 })
    expect(actor.getSnapshot().context.qty).toBe('2')
    actor.send({ type: 'CONFIRM' })
    expect(pending.submit[0]!.input).toMatchObject({ order: 41, stock: { stockLine: 101 }, qty: '2', overrideReason: null, shortReason: null })
    pending.submit[0]!.resolve({})
    await settle()
    expect(prompt()).toEqual({ ...SHIP_MESSAGES.scanLocation, values: { code: 'B-02-03' } })
    actor.send({ type: 'SCAN', target: T.locB })
    actor.send({ type: 'SCAN', target: T.pallet })
    expect(actor.getSnapshot().context.qty).toBe('3')
    actor.send({ type: 'CONFIRM' })
    pending.submit[1]!.resolve({})
    await settle()
    expect(prompt()).toEqual({ ...SHIP_MESSAGES.confirmLoad, values: { carrier: 'Transportes Rápido' } })
    actor.send({ type: 'CONFIRM' })
    expect((pending.load[0]!.input as { results: unknown[] }).results).toHaveLength(2)
    pending.load[0]!.resolve({})
    await settle()
    expect(actor.getSnapshot().value).toBe('orders')
    expect(actor.getSnapshot().context.lastLoaded).toBe('SO-41')
    expect(feedback).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok'])
  })

  it('refuses what does not fit the step, with its reason, and stays', () => {
    const { actor, feedback } = start()
    actor.send({ type: 'SCAN', target: T.otherLoc })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...SHIP_MESSAGES.wrongLocation, values: { code: 'C-09-09', expected: 'A-01-01' } })
    actor.send({ type: 'SCAN', target: T.p1 })
    expect(actor.getSnapshot().context.refusal).toEqual(SHIP_MESSAGES.expectedLocation)
    expect(actor.getSnapshot().value).toBe('location')
    actor.send({ type: 'SCAN', target: T.locA })
    actor.send({ type: 'SCAN', target: T.p2 })
    expect(actor.getSnapshot().context.refusal).toEqual(SHIP_MESSAGES.otherProduct)
    actor.send({ type: 'SCAN', target: T.p1Old })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...SHIP_MESSAGES.expiredLot, values: { lot: 'OLD' } })
    actor.send({ type: 'SCAN', target: T.p1Elsewhere })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...SHIP_MESSAGES.lotNotHere, values: { lot: 'L9' } })
    actor.send({ type: 'SCAN', target: T.unknown })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...SHIP_MESSAGES.unknownCode, values: { code: 'XYZ' } })
    expect(actor.getSnapshot().value).toBe('item')
    expect(feedback).toEqual(['ok', 'error', 'error', 'ok', 'error', 'error', 'error', 'error'])
  })

  it('another lot needs a reason; more than asked is refused; less is a short pick with a reason', async () => {
    const { actor, pending } = start()
    actor.send({ type: 'SCAN', target: T.locA })
    actor.send({ type: 'SCAN', target: T.p1L2 })
    expect(actor.getSnapshot().value).toBe('override')
    actor.send({ type: 'REASON', reason: ' ' })
    expect(actor.getSnapshot().context.refusal).toEqual(SHIP_MESSAGES.reasonRequired)
    actor.send({ type: 'REASON', reason: 'L1 atrás de outro palete' })
    expect(actor.getSnapshot().value).toBe('quantity')
    actor.send({ type: 'QTY', qty: '9' })
    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...SHIP_MESSAGES.overQty, values: { qty: '2' } })
    actor.send({ type: 'QTY', qty: '1' })
    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().value).toBe('short')
    actor.send({ type: 'REASON', reason: 'Faltou no local' })
    expect(pending.submit[0]!.input).toMatchObject({ stock: { stockLine: 102, lot: 'L2' }, qty: '1', overrideReason: 'L1 atrás de outro palete', shortReason: 'Faltou no local' })
  })

  it('an order with nothing left to pick goes straight to loading; nothing found is a short pick of zero', () => {
    const { actor, pending } = controlled()
    actor.send({ type: 'SCAN', target: T.locA })
    expect(actor.getSnapshot().context.refusal).toEqual(SHIP_MESSAGES.expectedOrder)
    actor.send({ type: 'START', order: { ...SHIP_ORDER, picks: [] }, today: SHIP_TODAY })
    expect(actor.getSnapshot().value).toBe('load')
    actor.send({ type: 'RESET' })
    actor.send({ type: 'START', order: SHIP_ORDER, today: SHIP_TODAY })
    actor.send({ type: 'SCAN', target: T.locA })
    actor.send({ type: 'SHORT' })
    actor.send({ type: 'REASON', reason: 'Local vazio' })
    expect(pending.submit[0]!.input).toMatchObject({ qty: '0', stock: { stockLine: 101 }, shortReason: 'Local vazio' })
  })

  it('reads quantities exactly', () => {
    expect(normalizeShipQty('007')).toBe('7')
    expect(normalizeShipQty('0')).toBeNull()
    expect(normalizeShipQty('0', true)).toBe('0')
    expect(normalizeShipQty('2,5')).toBe('2.5')
    expect(normalizeShipQty('1.2345')).toBeNull()
  })
})
