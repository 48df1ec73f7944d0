import { and, assertEvent, assign, fromPromise, not, setup } from 'xstate'

/**
 * One generic wizard (SPEC 2.8, 2.9; SPEC 2.12): linear forward and back; a step that is not valid
 * cannot go forward; the last step's button reads Finish. Each step may save what it has (so
 * leaving half-way loses nothing already saved) and Finish books once: while finishing, further
 * Finish presses are ignored, and the booking carries an idempotency key the server dedupes on.
 *
 * editing --NEXT [valid, not last]--> saving --> editing (next step)
 * editing --NEXT [valid, last]--> finishing --> finished | editing (with the error)
 * editing --BACK [not first]--> editing (previous step)
 */

export type WizardMessage = { id: string; values?: Record<string, string | number> }

export interface WizardInput {
  /** step ids, in order */
  steps: readonly string[]
  /** sent with Finish so a repeated booking is recognised (a fresh one per wizard run) */
  idempotencyKey: string
  /** resume at a step (a saved draft) */
  startAt?: number
}

export interface WizardContext {
  steps: readonly string[]
  index: number
  valid: Record<string, boolean>
  idempotencyKey: string
  error: WizardMessage | null
  result: unknown
}

export type WizardEvent =
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SET_VALID'; step: string; valid: boolean }
  | { type: 'RESTART'; idempotencyKey: string }

export interface SaveStepInput {
  step: string
  index: number
}
export interface FinishInput {
  idempotencyKey: string
}

/** An error from an actor: a message descriptor, or anything else (shown as a generic failure). */
function toMessage(error: unknown): WizardMessage {
  if (error && typeof error === 'object' && 'id' in error && typeof (error as WizardMessage).id === 'string') return error as WizardMessage
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return text ? { id: 'wizard.error.server', values: { text } } : { id: 'wizard.error.unknown' }
}

const current = (c: WizardContext) => c.steps[c.index]

export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
  },
  actors: {
    // the app supplies these with .provide(); by default a step saves nothing and Finish books nothing
    saveStep: fromPromise<void, SaveStepInput>(async () => {}),
    finish: fromPromise<unknown, FinishInput>(async () => null),
  },
  guards: {
    currentValid: ({ context }) => context.valid[current(context)] === true,
    isLast: ({ context }) => context.index === context.steps.length - 1,
    isFirst: ({ context }) => context.index === 0,
  },
  actions: {
    setValid: assign({
      valid: ({ context, event }) => {
        assertEvent(event, 'SET_VALID')
        return { ...context.valid, [event.step]: event.valid }
      },
    }),
    clearError: assign({ error: null }),
    forward: assign({ index: ({ context }) => Math.min(context.index + 1, context.steps.length - 1) }),
    backward: assign({ index: ({ context }) => Math.max(context.index - 1, 0) }),
  },
}).createMachine({
  id: 'wizard',
  context: ({ input }) => ({
    steps: input.steps,
    index: Math.min(Math.max(input.startAt ?? 0, 0), Math.max(input.steps.length - 1, 0)),
    valid: {},
    idempotencyKey: input.idempotencyKey,
    error: null,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET_VALID: { actions: 'setValid' },
        NEXT: [
          { guard: and(['currentValid', 'isLast']), target: 'finishing' },
          { guard: 'currentValid', target: 'saving' },
          // an invalid step cannot go forward: say why instead of doing nothing
          { actions: assign({ error: { id: 'wizard.error.incomplete' } }) },
        ],
        BACK: { guard: not('isFirst'), actions: ['clearError', 'backward'] },
      },
    },
    saving: {
      entry: 'clearError',
      invoke: {
        id: 'saveStep',
        src: 'saveStep',
        input: ({ context }) => ({ step: current(context), index: context.index }),
        onDone: { target: 'editing', actions: 'forward' },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => toMessage(event.error) }) },
      },
    },
    finishing: {
      entry: 'clearError',
      invoke: {
        id: 'finish',
        src: 'finish',
        input: ({ context }) => ({ idempotencyKey: context.idempotencyKey }),
        onDone: { target: 'finished', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => toMessage(event.error) }) },
      },
    },
    finished: {
      on: {
        RESTART: {
          target: 'editing',
          actions: assign(({ event }) => ({ index: 0, valid: {}, error: null, result: null, idempotencyKey: event.idempotencyKey })),
        },
      },
    },
  },
})

/** What the screens render from a snapshot: the primary button reads Finish on the last step. */
export function wizardView(snapshot: { context: WizardContext; matches(value: string): boolean }) {
  const c = snapshot.context
  const last = c.index === c.steps.length - 1
  return {
    step: c.steps[c.index],
    index: c.index,
    isFirst: c.index === 0,
    isLast: last,
    primary: last ? ('finish' as const) : ('next' as const),
    canGoForward: c.valid[c.steps[c.index]] === true && snapshot.matches('editing'),
    busy: snapshot.matches('saving') || snapshot.matches('finishing'),
    finished: snapshot.matches('finished'),
    error: c.error,
  }
}
