import { and, assertEvent, assign, enqueueActions, fromCallback, fromPromise, raise, setup } from 'xstate'

/**
 * The handheld's scanner (SPEC 2.16, 4, 5, 8, 9; ADR 0006), framework-free.
 *
 * Keyboard wedge: an Android scanner "types" a code in a burst and ends it with Enter or Tab.
 * Keystrokes less than 30 ms apart form one scan (SPEC 4); a person cannot type that fast, so a
 * slower key starts over. When Enter or Tab ends a burst of at least 3 characters, that is the
 * scan wherever focus is; otherwise the focused field's text (a person typing slowly, then Enter)
 * is the scan, if it has at least 3 characters (SPEC 5).
 *
 * A stall inside a burst: a busy CPU, or a Bluetooth scanner's radio, can hold back one key of a
 * burst anywhere in it, and the burst would split (the tail read alone: a wrong code). So a run of
 * keys may have one key up to `stallMs` late (150 ms): it is one scanner's burst when Enter or Tab
 * ends it (a wedge always sends its suffix) and at least `stallFastKeys` of its keys (3) came fast,
 * less than 30 ms after the one before: four keys in a row a person never types that fast. The late
 * key is taken when the run started after a quiet moment (no key for `stallMs`: a scanner's burst
 * begins so), or once the run already has those fast keys. A second late key starts a new run, but
 * the keys before it are kept (`carry`): keys less than `stallMs` apart are one chain, and when a
 * burst ends that chain with Enter or Tab the whole chain is the read, never its tail alone (issue
 * 17: a page still busy after loading held back a code's first three keys by 88, 68 and 38 ms, and
 * the tail was looked up as if whole). Keys typed just before a burst thus belong to it.
 * A longer gap (`stallMs` or more) starts over with nothing carried; the keys it cut off had no
 * Enter or Tab (which a wedge always sends), so a burst that ends within `incompleteMs` of them is
 * flagged as an incomplete read and not looked up: the user scans again (the notice clears the
 * keys, so the second scan is read). Typing at 80-200 ms a key has no fast keys: it is never a burst, and Enter submits the
 * scan field's text.
 *
 * Timing comes from the keys' own time stamps (`at`), not from timers: under load, events and
 * timers queue up together, but a key's time stamp still says when it was pressed. Why this rule
 * and not a wider limit: docs/decisions/0006-scanner-stall-tolerance.md.
 *
 * Each read goes to the history (the last 50, newest first; SPEC 9) and is looked up in order;
 * a read made offline waits and is looked up when the network returns (SPEC 2.16).
 *
 * Camera mode: the camera actor (the app loads @zxing/browser only then) reports decoded codes.
 *
 * Regions run in parallel: keyboard (idle / collecting: keyed, burst, stalled), lookup (idle / looking), camera (off / active / failed).
 */

export type ScannerMessage = { id: string; values?: Record<string, string | number> }
export type ScanSource = 'burst' | 'typed' | 'camera'
export type ReadStatus = 'pending' | 'done' | 'failed' | 'offline'

export interface ScanRead {
  id: number
  code: string
  source: ScanSource
  /** epoch ms */
  at: number
  status: ReadStatus
  result?: unknown
  error?: ScannerMessage
}

export interface ScannerInput {
  history?: ScanRead[]
  interKeyMs?: number
  /** one key of a burst may come this late (ms), once */
  stallMs?: number
  /** how many fast keys (< interKeyMs after the one before) make a run with a late key a scanner's burst */
  stallFastKeys?: number
  /** a burst ending this soon (ms) after another burst was cut off by a long gap is an incomplete read */
  incompleteMs?: number
  minLength?: number
  historyCap?: number
  /** a camera decoding the same code again within this window is one read */
  cameraRepeatMs?: number
  now?: () => number
}

export interface ScannerContext {
  buffer: string
  /** the buffer is a scanner's burst if Enter or Tab comes now: every key fast, or one late with enough fast ones */
  burst: boolean
  /** keys of the buffer that came less than interKeyMs after the one before */
  fastKeys: number
  /** the buffer's first key came after a quiet moment (no key for stallMs), as a scanner's burst begins */
  fresh: boolean
  /** keys of the runs before this one in the same chain (each less than stallMs after the one before) */
  carry: string
  /** when keys without Enter or Tab were cut off by a gap of stallMs or more (the last of them) */
  cutBurstAt: number | null
  incompleteMs: number
  lastKeyAt: number | null
  interKeyMs: number
  stallMs: number
  stallFastKeys: number
  minLength: number
  historyCap: number
  cameraRepeatMs: number
  history: ScanRead[]
  nextId: number
  /** why the last scan attempt (a short burst, Enter in the scan field) did not make a read */
  notice: ScannerMessage | null
  cameraError: ScannerMessage | null
  /** the read being looked up (its answer goes to it, even if newer reads came meanwhile) */
  lookingId: number | null
  lastCamera: { code: string; at: number } | null
  now: () => number
}

export type ScannerEvent =
  /** a printable key; `at` is the event's time in ms (KeyboardEvent.timeStamp or Date.now()) */
  | { type: 'KEY'; key: string; at: number }
  /** Enter or Tab; `fieldValue` is the scan field's text when focus is in it (absent elsewhere) */
  | { type: 'END'; key: 'Enter' | 'Tab'; at: number; fieldValue?: string }
  /** a code submitted directly (a search button, a typed field) */
  | { type: 'SUBMIT'; code: string; source?: ScanSource }
  | { type: 'ONLINE' }
  | { type: 'RETRY'; id: number }
  | { type: 'CLEAR_HISTORY' }
  | { type: 'OPEN_CAMERA' }
  | { type: 'CLOSE_CAMERA' }
  | { type: 'CAMERA.DECODED'; code: string }
  | { type: 'CAMERA.FAILED'; reason?: string }

type InternalEvent = { type: 'READ'; code: string; source: ScanSource }

export const MESSAGES = {
  lookupFailed: { id: 'scanner.lookupFailed' }, // 'Falha ao consultar API'
  cameraFailed: { id: 'scanner.cameraFailed' }, // 'Falha ao iniciar câmera'
  tooShort: { id: 'scanner.tooShort' },
  incomplete: { id: 'scanner.incomplete' },
} as const

/** A failed lookup that is the network's fault (no response at all) waits for the network. */
export function isOfflineError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const e = error as { status?: number; kind?: string; offline?: boolean }
  return e.offline === true || e.kind === 'network' || e.status === 0
}

const nextPending = (c: ScannerContext) => [...c.history].reverse().find((r) => r.status === 'pending')

export const scannerMachine = setup({
  types: {
    context: {} as ScannerContext,
    events: {} as ScannerEvent | InternalEvent,
    input: {} as ScannerInput,
  },
  actors: {
    lookup: fromPromise<unknown, { code: string }>(async () => {
      throw new Error('lookup not provided')
    }),
    camera: fromCallback<ScannerEvent>(({ sendBack }) => {
      sendBack({ type: 'CAMERA.FAILED', reason: 'camera not provided' })
    }),
  },
  actions: {
    // supplied by the app: keep the history across reloads, buzz on a read
    persistHistory: (_args, _params: { history: ScanRead[] }) => {},
    vibrate: () => {},
    /** a scan attempt refused on the spot (too short): the app's error feedback */
    refused: () => {},
    /** a lookup answered (the app may signal a miss); `result` is the lookup's output */
    answered: (_args, _params: { result: unknown }) => {},
    /** a lookup failed with the server's or the client's fault (not the network's) */
    lookupFailed: (_args, _params: { offline: boolean }) => {},
    /** a key that starts a run (the first, or one too late to belong to the keys before it) */
    startRun: assign(({ context, event }) => {
      assertEvent(event, 'KEY')
      const fresh = context.lastKeyAt === null || event.at - context.lastKeyAt >= context.stallMs
      // close to the keys before: they stay in the chain; after a quiet moment nothing is carried, but keys cut off
      // there without Enter or Tab are remembered: they may be a code's first keys held back (a page busy after loading
      // sent "(00)106" slowly, then stalled), so a burst ending soon after is not taken for a whole code
      const cut = fresh && context.lastKeyAt !== null && context.carry.length + context.buffer.length > 0
      return {
        buffer: event.key,
        burst: false,
        fastKeys: 0,
        fresh,
        carry: fresh ? '' : context.carry + context.buffer,
        cutBurstAt: cut ? context.lastKeyAt : fresh ? null : context.cutBurstAt,
        lastKeyAt: event.at,
      }
    }),
    appendFastKey: assign(({ context, event }) => {
      assertEvent(event, 'KEY')
      return { buffer: context.buffer + event.key, burst: true, fastKeys: context.fastKeys + 1, lastKeyAt: event.at }
    }),
    /** the run's one late key, or a fast key after it: a burst once the run has its fast keys */
    appendStalledKey: assign(({ context, event }) => {
      assertEvent(event, 'KEY')
      const fastKeys = context.fastKeys + (event.at - context.lastKeyAt! < context.interKeyMs ? 1 : 0)
      return { buffer: context.buffer + event.key, burst: fastKeys >= context.stallFastKeys, fastKeys, lastKeyAt: event.at }
    }),
    clearKeys: assign({ buffer: '', burst: false, fastKeys: 0, fresh: false, carry: '', cutBurstAt: null, lastKeyAt: null }),
  },
  guards: {
    fastKey: ({ context, event }) => {
      assertEvent(event, 'KEY')
      return context.lastKeyAt !== null && event.at - context.lastKeyAt < context.interKeyMs
    },
    /** a late key the run can take as its one stall: the run began as a burst does, or already is one a person cannot type */
    stallTolerated: ({ context, event }) => {
      assertEvent(event, 'KEY')
      return context.lastKeyAt !== null && event.at - context.lastKeyAt < context.stallMs && (context.fresh || context.fastKeys >= context.stallFastKeys)
    },
    burstComplete: ({ context }) => context.burst && context.carry.length + context.buffer.length >= context.minLength,
    /** the burst may be the tail of one cut off by a long gap moments ago: not a whole code */
    burstIncomplete: ({ context, event }) => {
      assertEvent(event, 'END')
      return context.cutBurstAt !== null && event.at - context.cutBurstAt < context.incompleteMs
    },
    typedComplete: ({ context, event }) => {
      assertEvent(event, 'END')
      return (event.fieldValue ?? '').trim().length >= context.minLength
    },
    /** the focused field is the scan field (the app passes its text only then) */
    inScanField: ({ event }) => {
      assertEvent(event, 'END')
      return event.fieldValue !== undefined
    },
    /** a burst too short, or Enter in the scan field with too little text: worth telling the user */
    scanAttempt: ({ context, event }) => {
      assertEvent(event, 'END')
      return context.burst || event.fieldValue !== undefined
    },
    submitLongEnough: ({ context, event }) => {
      assertEvent(event, 'SUBMIT')
      return event.code.trim().length >= context.minLength
    },
    hasPending: ({ context }) => nextPending(context) !== undefined,
    newCameraCode: ({ context, event }) => {
      assertEvent(event, 'CAMERA.DECODED')
      const last = context.lastCamera
      return !last || last.code !== event.code || context.now() - last.at > context.cameraRepeatMs
    },
  },
}).createMachine({
  id: 'scanner',
  type: 'parallel',
  context: ({ input }) => ({
    buffer: '',
    burst: false,
    fastKeys: 0,
    fresh: false,
    carry: '',
    cutBurstAt: null,
    incompleteMs: input.incompleteMs ?? 3000,
    lastKeyAt: null,
    interKeyMs: input.interKeyMs ?? 30,
    stallMs: input.stallMs ?? 150,
    stallFastKeys: input.stallFastKeys ?? 3,
    minLength: input.minLength ?? 3,
    historyCap: input.historyCap ?? 50,
    cameraRepeatMs: input.cameraRepeatMs ?? 1500,
    // reads interrupted by a reload are looked up again
    history: (input.history ?? []).slice(0, input.historyCap ?? 50),
    nextId: Math.max(0, ...(input.history ?? []).map((r) => r.id)) + 1,
    notice: null,
    cameraError: null,
    lookingId: null,
    lastCamera: null,
    now: input.now ?? Date.now,
  }),
  on: {
    // a new read: newest first, capped; persisted; looked up by the lookup region
    READ: {
      actions: [
        assign(({ context, event }) => {
          assertEvent(event, 'READ')
          const read: ScanRead = { id: context.nextId, code: event.code, source: event.source, at: context.now(), status: 'pending' }
          return { history: [read, ...context.history].slice(0, context.historyCap), nextId: context.nextId + 1, notice: null }
        }),
        'vibrate',
        { type: 'persistHistory', params: ({ context }) => ({ history: context.history }) },
      ],
    },
    SUBMIT: {
      guard: 'submitLongEnough',
      actions: raise(({ event }) => ({ type: 'READ' as const, code: event.code.trim(), source: event.source ?? 'typed' })),
    },
    CLEAR_HISTORY: {
      actions: [assign({ history: [] }), { type: 'persistHistory', params: () => ({ history: [] }) }],
    },
  },
  states: {
    keyboard: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            KEY: { target: 'collecting', actions: 'startRun' },
            END: [
              { guard: 'typedComplete', actions: raise(({ event }) => ({ type: 'READ' as const, code: (event.fieldValue ?? '').trim(), source: 'typed' as const })) },
              { guard: 'inScanField', actions: [assign({ notice: MESSAGES.tooShort }), 'refused'] },
              // Enter or Tab outside the scan field with no burst before it (a button, a link): not a scan
            ],
          },
        },
        collecting: {
          initial: 'keyed',
          states: {
            // a run's first key: the first, or one too late for the keys before it (a person typing)
            keyed: {
              on: {
                KEY: [
                  { guard: 'fastKey', target: 'burst', actions: 'appendFastKey' },
                  { guard: 'stallTolerated', target: 'stalled', actions: 'appendStalledKey' },
                  // too slow for a scanner: a person typing; start over from this key
                  { actions: 'startRun' },
                ],
              },
            },
            // every key less than interKeyMs after the one before
            burst: {
              on: {
                KEY: [
                  { guard: 'fastKey', actions: 'appendFastKey' },
                  { guard: 'stallTolerated', target: 'stalled', actions: 'appendStalledKey' },
                  { target: 'keyed', actions: 'startRun' },
                ],
              },
            },
            // the run has had its one late key: only fast keys may follow, and it is a burst once it has its fast keys
            stalled: {
              on: {
                KEY: [
                  { guard: 'fastKey', actions: 'appendStalledKey' },
                  // a second late key: not one stalled code; start over from this key
                  { target: 'keyed', actions: 'startRun' },
                ],
              },
            },
          },
          on: {
            END: [
              {
                guard: and(['burstComplete', 'burstIncomplete']),
                target: 'idle',
                // refused as any read the screen cannot use: the notice, and the error sound and vibration
                actions: ['clearKeys', assign({ notice: MESSAGES.incomplete }), 'refused'],
              },
              {
                guard: 'burstComplete',
                target: 'idle',
                actions: enqueueActions(({ context, enqueue }) => {
                  // the whole chain: keys held back before the burst belong to it (SPEC 11.1)
                  enqueue.raise({ type: 'READ', code: context.carry + context.buffer, source: 'burst' })
                  enqueue('clearKeys')
                }),
              },
              {
                guard: 'typedComplete',
                target: 'idle',
                actions: enqueueActions(({ event, enqueue }) => {
                  enqueue.raise({ type: 'READ', code: (event as { fieldValue?: string }).fieldValue!.trim(), source: 'typed' })
                  enqueue('clearKeys')
                }),
              },
              { guard: 'scanAttempt', target: 'idle', actions: ['clearKeys', assign({ notice: MESSAGES.tooShort }), 'refused'] },
              // keys typed slowly outside the scan field, then Enter or Tab: a person using the screen, not a scan
              { target: 'idle', actions: 'clearKeys' },
            ],
          },
        },
      },
    },
    lookup: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasPending', target: 'looking' },
          on: {
            ONLINE: {
              actions: assign({ history: ({ context }) => context.history.map((r) => (r.status === 'offline' ? { ...r, status: 'pending' as const } : r)) }),
            },
            RETRY: {
              actions: assign({
                history: ({ context, event }) => context.history.map((r) => (r.id === event.id && r.status !== 'pending' ? { ...r, status: 'pending' as const, error: undefined } : r)),
              }),
            },
          },
        },
        looking: {
          // (not cleared on exit: exit actions run before onDone's, which still need it)
          entry: assign({ lookingId: ({ context }) => nextPending(context)!.id }),
          invoke: {
            id: 'lookup',
            src: 'lookup',
            input: ({ context }) => ({ code: nextPending(context)!.code }),
            onDone: {
              target: 'idle',
              actions: [
                assign({
                  // a read pushed out of the history meanwhile (a small cap) just loses its answer
                  history: ({ context, event }) =>
                    context.history.map((r) => (r.id === context.lookingId ? { ...r, status: 'done' as const, result: event.output } : r)),
                }),
                { type: 'persistHistory', params: ({ context }) => ({ history: context.history }) },
                { type: 'answered', params: ({ event }) => ({ result: event.output }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({
                  history: ({ context, event }) => {
                    const offline = isOfflineError(event.error)
                    return context.history.map((r) =>
                      r.id === context.lookingId ? { ...r, status: offline ? ('offline' as const) : ('failed' as const), error: offline ? undefined : MESSAGES.lookupFailed } : r,
                    )
                  },
                }),
                { type: 'persistHistory', params: ({ context }) => ({ history: context.history }) },
                { type: 'lookupFailed', params: ({ event }) => ({ offline: isOfflineError(event.error) }) },
              ],
            },
          },
        },
      },
    },
    camera: {
      initial: 'off',
      states: {
        off: {
          on: { OPEN_CAMERA: { target: 'active', actions: assign({ cameraError: null }) } },
        },
        active: {
          // leaving this state stops the camera actor, and with it the camera (SPEC 2.16: it stops when the user leaves)
          invoke: { id: 'camera', src: 'camera' },
          on: {
            CLOSE_CAMERA: 'off',
            'CAMERA.FAILED': { target: 'failed', actions: assign({ cameraError: MESSAGES.cameraFailed }) },
            'CAMERA.DECODED': {
              guard: 'newCameraCode',
              actions: enqueueActions(({ context, event, enqueue }) => {
                enqueue.assign({ lastCamera: { code: event.code, at: context.now() } })
                enqueue.raise({ type: 'READ', code: event.code, source: 'camera' })
              }),
            },
          },
        },
        failed: {
          on: { OPEN_CAMERA: { target: 'active', actions: assign({ cameraError: null }) }, CLOSE_CAMERA: { target: 'off', actions: assign({ cameraError: null }) } },
        },
      },
    },
  },
})
