/**
 * The copack machine's model (SPEC 2.11): the user's actions, and each actor's outcomes — an order in each status
 * from load and the actions, a short reserve (409 with what is missing), a reserve that lost to another one (409,
 * the order is RESERVED), a plain server error. copack.machine.test.ts replays every generated path; the flows
 * tooling lists the same paths.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import { copackMachine } from './copack.machine'
import type { CopackStatus } from '../../contracts/copack/copack.rules'
import type { CopackContext, CopackFailure, CopackInput, CopackOrderLike } from './copack.machine'

export const copackModelInput: CopackInput = { orderId: 7 }

export type CopackModelEvent = EventObject & { output?: unknown; error?: unknown }

const order = (status: CopackStatus): CopackOrderLike => ({ id: 7, code: 'CP-7', status })

export const SHORT: CopackFailure = { status: 409, detail: 'Not enough stock', missing: [{ product: 3, code: 'C-3', needed: '2', available: '1', missing: '1' }] }
export const LOST_RACE: CopackFailure = { status: 409, detail: 'This order is RESERVED', orderStatus: 'RESERVED' }
export const MOVED: CopackFailure = { status: 409, detail: 'This order is COMPLETED', orderStatus: 'COMPLETED' }
export const SERVER_ERROR: CopackFailure = { status: 500, detail: 'boom' }

const outcomes = (actor: string, statuses: CopackStatus[], errors: unknown[]): CopackModelEvent[] => [
  ...statuses.map((status) => ({ type: `xstate.done.actor.${actor}`, output: order(status) })),
  ...errors.map((error) => ({ type: `xstate.error.actor.${actor}`, error })),
]

export const copackModelEvents: CopackModelEvent[] = [
  { type: 'RESERVE' },
  { type: 'CANCEL' },
  { type: 'COMPLETE' },
  { type: 'REFRESH' },
  { type: 'RETRY' },
  ...outcomes('load', ['DRAFT', 'RESERVED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'], [new Error('offline')]),
  ...outcomes('reserve', ['RESERVED'], [SHORT, LOST_RACE, SERVER_ERROR]),
  ...outcomes('cancel', ['CANCELLED'], [SERVER_ERROR, MOVED]),
  ...outcomes('complete', ['COMPLETED'], [{ status: 409, detail: '1 pick task(s) of this order are not done yet.' }, MOVED]),
]

// bounded: a state, a status, an error id and whether something is missing
export function abstractCopack(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as CopackContext
  return { value: snapshot.value, status: c.order?.status ?? null, error: c.error?.id ?? null, missing: c.missing.length }
}

export const copackModel: MachineModel<CopackModelEvent> = {
  machine: copackMachine,
  events: () => copackModelEvents,
  abstract: abstractCopack,
  input: copackModelInput,
  screens: [
    // every event has a stimulus on the order's page: a button, or the answer to the request it sent
    { screen: '/manufacturing/copack-orders/$id', test: 'src/features/manufacturing/components/copack-order.screen-flows.test.tsx', sample: 6 },
  ],
}
