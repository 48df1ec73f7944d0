/**
 * The move machine's model (SPEC 11.10): a scan of each kind the offline cache tells apart (a pallet, the source and
 * another location, an inactive location, two products, an unknown code), a valid and an invalid typed quantity,
 * Confirm, Cancel, and the outbox write's success and failure. move.machine.test.ts replays every generated path.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import { moveMachine, type MoveContext, type MoveTarget } from './move.machine'

export const MOVE_TARGETS = {
  pallet: { kind: 'pallet', code: '356789012345678903', sscc: '356789012345678903', palletCode: null },
  source: { kind: 'location', code: 'A-01-01', id: 1, active: true },
  destination: { kind: 'location', code: 'B-02-03', id: 2, active: true },
  inactive: { kind: 'location', code: 'Z-99-99', id: 9, active: false },
  product: { kind: 'product', code: 'P0001', id: 11, name: 'Parafuso', lot: 'L1' },
  otherProduct: { kind: 'product', code: 'P0002', id: 12, name: 'Porca' },
  unknown: { kind: 'unknown', code: 'XYZ' },
} satisfies Record<string, MoveTarget>

export type MoveModelEvent = EventObject & { target?: MoveTarget; qty?: string; output?: unknown; error?: unknown }

export const moveModelEvents: MoveModelEvent[] = [
  ...Object.values(MOVE_TARGETS).map((target) => ({ type: 'SCAN', target })),
  { type: 'QTY', qty: '5' },
  { type: 'QTY', qty: '0' },
  { type: 'CONFIRM' },
  { type: 'RESET' },
  { type: 'xstate.done.actor.submit', output: { command_id: 'c-1' } },
  { type: 'xstate.error.actor.submit', error: new Error('QuotaExceededError') },
]

// bounded: the state, what the draft holds (not the quantity's value; the source and product codes, which guards read), the refusal shown, whether a move was just done
export function abstractMove(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as MoveContext
  return {
    value: snapshot.value,
    pallet: c.pallet !== null,
    // the guards read which location is the source and which product is scanned: the abstraction keeps them
    from: c.from?.code ?? null,
    product: c.product?.code ?? null,
    to: c.to !== null,
    refusal: c.refusal?.id ?? null,
    last: c.last !== null,
  }
}

export const moveModel: MachineModel<MoveModelEvent> = {
  machine: moveMachine,
  events: (snapshot) => {
    const submitting = snapshot.matches('submitting')
    return moveModelEvents.filter((e) => (e.type.startsWith('xstate.') ? submitting : true))
  },
  abstract: abstractMove,
  screens: [
    {
      screen: '/m/move',
      test: 'src/features/collector/components/move-screen.screen-flows.test.tsx',
      events: (snapshot) => moveScreenEvents(snapshot),
      sample: 4,
    },
  ],
}

/**
 * What /m/move can send in a snapshot: a scan at any time, the quantity only while its field is shown, Confirmar only
 * on the confirm step, Cancelar only when there is something to cancel (a step past the first, or a refusal shown)
 * and not while the move is being written (it could not take back a write already under way).
 */
export function moveScreenEvents(snapshot: AnyMachineSnapshot): MoveModelEvent[] {
  const refusal = (snapshot.context as MoveContext).refusal !== null
  return moveModel.events(snapshot).filter((e) => {
    switch (e.type) {
      case 'QTY':
        return snapshot.matches('quantity')
      case 'CONFIRM':
        return snapshot.matches('confirm')
      case 'RESET':
        return !snapshot.matches('submitting') && (!snapshot.matches('source') || refusal)
      default:
        return true
    }
  })
}
