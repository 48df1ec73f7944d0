/**
 * The replenish machine's model (docs/requirements.md §20.2): a refill of 3 from A-02-01 (line 501, lot L1; line 502,
 * lot L2, on pallet PAL-000502) to the face P-01-01, and a scan of each kind the offline cache tells apart: the source,
 * the face, another location, the product without a lot, with the planned lot, with the other lot the refill names, with
 * a lot it does not name, another product, the planned pallet, another pallet, an unknown code; a valid, a zero and a
 * too large typed quantity; Cancel; the outbox write's success and failure. replenish.machine.test.ts replays every path.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import { replenishMachine, type RefillContext, type RefillPlan, type RefillTarget } from './replenish.machine'

export const REFILL_PLAN: RefillPlan = {
  task: 71,
  face: { id: 10, code: 'P-01-01' },
  source: { id: 20, code: 'A-02-01' },
  product: { id: 11, code: 'P0001', name: 'Parafuso' },
  qty: '3',
  lines: [
    { id: 501, lot: 'L1', sscc: null, palletCode: null },
    { id: 502, lot: 'L2', sscc: '356789012345678903', palletCode: 'PAL-000502' },
  ],
}

export const REFILL_TARGETS = {
  source: { kind: 'location', code: 'A-02-01', id: 20 },
  face: { kind: 'location', code: 'P-01-01', id: 10 },
  other: { kind: 'location', code: 'B-01-01', id: 30 },
  product: { kind: 'product', code: 'P0001', id: 11 },
  plannedLot: { kind: 'product', code: '010789123456789510L1', id: 11, lot: 'L1' },
  otherLot: { kind: 'product', code: '010789123456789510L2', id: 11, lot: 'L2' },
  strayLot: { kind: 'product', code: '010789123456789510L9', id: 11, lot: 'L9' },
  otherProduct: { kind: 'product', code: 'P0002', id: 12 },
  pallet: { kind: 'pallet', code: '356789012345678903', sscc: '356789012345678903', palletCode: null },
  strayPallet: { kind: 'pallet', code: 'PAL-999999', sscc: null, palletCode: 'PAL-999999' },
  unknown: { kind: 'unknown', code: 'XYZ' },
} satisfies Record<string, RefillTarget>

export type RefillModelEvent = EventObject & { target?: RefillTarget; plan?: RefillPlan; qty?: string; output?: unknown; error?: unknown }

export const replenishModelEvents: RefillModelEvent[] = [
  { type: 'LOADED', plan: REFILL_PLAN },
  ...Object.values(REFILL_TARGETS).map((target) => ({ type: 'SCAN', target })),
  { type: 'QTY', qty: '2' },
  { type: 'QTY', qty: '0' },
  { type: 'QTY', qty: '4' },
  { type: 'RESET' },
  { type: 'xstate.done.actor.submit', output: { command_id: 'c-1' } },
  { type: 'xstate.error.actor.submit', error: new Error('QuotaExceededError') },
]

// bounded: the quantity never goes above the task's 3
export function abstractReplenish(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as RefillContext
  return { value: snapshot.value, plan: c.plan?.task ?? null, line: c.line?.id ?? null, qty: c.qty, refusal: c.refusal?.id ?? null }
}

export const replenishModel: MachineModel<RefillModelEvent> = {
  machine: replenishMachine,
  events: (snapshot) => {
    const submitting = snapshot.matches('submitting')
    return replenishModelEvents.filter((e) => (e.type.startsWith('xstate.') ? submitting : e.type === 'LOADED' ? snapshot.matches('waiting') : true))
  },
  abstract: abstractReplenish,
  screens: [
    {
      screen: '/m/replenish',
      test: 'src/features/collector/components/replenish-screen.screen-flows.test.tsx',
      events: (snapshot) => replenishScreenEvents(snapshot),
      sample: 3,
    },
  ],
}

/**
 * What /m/replenish can send in a snapshot: the refill once read (only while waiting for it), a scan at any time, the
 * quantity only while its field is shown, Cancelar only past the first step or with a refusal shown, and never while
 * the refill is being written or once it is done.
 */
export function replenishScreenEvents(snapshot: AnyMachineSnapshot): RefillModelEvent[] {
  const refusal = (snapshot.context as RefillContext).refusal !== null
  return replenishModel.events(snapshot).filter((e) => {
    switch (e.type) {
      case 'QTY':
        return snapshot.matches('quantity')
      case 'RESET':
        return ['item', 'quantity', 'face'].some((s) => snapshot.matches(s)) || (snapshot.matches('source') && refusal)
      case 'SCAN':
        return !snapshot.matches('waiting')
      default:
        return true
    }
  })
}
