/**
 * The count machine's model (SPEC 11.10): two count tasks, a scan of each kind the offline cache tells apart (a task's
 * location, another location, an inactive one, a product, a GS1 read with lot, expiry and quantity, a pallet, an
 * unknown code), a valid and an invalid typed quantity, 'Local vazio', Confirm, Cancel, and the outbox write's
 * success and failure. count.machine.test.ts replays every generated path.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import { countMachine, type CountContext, type CountLot, type CountTarget, type CountTask } from './count.machine'

export const COUNT_TARGETS = {
  taskLocation: { kind: 'location', code: 'A-01-01', id: 1, active: true },
  otherTaskLocation: { kind: 'location', code: 'A-01-02', id: 2, active: true },
  freeTaskLocation: { kind: 'location', code: 'A-01-03', id: 3, active: true },
  notAssigned: { kind: 'location', code: 'B-09-09', id: 5, active: true },
  inactive: { kind: 'location', code: 'Z-99-99', id: 9, active: false },
  product: { kind: 'product', code: 'P0001', id: 11, name: 'Parafuso' },
  gs1: { kind: 'product', code: 'P0001', id: 11, name: 'Parafuso', lot: 'L2', expiry: '2027-12-31', qty: '12' },
  pallet: { kind: 'pallet', code: '356789012345678903', sscc: '356789012345678903', palletCode: null },
  unknown: { kind: 'unknown', code: 'XYZ' },
} satisfies Record<string, CountTarget>

export const COUNT_TASKS: CountTask[] = [
  { task: 101, plan: 7, location: { id: 1, code: 'A-01-01' }, round: 0 },
  { task: 102, plan: 7, location: { id: 2, code: 'A-01-02' }, round: 1 },
  // a free recount another operator counted first: taken by scanning its location
  { task: 103, plan: 7, location: { id: 3, code: 'A-01-03' }, round: 1, free: true },
]

/** what A-01-01 holds of P0001: two lots (a product read without its lot there asks which) */
export const COUNT_LOTS: CountLot[] = [
  { product: 11, lot: 'L1', expiry: '2027-06-30' },
  { product: 11, lot: 'L2', expiry: '2027-12-31' },
]

export type CountModelEvent = EventObject & { target?: CountTarget; qty?: string; tasks?: CountTask[]; output?: unknown; error?: unknown; location?: number; lots?: CountLot[]; lot?: string; expiry?: string | null }

export const countModelEvents: CountModelEvent[] = [
  { type: 'TASKS', tasks: COUNT_TASKS },
  ...Object.values(COUNT_TARGETS).map((target) => ({ type: 'SCAN', target })),
  { type: 'QTY', qty: '5' },
  { type: 'QTY', qty: 'abc' },
  { type: 'EMPTY' },
  { type: 'CONFIRM' },
  { type: 'RESET' },
  { type: 'LOTS', location: 1, lots: COUNT_LOTS },
  { type: 'LOT', lot: 'L1', expiry: '2027-06-30' },
  { type: 'xstate.done.actor.submit', output: { command_id: 'c-1' } },
  { type: 'xstate.done.actor.take', output: { id: 103 } },
  { type: 'xstate.error.actor.take', error: new Error('taken') },
  { type: 'xstate.error.actor.submit', error: new Error('QuotaExceededError') },
]

// bounded: the state, which tasks are left, which location is counted, how many entries (0, 1, 2 or more; not their quantities), a pallet waiting, the refusal shown, whether a count was just done
export function abstractCount(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as CountContext
  return {
    value: snapshot.value,
    tasks: c.tasks.map((t) => (t.free ? `${t.task} free` : t.task)),
    task: c.task?.task ?? null,
    entries: Math.min(c.entries.length, 2),
    pallet: c.pallet !== null,
    refusal: c.refusal?.id ?? null,
    last: c.last !== null,
    lots: c.lots !== null,
    choosing: c.choosing?.code ?? null,
  }
}

export const countModel: MachineModel<CountModelEvent> = {
  machine: countMachine,
  events: (snapshot) => {
    const submitting = snapshot.matches('submitting')
    const c = snapshot.context as CountContext
    return countModelEvents.filter((e) => {
      if (e.type.startsWith('xstate.') && e.type.endsWith('.take')) return snapshot.matches('taking')
      if (e.type.startsWith('xstate.')) return submitting
      // the lots of A-01-01 arrive once, while it is counted; a lot is chosen only when asked
      if (e.type === 'LOTS') return c.lots === null && c.task?.location.id === e.location
      if (e.type === 'LOT') return snapshot.matches('chooseLot')
      return true
    })
  },
  abstract: abstractCount,
  screens: [
    {
      screen: '/m/count',
      test: 'src/features/collector/components/count-screen.screen-flows.test.tsx',
      events: (snapshot) => countScreenEvents(snapshot),
      sample: 4,
    },
  ],
}

/**
 * What /m/count can send in a snapshot. A scan at any time. The quantity only while its field is shown (a line was
 * read), 'Local vazio' only before a line is read, Confirmar only with a line read or on the empty location's
 * confirmation: the refusals for a quantity with nothing read, 'Local vazio' after a line, and Confirm with nothing
 * counted have no stimulus on the screen. Cancelar only when there is something to cancel, and not while the count
 * is being written (it could not take back a write under way). The tasks: the screen's list arrives once (the
 * model's first TASKS), then the same list comes again when the offline cache refreshes; a location counted here
 * leaves the list for good, so the screen never gives the machine back a task it has counted.
 */
export function countScreenEvents(snapshot: AnyMachineSnapshot): CountModelEvent[] {
  const c = snapshot.context as CountContext
  const submitting = snapshot.matches('submitting')
  const items = snapshot.matches('items')
  return countModel.events(snapshot).filter((e) => {
    switch (e.type) {
      case 'TASKS':
        return (c.tasks.length === 0 && c.last === null) || c.tasks.length === COUNT_TASKS.length
      case 'QTY':
        return items && c.entries.length > 0
      case 'EMPTY':
        return items && c.entries.length === 0
      case 'CONFIRM':
        return (items && c.entries.length > 0) || snapshot.matches('confirmEmpty')
      case 'RESET':
        return !submitting && (!snapshot.matches('location') || c.refusal !== null)
      default:
        return true
    }
  })
}
