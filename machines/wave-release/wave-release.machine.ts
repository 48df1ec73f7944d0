import { assertEvent, assign, fromPromise, setup } from 'xstate'
// the body and the answer are the API's contract (SPEC 19.3)
import type { WaveReleaseOut } from '../../contracts/shipping/wave-release.contract'
import type { ReleaseShortageRule } from '../../contracts/shipping/shipping.rules'

/**
 * Releasing a wave from the desktop (SPEC 19.3), framework-free: the dialog on the wave's page.
 *
 * closed --OPEN--> editing (a new command_id: one per opening, so a double click or a retry applies once)
 * editing --SUBMIT--> releasing ; --CLOSE--> closed
 * releasing: POST /shipping/waves/{id}/release/ --done--> released (the answer: batches, tasks, shortages, held) ;
 *   --error--> failed (the server's reason, or no answer)
 * failed --RETRY--> releasing (the same command_id and choices) ; --EDIT--> editing ; --CLOSE--> closed
 * released --CLOSE--> closed
 *
 * A failure is also told to the app ('changed'): a 409 means the wave changed under the dialog (released by someone
 * else, cancelled), so the page reads it again. Messages are descriptors ({id, values}); the app translates them.
 */

export type WaveReleaseMessage = { id: string; values?: Record<string, string | number> }

export const WAVE_RELEASE_MESSAGES = {
  /** no answer: the release may or may not have been applied; a retry with the same command_id applies it once */
  offline: { id: 'waveRelease.offline' },
  unknown: { id: 'waveRelease.unknown' },
} as const satisfies Record<string, WaveReleaseMessage>

export const waveReleaseServerMessage = (text: string): WaveReleaseMessage => ({ id: 'waveRelease.server', values: { text } })

/** What the supervisor chooses in the dialog. */
export interface WaveReleaseRequest {
  shortage: ReleaseShortageRule
  totes: number
}

export type ReleaseWaveRef = { id: number; code: string }

export type ReleaseWaveInput = WaveReleaseRequest & { waveId: number; commandId: string }

/** How the request failed, as the app's actor reports it: status (0 = no answer) and the reason in the user's language. */
export interface WaveReleaseFailure {
  status?: number
  detail?: string | null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function messageOf(error: unknown): WaveReleaseMessage {
  if (!isRecord(error)) return WAVE_RELEASE_MESSAGES.unknown
  if (error.status === 0) return WAVE_RELEASE_MESSAGES.offline
  return typeof error.detail === 'string' && error.detail ? waveReleaseServerMessage(error.detail) : WAVE_RELEASE_MESSAGES.unknown
}

export interface WaveReleaseContext {
  wave: ReleaseWaveRef | null
  /** the opening's command_id: every send of this opening carries it */
  commandId: string | null
  /** the choices last sent (the form starts from them again after a failure) */
  request: WaveReleaseRequest | null
  result: WaveReleaseOut | null
  error: WaveReleaseMessage | null
}

export type WaveReleaseEvent =
  | { type: 'OPEN'; wave: ReleaseWaveRef; commandId: string }
  | { type: 'SUBMIT'; request: WaveReleaseRequest }
  | { type: 'RETRY' }
  | { type: 'EDIT' }
  | { type: 'CLOSE' }

const closedContext: WaveReleaseContext = { wave: null, commandId: null, request: null, result: null, error: null }

export const waveReleaseMachine = setup({
  types: {
    context: {} as WaveReleaseContext,
    events: {} as WaveReleaseEvent,
  },
  actors: {
    // the app supplies it with .provide()
    release: fromPromise<WaveReleaseOut, ReleaseWaveInput>(async () => {
      throw new Error("wave-release machine: actor 'release' must be supplied with .provide()")
    }),
  },
  actions: {
    // supplied by the app: read the wave (and what lists it) again
    changed: () => {},
    open: assign(({ event }) => {
      assertEvent(event, 'OPEN')
      return { ...closedContext, wave: event.wave, commandId: event.commandId }
    }),
    keepRequest: assign(({ event }) => {
      assertEvent(event, 'SUBMIT')
      return { request: event.request, error: null }
    }),
    clearError: assign({ error: null }),
    setResult: assign((_, params: { result: WaveReleaseOut }) => ({ result: params.result, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    reset: assign(closedContext),
  },
}).createMachine({
  id: 'waveRelease',
  context: closedContext,
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'editing', actions: 'open' } },
    },
    editing: {
      on: {
        SUBMIT: { target: 'releasing', actions: 'keepRequest' },
        CLOSE: { target: 'closed', actions: 'reset' },
      },
    },
    // no CLOSE while the request is out: the answer decides what the dialog says
    releasing: {
      invoke: {
        id: 'release',
        src: 'release',
        input: ({ context }) => ({ waveId: context.wave!.id, commandId: context.commandId!, ...context.request! }),
        onDone: { target: 'released', actions: [{ type: 'setResult', params: ({ event }) => ({ result: event.output }) }, 'changed'] },
        onError: { target: 'failed', actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, 'changed'] },
      },
    },
    failed: {
      on: {
        RETRY: { target: 'releasing', actions: 'clearError' },
        EDIT: { target: 'editing', actions: 'clearError' },
        CLOSE: { target: 'closed', actions: 'reset' },
      },
    },
    released: {
      on: { CLOSE: { target: 'closed', actions: 'reset' } },
    },
  },
})

export type WaveReleaseMachine = typeof waveReleaseMachine

interface SnapshotLike {
  context: WaveReleaseContext
  matches(value: string): boolean
}

/** What the wave's page renders from a snapshot: the dialog while choosing, sending or failed; the answer once released. */
export function waveReleaseView(snapshot: SnapshotLike) {
  const c = snapshot.context
  const is = (state: string) => snapshot.matches(state)
  return {
    dialogOpen: is('editing') || is('releasing') || is('failed'),
    releasing: is('releasing'),
    failed: is('failed'),
    canSubmit: is('editing'),
    released: is('released'),
    wave: c.wave,
    request: c.request,
    result: c.result,
    error: c.error,
  }
}
