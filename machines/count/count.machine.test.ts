/**
 * Count (SPEC 11.7): model-based coverage of every state and transition, every generated path replayed on a running
 * actor with a controlled submit; then the rules the screen relies on: only a location with a count task opens,
 * repeated scans add one (a GS1 read its quantity), a pallet is followed by its product, 'Local vazio' needs its own
 * Confirm, a scan that does not fit the step is refused with its reason without advancing, and the prompt always says
 * what to scan next.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import { addQty, COUNT_MESSAGES, countMachine, countPrompt, normalizeCountQty, type CountEvent, type CountSubmission, type CountTask } from './count.machine'
import { COUNT_LOTS, COUNT_TARGETS as T, COUNT_TASKS, countModel, type CountModelEvent } from './count.model'

const { abstract } = countModel
const paths = modelPaths(countMachine, countModel)

function controlled() {
  const pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: CountSubmission }[] = []
  const takes: { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: CountTask }[] = []
  const feedback: string[] = []
  const machine = countMachine.provide({
    actors: {
      submit: fromPromise<unknown, CountSubmission>(({ input }) => new Promise((resolve, reject) => pending.push({ resolve, reject, input }))),
      take: fromPromise<unknown, CountTask>(({ input }) => new Promise((resolve, reject) => takes.push({ resolve, reject, input }))),
    },
    actions: { accepted: () => feedback.push('ok'), refused: () => feedback.push('error') },
  })
  return { actor: createActor(machine).start(), pending, takes, feedback }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

async function replay(path: ModelPath) {
  const { actor, pending, takes } = controlled()
  for (const [i, step] of path.steps.entries()) {
    if (i > 0) {
      const event = step.event as CountModelEvent
      const settled = /^xstate\.(done|error)\.actor\.(submit|take)$/.exec(event.type)
      if (settled) {
        const p = (settled[2] === 'take' ? takes : pending).shift()
        expect(p, `step ${i}: ${settled[2]} is running`).toBeDefined()
        if (settled[1] === 'done') p!.resolve(event.output)
        else p!.reject(event.error)
        await settle()
      } else actor.send(event as unknown as CountEvent)
    }
    expect(abstract(actor.getSnapshot()), `step ${i}: ${step.event.type}`).toEqual(abstract(step.state))
  }
  actor.stop()
}

const label = (p: ModelPath) =>
  p.steps
    .slice(1)
    .map((s) => {
      const e = s.event as CountModelEvent
      return `${e.type}${e.target ? `(${e.target.code})` : e.qty ? `(${e.qty})` : ''}`
    })
    .join(' → ') || 'start'

describe('count machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(countMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.states.defined.length).toBe(7)
  })

  it('replays every generated path on a running actor', { timeout: 120_000 }, async () => {
    expect(paths.length).toBeGreaterThan(20)
    for (const path of paths) {
      try {
        await replay(path)
      } catch (error) {
        throw new Error(`path ${label(path)}: ${String(error)}`, { cause: error })
      }
    }
  })
})

describe('count rules', () => {
  it('counts a location: its scan, products (repeats add one, a GS1 read its quantity), a pallet and its product, Confirm', async () => {
    const { actor, pending, feedback } = controlled()
    actor.send({ type: 'TASKS', tasks: COUNT_TASKS })
    expect(countPrompt(actor.getSnapshot())).toEqual(COUNT_MESSAGES.scanLocation)
    actor.send({ type: 'SCAN', target: T.taskLocation })
    expect(countPrompt(actor.getSnapshot())).toEqual(COUNT_MESSAGES.scanItems)
    actor.send({ type: 'SCAN', target: T.product })
    actor.send({ type: 'SCAN', target: T.product })
    actor.send({ type: 'SCAN', target: T.product })
    expect(countPrompt(actor.getSnapshot())).toEqual(COUNT_MESSAGES.scanMore)
    actor.send({ type: 'SCAN', target: T.gs1 })
    actor.send({ type: 'SCAN', target: T.gs1 })
    actor.send({ type: 'SCAN', target: T.pallet })
    expect(countPrompt(actor.getSnapshot())).toEqual(COUNT_MESSAGES.scanPalletProduct)
    actor.send({ type: 'SCAN', target: T.product })
    actor.send({ type: 'QTY', qty: '40' })
    actor.send({ type: 'CONFIRM' })
    expect(pending[0]!.input.task).toEqual(COUNT_TASKS[0])
    expect(pending[0]!.input.empty).toBe(false)
    expect(pending[0]!.input.entries.map((e) => [e.product.code, e.lot, e.expiry, e.pallet?.code ?? null, e.qty])).toEqual([
      ['P0001', null, null, T.pallet.code, '40'],
      ['P0001', 'L2', '2027-12-31', null, '24'],
      ['P0001', null, null, null, '3'],
    ])
    pending[0]!.resolve({})
    await settle()
    expect(actor.getSnapshot().value).toBe('location')
    expect(actor.getSnapshot().context.tasks.map((t) => t.task)).toEqual([102, 103])
    expect(actor.getSnapshot().context.last).toEqual({ location: 'A-01-01', entries: 3, empty: false })
    expect(feedback.every((f) => f === 'ok')).toBe(true)
  })

  it("an empty location: 'Local vazio' and its own Confirm", async () => {
    const { actor, pending } = controlled()
    actor.send({ type: 'TASKS', tasks: COUNT_TASKS })
    actor.send({ type: 'SCAN', target: T.otherTaskLocation })
    actor.send({ type: 'EMPTY' })
    expect(countPrompt(actor.getSnapshot())).toEqual(COUNT_MESSAGES.confirmEmpty)
    actor.send({ type: 'SCAN', target: T.product })
    expect(actor.getSnapshot().context.refusal).toEqual(COUNT_MESSAGES.pressConfirm)
    actor.send({ type: 'CONFIRM' })
    expect(pending[0]!.input).toEqual({ task: COUNT_TASKS[1], empty: true, entries: [] })
  })

  it('refuses what does not fit the step, with its reason, and stays', () => {
    const { actor, feedback } = controlled()
    actor.send({ type: 'TASKS', tasks: COUNT_TASKS })
    actor.send({ type: 'SCAN', target: T.product })
    expect(actor.getSnapshot().context.refusal).toEqual(COUNT_MESSAGES.expectedLocation)
    actor.send({ type: 'SCAN', target: T.notAssigned })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...COUNT_MESSAGES.notAssigned, values: { code: 'B-09-09' } })
    actor.send({ type: 'SCAN', target: T.inactive })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...COUNT_MESSAGES.locationInactive, values: { code: 'Z-99-99' } })
    expect(actor.getSnapshot().value).toBe('location')
    actor.send({ type: 'SCAN', target: T.taskLocation })
    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().context.refusal).toEqual(COUNT_MESSAGES.nothingCounted)
    actor.send({ type: 'QTY', qty: '3' })
    expect(actor.getSnapshot().context.refusal).toEqual(COUNT_MESSAGES.nothingToSet)
    actor.send({ type: 'SCAN', target: T.otherTaskLocation })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...COUNT_MESSAGES.otherLocation, values: { code: 'A-01-02' } })
    actor.send({ type: 'SCAN', target: T.product })
    actor.send({ type: 'EMPTY' })
    expect(actor.getSnapshot().context.refusal).toEqual(COUNT_MESSAGES.notEmpty)
    actor.send({ type: 'QTY', qty: '-1' })
    expect(actor.getSnapshot().context.refusal).toEqual(COUNT_MESSAGES.invalidQty)
    actor.send({ type: 'SCAN', target: T.pallet })
    actor.send({ type: 'SCAN', target: T.unknown })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...COUNT_MESSAGES.unknownCode, values: { code: 'XYZ' } })
    expect(actor.getSnapshot().value).toBe('palletItem')
    expect(feedback).toEqual(['error', 'error', 'error', 'ok', 'error', 'error', 'error', 'ok', 'error', 'error', 'ok', 'error'])
  })

  it('a product read without its lot, where the location holds several, asks which lot; a GS1 read with its lot does not', () => {
    const { actor, feedback } = controlled()
    actor.send({ type: 'TASKS', tasks: COUNT_TASKS })
    actor.send({ type: 'SCAN', target: T.taskLocation })
    // lots of another location are not this count's
    actor.send({ type: 'LOTS', location: 2, lots: COUNT_LOTS })
    expect(actor.getSnapshot().context.lots).toBeNull()
    actor.send({ type: 'LOTS', location: 1, lots: COUNT_LOTS })
    actor.send({ type: 'SCAN', target: T.product })
    expect(actor.getSnapshot().value).toBe('chooseLot')
    expect(countPrompt(actor.getSnapshot())).toEqual({ ...COUNT_MESSAGES.chooseLot, values: { code: 'P0001' } })
    // nothing is counted until the lot is chosen; another read is refused, not taken
    actor.send({ type: 'SCAN', target: T.product })
    expect(actor.getSnapshot().context.refusal).toEqual(COUNT_MESSAGES.chooseLotFirst)
    expect(actor.getSnapshot().context.entries).toEqual([])
    actor.send({ type: 'LOT', lot: 'L1', expiry: '2027-06-30' })
    expect(actor.getSnapshot().value).toBe('items')
    actor.send({ type: 'SCAN', target: T.gs1 })
    expect(actor.getSnapshot().value).toBe('items')
    expect(actor.getSnapshot().context.entries.map((e) => [e.lot, e.expiry, e.qty])).toEqual([
      ['L2', '2027-12-31', '12'],
      ['L1', '2027-06-30', '1'],
    ])
    expect(feedback).toEqual(['ok', 'ok', 'error', 'ok', 'ok'])
  })

  it('a scan while the count is being written is refused with its reason, never dropped', () => {
    const { actor, feedback } = controlled()
    actor.send({ type: 'TASKS', tasks: COUNT_TASKS })
    actor.send({ type: 'SCAN', target: T.taskLocation })
    actor.send({ type: 'SCAN', target: T.product })
    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().value).toBe('submitting')
    actor.send({ type: 'SCAN', target: T.otherTaskLocation })
    expect(actor.getSnapshot().context.refusal).toEqual(COUNT_MESSAGES.busySaving)
    expect(feedback.at(-1)).toBe('error')
  })

  it("a free task is taken by scanning its location; taken by someone else meanwhile, it is refused and leaves the list", async () => {
    const { actor, takes, feedback } = controlled()
    actor.send({ type: 'TASKS', tasks: COUNT_TASKS })
    actor.send({ type: 'SCAN', target: T.freeTaskLocation })
    expect(actor.getSnapshot().value).toBe('taking')
    expect(takes[0]!.input).toEqual(COUNT_TASKS[2])
    actor.send({ type: 'SCAN', target: T.product })
    expect(actor.getSnapshot().context.refusal).toEqual(COUNT_MESSAGES.busyTaking)
    takes[0]!.reject(new Error('409'))
    await settle()
    expect(actor.getSnapshot().value).toBe('location')
    expect(actor.getSnapshot().context.refusal).toEqual({ ...COUNT_MESSAGES.takenByOther, values: { code: 'A-01-03' } })
    expect(actor.getSnapshot().context.tasks.map((t) => t.task)).toEqual([101, 102])
    // taken: counted as the operator's own
    actor.send({ type: 'TASKS', tasks: COUNT_TASKS })
    actor.send({ type: 'SCAN', target: T.freeTaskLocation })
    takes[1]!.resolve({ id: 103 })
    await settle()
    expect(actor.getSnapshot().value).toBe('items')
    expect(actor.getSnapshot().context.task).toMatchObject({ task: 103, free: false })
    expect(feedback).toEqual(['ok', 'error', 'error', 'ok'])
  })

  it('adds and reads quantities exactly', () => {
    expect(addQty('0.1', '0.2')).toBe('0.3')
    expect(addQty('999', '1')).toBe('1000')
    expect(addQty('2.5', '2.5')).toBe('5')
    expect(normalizeCountQty('007')).toBe('7')
    expect(normalizeCountQty('0')).toBe('0')
    expect(normalizeCountQty('1,250')).toBe('1.250')
    expect(normalizeCountQty('1.2345')).toBeNull()
  })
})
