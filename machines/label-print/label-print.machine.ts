import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'

/**
 * The label printing form (SPEC 2.7, 5, 7, 8, 9; ADR 0004): a type (location or pallet), an ID with
 * suggestions, a printer and a number of copies, then Print. Three regions run side by side:
 *
 * printers:    loading --done--> ready | --error--> fallback (SPEC 7: Zebra-01, Zebra-02) --RELOAD--> loading
 * suggestions: idle --SET_ID [2+ chars]--> debouncing --350 ms--> fetching --done/error--> idle
 *              (a new keystroke restarts the wait and drops a fetch in flight; fewer than 2 chars clears them)
 * form:        editing --PRINT [id valid, copies 1-50, a printer]--> printing --done/error--> editing
 *
 * The app asks the server what the ID names and reports it with TARGET_CHECKED (docs/requirements.md §5): an ID that
 * names nothing is invalid like a malformed one ('ID inválido para o tipo selecionado.', Print disabled); an answer
 * counts only while its ID is still the one in the field.
 *
 * The fields can change at any time (the print already running has its own copy of them); only
 * Print is refused while printing, so one press makes one job. Each print outcome is kept in
 * `outcome` and emitted as a `notice` for the screen's toast. Messages are descriptors ({id,
 * values}); the app translates them.
 */

export type LabelKind = 'location' | 'pallet'

export type LabelPrintMessageId =
  | 'labelPrint.invalidId'
  | 'labelPrint.invalidCopies'
  | 'labelPrint.queued'
  | 'labelPrint.failed'
  | 'labelPrint.failedWith'

export interface LabelPrintMessage {
  id: LabelPrintMessageId
  values?: Record<string, string | number>
}

export const LABEL_PRINT_MESSAGES = {
  /** SPEC 5: 'ID inválido para o tipo selecionado.' */
  invalidId: { id: 'labelPrint.invalidId' },
  /** SPEC 5, 9: copies run from 1 to 50 */
  invalidCopies: { id: 'labelPrint.invalidCopies' },
  /** SPEC 8: 'Solicitação enviada à fila de impressão.' */
  queued: { id: 'labelPrint.queued' },
  /** SPEC 8: 'Falha ao enviar impressão', when neither the server nor the error says more */
  failed: { id: 'labelPrint.failed' },
} as const satisfies Record<string, LabelPrintMessage>

/** SPEC 8: the server's detail or the error's message, shown as it is (values.text). */
export const failedWith = (text: string): LabelPrintMessage => ({ id: 'labelPrint.failedWith', values: { text } })

// SPEC 5, 9
export const MIN_COPIES = 1
export const MAX_COPIES = 50
export const SUGGEST_MIN_CHARS = 2
export const SUGGEST_DEBOUNCE_MS = 350

/** SPEC 9: when the printers call fails, these two are offered (the server knows them by name). */
export const FALLBACK_PRINTERS: readonly LabelPrinter[] = [
  { key: 'Zebra-01', id: null, name: 'Zebra-01', resolution: null },
  { key: 'Zebra-02', id: null, name: 'Zebra-02', resolution: null },
]

export interface LabelPrinter {
  /** the select's value: the id as text, or the name of a fallback printer */
  key: string
  /** null for a fallback printer, sent to the server by name */
  id: number | null
  name: string
  /** dpi (203 or 300), when known */
  resolution: number | null
  /** null: the queue has not talked to it yet */
  online?: boolean | null
  /** the user's default printer (SPEC 2.13): chosen when the list arrives and nothing else is */
  preferred?: boolean
}

export interface LabelSuggestion {
  /** what goes into the ID field: a location's code, a pallet's code (what the shelf and the pallet show) */
  value: string
  /** what the list shows (code and name) */
  label: string
}

/** What an ID names on the server (docs/requirements.md §5): a location's id and "code — name", a pallet's code. */
export interface LabelTarget {
  id: string
  label: string
}

/** The server's answer for one ID of one type: what it names, or null when it names nothing. */
export interface CheckedTarget {
  kind: LabelKind
  /** the ID as the server took it (normalizeLabelId) */
  ref: string
  found: LabelTarget | null
}

export interface PrintInput {
  kind: LabelKind
  id: string
  copies: number
  /** a printer id, or a fallback printer's name */
  printer: number | string
}

export interface SuggestInput {
  kind: LabelKind
  query: string
}

export interface PrintOutcome {
  ok: boolean
  message: LabelPrintMessage
}

export interface LabelPrintContext {
  kind: LabelKind
  id: string
  /** a LabelPrinter key */
  printer: string | null
  /** null while the field is empty */
  copies: number | null
  printers: LabelPrinter[]
  suggestions: LabelSuggestion[]
  /** the last print's result */
  outcome: PrintOutcome | null
  /** what the last successful print returned (the queued job) */
  job: unknown
  /** the last ID the server checked (docs/requirements.md §5); it counts only while it is still the ID in the field */
  target: CheckedTarget | null
}

export interface LabelPrintInput {
  kind?: LabelKind
  copies?: number
}

export type LabelPrintEvent =
  | { type: 'SET_KIND'; kind: LabelKind }
  | { type: 'SET_ID'; id: string }
  | { type: 'PICK_SUGGESTION'; value: string }
  | { type: 'SET_PRINTER'; printer: string | null }
  | { type: 'SET_COPIES'; copies: number | null }
  | { type: 'PRINT' }
  | { type: 'RELOAD_PRINTERS' }
  /** the app asked the server what the ID names (debounced, like the preview) */
  | ({ type: 'TARGET_CHECKED' } & CheckedTarget)

export type LabelPrintEmitted = { type: 'notice'; outcome: PrintOutcome } | { type: 'printed'; job: unknown }

// SPEC 11.1: the ID is what a user reads on the shelf or the pallet. A location: its code (letters, digits, '.', '_',
// '-', '/', as master data allows) or its number; a pallet: its code (letters, digits, '_', '-', '.') or its SSCC, also
// as a scanner sends it: with the (00) application identifier, bracketed or not, after a ]C1 symbology identifier.
const ID_PATTERNS: Record<LabelKind, RegExp> = {
  location: /^[A-Za-z0-9._\-/]{1,64}$/,
  pallet: /^[A-Za-z0-9_.-]{1,64}$/,
}
const SSCC_WITH_AI = /^(?:\]C1)?(?:\(00\)|00)(\d{18})$/

/** The ID as the server takes it: trimmed; a pallet's SSCC without its application identifier. */
export function normalizeLabelId(kind: LabelKind, id: string): string {
  const text = id.trim()
  if (kind !== 'pallet') return text
  const sscc = SSCC_WITH_AI.exec(text.replace(/\s+/g, ''))
  return sscc ? sscc[1] : text
}

export function isValidLabelId(kind: LabelKind, id: string): boolean {
  return ID_PATTERNS[kind].test(normalizeLabelId(kind, id))
}

export function isValidCopies(copies: number | null): copies is number {
  return copies !== null && Number.isInteger(copies) && copies >= MIN_COPIES && copies <= MAX_COPIES
}

/** SPEC 5: suggestions from 2 characters on. */
export function wantsSuggestions(id: string): boolean {
  return id.trim().length >= SUGGEST_MIN_CHARS
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function firstText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() !== '' ? value : undefined
  return Array.isArray(value) ? firstText(value[0]) : undefined
}

/**
 * SPEC 8, print failure: the server's detail, else the error's message, else 'Falha ao enviar
 * impressão'. A DRF 400 has no detail: its first non-field or field error stands in for it, which
 * says more than the status line the message would carry. Read structurally (status, data,
 * message: the app's ApiError), so the machine stays framework-free.
 */
export function printFailureMessage(error: unknown): LabelPrintMessage {
  const data = isRecord(error) ? error.data : undefined
  let text: string | undefined
  if (isRecord(data)) {
    text = firstText(data.detail) ?? firstText(data.non_field_errors)
    if (!text) {
      const field = Object.entries(data).find(([, v]) => firstText(v) !== undefined)
      if (field) text = `${field[0]}: ${firstText(field[1])}`
    }
  }
  text ??= error instanceof Error || isRecord(error) ? firstText((error as { message?: unknown }).message) : firstText(error)
  return text ? failedWith(text) : LABEL_PRINT_MESSAGES.failed
}

/** The server's answer for the ID in the field now, if it has come; an answer for an earlier ID is no answer. */
export function currentTarget(context: Pick<LabelPrintContext, 'kind' | 'id' | 'target'>): CheckedTarget | null {
  const t = context.target
  return t && t.kind === context.kind && t.ref === normalizeLabelId(context.kind, context.id) ? t : null
}

/** docs/requirements.md §5: an ID the server says names nothing ('abc', a pallet code as a location) is invalid. */
function namesNothing(context: LabelPrintContext): boolean {
  return currentTarget(context)?.found === null
}

function printerOf(context: LabelPrintContext): LabelPrinter | undefined {
  return context.printers.find((p) => p.key === context.printer)
}

/** The printer to keep after the list changed: the one chosen if it is still there, else the user's default, else the first. */
function keepPrinter(printers: LabelPrinter[], chosen: string | null): string | null {
  if (printers.some((p) => p.key === chosen)) return chosen
  return (printers.find((p) => p.preferred) ?? printers[0])?.key ?? null
}

export const labelPrintMachine = setup({
  types: {
    context: {} as LabelPrintContext,
    events: {} as LabelPrintEvent,
    input: {} as LabelPrintInput,
    emitted: {} as LabelPrintEmitted,
  },
  actors: {
    // the app supplies these with .provide(); the defaults fail so a missing one is noticed
    loadPrinters: fromPromise<LabelPrinter[], void>(async () => {
      throw new Error("label-print machine: actor 'loadPrinters' must be supplied with .provide()")
    }),
    loadSuggestions: fromPromise<LabelSuggestion[], SuggestInput>(async () => []),
    print: fromPromise<unknown, PrintInput>(async () => {
      throw new Error("label-print machine: actor 'print' must be supplied with .provide()")
    }),
  },
  delays: {
    suggestDebounce: SUGGEST_DEBOUNCE_MS,
  },
  guards: {
    canPrint: ({ context }) => isValidLabelId(context.kind, context.id) && !namesNothing(context) && isValidCopies(context.copies) && printerOf(context) !== undefined,
    isCurrentTarget: ({ context, event }) => {
      assertEvent(event, 'TARGET_CHECKED')
      return event.kind === context.kind && event.ref === normalizeLabelId(context.kind, context.id)
    },
    // the event's text, not the context's: every region picks its transition before any action runs
    typedEnough: ({ event }) => {
      assertEvent(event, 'SET_ID')
      return wantsSuggestions(event.id)
    },
  },
  actions: {
    setKind: assign({
      kind: ({ event }) => {
        assertEvent(event, 'SET_KIND')
        return event.kind
      },
    }),
    setId: assign({
      id: ({ event }) => {
        assertEvent(event, ['SET_ID', 'PICK_SUGGESTION'])
        return event.type === 'SET_ID' ? event.id : event.value
      },
    }),
    setPrinter: assign({
      printer: ({ context, event }) => {
        assertEvent(event, 'SET_PRINTER')
        // only a printer on offer; a cleared select keeps nothing chosen
        return event.printer === null || context.printers.some((p) => p.key === event.printer) ? event.printer : context.printer
      },
    }),
    setCopies: assign({
      copies: ({ event }) => {
        assertEvent(event, 'SET_COPIES')
        return event.copies
      },
    }),
    setTarget: assign({
      target: ({ event }) => {
        assertEvent(event, 'TARGET_CHECKED')
        return { kind: event.kind, ref: event.ref, found: event.found }
      },
    }),
    clearSuggestions: assign({ suggestions: [] }),
    clearId: assign({ id: '' }),
  },
}).createMachine({
  id: 'labelPrint',
  context: ({ input }) => ({
    kind: input.kind ?? 'location',
    id: '',
    printer: null,
    copies: input.copies ?? 1,
    printers: [],
    suggestions: [],
    outcome: null,
    job: null,
    target: null,
  }),
  type: 'parallel',
  on: {
    SET_PRINTER: { actions: 'setPrinter' },
    SET_COPIES: { actions: 'setCopies' },
    TARGET_CHECKED: { guard: 'isCurrentTarget', actions: 'setTarget' },
  },
  states: {
    printers: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadPrinters',
            src: 'loadPrinters',
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({ printers: event.output, printer: keepPrinter(event.output, context.printer) })),
            },
            // SPEC 7, 9: the printers call failed: offer the two fixed printers
            onError: {
              target: 'fallback',
              actions: assign(({ context }) => ({ printers: [...FALLBACK_PRINTERS], printer: keepPrinter([...FALLBACK_PRINTERS], context.printer) })),
            },
          },
        },
        ready: {},
        fallback: {
          on: { RELOAD_PRINTERS: 'loading' },
        },
      },
    },
    suggestions: {
      initial: 'idle',
      // this region owns the type and the ID: xstate consults the root's `on` only when no region
      // handles an event, so the fields are set here, where the suggestions follow them
      on: {
        // SPEC 5: suggestions from 2 characters on; each keystroke waits again (SPEC 9: 350 ms)
        SET_ID: [
          { guard: 'typedEnough', target: '.debouncing', actions: ['setId', 'clearSuggestions'] },
          { target: '.idle', actions: ['setId', 'clearSuggestions'] },
        ],
        // SPEC 16.4: an ID means nothing for the other type (a location's code is no pallet): the field starts empty
        SET_KIND: { target: '.idle', actions: ['setKind', 'clearId', 'clearSuggestions'] },
        PICK_SUGGESTION: { target: '.idle', actions: ['setId', 'clearSuggestions'] },
      },
      states: {
        idle: {},
        debouncing: {
          after: { suggestDebounce: 'fetching' },
        },
        fetching: {
          invoke: {
            id: 'loadSuggestions',
            src: 'loadSuggestions',
            input: ({ context }) => ({ kind: context.kind, query: context.id.trim() }),
            onDone: { target: 'idle', actions: assign({ suggestions: ({ event }) => event.output }) },
            // suggestions are a convenience: a failed search offers none and the field still works
            onError: { target: 'idle', actions: 'clearSuggestions' },
          },
        },
      },
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            PRINT: { guard: 'canPrint', target: 'printing' },
          },
        },
        printing: {
          invoke: {
            id: 'print',
            src: 'print',
            input: ({ context }) => {
              const printer = printerOf(context)
              return { kind: context.kind, id: normalizeLabelId(context.kind, context.id), copies: context.copies ?? MIN_COPIES, printer: printer?.id ?? printer?.name ?? '' }
            },
            onDone: {
              target: 'editing',
              actions: [
                assign({ outcome: { ok: true, message: LABEL_PRINT_MESSAGES.queued }, job: ({ event }) => event.output }),
                emit(({ event }) => ({ type: 'printed' as const, job: event.output })),
                emit({ type: 'notice', outcome: { ok: true, message: LABEL_PRINT_MESSAGES.queued } }),
              ],
            },
            onError: {
              target: 'editing',
              actions: [
                assign({ outcome: ({ event }) => ({ ok: false, message: printFailureMessage(event.error) }) }),
                emit(({ event }) => ({ type: 'notice' as const, outcome: { ok: false, message: printFailureMessage(event.error) } })),
              ],
            },
          },
        },
      },
    },
  },
})

export type LabelPrintMachine = typeof labelPrintMachine

/** What the screen renders from a snapshot. */
export function labelPrintView(snapshot: { context: LabelPrintContext; matches(value: object): boolean }) {
  const c = snapshot.context
  const checked = currentTarget(c)
  const idValid = isValidLabelId(c.kind, c.id) && checked?.found !== null
  const printing = snapshot.matches({ form: 'printing' })
  const printer = printerOf(c) ?? null
  return {
    /** SPEC 5: an ID typed but wrong for the type is an error; an empty one is only incomplete */
    idError: c.id !== '' && !idValid ? LABEL_PRINT_MESSAGES.invalidId : null,
    idValid,
    /** the ID as the server takes it */
    labelId: normalizeLabelId(c.kind, c.id),
    /** what the server says the ID names (shown under the field: '16' reads as the location it is); null until it answers */
    target: checked?.found ?? null,
    /** the ID to preview: only one the server found, so the preview never asks for a label of nothing */
    previewId: checked?.found ? normalizeLabelId(c.kind, c.id) : '',
    copiesError: isValidCopies(c.copies) ? null : LABEL_PRINT_MESSAGES.invalidCopies,
    printer,
    printersLoading: snapshot.matches({ printers: 'loading' }),
    printersFallback: snapshot.matches({ printers: 'fallback' }),
    suggestionsLoading: snapshot.matches({ suggestions: 'debouncing' }) || snapshot.matches({ suggestions: 'fetching' }),
    printing,
    canPrint: !printing && idValid && isValidCopies(c.copies) && printer !== null,
  }
}

export type LabelPrintView = ReturnType<typeof labelPrintView>
