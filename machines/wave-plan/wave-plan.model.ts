/**
 * The wave-plan machine's model (SPEC 19.2): the supervisor's actions on the planning screen and each request's
 * outcomes — a plan with two proposals (one of two orders, one of one) or with none, a 400 on the rules, the network
 * down; each wave created or refused. wave-plan.machine.test.ts replays every generated path; the planning screen's
 * test replays a cover of them (ADR 0007); the flows tooling lists the same paths.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import type { WavePlan, WavePlanOrder, WavePlanRequest } from '../../contracts/shipping/wave-plan.contract'
import { wavePlanMachine, type CreatedWave, type WavePlanContext, type WavePlanFailure } from './wave-plan.machine'

export type WavePlanModelEvent = EventObject & { output?: unknown; error?: unknown; rules?: WavePlanRequest; proposal?: number; order?: number }

export const MODEL_RULES: WavePlanRequest = { warehouse: 1, group_by: ['carrier'], max_orders: 2, totes: 1 }

const carrier = { id: 5, code: 'TRANS', name: 'Transportadora' }
const customer = { id: 4, code: 'CLI-4', name: 'Mercado Sul' }
export const planOrder = (id: number, lines: number): WavePlanOrder => ({
  id,
  code: `SO-${id}`,
  customer,
  priority: id === 1 ? 5 : 0,
  due_at: '2026-12-09T14:00',
  ship_date: '2026-12-09',
  carrier,
  zone: 'A',
  lines,
  units: lines * 2,
  weight: lines * 1.5,
  volume: lines * 0.01,
  stops: lines,
})

const [o1, o2, o3, o4] = [planOrder(1, 2), planOrder(2, 1), planOrder(3, 3), planOrder(4, 9)]

/** Two proposals (SO-1 and SO-2; SO-3) and one order left out. */
export const TWO_PROPOSALS: WavePlan = {
  warehouse: { id: 1, code: 'WH-SP1' },
  candidates: 4,
  proposals: [
    { key: { carrier }, orders: [o1, o2], lines: 3, units: 6, weight: 4.5, volume: 0.03, batches: [{ orders: [1], metres: 40.5 }, { orders: [2], metres: 22 }], metres: 62.5 },
    { key: { carrier }, orders: [o3], lines: 3, units: 6, weight: 4.5, volume: 0.03, batches: [{ orders: [3], metres: 31 }], metres: 31 },
  ],
  left_out: [{ order: o4, reason: 'too_big' }],
}
export const NO_PROPOSALS: WavePlan = { warehouse: { id: 1, code: 'WH-SP1' }, candidates: 1, proposals: [], left_out: [{ order: o4, reason: 'nothing_available' }] }

export const BAD_RULES: WavePlanFailure = { status: 400, fields: { max_lines: ['Ensure this value is greater than or equal to 1.'] } }
export const OFFLINE: WavePlanFailure = { status: 0 }
export const CODE_TAKEN: WavePlanFailure = { status: 400, detail: 'A wave with this code already exists.' }

const created = (n: number): CreatedWave => ({ id: 100 + n, code: `OND-${n}` })

export const wavePlanModelEvents: WavePlanModelEvent[] = [
  { type: 'PLAN', rules: MODEL_RULES },
  { type: 'xstate.done.actor.plan', output: TWO_PROPOSALS },
  { type: 'xstate.done.actor.plan', output: NO_PROPOSALS },
  { type: 'xstate.error.actor.plan', error: BAD_RULES },
  { type: 'xstate.error.actor.plan', error: OFFLINE },
  { type: 'REMOVE_ORDER', proposal: 0, order: 2 },
  { type: 'REMOVE_ORDER', proposal: 1, order: 3 },
  { type: 'DROP', proposal: 0 },
  { type: 'EDIT_RULES' },
  { type: 'CREATE' },
  { type: 'RETRY' },
  { type: 'BACK' },
  { type: 'NEW_PLAN' },
  { type: 'xstate.error.actor.createWave', error: CODE_TAKEN },
]

/** The createWave answer is the next wave: its number follows the waves created so far. */
export function wavePlanEvents(snapshot: AnyMachineSnapshot): WavePlanModelEvent[] {
  const c = snapshot.context as WavePlanContext
  return [...wavePlanModelEvents, { type: 'xstate.done.actor.createWave', output: created(c.created.length + 1) }]
}

// bounded: the state, the kept proposals' orders, how many waves were created, the error and the fields refused
export function abstractWavePlan(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as WavePlanContext
  return {
    value: snapshot.value,
    proposals: c.proposals.map((p) => p.orders.map((o) => o.id)),
    created: c.created.length,
    error: c.error?.id ?? null,
    fields: Object.keys(c.fieldErrors),
  }
}

export const wavePlanModel: MachineModel<WavePlanModelEvent> = {
  machine: wavePlanMachine,
  events: wavePlanEvents,
  abstract: abstractWavePlan,
  screens: [
    // every event has a stimulus on the planning screen: a button or a form, or the answer to the request it sent
    { screen: '/shipping/waves/plan', test: 'src/features/shipping/components/wave-plan.screen-flows.test.tsx', sample: 4, everyEvent: true },
  ],
}
