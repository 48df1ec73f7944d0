import { useMemo } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { CopackAction } from '../../../../contracts/copack/copack.rules'
import { copackMachine, copackView, type CopackFailure, type CopackOrderLike } from '../../../../machines/copack/copack.machine'
import { ApiError, apiErrorText } from '../../../lib/api-client'
import { flowsInspect } from '../../../lib/flows-inspector'
import { copackOrderAction } from '../api/copack-order-action'
import { copackOrderQueryOptions } from '../api/get-copack-order'
import { manufacturingKeys } from '../manufacturing-query-keys'
import type { CopackOrderDetail } from '../copack-types'

/** An API failure as the copack machine reads it: status, detail, the order's status of a 409, what is missing. */
function toFailure(error: unknown): CopackFailure {
  if (!(error instanceof ApiError)) return { detail: error instanceof Error ? error.message : null }
  const data = typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {}
  return {
    status: error.status,
    detail: apiErrorText(error),
    orderStatus: typeof data.status === 'string' ? data.status : null,
    missing: Array.isArray(data.missing) ? (data.missing as CopackFailure['missing']) : undefined,
  }
}

function act(queryClient: QueryClient, action: CopackAction) {
  return fromPromise<CopackOrderLike, { orderId: number }>(async ({ input }) => {
    try {
      return await copackOrderAction(input.orderId, action)
    } catch (error) {
      throw toFailure(error)
    }
  })
}

/** The copack machine with the app's actors: the order from the query cache, each action through the API. */
export function provideCopackMachine(queryClient: QueryClient) {
  return copackMachine.provide({
    actors: {
      load: fromPromise<CopackOrderLike, { orderId: number }>(async ({ input }) => {
        try {
          // the loader may have fetched it already; a refresh asks again
          return await queryClient.fetchQuery({ ...copackOrderQueryOptions(input.orderId), staleTime: 0 })
        } catch (error) {
          throw toFailure(error)
        }
      }),
      reserve: act(queryClient, 'reserve'),
      cancel: act(queryClient, 'cancel'),
      complete: act(queryClient, 'complete'),
    },
    actions: {
      // SPEC 4: after reserve (and every action) the list is refreshed; the detail shows the server's answer
      changed: (_, params) => {
        const order = params.order as CopackOrderDetail | null
        if (order) queryClient.setQueryData(manufacturingKeys.copackOrder(order.id), order)
        void queryClient.invalidateQueries({ queryKey: manufacturingKeys.copackLists() })
      },
    },
  })
}

/** One order's flow, for the detail page. */
export function useCopackOrder(orderId: number) {
  const queryClient = useQueryClient()
  const machine = useMemo(() => provideCopackMachine(queryClient), [queryClient])
  const [snapshot, send] = useMachine(machine, { input: { orderId }, inspect: flowsInspect })
  return { snapshot, send, view: copackView(snapshot) }
}

export type ReserveOutcome = { ok: true } | { ok: false; view: ReturnType<typeof copackView> }

/**
 * The list's 'Reserve & generate tasks' (SPEC 2.12): the order's machine loads it, reserves it when it is DRAFT,
 * and answers how it ended (the machine's `changed` refreshes the list).
 */
export async function reserveFromList(queryClient: QueryClient, orderId: number): Promise<ReserveOutcome> {
  const actor = createActor(provideCopackMachine(queryClient), { input: { orderId }, inspect: flowsInspect }).start()
  try {
    const loaded = await waitFor(actor, (s) => !s.matches('loading'))
    if (!loaded.matches('DRAFT')) return { ok: false, view: copackView(loaded) }
    actor.send({ type: 'RESERVE' })
    const done = await waitFor(actor, (s) => !s.matches('loading') && !s.matches('reserving'))
    return done.matches('RESERVED') && !done.context.error ? { ok: true } : { ok: false, view: copackView(done) }
  } finally {
    actor.stop()
  }
}
