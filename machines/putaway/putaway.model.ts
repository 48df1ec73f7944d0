/**
 * The putaway machine's model (SPEC 11.5): two putaway tasks (one ambient, one chilled), and a scan of each kind the
 * offline cache tells apart: each task's pallet, a pallet of no task, the suggested location, another valid one, one
 * of another storage class, a dock, an inactive one, one of another warehouse, a product, an unknown code; the
 * tasks refreshed from the cache, Cancel, and the outbox write's success and failure. putaway.machine.test.ts replays
 * every generated path.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import { putawayMachine, type PutawayContext, type PutawayTarget, type PutawayTask } from './putaway.machine'

export const PUTAWAY_TASKS = [
  { id: 1, warehouse: 1, palletCode: '356789012345678903', sscc: '356789012345678903', storageClasses: ['ambient'], suggested: { id: 2, code: 'A-01-01' } },
  { id: 2, warehouse: 1, palletCode: 'PAL-000002', sscc: null, storageClasses: ['chilled'], suggested: null },
] satisfies PutawayTask[]

const location = (code: string, id: number, extra: Partial<Extract<PutawayTarget, { kind: 'location' }>> = {}): PutawayTarget => ({
  kind: 'location',
  code,
  id,
  warehouse: 1,
  locationKind: 'storage',
  storageClass: 'ambient',
  active: true,
  ...extra,
})

export const PUTAWAY_TARGETS = {
  pallet: { kind: 'pallet', code: '356789012345678903', sscc: '356789012345678903', palletCode: null },
  chilledPallet: { kind: 'pallet', code: 'PAL-000002', sscc: null, palletCode: 'PAL-000002' },
  strayPallet: { kind: 'pallet', code: 'PAL-999999', sscc: null, palletCode: 'PAL-999999' },
  suggested: location('A-01-01', 2),
  other: location('A-01-02', 3),
  chilled: location('C-01-01', 4, { storageClass: 'chilled' }),
  dock: location('DOCK-01', 5, { locationKind: 'dock' }),
  inactive: location('Z-99-99', 6, { active: false }),
  farAway: location('B-01-01', 7, { warehouse: 2 }),
  product: { kind: 'product', code: 'P0001' },
  unknown: { kind: 'unknown', code: 'XYZ' },
} satisfies Record<string, PutawayTarget>

export type PutawayModelEvent = EventObject & { target?: PutawayTarget; tasks?: PutawayTask[]; task?: number | null; output?: unknown; error?: unknown }

export const putawayModelEvents: PutawayModelEvent[] = [
  ...Object.values(PUTAWAY_TARGETS).map((target) => ({ type: 'SCAN', target })),
  { type: 'TASKS', tasks: PUTAWAY_TASKS },
  { type: 'SELECT', task: 2 },
  { type: 'SELECT', task: null },
  { type: 'RESET' },
  { type: 'xstate.done.actor.submit', output: { command_id: 'c-1' } },
  { type: 'xstate.error.actor.submit', error: new Error('QuotaExceededError') },
]

// bounded: the state, the chosen task, which tasks are left, the destination, the refusal shown, whether one was just done
export function abstractPutaway(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as PutawayContext
  return {
    value: snapshot.value,
    task: c.task?.id ?? null,
    only: c.only,
    tasks: c.tasks.map((t) => t.id).join(','),
    to: c.to?.code ?? null,
    refusal: c.refusal?.id ?? null,
    last: c.last !== null,
  }
}

export const putawayModel: MachineModel<PutawayModelEvent> = {
  machine: putawayMachine,
  input: { tasks: PUTAWAY_TASKS, only: null },
  events: (snapshot) => {
    const submitting = snapshot.matches('submitting')
    return putawayModelEvents.filter((e) => (e.type.startsWith('xstate.') ? submitting : true))
  },
  abstract: abstractPutaway,
  screens: [
    {
      screen: '/m/putaway',
      test: 'src/features/collector/components/putaway-screen.screen-flows.test.tsx',
      events: (snapshot) => putawayScreenEvents(snapshot),
      sample: 4,
    },
  ],
}

/**
 * What /m/putaway can send in a snapshot: a scan, and the tasks (the offline cache refreshed when the network
 * returns), at any time; SELECT when the route's `?task=` changes (opened from /m/tasks for a task, or for any), so
 * only for another task than the chosen one, and not while the putaway is being written; Cancelar only when there is
 * something to cancel, and not while the putaway is being written (it could not take back a write under way).
 */
export function putawayScreenEvents(snapshot: AnyMachineSnapshot): PutawayModelEvent[] {
  const c = snapshot.context as PutawayContext
  const submitting = snapshot.matches('submitting')
  return putawayModel.events(snapshot).filter((e) => {
    switch (e.type) {
      case 'SELECT':
        return !submitting && e.task !== c.only
      case 'RESET':
        return !submitting && (!snapshot.matches('pallet') || c.refusal !== null)
      default:
        return true
    }
  })
}
