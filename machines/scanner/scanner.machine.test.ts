/**
 * Scanner machine (ADR 0006): model-based coverage of every state and transition, and the timing
 * rules with fake timers: bursts at 5, 10 and 25 ms per key are one scan, also with one key stalled
 * 60 to 149 ms anywhere in them; keys held back before a burst, even several of them, belong to it (SPEC 11.1:
 * a read is never its tail alone); a burst cut off by a gap of 150 ms or more makes the next one an incomplete read;
 * typing at 80 to 200 ms per key is never a burst, yet Enter submits the field; Tab and Enter both end a code; the
 * minimum length; the history cap at 50; offline reads wait for the network.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import { scannerMachine, type ScanRead, type ScannerEvent } from './scanner.machine'
import { scannerModel, scannerModelInput, scannerReplayed } from './scanner.model'

type Scanner = ReturnType<typeof start>

function start(opts: { lookup?: (code: string) => Promise<unknown>; history?: ScanRead[]; camera?: Parameters<typeof fromCallback<ScannerEvent>>[0] } = {}) {
  const persisted: ScanRead[][] = []
  let buzz = 0
  let refusals = 0
  const actor = createActor(
    scannerMachine.provide({
      actors: {
        lookup: fromPromise(async ({ input }: { input: { code: string } }) => (opts.lookup ?? (async (c) => ({ found: c })))(input.code)),
        ...(opts.camera ? { camera: fromCallback<ScannerEvent>(opts.camera) } : {}),
      },
      actions: {
        persistHistory: (_a, params: { history: ScanRead[] }) => {
          persisted.push(params.history)
        },
        vibrate: () => {
          buzz++
        },
        refused: () => {
          refusals++
        },
      },
    }),
    { input: { history: opts.history } },
  ).start()
  return { actor, persisted, buzzes: () => buzz, refusals: () => refusals }
}

/** Type `text` one key every `delay` ms (fake clock), then optionally Enter or Tab. */
async function type(s: Scanner, text: string, delay: number, end?: 'Enter' | 'Tab', fieldValue?: string) {
  for (const key of text) {
    s.actor.send({ type: 'KEY', key, at: Date.now() })
    await vi.advanceTimersByTimeAsync(delay)
  }
  if (end) s.actor.send({ type: 'END', key: end, at: Date.now(), fieldValue })
  await vi.advanceTimersByTimeAsync(0)
}
const reads = (s: Scanner) => s.actor.getSnapshot().context.history

/** Type `text` with its own gap before each key after the first (fake clock), then Enter or Tab. */
async function typeWithGaps(s: Scanner, text: string, gaps: (i: number) => number, end?: 'Enter' | 'Tab', fieldValue?: string) {
  for (const [i, key] of [...text].entries()) {
    if (i > 0) await vi.advanceTimersByTimeAsync(gaps(i))
    s.actor.send({ type: 'KEY', key, at: Date.now() })
  }
  await vi.advanceTimersByTimeAsync(5)
  if (end) s.actor.send({ type: 'END', key: end, at: Date.now(), fieldValue })
  await vi.advanceTimersByTimeAsync(0)
}

describe('scanner timing', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'))
  })
  afterEach(() => vi.useRealTimers())

  it.each([5, 10, 25])('a burst at %i ms per key is one scan', async (delay) => {
    const s = start()
    await type(s, '7891234000019', delay, 'Enter')
    expect(reads(s)).toHaveLength(1)
    expect(reads(s)[0]).toMatchObject({ code: '7891234000019', source: 'burst', status: 'done', result: { found: '7891234000019' } })
    expect(s.buzzes()).toBe(1)
  })

  it.each([80, 120, 200])('typing at %i ms per key is never a burst, yet Enter submits the field', async (delay) => {
    const s = start()
    await type(s, 'P000123', delay)
    expect(s.actor.getSnapshot().context.burst).toBe(false)
    s.actor.send({ type: 'END', key: 'Enter', at: Date.now(), fieldValue: 'P000123' })
    await vi.advanceTimersByTimeAsync(0)
    expect(reads(s).map((r) => [r.code, r.source])).toEqual([['P000123', 'typed']])
  })

  // a busy CPU or a Bluetooth radio holds back one key of the burst: still one scan, not the tail read alone
  it.each([60, 90, 120, 149])('a burst at 5 ms a key with one %i ms stall in the middle is one scan', async (stall) => {
    const s = start()
    const code = '7891234000019'
    await typeWithGaps(s, code, (i) => (i === 6 ? stall : 5), 'Enter')
    expect(reads(s).map((r) => [r.code, r.source])).toEqual([[code, 'burst']])
    expect(s.buzzes()).toBe(1)
  })

  it('the stall may come anywhere in the burst: after its first key, or as the last key before Enter or Tab', async () => {
    const s = start()
    await typeWithGaps(s, 'A01-02-03', (i) => (i === 1 ? 100 : 5), 'Tab')
    await typeWithGaps(s, 'LOT-77', (i) => (i === 5 ? 100 : 5), 'Enter')
    expect(reads(s).map((r) => r.code)).toEqual(['LOT-77', 'A01-02-03'])
  })

  it('two late keys in one code: the keys before the second stay in the read, never dropped', async () => {
    const s = start()
    await typeWithGaps(s, 'ABCDEFGHIJKL', (i) => (i === 5 || i === 8 ? 100 : 5), 'Enter')
    expect(reads(s).map((r) => r.code)).toEqual(['ABCDEFGHIJKL'])
  })

  // SPEC 11.1: right after /m/scan loaded, a burst's first keys came 88, 68 and 38 ms apart, then 5 ms; the tail
  // "912340000068854" was looked up as if whole
  it('a burst whose first keys come late (88, 68, 38 ms, then 5 ms) is read whole', async () => {
    const s = start()
    const gaps = [0, 88, 68, 38]
    await typeWithGaps(s, '078912340000068854', (i) => gaps[i] ?? 5, 'Enter')
    expect(reads(s).map((r) => [r.code, r.source])).toEqual([['078912340000068854', 'burst']])
    expect(s.actor.getSnapshot().context.notice).toBeNull()
  })

  it('a burst cut off by a gap of 150 ms or more is not read as two codes: the second part is flagged incomplete and not looked up', async () => {
    const lookups: string[] = []
    const s = start({ lookup: async (c) => (lookups.push(c), { found: c }) })
    await typeWithGaps(s, 'MNOPQRST', (i) => (i === 4 ? 150 : 5), 'Enter')
    expect(reads(s)).toEqual([])
    expect(lookups).toEqual([])
    expect(s.actor.getSnapshot().context.notice).toEqual({ id: 'scanner.incomplete' })
    // refused with the error sound and vibration, not dropped in silence
    expect(s.refusals()).toBe(1)
    // scanned again: read whole, and the notice goes
    await vi.advanceTimersByTimeAsync(400)
    await type(s, 'MNOPQRST', 5, 'Enter')
    expect(reads(s).map((r) => r.code)).toEqual(['MNOPQRST'])
    expect(s.actor.getSnapshot().context.notice).toBeNull()
  })

  it('a burst more than 3 s after another one was cut off is a new code, read as usual', async () => {
    const s = start()
    await type(s, 'MNOP', 5)
    await vi.advanceTimersByTimeAsync(3200)
    await type(s, 'QRSTUV', 5, 'Enter')
    expect(reads(s).map((r) => r.code)).toEqual(['QRSTUV'])
  })

  // a person's keys '123' 100 ms apart, then a scanner's burst 100 ms after the last of them
  const afterPerson = (stallBefore: number) => (i: number) => (i <= 3 ? 100 : i === stallBefore ? 60 : 5)

  // keys less than 150 ms before a burst cannot be told from a scanner's held-back first keys: they belong to the read
  // (SPEC 11.1: a read is never silently cut short; a person's keys in front of a code make a code that is not found)
  it("keys typed less than 150 ms before a burst belong to it, with or without a stall inside the burst", async () => {
    const s = start()
    // '123' typed, then the scanner's ABCDEFG with E late
    await typeWithGaps(s, '123ABCDEFG', afterPerson(7), 'Enter')
    // C late
    await vi.advanceTimersByTimeAsync(2000)
    await typeWithGaps(s, '123ABCDEFG', afterPerson(5), 'Enter')
    expect(reads(s).map((r) => [r.code, r.source])).toEqual([
      ['123ABCDEFG', 'burst'],
      ['123ABCDEFG', 'burst'],
    ])
  })

  // SPEC 11.1 in the collector e2e: "(00)106" came slowly after a click, then a stall of 150 ms or more, and the tail
  // "141412345678901(10)LOT-9(17)271231" was read as if whole
  it('keys cut off 150 ms or more before a burst make it an incomplete read; scanned again, it is read', async () => {
    const lookups: string[] = []
    const s = start({ lookup: async (c) => (lookups.push(c), { found: c }) })
    await typeWithGaps(s, '(00)106141412345678901', (i) => (i < 7 ? 60 : i === 7 ? 200 : 5), 'Enter')
    expect(reads(s)).toEqual([])
    expect(s.actor.getSnapshot().context.notice).toEqual({ id: 'scanner.incomplete' })
    await vi.advanceTimersByTimeAsync(300)
    await type(s, '(00)106141412345678901', 5, 'Enter')
    expect(reads(s).map((r) => r.code)).toEqual(['(00)106141412345678901'])
    expect(lookups).toEqual(['(00)106141412345678901'])
  })

  it('keys typed long before a burst (3 s or more) do not hold it back', async () => {
    const s = start()
    await type(s, '12', 100)
    await vi.advanceTimersByTimeAsync(3500)
    await type(s, 'ABCDEFG', 5, 'Enter')
    expect(reads(s).map((r) => r.code)).toEqual(['ABCDEFG'])
  })

  it('after the stall only fast keys belong to the burst: a slow key is a person, and Enter submits the field', async () => {
    const s = start()
    await typeWithGaps(s, 'ABCDEFGH', (i) => (i === 5 ? 100 : i > 5 ? 120 : 5), 'Enter', 'P000123')
    expect(reads(s).map((r) => [r.code, r.source])).toEqual([['P000123', 'typed']])
  })

  it('a person who rolls two keys, waits 100 ms and rolls two more is still typing: Enter submits the field', async () => {
    const s = start()
    await typeWithGaps(s, 'ABCD', (i) => (i === 2 ? 100 : 10), 'Enter', 'xyABCD')
    expect(s.actor.getSnapshot().context.notice).toBeNull()
    expect(reads(s).map((r) => [r.code, r.source])).toEqual([['xyABCD', 'typed']])
  })

  it('typing at uneven 80 to 200 ms a key is never a burst, not even a stalled one', async () => {
    const s = start()
    // a fixed, uneven rhythm over the whole range
    const rhythm = [80, 200, 95, 150, 81, 130, 199, 110, 85, 175, 120, 90]
    const text = 'P000123-LOT-77-A01'
    for (const [i, key] of [...text].entries()) {
      if (i > 0) await vi.advanceTimersByTimeAsync(rhythm[i % rhythm.length])
      s.actor.send({ type: 'KEY', key, at: Date.now() })
      expect(s.actor.getSnapshot().context.burst).toBe(false)
      expect(s.actor.getSnapshot().context.fastKeys).toBe(0)
    }
    await vi.advanceTimersByTimeAsync(90)
    s.actor.send({ type: 'END', key: 'Enter', at: Date.now(), fieldValue: text })
    await vi.advanceTimersByTimeAsync(0)
    expect(reads(s).map((r) => [r.code, r.source])).toEqual([[text, 'typed']])
  })

  it('typing slowly with focus outside the scan field makes no read and no complaint', async () => {
    const s = start()
    await type(s, 'ABCDEF', 150, 'Enter')
    // Enter on a button, with nothing typed before it
    s.actor.send({ type: 'END', key: 'Enter', at: Date.now() })
    expect(reads(s)).toEqual([])
    expect(s.actor.getSnapshot().context.notice).toBeNull()
  })

  it('a short burst, or Enter in the scan field with too little text, says the code is too short', async () => {
    const s = start()
    await type(s, 'AB', 5, 'Enter')
    expect(s.actor.getSnapshot().context.notice).toEqual({ id: 'scanner.tooShort' })
    await type(s, 'ABC', 5, 'Enter')
    expect(s.actor.getSnapshot().context.notice).toBeNull()
    s.actor.send({ type: 'END', key: 'Enter', at: Date.now(), fieldValue: ' X ' })
    expect(s.actor.getSnapshot().context.notice).toEqual({ id: 'scanner.tooShort' })
    await type(s, 'Z', 150, 'Enter', 'Z')
    expect(s.actor.getSnapshot().context.notice).toEqual({ id: 'scanner.tooShort' })
    expect(reads(s).map((r) => r.code)).toEqual(['ABC'])
  })

  it('Tab ends a code like Enter', async () => {
    const s = start()
    await type(s, 'A01-02-03', 5, 'Tab')
    await type(s, 'LOT-77', 5, 'Enter')
    expect(reads(s).map((r) => r.code)).toEqual(['LOT-77', 'A01-02-03'])
  })

  it('a burst wins over the text already in the focused field', async () => {
    const s = start()
    await type(s, '00106141412345678908', 5, 'Enter', 'xx00106141412345678908')
    expect(reads(s)[0]).toMatchObject({ code: '00106141412345678908', source: 'burst' })
  })

  it('ignores codes under 3 characters', async () => {
    const s = start()
    await type(s, 'AB', 5, 'Enter')
    await type(s, 'A', 150, 'Enter', 'AB')
    s.actor.send({ type: 'SUBMIT', code: ' X ' })
    expect(reads(s)).toEqual([])
    await type(s, 'ABC', 5, 'Enter')
    expect(reads(s)).toHaveLength(1)
  })

  it('keeps the last 50 reads, newest first, and persists them', async () => {
    const s = start()
    for (let i = 1; i <= 55; i++) await type(s, `CODE${i}`, 5, 'Enter')
    expect(reads(s)).toHaveLength(50)
    expect(reads(s)[0].code).toBe('CODE55')
    expect(reads(s)[49].code).toBe('CODE6')
    expect(s.persisted.at(-1)).toHaveLength(50)
  })

  it('a failed lookup says so; an offline read waits for the network', async () => {
    let online = false
    const s = start({
      lookup: async (code) => {
        if (code === 'BAD') throw { status: 500 }
        if (!online) throw { status: 0, kind: 'network' }
        return { ok: code }
      },
    })
    await type(s, 'BAD', 5, 'Enter')
    expect(reads(s)[0]).toMatchObject({ status: 'failed', error: { id: 'scanner.lookupFailed' } })
    await type(s, 'PAL-1', 5, 'Enter')
    expect(reads(s)[0]).toMatchObject({ code: 'PAL-1', status: 'offline' })
    online = true
    s.actor.send({ type: 'ONLINE' })
    await vi.advanceTimersByTimeAsync(0)
    expect(reads(s)[0]).toMatchObject({ code: 'PAL-1', status: 'done', result: { ok: 'PAL-1' } })
  })

  it('an answer goes to the read it was asked for, even when newer reads pushed that one out', async () => {
    let release: (v: unknown) => void = () => {}
    const actor = createActor(
      scannerMachine.provide({
        actors: { lookup: fromPromise(({ input }: { input: { code: string } }) => new Promise((resolve) => (release = () => resolve({ found: input.code })))) },
      }),
      { input: { historyCap: 1 } },
    ).start()
    actor.send({ type: 'SUBMIT', code: 'FIRST' })
    actor.send({ type: 'SUBMIT', code: 'SECOND' })
    release(undefined)
    await vi.advanceTimersByTimeAsync(0)
    // FIRST's answer is dropped; SECOND is looked up on its own
    expect(actor.getSnapshot().context.history).toMatchObject([{ code: 'SECOND', status: 'pending' }])
    release(undefined)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.history).toMatchObject([{ code: 'SECOND', status: 'done', result: { found: 'SECOND' } }])
  })

  it('looks up reads restored as pending after a reload', async () => {
    const s = start({ history: [{ id: 4, code: 'RESTORED', source: 'burst', at: 1, status: 'pending' }] })
    await vi.advanceTimersByTimeAsync(0)
    expect(reads(s)[0]).toMatchObject({ code: 'RESTORED', status: 'done' })
    await type(s, 'NEXT1', 5, 'Enter')
    expect(reads(s)[0].id).toBe(5)
  })

  it('camera: decodes once per code, fails with its message, stops on close', async () => {
    let stopped = 0
    let emit: (e: ScannerEvent) => void = () => {}
    const s = start({
      camera: ({ sendBack }) => {
        emit = sendBack
        return () => {
          stopped++
        }
      },
    })
    s.actor.send({ type: 'OPEN_CAMERA' })
    emit({ type: 'CAMERA.DECODED', code: '4006381333931' })
    emit({ type: 'CAMERA.DECODED', code: '4006381333931' })
    await vi.advanceTimersByTimeAsync(0)
    expect(reads(s).map((r) => [r.code, r.source])).toEqual([['4006381333931', 'camera']])
    s.actor.send({ type: 'CLOSE_CAMERA' })
    expect(stopped).toBe(1)
    s.actor.send({ type: 'OPEN_CAMERA' })
    emit({ type: 'CAMERA.FAILED', reason: 'NotAllowedError' })
    expect(s.actor.getSnapshot().context.cameraError).toEqual({ id: 'scanner.cameraFailed' })
    expect(stopped).toBe(2)
  })
})

// ---- model-based coverage (the model: scanner.model.ts) ------------------------------------
const { abstract } = scannerModel
const paths = modelPaths(scannerMachine, scannerModel)

async function replay(path: ModelPath) {
  const pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = []
  let emit: (e: ScannerEvent) => void = () => {}
  const actor = createActor(
    scannerMachine.provide({
      actors: {
        lookup: fromPromise(() => new Promise((resolve, reject) => pending.push({ resolve, reject }))),
        camera: fromCallback<ScannerEvent>(({ sendBack }) => {
          emit = sendBack
        }),
      },
    }),
    { input: scannerModelInput },
  ).start()
  for (const [i, step] of path.steps.entries()) {
    if (i > 0) {
      const event = step.event as ScannerEvent & { output?: unknown; error?: unknown }
      const settle = /^xstate\.(done|error)\.actor\.lookup$/.exec(event.type)
      if (settle) {
        const p = pending.shift()!
        if (settle[1] === 'done') p.resolve(event.output)
        else p.reject(event.error)
        await new Promise((r) => setTimeout(r, 0))
      } else if (event.type.startsWith('CAMERA.')) emit(event)
      else actor.send(event)
    }
    expect(abstract(actor.getSnapshot()), `step ${i}: ${step.event.type}`).toEqual(abstract(step.state))
  }
  actor.stop()
}

describe('scanner machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(scannerMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
  })
  // replay a sample spread over the paths (all of them would be thousands of tests)
  const sample = scannerReplayed(paths)
  it.each(sample.map((p) => [p.steps.slice(1).map((s) => s.event.type.replace(/xstate\.|actor\./g, '')).join(' → '), p] as const))('%s', async (_n, p) => replay(p))
})
