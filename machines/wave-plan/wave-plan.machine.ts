import { assertEvent, assign, fromPromise, setup } from 'xstate'
// the plan's shape and its batching are the API's contract (SPEC 19.2)
import type { WavePlan, WavePlanOrder, WavePlanRequest, WaveProposal } from '../../contracts/shipping/wave-plan.contract'

/**
 * Planning waves on the desktop (SPEC 19.2), framework-free.
 *
 * rules --PLAN--> planning --done--> proposals ; --error--> rules (the field errors on the form, or the reason)
 * proposals --REMOVE_ORDER--> proposals (the order leaves; its proposal's totals and batches follow; the last order
 *   taken out drops the proposal) ; --DROP--> proposals ; --EDIT_RULES--> rules ; --CREATE--> creating (if any is kept)
 * creating: one POST /shipping/waves/ per kept proposal, in order --done--> creating (the next) | done ;
 *   --error--> failed (the waves created so far stay created and leave the list)
 * failed --RETRY--> creating (the rest) ; --BACK--> proposals
 * done --NEW_PLAN--> rules
 *
 * A proposal the supervisor changed has no walk estimate (its batches changed; the wave's page plans its path).
 * Messages are descriptors ({id, values}); the app translates them.
 */

export type WavePlanMessage = { id: string; values?: Record<string, string | number> }

export const WAVE_PLAN_MESSAGES = {
  /** a 400 on the rules: the form shows each field's reason */
  invalidRules: { id: 'wavePlan.invalidRules' },
  unknown: { id: 'wavePlan.unknown' },
} as const satisfies Record<string, WavePlanMessage>

export const wavePlanServerMessage = (text: string): WavePlanMessage => ({ id: 'wavePlan.server', values: { text } })

/** A proposal as the screen keeps it: a changed one has no walk estimate. */
export type PlanProposal = Omit<WaveProposal, 'metres' | 'batches'> & {
  metres: number | null
  batches: { orders: number[]; metres: number | null }[]
  changed: boolean
}

export type CreatedWave = { id: number; code: string }

/** How a request failed, as the app's actor reports it: status, the server's detail, its field errors. */
export interface WavePlanFailure {
  status?: number
  detail?: string | null
  fields?: Record<string, string[]>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

export function readFailure(error: unknown): WavePlanFailure {
  if (!isRecord(error)) return typeof error === 'string' && error ? { detail: error } : {}
  return {
    status: typeof error.status === 'number' ? error.status : undefined,
    detail: typeof error.detail === 'string' ? error.detail : error instanceof Error && error.message ? error.message : null,
    fields: isRecord(error.fields) ? (error.fields as Record<string, string[]>) : undefined,
  }
}

function messageOf(error: unknown): WavePlanMessage {
  const failure = readFailure(error)
  if (failure.fields && Object.keys(failure.fields).length) return WAVE_PLAN_MESSAGES.invalidRules
  return failure.detail ? wavePlanServerMessage(failure.detail) : WAVE_PLAN_MESSAGES.unknown
}

const round3 = (n: number) => Math.round(n * 1000) / 1000

export function proposalsOf(plan: WavePlan): PlanProposal[] {
  return plan.proposals.map((p) => ({ ...p, changed: false }))
}

/**
 * The proposal without `order`: totals less the order's; the order leaves its cart and the other carts stay as
 * planned (proximity batches, SPEC 19.2; the release batches the wave's orders again, §19.3).
 */
export function withoutOrder(proposal: PlanProposal, orderId: number): PlanProposal {
  const gone = proposal.orders.find((o) => o.id === orderId)
  if (!gone) return proposal
  const orders = proposal.orders.filter((o) => o.id !== orderId)
  return {
    ...proposal,
    orders,
    lines: proposal.lines - gone.lines,
    units: round3(proposal.units - gone.units),
    weight: round3(proposal.weight - gone.weight),
    volume: round3(proposal.volume - gone.volume),
    batches: proposal.batches.map((b) => ({ orders: b.orders.filter((id) => id !== orderId), metres: null })).filter((b) => b.orders.length > 0),
    metres: null,
    changed: true,
  }
}

export interface WavePlanContext {
  /** the rules last planned with (the form starts from them again) */
  rules: WavePlanRequest | null
  proposals: PlanProposal[]
  leftOut: { order: WavePlanOrder; reason: string }[]
  candidates: number
  created: CreatedWave[]
  error: WavePlanMessage | null
  /** a 400's reasons by field, for the rules form */
  fieldErrors: Record<string, string[]>
}

export type WavePlanEvent =
  | { type: 'PLAN'; rules: WavePlanRequest }
  | { type: 'REMOVE_ORDER'; proposal: number; order: number }
  | { type: 'DROP'; proposal: number }
  | { type: 'EDIT_RULES' }
  | { type: 'CREATE' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'NEW_PLAN' }

export type CreateWaveInput = { proposal: PlanProposal; rules: WavePlanRequest; sequence: number }

const empty = { proposals: [] as PlanProposal[], leftOut: [], candidates: 0, created: [] as CreatedWave[] }

export const wavePlanMachine = setup({
  types: {
    context: {} as WavePlanContext,
    events: {} as WavePlanEvent,
  },
  actors: {
    // the app supplies these with .provide()
    plan: fromPromise<WavePlan, { rules: WavePlanRequest }>(async () => {
      throw new Error("wave-plan machine: actor 'plan' must be supplied with .provide()")
    }),
    createWave: fromPromise<CreatedWave, CreateWaveInput>(async () => {
      throw new Error("wave-plan machine: actor 'createWave' must be supplied with .provide()")
    }),
  },
  actions: {
    // supplied by the app: refresh what lists waves and orders
    changed: () => {},
    clearError: assign({ error: null, fieldErrors: {} }),
    keepRules: assign(({ event }) => {
      assertEvent(event, 'PLAN')
      return { rules: event.rules }
    }),
    setPlan: assign((_, params: { plan: WavePlan }) => ({
      proposals: proposalsOf(params.plan),
      leftOut: params.plan.left_out,
      candidates: params.plan.candidates,
      created: [],
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), fieldErrors: readFailure(params.error).fields ?? {} })),
    removeOrder: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE_ORDER')
      const proposals = context.proposals
        .map((p, i) => (i === event.proposal ? withoutOrder(p, event.order) : p))
        // the last order taken out drops its proposal
        .filter((p) => p.orders.length > 0)
      return { proposals }
    }),
    dropProposal: assign(({ context, event }) => {
      assertEvent(event, 'DROP')
      return { proposals: context.proposals.filter((_, i) => i !== event.proposal) }
    }),
    // the first kept proposal became a wave: it leaves the list
    setCreated: assign(({ context }, params: { wave: CreatedWave }) => ({ created: [...context.created, params.wave], proposals: context.proposals.slice(1) })),
    reset: assign({ ...empty, error: null, fieldErrors: {} }),
  },
  guards: {
    hasOrder: ({ context, event }) => {
      assertEvent(event, 'REMOVE_ORDER')
      return !!context.proposals[event.proposal]?.orders.some((o) => o.id === event.order)
    },
    hasProposal: ({ context, event }) => {
      assertEvent(event, 'DROP')
      return event.proposal >= 0 && event.proposal < context.proposals.length
    },
    anyKept: ({ context }) => context.proposals.length > 0,
    /** more than the one just created is left */
    moreLeft: ({ context }) => context.proposals.length > 1,
  },
}).createMachine({
  id: 'wavePlan',
  context: { rules: null, ...empty, error: null, fieldErrors: {} },
  initial: 'rules',
  states: {
    rules: {
      on: { PLAN: { target: 'planning', actions: ['clearError', 'keepRules'] } },
    },
    planning: {
      invoke: {
        id: 'plan',
        src: 'plan',
        input: ({ context }) => ({ rules: context.rules as WavePlanRequest }),
        onDone: { target: 'proposals', actions: { type: 'setPlan', params: ({ event }) => ({ plan: event.output }) } },
        onError: { target: 'rules', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    proposals: {
      on: {
        REMOVE_ORDER: { guard: 'hasOrder', actions: 'removeOrder' },
        DROP: { guard: 'hasProposal', actions: 'dropProposal' },
        EDIT_RULES: { target: 'rules', actions: 'clearError' },
        CREATE: { guard: 'anyKept', target: 'creating', actions: 'clearError' },
      },
    },
    creating: {
      invoke: {
        id: 'createWave',
        src: 'createWave',
        input: ({ context }) => ({ proposal: context.proposals[0], rules: context.rules as WavePlanRequest, sequence: context.created.length + 1 }),
        onDone: [
          { guard: 'moreLeft', target: 'creating', reenter: true, actions: [{ type: 'setCreated', params: ({ event }) => ({ wave: event.output }) }, 'changed'] },
          { target: 'done', actions: [{ type: 'setCreated', params: ({ event }) => ({ wave: event.output }) }, 'changed'] },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // the waves created so far exist; the rest wait for a retry
    failed: {
      on: {
        RETRY: { target: 'creating', actions: 'clearError' },
        BACK: { target: 'proposals', actions: 'clearError' },
      },
    },
    done: {
      on: { NEW_PLAN: { target: 'rules', actions: 'reset' } },
    },
  },
})

export type WavePlanMachine = typeof wavePlanMachine

interface SnapshotLike {
  context: WavePlanContext
  matches(value: string): boolean
}

/** What the screen renders from a snapshot. */
export function wavePlanView(snapshot: SnapshotLike) {
  const c = snapshot.context
  const is = (...states: string[]) => states.some((s) => snapshot.matches(s))
  return {
    step: is('rules', 'planning') ? ('rules' as const) : is('done') ? ('done' as const) : ('proposals' as const),
    planning: is('planning'),
    creating: is('creating'),
    failed: is('failed'),
    canEdit: is('proposals'),
    canCreate: is('proposals') && c.proposals.length > 0,
    proposals: c.proposals,
    leftOut: c.leftOut,
    candidates: c.candidates,
    created: c.created,
    error: c.error,
    fieldErrors: c.fieldErrors,
  }
}
