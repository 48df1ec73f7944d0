import { assign, fromPromise, setup } from 'xstate'
// the statuses, the actions each allows and a short reserve's answer are the API's contract
import type { MissingComponent } from '../../contracts/copack/copack.contract'
import type { CopackStatus } from '../../contracts/copack/copack.rules'

/**
 * A co-packing order as the client sees it (SPEC 2.12, 4), framework-free.
 *
 * loading --done--> DRAFT | RESERVED (also IN_PROGRESS) | COMPLETED | CANCELLED, by the order's status
 * loading --error--> loadFailed --RETRY--> loading
 * DRAFT --RESERVE--> reserving --done--> RESERVED ; --error--> failed (what is missing, or the server's detail)
 * failed --RESERVE--> reserving ; --CANCEL--> cancelling
 * DRAFT, failed, RESERVED --CANCEL--> cancelling --done--> CANCELLED ; --error--> where it was (with the reason)
 * RESERVED --COMPLETE--> completing --done--> COMPLETED ; --error--> RESERVED (with the reason)
 * an action answered 409 with the order's status (someone else moved it first) --> loading (with the reason)
 * every resting state --REFRESH--> loading
 *
 * After each action the app's `changed` action runs with the order the server answered (SPEC 4: after reserve the
 * list is refreshed), and the order in the context is that answer. Messages are descriptors ({id, values}); the
 * app translates them.
 */


/** What the machine needs of an order; the app's detail type carries more. */
export interface CopackOrderLike {
  id: number
  code: string
  status: CopackStatus
}

export type CopackMessage = { id: string; values?: Record<string, string | number> }

export const COPACK_MESSAGES = {
  /** 409 with the missing components: the screen lists them */
  notEnoughStock: { id: 'copack.notEnoughStock' },
  unknown: { id: 'copack.unknown' },
  loadFailed: { id: 'copack.loadFailed' },
} as const satisfies Record<string, CopackMessage>

/** The server's text, shown as it came. */
export const copackServerMessage = (text: string): CopackMessage => ({ id: 'copack.server', values: { text } })


/** SPEC 2.12: 'Reserve & generate tasks' is enabled only in DRAFT. */
export function canReserve(status: string): boolean {
  return status === 'DRAFT'
}

/**
 * How an action failed, as the app's actor reports it: an HTTP status, the server's detail and, for a short
 * reserve, the missing components. Anything else is an unknown failure.
 */
export interface CopackFailure {
  status?: number
  detail?: string | null
  /** the order's status the server reported with a 409 */
  orderStatus?: string | null
  missing?: MissingComponent[]
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

export function readFailure(error: unknown): CopackFailure {
  if (!isRecord(error)) return typeof error === 'string' && error ? { detail: error } : {}
  const missing = Array.isArray(error.missing) ? (error.missing as MissingComponent[]) : undefined
  return {
    status: typeof error.status === 'number' ? error.status : undefined,
    detail: typeof error.detail === 'string' ? error.detail : error instanceof Error && error.message ? error.message : null,
    orderStatus: typeof error.orderStatus === 'string' ? error.orderStatus : null,
    missing,
  }
}

function messageOf(error: unknown): CopackMessage {
  const failure = readFailure(error)
  if (failure.missing && failure.missing.length > 0) return COPACK_MESSAGES.notEnoughStock
  return failure.detail ? copackServerMessage(failure.detail) : COPACK_MESSAGES.unknown
}

export interface CopackInput {
  orderId: number
}

export interface CopackContext {
  orderId: number
  order: CopackOrderLike | null
  /** why the last action (or load) failed */
  error: CopackMessage | null
  /** a short reserve: what each component lacks */
  missing: MissingComponent[]
}

export type CopackEvent = { type: 'RESERVE' } | { type: 'CANCEL' } | { type: 'COMPLETE' } | { type: 'REFRESH' } | { type: 'RETRY' }

export const copackMachine = setup({
  types: {
    context: {} as CopackContext,
    events: {} as CopackEvent,
    input: {} as CopackInput,
  },
  actors: {
    // the app supplies these with .provide(); each resolves with the order as the server now has it
    load: fromPromise<CopackOrderLike, { orderId: number }>(async () => {
      throw new Error("copack machine: actor 'load' must be supplied with .provide()")
    }),
    reserve: fromPromise<CopackOrderLike, { orderId: number }>(async () => {
      throw new Error("copack machine: actor 'reserve' must be supplied with .provide()")
    }),
    cancel: fromPromise<CopackOrderLike, { orderId: number }>(async () => {
      throw new Error("copack machine: actor 'cancel' must be supplied with .provide()")
    }),
    complete: fromPromise<CopackOrderLike, { orderId: number }>(async () => {
      throw new Error("copack machine: actor 'complete' must be supplied with .provide()")
    }),
  },
  actions: {
    // supplied by the app: refresh what shows the order (its detail, the list)
    changed: (_, _params: { order: CopackOrderLike | null }) => {},
    clearError: assign({ error: null, missing: [] }),
    setOrder: assign((_, params: { order: CopackOrderLike }) => ({ order: params.order })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), missing: readFailure(params.error).missing ?? [] })),
  },
  guards: {
    /** the status an order came back with is one of `allowed` */
    statusIn: (_, params: { status: string | undefined; allowed: readonly CopackStatus[] }) =>
      params.status !== undefined && (params.allowed as readonly string[]).includes(params.status),
    /** a 409 naming the order's status: someone else moved the order first (the server's wrong-status answer) */
    wrongStatus: (_, params: { error: unknown }) => {
      const failure = readFailure(params.error)
      return failure.status === 409 && !!failure.orderStatus
    },
  },
}).createMachine({
  id: 'copack',
  context: ({ input }) => ({ orderId: input.orderId, order: null, error: null, missing: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ orderId: context.orderId }),
        // the order's status says where it rests (IN_PROGRESS allows what RESERVED allows)
        onDone: [
          {
            guard: { type: 'statusIn', params: ({ event }) => ({ status: event.output.status, allowed: ['DRAFT'] }) },
            target: 'DRAFT',
            actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            guard: { type: 'statusIn', params: ({ event }) => ({ status: event.output.status, allowed: ['RESERVED', 'IN_PROGRESS'] }) },
            target: 'RESERVED',
            actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            guard: { type: 'statusIn', params: ({ event }) => ({ status: event.output.status, allowed: ['COMPLETED'] }) },
            target: 'COMPLETED',
            actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
          },
          { target: 'CANCELLED', actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    DRAFT: {
      on: {
        RESERVE: { target: 'reserving', actions: 'clearError' },
        CANCEL: { target: 'cancelling', actions: 'clearError' },
        REFRESH: { target: 'loading', actions: 'clearError' },
      },
    },
    reserving: {
      invoke: {
        id: 'reserve',
        src: 'reserve',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'RESERVED',
          actions: [
            { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
            { type: 'changed', params: ({ event }) => ({ order: event.output }) },
          ],
        },
        onError: [
          // another reserve (or a cancel) got there first: show what the order is now
          {
            guard: { type: 'wrongStatus', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'changed', params: { order: null } }],
          },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // the reserve did not happen (nothing was reserved); the order is still DRAFT
    failed: {
      on: {
        RESERVE: { target: 'reserving', actions: 'clearError' },
        CANCEL: { target: 'cancelling', actions: 'clearError' },
        REFRESH: { target: 'loading', actions: 'clearError' },
      },
    },
    RESERVED: {
      on: {
        CANCEL: { target: 'cancelling', actions: 'clearError' },
        COMPLETE: { target: 'completing', actions: 'clearError' },
        REFRESH: { target: 'loading', actions: 'clearError' },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancel',
        src: 'cancel',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'CANCELLED',
          actions: [
            { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
            { type: 'changed', params: ({ event }) => ({ order: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'wrongStatus', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'changed', params: { order: null } }],
          },
          // refused: the order rests where it was
          {
            guard: { type: 'statusIn', params: ({ context }) => ({ status: context.order?.status, allowed: ['DRAFT'] }) },
            target: 'DRAFT',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'RESERVED', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    completing: {
      invoke: {
        id: 'complete',
        src: 'complete',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'COMPLETED',
          actions: [
            { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
            { type: 'changed', params: ({ event }) => ({ order: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'wrongStatus', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, { type: 'changed', params: { order: null } }],
          },
          // e.g. pick tasks not done yet: still RESERVED, with the reason
          { target: 'RESERVED', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    COMPLETED: {
      on: { REFRESH: { target: 'loading', actions: 'clearError' } },
    },
    CANCELLED: {
      on: { REFRESH: { target: 'loading', actions: 'clearError' } },
    },
  },
})

export type CopackMachine = typeof copackMachine

interface SnapshotLike {
  context: CopackContext
  matches(value: string): boolean
}

/** What the screens render from a snapshot: the status shown, which buttons are enabled, what is running. */
export function copackView(snapshot: SnapshotLike) {
  const c = snapshot.context
  const is = (...states: string[]) => states.some((s) => snapshot.matches(s))
  const resting = is('DRAFT', 'failed', 'RESERVED', 'COMPLETED', 'CANCELLED')
  return {
    status: c.order?.status ?? null,
    loading: is('loading'),
    loadFailed: is('loadFailed'),
    busy: is('loading', 'reserving', 'cancelling', 'completing'),
    running: is('reserving') ? ('reserve' as const) : is('cancelling') ? ('cancel' as const) : is('completing') ? ('complete' as const) : null,
    canReserve: resting && is('DRAFT', 'failed'),
    canCancel: resting && is('DRAFT', 'failed', 'RESERVED'),
    canComplete: resting && is('RESERVED'),
    failed: is('failed'),
    error: c.error,
    missing: c.missing,
  }
}

