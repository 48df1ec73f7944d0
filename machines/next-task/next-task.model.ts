/**
 * The next-task machine's model (SPEC 19.4): the operator's presses with and without the network, and the server's
 * answers — a lone putaway, a pick batch of five stops (resumed), nothing to do (204), no answer, a refusal.
 * next-task.machine.test.ts replays every generated path; the home's test replays a cover of them on /m/home
 * (ADR 0007); the flows tooling lists the same paths.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import type { NextTask, Task } from '../../contracts/tasks/tasks.contract'
import { nextTaskMachine, type NextTaskContext, type NextTaskFailure } from './next-task.machine'

export type NextTaskModelEvent = EventObject & { online?: boolean; output?: unknown; error?: unknown }

const warehouse = { id: 1, code: 'WH-SP1' }

export const modelTask = (id: number, over: Partial<Task> = {}): Task => ({
  id,
  type: 'pick',
  status: 'open',
  warehouse,
  location: { id: 10 + id, code: `A-01-0${id}` },
  product: { id: 7, code: 'P0007', name1: 'Parafuso sextavado M8' },
  qty: '12.000',
  short_qty: null,
  reference: `SO-4${id}`,
  assignee: { id: 1, username: 'ana' },
  priority: 0,
  due_at: null,
  batch: null,
  created_at: '2026-12-09T08:00:00Z',
  started_at: null,
  finished_at: null,
  ...over,
})

/** A putaway of its own: priority and due time, a walk of 42 m. */
export const LONE_TASK: NextTask = {
  task: modelTask(1, { type: 'putaway', location: { id: 21, code: 'B-02-03' }, qty: '1.000', reference: 'REC-88', priority: 5, due_at: '2026-12-09T14:30:00Z' }),
  batch: null,
  distance_m: 42.4,
  resumed: false,
}

const stops = [1, 2, 3, 4, 5].map((n) => modelTask(n, { batch: 9, priority: 3 }))
/** A pick batch of five stops in path order, already the operator's (resumed); no place to measure the walk from. */
export const BATCH_TASK: NextTask = { task: stops[0]!, batch: { id: 9, tasks: stops }, distance_m: null, resumed: true }

export const OFFLINE: NextTaskFailure = { status: 0 }
/** a refusal in the server's words */
export const REFUSED: NextTaskFailure = { status: 403, detail: 'You do not have permission to perform this action.' }

export const nextTaskModelEvents: NextTaskModelEvent[] = [
  { type: 'ASK', online: true },
  { type: 'ASK', online: false },
  { type: 'RETRY', online: true },
  { type: 'RETRY', online: false },
  { type: 'START' },
  { type: 'xstate.done.actor.ask', output: LONE_TASK },
  { type: 'xstate.done.actor.ask', output: BATCH_TASK },
  { type: 'xstate.done.actor.ask', output: null },
  { type: 'xstate.error.actor.ask', error: OFFLINE },
  { type: 'xstate.error.actor.ask', error: REFUSED },
]

// bounded: the state, the task offered, the message shown
export function abstractNextTask(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as NextTaskContext
  return { value: snapshot.value, offer: c.offer?.task.id ?? null, batch: c.offer?.batch?.id ?? null, error: c.error?.id ?? null }
}

export const nextTaskModel: MachineModel<NextTaskModelEvent> = {
  machine: nextTaskMachine,
  events: (snapshot) => nextTaskModelEvents.filter((e) => !e.type.startsWith('xstate.') || snapshot.matches('asking')),
  abstract: abstractNextTask,
  screens: [
    // every event has a stimulus on the home: a button pressed with or without the network, or the request's answer
    { screen: '/m/home', test: 'src/features/collector/components/next-task.screen-flows.test.tsx', sample: 3, everyEvent: true },
  ],
}
