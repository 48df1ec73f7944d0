/**
 * Label-print machine (SPEC 2.7): model-based coverage of every state and transition, a sample of
 * the generated paths replayed on a running actor with controlled actors and a fake clock, and the
 * rules of SPEC 5, 7, 8 and 9: the ID patterns per type, copies 1 to 50, suggestions from 2
 * characters after a 350 ms pause, the fallback printers, one job per Print, the toasts' messages.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import {
  FALLBACK_PRINTERS,
  LABEL_PRINT_MESSAGES,
  SUGGEST_DEBOUNCE_MS,
  isValidLabelId,
  labelPrintMachine,
  labelPrintView,
  printFailureMessage,
  type LabelPrintEmitted,
  type LabelPrintEvent,
  type LabelPrinter,
  type LabelSuggestion,
  type PrintInput,
  type SuggestInput,
} from './label-print.machine'
import { MODEL_PRINTERS, SUGGEST_AFTER_EVENT, labelPrintModel, labelPrintModelInput as input, type LabelPrintModelEvent } from './label-print.model'

const { abstract } = labelPrintModel
const paths = modelPaths(labelPrintMachine, labelPrintModel)

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void }

async function replay(path: ModelPath) {
  // the latest run of each actor: a run its state left (a search overtaken by a keystroke) is dropped
  const pending = new Map<string, Pending>()
  const controlled = <O, I>(id: string) =>
    fromPromise<O, I>(
      () =>
        new Promise((resolve, reject) => {
          pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
        }),
    )
  const actor = createActor(
    labelPrintMachine.provide({
      actors: {
        loadPrinters: controlled<LabelPrinter[], void>('loadPrinters'),
        loadSuggestions: controlled<LabelSuggestion[], SuggestInput>('loadSuggestions'),
        print: controlled<unknown, PrintInput>('print'),
      },
    }),
    { input },
  ).start()
  for (const [i, step] of path.steps.entries()) {
    if (i > 0) {
      const event = step.event as LabelPrintModelEvent
      const settle = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
      if (event.type === SUGGEST_AFTER_EVENT) {
        await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
      } else if (settle) {
        const p = pending.get(settle[2])
        expect(p, `step ${i}: ${settle[2]} is running`).toBeDefined()
        pending.delete(settle[2])
        if (settle[1] === 'done') p!.resolve(event.output)
        else p!.reject(event.error)
        await vi.advanceTimersByTimeAsync(0)
      } else actor.send(event as unknown as LabelPrintEvent)
    }
    expect(abstract(actor.getSnapshot()), `step ${i}: ${step.event.type}`).toEqual(abstract(step.state))
  }
  actor.stop()
}

describe('label-print machine model', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('covers every state and every transition', () => {
    const coverage = coverageOf(labelPrintMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.transitions.defined.length).toBeGreaterThanOrEqual(15)
  })

  const replayed = labelPrintModel.replayed!(paths)
  it('replays a sample spread over every generated path', () => {
    expect(replayed.length).toBeGreaterThanOrEqual(100)
  })

  describe.each(replayed.map((p) => [p.steps.slice(1).map((s) => s.event.type.replace(/xstate\.|actor\.|after\./g, '')).join(' → ') || 'start', p] as const))(
    '%s',
    (_name, path) => {
      it('replays on a running actor', async () => replay(path))
    },
  )
})

describe('label-print rules', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function start(opts: {
    printers?: () => Promise<LabelPrinter[]>
    suggest?: (input: SuggestInput) => Promise<LabelSuggestion[]>
    print?: (input: PrintInput) => Promise<unknown>
  } = {}) {
    const searches: SuggestInput[] = []
    const prints: PrintInput[] = []
    const emitted: LabelPrintEmitted[] = []
    const actor = createActor(
      labelPrintMachine.provide({
        actors: {
          loadPrinters: fromPromise<LabelPrinter[], void>(() => (opts.printers ?? (async () => MODEL_PRINTERS))()),
          loadSuggestions: fromPromise<LabelSuggestion[], SuggestInput>(async ({ input: i }) => {
            searches.push(i)
            return (opts.suggest ?? (async () => [{ value: '42', label: 'A-01 — Rack' }]))(i)
          }),
          print: fromPromise<unknown, PrintInput>(async ({ input: i }) => {
            prints.push(i)
            return (opts.print ?? (async () => ({ id: 1, status: 'queued' })))(i)
          }),
        },
      }),
      { input },
    )
    actor.on('*', (e) => emitted.push(e))
    actor.start()
    const view = () => labelPrintView(actor.getSnapshot())
    return { actor, searches, prints, emitted, view, send: (e: LabelPrintEvent) => actor.send(e) }
  }
  const flush = () => vi.advanceTimersByTimeAsync(0)

  it.each([
    ['location', '12345', true],
    ['location', '0', true],
    // SPEC 16.4: a location's code, as its shelf label shows it
    ['location', 'A-01', true],
    ['location', 'A01-01-01', true],
    ['location', 'R08.098/X', true],
    ['location', ' A01-01-01 ', true],
    ['location', '12 3', false],
    ['location', 'A01#1', false],
    ['location', '(00)376141410000000011', false],
    ['location', '', false],
    ['pallet', 'PAL-0001', true],
    ['pallet', 'pal_01.a', true],
    ['pallet', '376141410000000011', true],
    // SPEC 11.1: an SSCC as a scanner sends it, with its application identifier
    ['pallet', '(00)376141410000000011', true],
    ['pallet', '00376141410000000011', true],
    ['pallet', ']C100376141410000000011', true],
    ['pallet', '(00)37614141000000001', false],
    ['pallet', 'PAL 01', false],
    ['pallet', 'PAL/01', false],
    ['pallet', 'PALé', false],
    ['pallet', '', false],
  ] as const)('a %s ID %j is valid: %s (SPEC 5)', (kind, id, valid) => {
    expect(isValidLabelId(kind, id)).toBe(valid)
  })

  it('an ID wrong for the type shows the message and disables Print; an empty one only disables it', async () => {
    const s = start()
    await flush()
    expect(s.view()).toMatchObject({ idError: null, canPrint: false })
    s.send({ type: 'SET_ID', id: 'A01/01 X' })
    expect(s.view()).toMatchObject({ idError: LABEL_PRINT_MESSAGES.invalidId, canPrint: false })
    s.send({ type: 'PRINT' })
    expect(s.actor.getSnapshot().matches({ form: 'editing' })).toBe(true)
    expect(s.prints).toEqual([])
    s.send({ type: 'SET_ID', id: 'A01-01-01' })
    expect(s.view()).toMatchObject({ idError: null, canPrint: true })
  })

  it('an ID the server says names nothing is invalid: the message, Print disabled, no preview (docs/requirements.md §5)', async () => {
    const s = start()
    await flush()
    s.send({ type: 'SET_ID', id: 'abc' })
    expect(s.view()).toMatchObject({ idError: null, target: null, previewId: '' })
    s.send({ type: 'TARGET_CHECKED', kind: 'location', ref: 'abc', found: null })
    expect(s.view()).toMatchObject({ idError: LABEL_PRINT_MESSAGES.invalidId, canPrint: false, previewId: '' })
    s.send({ type: 'PRINT' })
    expect(s.prints).toEqual([])
    // '16' is a location's id: accepted, and the form says which location it is
    s.send({ type: 'SET_ID', id: '16' })
    expect(s.view()).toMatchObject({ idError: null, canPrint: true })
    // an answer for an ID no longer in the field counts for nothing
    s.send({ type: 'TARGET_CHECKED', kind: 'location', ref: 'abc', found: null })
    expect(s.view()).toMatchObject({ idError: null, canPrint: true, target: null })
    s.send({ type: 'TARGET_CHECKED', kind: 'location', ref: '16', found: { id: '16', label: 'A01-02-03 — Rack A' } })
    expect(s.view()).toMatchObject({ idError: null, canPrint: true, target: { id: '16', label: 'A01-02-03 — Rack A' }, previewId: '16' })
    // a pallet's code typed as a location names nothing
    s.send({ type: 'SET_ID', id: 'PAL-T1' })
    s.send({ type: 'TARGET_CHECKED', kind: 'location', ref: 'PAL-T1', found: null })
    expect(s.view()).toMatchObject({ idError: LABEL_PRINT_MESSAGES.invalidId, canPrint: false })
  })

  it('switching the type empties the ID: a location code is no pallet (SPEC 16.4)', async () => {
    const s = start()
    await flush()
    s.send({ type: 'SET_ID', id: 'A01-01-01' })
    s.send({ type: 'SET_KIND', kind: 'pallet' })
    expect(s.actor.getSnapshot().context.id).toBe('')
    expect(s.view()).toMatchObject({ idError: null, canPrint: false, labelId: '' })
  })

  it('prints a pallet by the SSCC as scanned, without its application identifier (SPEC 16.4)', async () => {
    const s = start()
    await flush()
    s.send({ type: 'SET_KIND', kind: 'pallet' })
    s.send({ type: 'SET_ID', id: '(00)376141410000000011' })
    expect(s.view()).toMatchObject({ idError: null, canPrint: true, labelId: '376141410000000011' })
    s.send({ type: 'PRINT' })
    await flush()
    expect(s.prints).toEqual([{ kind: 'pallet', id: '376141410000000011', copies: 1, printer: 1 }])
  })

  it.each([
    [0, false],
    [1, true],
    [50, true],
    [51, false],
    [2.5, false],
    [null, false],
  ])('copies %s can print: %s (SPEC 5, 9: 1 to 50)', async (copies, ok) => {
    const s = start()
    await flush()
    s.send({ type: 'SET_ID', id: '7' })
    s.send({ type: 'SET_COPIES', copies })
    expect(s.view().canPrint).toBe(ok)
    expect(s.view().copiesError).toEqual(ok ? null : LABEL_PRINT_MESSAGES.invalidCopies)
  })

  it('suggests only from 2 characters, 350 ms after the last keystroke, for the current type', async () => {
    const s = start()
    await flush()
    s.send({ type: 'SET_ID', id: '4' })
    await vi.advanceTimersByTimeAsync(1000)
    expect(s.searches).toEqual([])
    s.send({ type: 'SET_ID', id: '42' })
    await vi.advanceTimersByTimeAsync(200)
    s.send({ type: 'SET_ID', id: '42 ' })
    await vi.advanceTimersByTimeAsync(349)
    expect(s.searches).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(s.searches).toEqual([{ kind: 'location', query: '42' }])
    // the keystrokes left the other regions alone (no printers reload)
    expect(s.actor.getSnapshot().value).toEqual({ printers: 'ready', suggestions: 'idle', form: 'editing' })
    expect(s.actor.getSnapshot().context.suggestions).toEqual([{ value: '42', label: 'A-01 — Rack' }])
    // back under 2 characters: the suggestions go
    s.send({ type: 'SET_ID', id: '4' })
    expect(s.actor.getSnapshot().context.suggestions).toEqual([])
    s.send({ type: 'SET_KIND', kind: 'pallet' })
    s.send({ type: 'SET_ID', id: 'PA' })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
    expect(s.searches.at(-1)).toEqual({ kind: 'pallet', query: 'PA' })
  })

  it('picking a suggestion puts its value in the field and closes the list', async () => {
    const s = start()
    s.send({ type: 'SET_ID', id: 'A-01' })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
    // SPEC 16.4: the location's code, as the shelf shows it (not its internal id)
    s.send({ type: 'PICK_SUGGESTION', value: 'A01-01-01' })
    expect(s.actor.getSnapshot().context).toMatchObject({ id: 'A01-01-01', suggestions: [] })
    expect(s.view()).toMatchObject({ idError: null, canPrint: true })
  })

  it('a search overtaken by a keystroke never lands', async () => {
    let release: (v: LabelSuggestion[]) => void = () => {}
    const s = start({ suggest: () => new Promise((r) => (release = r)) })
    s.send({ type: 'SET_ID', id: 'A-0' })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
    const stale = release
    s.send({ type: 'SET_ID', id: 'A-01' })
    stale([{ value: '1', label: 'stale' }])
    await flush()
    expect(s.actor.getSnapshot().context.suggestions).toEqual([])
  })

  it('a failed search offers nothing and keeps the form working', async () => {
    const s = start({ suggest: async () => Promise.reject(new Error('500')) })
    s.send({ type: 'SET_ID', id: '12' })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
    expect(s.actor.getSnapshot().context.suggestions).toEqual([])
    expect(s.view().canPrint).toBe(true)
  })

  it('chooses the first printer when the list arrives, and keeps a choice still on offer', async () => {
    const s = start()
    await flush()
    expect(s.view().printer?.key).toBe('1')
    s.send({ type: 'SET_PRINTER', printer: '2' })
    expect(s.view().printer?.name).toBe('Zebra-02')
    s.send({ type: 'SET_PRINTER', printer: 'nope' })
    expect(s.view().printer?.key).toBe('2')
  })

  it("chooses the user's default printer when the list arrives (SPEC 2.13), unless another is already chosen", async () => {
    const printers = () => MODEL_PRINTERS.map((p, i) => ({ ...p, preferred: i === 1 }))
    const s = start({ printers: async () => printers() })
    await flush()
    expect(s.view().printer?.key).toBe(MODEL_PRINTERS[1].key)
    s.send({ type: 'SET_PRINTER', printer: MODEL_PRINTERS[0].key })
    s.send({ type: 'RELOAD_PRINTERS' })
    await flush()
    expect(s.view().printer?.key).toBe(MODEL_PRINTERS[0].key)
  })

  it('falls back to Zebra-01 and Zebra-02 when the printers call fails (SPEC 7, 9), and can try again', async () => {
    let fail = true
    const s = start({ printers: async () => (fail ? Promise.reject(new Error('503')) : MODEL_PRINTERS) })
    await flush()
    expect(s.actor.getSnapshot().context.printers.map((p) => p.name)).toEqual(['Zebra-01', 'Zebra-02'])
    expect(s.view()).toMatchObject({ printersFallback: true, printer: FALLBACK_PRINTERS[0] })
    // a fallback printer is sent by name
    s.send({ type: 'SET_PRINTER', printer: 'Zebra-02' })
    s.send({ type: 'SET_ID', id: '7' })
    s.send({ type: 'PRINT' })
    await flush()
    expect(s.prints).toEqual([{ kind: 'location', id: '7', copies: 1, printer: 'Zebra-02' }])
    fail = false
    s.send({ type: 'RELOAD_PRINTERS' })
    await flush()
    expect(s.view()).toMatchObject({ printersFallback: false })
    expect(s.view().printer?.key).toBe('1')
  })

  it('prints once per press with the form as it was, then says it was queued (SPEC 8)', async () => {
    let release: () => void = () => {}
    const s = start({ print: () => new Promise<void>((r) => (release = r)).then(() => ({ id: 5 })) })
    await flush()
    s.send({ type: 'SET_KIND', kind: 'pallet' })
    s.send({ type: 'SET_ID', id: 'PAL-0001' })
    s.send({ type: 'SET_COPIES', copies: 3 })
    s.send({ type: 'PRINT' })
    s.send({ type: 'PRINT' })
    expect(s.view()).toMatchObject({ printing: true, canPrint: false })
    s.send({ type: 'SET_ID', id: 'PAL-0002' })
    release()
    await flush()
    expect(s.prints).toEqual([{ kind: 'pallet', id: 'PAL-0001', copies: 3, printer: 1 }])
    expect(s.actor.getSnapshot().matches({ form: 'editing' })).toBe(true)
    expect(s.actor.getSnapshot().context.outcome).toEqual({ ok: true, message: { id: 'labelPrint.queued' } })
    expect(s.emitted).toEqual([
      { type: 'printed', job: { id: 5 } },
      { type: 'notice', outcome: { ok: true, message: { id: 'labelPrint.queued' } } },
    ])
  })

  it.each([
    ['the server detail', { status: 404, data: { detail: 'No such location.' }, message: 'No such location.' }, { id: 'labelPrint.failedWith', values: { text: 'No such location.' } }],
    ['a field error when there is no detail', { status: 400, data: { printer: ['Invalid pk "9" - object does not exist.'] }, message: '400 Bad Request' }, { id: 'labelPrint.failedWith', values: { text: 'printer: Invalid pk "9" - object does not exist.' } }],
    ['the message', new Error('No response from the server'), { id: 'labelPrint.failedWith', values: { text: 'No response from the server' } }],
    ['the fixed text', new Error(''), { id: 'labelPrint.failed' }],
    ['the fixed text for nothing at all', undefined, { id: 'labelPrint.failed' }],
  ])('a failed print says %s (SPEC 8)', async (_what, error, message) => {
    expect(printFailureMessage(error)).toEqual(message)
    const s = start({ print: async () => Promise.reject(error) })
    await flush()
    s.send({ type: 'SET_ID', id: '7' })
    s.send({ type: 'PRINT' })
    await flush()
    expect(s.actor.getSnapshot().matches({ form: 'editing' })).toBe(true)
    expect(s.actor.getSnapshot().context.outcome).toEqual({ ok: false, message })
    expect(s.emitted).toEqual([{ type: 'notice', outcome: { ok: false, message } }])
    expect(s.view().canPrint).toBe(true)
  })
})
