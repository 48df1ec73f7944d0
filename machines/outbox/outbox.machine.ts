import { assign, fromPromise, setup } from 'xstate'

/**
 * The handheld's outbox sender (SPEC 11.9, ADR 0014), framework-free.
 *
 * Every handheld action that changes something is first written to the device's outbox (IndexedDB) as a command
 * with its own `command_id`; this machine sends them, one run at a time and in sequence order, whenever the network
 * is there. The `sendNext` actor (the app's real one reads the outbox) sends the next run of pending commands, the
 * oldest first (the app's: up to 25 consecutive ones in one request, applied by the server in order, or one alone
 * when its kind is not a single request), writes back the answers it got, and says what became of them:
 * - applied (2xx, also the server's answer to a repeat: same `command_id`, first result): the next one;
 * - refused (a 4xx: the server will never take it): kept with the server's reason for 'Pendências', then the next;
 * - empty: nothing is waiting;
 * - a failure (no network, a 5xx, a timeout): the commands without an answer again after a back-off that doubles,
 *   up to a cap, or at once when the network comes back or the operator asks.
 * The command stays in the outbox until its answer is written there, so a reload, a closed tab or a server
 * restart at any moment costs a resend of the same `command_id`, never a loss or a second application.
 *
 * States: offline; online (idle / sending / backingOff).
 */

export type OutboxMessage = { id: string; values?: Record<string, string | number> }

/** what the sendNext actor reports; `pending` is how many commands still wait after it */
export interface SendNextOutput {
  outcome: 'applied' | 'refused' | 'empty'
  pending: number
}

export interface OutboxInput {
  /** commands waiting when the sender starts (from the outbox) */
  pending?: number
  baseDelayMs?: number
  maxDelayMs?: number
}

export interface OutboxContext {
  pending: number
  /** failed attempts in a row (the back-off grows with it) */
  attempt: number
  lastError: OutboxMessage | null
  baseDelayMs: number
  maxDelayMs: number
}

export type OutboxEvent =
  | { type: 'ONLINE' }
  | { type: 'OFFLINE' }
  /** the outbox changed (a command was written): how many are pending now */
  | { type: 'CHANGED'; pending: number }
  /** the operator's 'Enviar agora', or the page coming back to the front */
  | { type: 'RETRY_NOW' }

export const OUTBOX_MESSAGES = {
  sendFailed: { id: 'outbox.sendFailed' },
} as const

/** the back-off before attempt `attempt` (1, 2, ...): base, 2x, 4x ... up to the cap */
export function backoffDelay(context: Pick<OutboxContext, 'attempt' | 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.min(context.maxDelayMs, context.baseDelayMs * 2 ** Math.max(0, context.attempt - 1))
}

export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
    input: {} as OutboxInput,
  },
  actors: {
    sendNext: fromPromise<SendNextOutput, void>(async () => {
      throw new Error('sendNext not provided')
    }),
  },
  delays: {
    backoff: ({ context }) => backoffDelay(context),
  },
  guards: {
    hasPending: ({ context }) => context.pending > 0,
  },
}).createMachine({
  id: 'outbox',
  context: ({ input }) => ({
    pending: input.pending ?? 0,
    attempt: 0,
    lastError: null,
    baseDelayMs: input.baseDelayMs ?? 1000,
    maxDelayMs: input.maxDelayMs ?? 60_000,
  }),
  // online until told otherwise: the app sends OFFLINE at once when navigator.onLine says so
  initial: 'online',
  on: {
    CHANGED: { actions: assign({ pending: ({ event }) => event.pending }) },
  },
  states: {
    offline: {
      // navigator.onLine can be wrong both ways: the operator's 'Enviar agora' tries anyway
      on: { ONLINE: 'online', RETRY_NOW: 'online' },
    },
    online: {
      initial: 'idle',
      on: { OFFLINE: 'offline' },
      states: {
        // nothing to send; a command written (CHANGED, at the root) or one left after an answer wakes it
        idle: {
          always: { guard: 'hasPending', target: 'sending' },
        },
        sending: {
          invoke: {
            id: 'sendNext',
            src: 'sendNext',
            onDone: {
              target: 'idle',
              actions: assign({ pending: ({ event }) => event.output.pending, attempt: 0, lastError: null }),
            },
            onError: {
              target: 'backingOff',
              actions: assign({ attempt: ({ context }) => context.attempt + 1, lastError: OUTBOX_MESSAGES.sendFailed }),
            },
          },
        },
        backingOff: {
          after: { backoff: 'sending' },
          on: { ONLINE: 'sending', RETRY_NOW: 'sending' },
        },
      },
    },
  },
})
