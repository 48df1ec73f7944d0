/**
 * Receive (SPEC 11.4): model-based coverage of every state and transition, every generated path replayed on a running
 * actor with controlled actors; then the rules the screen relies on: a product scan finds its document line, a GS1
 * read fills lot, expiry and quantity, repeated scans add one, a quantity over what is expected needs a second
 * Confirm, a scan that does not fit the step is refused with its reason without advancing, a line goes on one pallet.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import {
  normalizeDate,
  normalizeQty,
  RECEIVE_MESSAGES,
  receiveMachine,
  receivePrompt,
  type ClosedPallet,
  type ClosePalletInput,
  type LoadDocumentInput,
  type ReceiveDocument,
  type ReceiveEvent,
  type SubmitReceiptInput,
} from './receive.machine'
import { CLOSED_ANNOUNCED, CLOSED_PALLET, RECEIVE_DOCUMENT, RECEIVE_TARGETS as T, receiveModel, type ReceiveModelEvent } from './receive.model'

const { abstract } = receiveModel
const paths = modelPaths(receiveMachine, receiveModel)

type Pending<I> = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: I }

function controlled() {
  const load: Pending<LoadDocumentInput>[] = []
  const close: Pending<ClosePalletInput>[] = []
  const submit: Pending<SubmitReceiptInput>[] = []
  const feedback: string[] = []
  const machine = receiveMachine.provide({
    actors: {
      loadDocument: fromPromise<ReceiveDocument, LoadDocumentInput>(({ input }) => new Promise((resolve, reject) => load.push({ resolve: resolve as (v: unknown) => void, reject, input }))),
      closePallet: fromPromise<ClosedPallet, ClosePalletInput>(({ input }) => new Promise((resolve, reject) => close.push({ resolve: resolve as (v: unknown) => void, reject, input }))),
      submit: fromPromise<unknown, SubmitReceiptInput>(({ input }) => new Promise((resolve, reject) => submit.push({ resolve, reject, input }))),
    },
    actions: { accepted: () => feedback.push('ok'), refused: () => feedback.push('error') },
  })
  return { actor: createActor(machine).start(), pending: { load, close, submit } as Record<string, Pending<unknown>[]>, feedback }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

async function replay(path: ModelPath) {
  const { actor, pending } = controlled()
  for (const [i, step] of path.steps.entries()) {
    if (i > 0) {
      const event = step.event as ReceiveModelEvent
      const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)
      if (settled) {
        const p = pending[settled[2]!]!.shift()
        expect(p, `step ${i}: ${settled[2]} is running`).toBeDefined()
        if (settled[1] === 'done') p!.resolve(event.output)
        else p!.reject(event.error)
        await settle()
      } else actor.send(event as unknown as ReceiveEvent)
    }
    expect(abstract(actor.getSnapshot()), `step ${i}: ${step.event.type}`).toEqual(abstract(step.state))
  }
  actor.stop()
}

async function loaded() {
  const c = controlled()
  c.actor.send({ type: 'SCAN', target: T.document })
  c.pending.load!.shift()!.resolve(RECEIVE_DOCUMENT)
  await settle()
  return c
}

describe('receive machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(receiveMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.states.defined.length).toBe(11)
  })

  it('replays every generated path on a running actor', async () => {
    expect(paths.length).toBeGreaterThan(50)
    for (const path of paths) await replay(path)
  }, 120_000)
})

describe('receive rules', () => {
  it('a document by its code, two products on two pallets, then Finish with the closed pallets', async () => {
    const { actor, pending, feedback } = await loaded()
    expect(receivePrompt(actor.getSnapshot())).toEqual(RECEIVE_MESSAGES.scanProduct)
    actor.send({ type: 'SCAN', target: T.plain })
    actor.send({ type: 'SCAN', target: T.plain })
    expect(actor.getSnapshot().context.item?.qty).toBe('2')
    actor.send({ type: 'QTY', qty: '10' })
    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().value).toBe('item')
    actor.send({ type: 'CLOSE_PALLET' })
    expect(pending.close![0]!.input).toMatchObject({ items: [{ line: 1, qty: '10', damaged: '0', lot: null }] })
    pending.close!.shift()!.resolve(CLOSED_PALLET)
    await settle()
    // the GS1 read fills lot, expiry and quantity: straight to the quantity
    actor.send({ type: 'SCAN', target: T.trackedGs1 })
    expect(actor.getSnapshot().value).toBe('quantity')
    expect(actor.getSnapshot().context.item).toMatchObject({ line: 2, lot: 'L9', expiry: '2027-12-31', qty: '1' })
    actor.send({ type: 'DAMAGED', qty: '1' })
    actor.send({ type: 'QTY', qty: '4' })
    actor.send({ type: 'CONFIRM' })
    actor.send({ type: 'FINISH' })
    expect(actor.getSnapshot().context.refusal).toEqual(RECEIVE_MESSAGES.closePalletFirst)
    actor.send({ type: 'CLOSE_PALLET' })
    pending.close!.shift()!.resolve({ ...CLOSED_PALLET, palletCode: '356789012345678910', sscc: '356789012345678910', lines: [2] })
    await settle()
    actor.send({ type: 'FINISH' })
    expect(receivePrompt(actor.getSnapshot())).toEqual(RECEIVE_MESSAGES.finish)
    actor.send({ type: 'CONFIRM' })
    expect((pending.submit![0]!.input as SubmitReceiptInput).document).toBe(RECEIVE_DOCUMENT)
    expect((pending.submit![0]!.input as SubmitReceiptInput).pallets.map((p) => p.lines)).toEqual([[1], [2]])
    pending.submit!.shift()!.resolve({})
    await settle()
    expect(actor.getSnapshot().value).toBe('done')
    expect(actor.getSnapshot().context.finished).toEqual({ document: 'ASN-0007', pallets: 2 })
    expect(feedback.filter((f) => f === 'error')).toEqual(['error'])
  })

  it('an announced pallet is checked in by one scan of its SSCC, adjustable, and keeps its SSCC when closed', async () => {
    const { actor, pending, feedback } = await loaded()
    // a pallet the document does not announce is refused with its code
    actor.send({ type: 'SCAN', target: T.pallet })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...RECEIVE_MESSAGES.palletNotAnnounced, values: { code: T.pallet.code } })
    actor.send({ type: 'SCAN', target: T.announced })
    expect(actor.getSnapshot().value).toBe('item')
    expect(actor.getSnapshot().context).toMatchObject({ announced: T.announced.code, refusal: null, pallet: [{ line: 3, qty: '8', lot: 'L7', expiry: '2027-06-30', damaged: '0' }] })
    // adjustable: its product scanned, one less, confirmed
    actor.send({ type: 'SCAN', target: { kind: 'product', code: 'P0004', id: 14, name: 'Caixa mista', lot: 'L7' } })
    expect(actor.getSnapshot().value).toBe('quantity')
    actor.send({ type: 'QTY', qty: '7' })
    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().context.pallet).toMatchObject([{ line: 3, qty: '7', lot: 'L7' }])
    // the same label again while it is open: refused, nothing doubled
    actor.send({ type: 'SCAN', target: T.announced })
    expect(actor.getSnapshot().context.refusal).toEqual(RECEIVE_MESSAGES.palletAlreadyIn)
    actor.send({ type: 'CLOSE_PALLET' })
    expect(pending.close![0]!.input).toMatchObject({ sscc: T.announced.code, items: [{ line: 3, qty: '7' }] })
    pending.close!.shift()!.resolve(CLOSED_ANNOUNCED)
    await settle()
    expect(actor.getSnapshot().context.announced).toBeNull()
    actor.send({ type: 'SCAN', target: T.announced })
    expect(actor.getSnapshot().context.refusal).toEqual(RECEIVE_MESSAGES.palletAlreadyIn)
    actor.send({ type: 'FINISH' })
    actor.send({ type: 'CONFIRM' })
    expect((pending.submit![0]!.input as SubmitReceiptInput).pallets).toMatchObject([{ sscc: T.announced.code, lines: [3] }])
    expect(feedback.filter((f) => f === 'error')).toHaveLength(3)
  })

  it('an SSCC scanned before any document opens the ASN announcing it, its pallet already checked in', async () => {
    const { actor, pending } = controlled()
    actor.send({ type: 'SCAN', target: T.announced })
    expect(actor.getSnapshot().value).toBe('loading')
    expect(pending.load![0]!.input).toEqual({ code: T.announced.code })
    pending.load!.shift()!.resolve(RECEIVE_DOCUMENT)
    await settle()
    expect(actor.getSnapshot().context).toMatchObject({ announced: T.announced.code, pallet: [{ line: 3, qty: '8' }] })
    // a document opened by its code has nothing on its pallet yet
    const other = await loaded()
    expect(other.actor.getSnapshot().context).toMatchObject({ announced: null, pallet: [] })
  })

  it('a tracked product asks for its lot then its expiry; a plain scan is the lot', async () => {
    const { actor } = await loaded()
    actor.send({ type: 'SCAN', target: T.tracked })
    expect(receivePrompt(actor.getSnapshot())).toEqual(RECEIVE_MESSAGES.scanLot)
    actor.send({ type: 'SCAN', target: T.plain })
    expect(actor.getSnapshot().context.refusal).toEqual(RECEIVE_MESSAGES.expectedLot)
    actor.send({ type: 'SCAN', target: { kind: 'unknown', code: 'LOT-77' } })
    expect(receivePrompt(actor.getSnapshot())).toEqual(RECEIVE_MESSAGES.enterExpiry)
    actor.send({ type: 'EXPIRY', date: '30/02/2027' })
    expect(actor.getSnapshot().context.refusal).toEqual(RECEIVE_MESSAGES.invalidExpiry)
    actor.send({ type: 'EXPIRY', date: '28/02/2027' })
    expect(actor.getSnapshot().context.item).toMatchObject({ lot: 'LOT-77', expiry: '2027-02-28', qty: '1' })
  })

  it('over what is expected needs a second Confirm; Cancel goes back to the quantity', async () => {
    const { actor } = await loaded()
    actor.send({ type: 'SCAN', target: T.plainGs1 })
    expect(actor.getSnapshot().context.item?.qty).toBe('12')
    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().value).toBe('overConfirm')
    actor.send({ type: 'CANCEL' })
    actor.send({ type: 'QTY', qty: '9' })
    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().value).toBe('item')
    expect(actor.getSnapshot().context.pallet).toMatchObject([{ line: 1, qty: '9' }])
    // the same line again on the open pallet adds to it
    actor.send({ type: 'SCAN', target: T.plain })
    expect(actor.getSnapshot().context.item?.qty).toBe('10')
  })

  it('refuses what does not fit the step, with its reason, and stays', async () => {
    const { actor, pending, feedback } = controlled()
    actor.send({ type: 'SCAN', target: T.plain })
    expect(actor.getSnapshot().value).toBe('document')
    expect(actor.getSnapshot().context.refusal).toEqual(RECEIVE_MESSAGES.expectedDocument)
    actor.send({ type: 'SCAN', target: T.badCode })
    pending.load!.shift()!.reject({ status: 404 })
    await settle()
    expect(actor.getSnapshot().context.refusal).toEqual({ ...RECEIVE_MESSAGES.unknownDocument, values: { code: 'NO SUCH' } })
    actor.send({ type: 'PICK', code: 'ASN-0007' })
    pending.load!.shift()!.resolve(RECEIVE_DOCUMENT)
    await settle()
    actor.send({ type: 'SCAN', target: T.stranger })
    expect(actor.getSnapshot().context.refusal).toEqual({ ...RECEIVE_MESSAGES.notInDocument, values: { code: 'P0003' } })
    actor.send({ type: 'SCAN', target: T.location })
    expect(actor.getSnapshot().context.refusal).toEqual(RECEIVE_MESSAGES.expectedProduct)
    actor.send({ type: 'CLOSE_PALLET' })
    expect(actor.getSnapshot().context.refusal).toEqual(RECEIVE_MESSAGES.emptyPallet)
    actor.send({ type: 'FINISH' })
    expect(actor.getSnapshot().context.refusal).toEqual(RECEIVE_MESSAGES.nothingReceived)
    actor.send({ type: 'SCAN', target: T.plain })
    actor.send({ type: 'SCAN', target: T.tracked })
    expect(actor.getSnapshot().context.refusal).toEqual(RECEIVE_MESSAGES.otherProduct)
    actor.send({ type: 'CONFIRM' })
    actor.send({ type: 'CLOSE_PALLET' })
    pending.close!.shift()!.resolve(CLOSED_PALLET)
    await settle()
    // a line goes on one pallet only
    actor.send({ type: 'SCAN', target: T.plain })
    expect(actor.getSnapshot().context.refusal).toEqual(RECEIVE_MESSAGES.onClosedPallet)
    expect(actor.getSnapshot().value).toBe('item')
    expect(feedback).toEqual(['error', 'error', 'ok', 'error', 'error', 'error', 'error', 'ok', 'error', 'ok', 'ok', 'error'])
  })

  it('reads quantities and dates exactly', () => {
    expect(normalizeQty('007')).toBe('7')
    expect(normalizeQty('0')).toBeNull()
    expect(normalizeQty('0', false)).toBe('0')
    expect(normalizeQty('1,25')).toBe('1.25')
    expect(normalizeDate('2027-12-31')).toBe('2027-12-31')
    expect(normalizeDate('31/12/2027')).toBe('2027-12-31')
    expect(normalizeDate('2027-02-29')).toBeNull()
  })
})
