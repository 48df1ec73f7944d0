import { assertEvent, assign, fromPromise, setup } from 'xstate'
// the answer's shape is the API's contract (SPEC 19.4)
import type { NextTask } from '../../contracts/tasks/tasks.contract'

/**
 * 'Próxima tarefa' on the handheld's home (SPEC 19.4), framework-free.
 *
 * idle --ASK--> asking ; --ASK (no network)--> offline
 * asking --done (a task)--> offered ; --done (none: 204)--> none ; --error (no answer)--> offline ; --error--> failed
 * none | offline | failed --RETRY--> asking (or offline again when there is still no network)
 * offered --START--> started (the app opens the screen that does the task's work)
 *
 * Every press is answered at once (SPEC 11.2): `pressed` when the question goes out, `refused` when it cannot (no
 * network) or was refused; the screen's colours follow the state. The network is the press's own fact (`online` on
 * ASK and RETRY), so a press without it is answered without waiting for a request to fail. Asking assigns the task
 * on the server: an offered task is already the operator's, and nothing is written on the device, so offline loses
 * nothing. Messages are descriptors ({id, values}); the app translates them.
 */

export type NextTaskMessage = { id: string; values?: Record<string, string | number> }

export const NEXT_TASK_MESSAGES = {
  unknown: { id: 'nextTask.unknown' },
} as const satisfies Record<string, NextTaskMessage>

/** a refusal in the server's words, already in the user's language (the api client translates codes, ADR 0015) */
export const nextTaskServerMessage = (text: string): NextTaskMessage => ({ id: 'nextTask.server', values: { text } })

/** How the request failed, as the app's actor reports it: status 0 is no answer at all (no network, server down). */
export interface NextTaskFailure {
  status?: number
  detail?: string | null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

export function readNextTaskFailure(error: unknown): NextTaskFailure {
  if (!isRecord(error)) return {}
  return {
    status: typeof error.status === 'number' ? error.status : undefined,
    detail: typeof error.detail === 'string' && error.detail ? error.detail : null,
  }
}

export interface NextTaskContext {
  /** the task the server gave (with its batch), while offered or started */
  offer: NextTask | null
  error: NextTaskMessage | null
}

export type NextTaskEvent =
  /** 'Próxima tarefa'; `online`: whether the device has the network at the press (navigator.onLine) */
  | { type: 'ASK'; online: boolean }
  /** 'Tentar novamente' after none, offline or a refusal */
  | { type: 'RETRY'; online: boolean }
  /** 'Começar' on the offered task */
  | { type: 'START' }

const pressEvent = ['ASK', 'RETRY'] as const

export const nextTaskMachine = setup({
  types: {
    context: {} as NextTaskContext,
    events: {} as NextTaskEvent,
  },
  actors: {
    // the app supplies it with .provide(): POST /workforce/tasks/next/, null on 204
    ask: fromPromise<NextTask | null, void>(async () => {
      throw new Error("next-task machine: actor 'ask' must be supplied with .provide()")
    }),
  },
  actions: {
    // the app's feedback (sound, vibration, flash), in the press's own task
    pressed: () => {},
    refused: () => {},
    // the app opens the screen that does the offered task's work
    start: (_, _params: { offer: NextTask }) => {},
    clear: assign({ offer: null, error: null }),
    setOffer: assign((_, params: { offer: NextTask }) => ({ offer: params.offer, error: null })),
    setError: assign((_, params: { error: unknown }) => {
      const failure = readNextTaskFailure(params.error)
      return { error: failure.detail ? nextTaskServerMessage(failure.detail) : NEXT_TASK_MESSAGES.unknown }
    }),
  },
  guards: {
    noNetwork: ({ event }) => {
      assertEvent(event, pressEvent)
      return !event.online
    },
    gotTask: (_, params: { output: NextTask | null | undefined }) => !!params.output,
    noAnswer: (_, params: { error: unknown }) => readNextTaskFailure(params.error).status === 0,
  },
}).createMachine({
  id: 'nextTask',
  context: { offer: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        ASK: [
          { guard: 'noNetwork', target: 'offline', actions: ['clear', 'refused'] },
          { target: 'asking', actions: ['clear', 'pressed'] },
        ],
      },
    },
    asking: {
      invoke: {
        id: 'ask',
        src: 'ask',
        onDone: [
          {
            guard: { type: 'gotTask', params: ({ event }) => ({ output: event.output }) },
            target: 'offered',
            actions: { type: 'setOffer', params: ({ event }) => ({ offer: event.output as NextTask }) },
          },
          { target: 'none' },
        ],
        onError: [
          { guard: { type: 'noAnswer', params: ({ event }) => ({ error: event.error }) }, target: 'offline', actions: 'refused' },
          { target: 'failed', actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, 'refused'] },
        ],
      },
    },
    offered: {
      on: {
        START: { target: 'started', actions: { type: 'start', params: ({ context }) => ({ offer: context.offer as NextTask }) } },
      },
    },
    none: {
      on: {
        RETRY: [
          { guard: 'noNetwork', target: 'offline', actions: ['clear', 'refused'] },
          { target: 'asking', actions: ['clear', 'pressed'] },
        ],
      },
    },
    offline: {
      on: {
        RETRY: [
          { guard: 'noNetwork', target: 'offline', reenter: true, actions: ['clear', 'refused'] },
          { target: 'asking', actions: ['clear', 'pressed'] },
        ],
      },
    },
    failed: {
      on: {
        RETRY: [
          { guard: 'noNetwork', target: 'offline', actions: ['clear', 'refused'] },
          { target: 'asking', actions: ['clear', 'pressed'] },
        ],
      },
    },
    // the work goes on on its own screen; the home asks again when it is opened again
    started: { type: 'final' },
  },
})

export type NextTaskMachine = typeof nextTaskMachine

interface SnapshotLike {
  context: NextTaskContext
  matches(value: string): boolean
}

export type NextTaskStep = 'idle' | 'asking' | 'offered' | 'none' | 'offline' | 'failed' | 'started'
const STEPS: readonly NextTaskStep[] = ['idle', 'asking', 'offered', 'none', 'offline', 'failed', 'started']

/** How many of a batch's stops the card lists before "and N more". */
export const BATCH_STOPS_SHOWN = 3

/** What the home renders from a snapshot. */
export function nextTaskView(snapshot: SnapshotLike) {
  const c = snapshot.context
  const step = STEPS.find((s) => snapshot.matches(s)) ?? 'idle'
  const stops = c.offer?.batch?.tasks ?? []
  return {
    step,
    /** the big button is shown (ask, or ask again) */
    canAsk: step === 'idle' || step === 'asking',
    canRetry: step === 'none' || step === 'offline' || step === 'failed',
    asking: step === 'asking',
    offer: c.offer,
    /** a pick batch's stops in path order: how many, and the first few */
    stops: { count: stops.length, first: stops.slice(0, BATCH_STOPS_SHOWN), more: Math.max(0, stops.length - BATCH_STOPS_SHOWN) },
    error: c.error,
  }
}
