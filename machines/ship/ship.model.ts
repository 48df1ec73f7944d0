/**
 * The ship machine's model (SPEC 11.8): an order of two picks (a lot with another usable lot and an expired one in
 * its location; a pallet) and an order with nothing left to pick; a scan of each kind the offline cache tells apart;
 * quantities valid, over and invalid; reasons given and blank; short, Confirm, Cancel; and the outbox writes'
 * success and failure. ship.machine.test.ts replays every generated path.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import { compareQty, currentPick, shipMachine, type ShipContext, type ShipOrder, type ShipTarget } from './ship.machine'

export const SHIP_TODAY = '2026-11-24'

export const SHIP_ORDER: ShipOrder = {
  id: 41,
  code: 'SO-41',
  carrier: { id: 3, name: 'Transportes Rápido' },
  picks: [
    {
      line: 1,
      product: { id: 11, code: 'P0001', name: 'Parafuso' },
      location: { id: 1, code: 'A-01-01' },
      stockLine: 101,
      lot: 'L1',
      expiry: '2027-01-01',
      sscc: null,
      palletCode: null,
      qty: '2',
      alternatives: [
        { stockLine: 102, lot: 'L2', expiry: '2027-06-01' },
        { stockLine: 103, lot: 'OLD', expiry: '2026-01-01' },
      ],
    },
    {
      line: 2,
      product: { id: 12, code: 'P0002', name: 'Porca' },
      location: { id: 2, code: 'B-02-03' },
      stockLine: 201,
      lot: null,
      expiry: null,
      sscc: '356789012345678903',
      palletCode: null,
      qty: '3',
      alternatives: [],
    },
  ],
}
export const SHIP_EMPTY_ORDER: ShipOrder = { id: 42, code: 'SO-42', carrier: null, picks: [] }

export const SHIP_TARGETS = {
  locA: { kind: 'location', code: 'A-01-01', id: 1, active: true },
  locB: { kind: 'location', code: 'B-02-03', id: 2, active: true },
  otherLoc: { kind: 'location', code: 'C-09-09', id: 9, active: true },
  p1: { kind: 'product', code: 'P0001', id: 11, name: 'Parafuso', lot: 'L1' },
  p1L2: { kind: 'product', code: 'P0001', id: 11, name: 'Parafuso', lot: 'L2' },
  p1Old: { kind: 'product', code: 'P0001', id: 11, name: 'Parafuso', lot: 'OLD' },
  p1Elsewhere: { kind: 'product', code: 'P0001', id: 11, name: 'Parafuso', lot: 'L9' },
  p2: { kind: 'product', code: 'P0002', id: 12, name: 'Porca' },
  pallet: { kind: 'pallet', code: '356789012345678903', sscc: '356789012345678903', palletCode: null },
  otherPallet: { kind: 'pallet', code: '356789012345678910', sscc: '356789012345678910', palletCode: null },
  unknown: { kind: 'unknown', code: 'XYZ' },
} satisfies Record<string, ShipTarget>

export type ShipModelEvent = EventObject & { target?: ShipTarget; qty?: string; reason?: string; order?: ShipOrder; today?: string; output?: unknown; error?: unknown }

export const shipModelEvents: ShipModelEvent[] = [
  { type: 'START', order: SHIP_ORDER, today: SHIP_TODAY },
  { type: 'START', order: SHIP_EMPTY_ORDER, today: SHIP_TODAY },
  ...Object.values(SHIP_TARGETS).map((target) => ({ type: 'SCAN', target })),
  { type: 'QTY', qty: '1' },
  { type: 'QTY', qty: '9' },
  { type: 'QTY', qty: '0' },
  { type: 'REASON', reason: 'Lote mais à frente' },
  { type: 'REASON', reason: '  ' },
  { type: 'SHORT' },
  { type: 'CONFIRM' },
  { type: 'RESET' },
  { type: 'xstate.done.actor.submit', output: { command_id: 'c-1' } },
  { type: 'xstate.error.actor.submit', error: new Error('QuotaExceededError') },
  { type: 'xstate.done.actor.load', output: { command_id: 'c-2' } },
  { type: 'xstate.error.actor.load', error: new Error('QuotaExceededError') },
]

// bounded: the state, which order and pick, which stock, the quantity against the pick's (not its value), the reasons given, the refusal shown, how many picks were written, whether an order was just loaded
export function abstractShip(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as ShipContext
  const pick = currentPick(c)
  return {
    value: snapshot.value,
    order: c.order?.id ?? null,
    index: c.index,
    stock: c.stock?.stockLine ?? null,
    qty: c.qty === null ? null : c.qty === '0' ? 'zero' : compareQty(c.qty, pick?.qty ?? '0'),
    override: c.overrideReason !== null,
    short: c.shortReason !== null,
    refusal: c.refusal?.id ?? null,
    results: c.results.length,
    lastLoaded: c.lastLoaded !== null,
  }
}

export const shipModel: MachineModel<ShipModelEvent> = {
  machine: shipMachine,
  events: (snapshot) => {
    const running = snapshot.matches('submitting') ? 'submit' : snapshot.matches('loading') ? 'load' : null
    return shipModelEvents.filter((e) => (e.type.startsWith('xstate.') ? running !== null && e.type.endsWith(`.${running}`) : true))
  },
  abstract: abstractShip,
  screens: [
    {
      screen: '/m/ship',
      test: 'src/features/collector/components/ship-screen.screen-flows.test.tsx',
      events: (snapshot) => shipScreenEvents(snapshot),
      sample: 3,
    },
  ],
}

/**
 * What /m/ship can send in a snapshot. A scan at any time; an order opened from the list (START) while it is shown;
 * the quantity while its field is shown; a reason while its field is shown, never a blank one (OK is disabled);
 * Confirmar on the quantity step and 'Confirmar carregamento' on the loading step; the short-pick button on the item
 * and quantity steps; Cancelar past the list of orders, but not while a pick or the loading is being written (it
 * could not take back a write under way).
 */
export function shipScreenEvents(snapshot: AnyMachineSnapshot): ShipModelEvent[] {
  const at = (...states: string[]) => states.some((s) => snapshot.matches(s))
  return shipModel.events(snapshot).filter((e) => {
    switch (e.type) {
      case 'START':
        return at('orders')
      case 'QTY':
        return at('quantity')
      case 'REASON':
        return at('override', 'short') && e.reason!.trim() !== ''
      case 'CONFIRM':
        return at('quantity', 'load')
      case 'SHORT':
        return at('item', 'quantity')
      case 'RESET':
        return !at('orders', 'submitting', 'loading')
      default:
        return true
    }
  })
}
