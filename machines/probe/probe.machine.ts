import { assign, fromPromise, setup } from 'xstate'

/**
 * Finds which of several candidate endpoints exists (SPEC 7): tries them in order and accepts the
 * first answering 2xx, 401 or 403. Reused by the UOM list, the stock list and the dashboard counts.
 * `check(path)` is the app's request: it resolves with the HTTP status, or throws when there was
 * no response at all. Remembering the winner is the app adapter's job (src/lib/api-client-probe.ts),
 * so a second use does not start this machine again.
 */

export interface ProbeInput {
  candidates: readonly string[]
}

export interface ProbeAttempt {
  path: string
  /** null: no response (network error) */
  status: number | null
}

export type ProbeResult =
  | { kind: 'found'; path: string; status: number; tested: ProbeAttempt[] }
  /** SPEC 8: 'Nenhum endpoint ... encontrado (testados: ...)' lists `tested` */
  | { kind: 'notFound'; tested: ProbeAttempt[] }
  /** every candidate failed without a response: the backend is down, not the route missing */
  | { kind: 'unreachable'; tested: ProbeAttempt[] }

export interface ProbeContext {
  candidates: readonly string[]
  index: number
  tested: ProbeAttempt[]
}

/** SPEC 7: a candidate exists when it answers 2xx, 401 or 403. */
export function isAcceptedStatus(status: number): boolean {
  return (status >= 200 && status < 300) || status === 401 || status === 403
}

export const probeMachine = setup({
  types: {
    input: {} as ProbeInput,
    context: {} as ProbeContext,
    output: {} as ProbeResult,
  },
  actors: {
    check: fromPromise<number, { path: string }>(async () => {
      throw new Error("probe machine: actor 'check' must be supplied with .provide()")
    }),
  },
  actions: {
    record: assign(({ context }, params: { status: number | null }) => ({
      tested: [...context.tested, { path: context.candidates[context.index], status: params.status }],
    })),
    next: assign(({ context }) => ({ index: context.index + 1 })),
  },
  guards: {
    accepted: (_, params: { status: number }) => isAcceptedStatus(params.status),
    hasMoreCandidates: ({ context }) => context.index + 1 < context.candidates.length,
    /** no earlier candidate gave any response */
    noneAnswered: ({ context }) => context.tested.every((attempt) => attempt.status === null),
  },
}).createMachine({
  id: 'probe',
  context: ({ input }) => {
    if (input.candidates.length === 0) throw new Error('probe machine: no candidate paths')
    return { candidates: input.candidates, index: 0, tested: [] }
  },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'check',
        id: 'check',
        input: ({ context }) => ({ path: context.candidates[context.index] }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ status: event.output }) },
            target: 'found',
            actions: { type: 'record', params: ({ event }) => ({ status: event.output }) },
          },
          {
            guard: 'hasMoreCandidates',
            target: 'checking',
            reenter: true,
            actions: [{ type: 'record', params: ({ event }) => ({ status: event.output }) }, 'next'],
          },
          { target: 'notFound', actions: { type: 'record', params: ({ event }) => ({ status: event.output }) } },
        ],
        onError: [
          {
            guard: 'hasMoreCandidates',
            target: 'checking',
            reenter: true,
            actions: [{ type: 'record', params: { status: null } }, 'next'],
          },
          // the last candidate gave no response either: nothing ever answered
          { guard: 'noneAnswered', target: 'unreachable', actions: { type: 'record', params: { status: null } } },
          { target: 'notFound', actions: { type: 'record', params: { status: null } } },
        ],
      },
    },
    found: { type: 'final' },
    notFound: { type: 'final' },
    unreachable: { type: 'final' },
  },
  output: ({ context }): ProbeResult => {
    const last = context.tested[context.tested.length - 1]
    if (last?.status != null && isAcceptedStatus(last.status)) {
      return { kind: 'found', path: last.path, status: last.status, tested: context.tested }
    }
    if (context.tested.every((attempt) => attempt.status === null)) return { kind: 'unreachable', tested: context.tested }
    return { kind: 'notFound', tested: context.tested }
  },
})

export type ProbeMachine = typeof probeMachine
