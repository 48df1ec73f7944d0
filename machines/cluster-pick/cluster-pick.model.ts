/**
 * The cluster-pick machine's model (docs/requirements.md §19.5): a batch of two orders on totes 1 and 2 with three
 * stops in path order (a lot with another usable lot and an expired one beside it; a stop already done on the server;
 * a pallet), the same batch resumed (its cart bound, its first stop confirmed on the device) and one with every stop
 * finished; a scan of each kind the screen tells apart (the cart's label, this cart's totes, another cart's tote, a
 * code that is none of them); quantities within, over and invalid; reasons given and blank; nothing found, Confirm,
 * leaving; and the outbox writes' success and failure. cluster-pick.machine.test.ts replays every generated path.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { PickBatchDetail, PickBatchStop } from '../../contracts/shipping/cluster-pick.contract'
import type { MachineModel } from '../testing/model-coverage'
import { clusterPickMachine, compareQty, currentStop, type PickConfirmed, type PickContext, type PickTarget } from './cluster-pick.machine'

export const PICK_TODAY = '2026-12-01'

const stop = (over: Partial<PickBatchStop> & Pick<PickBatchStop, 'task' | 'seq' | 'order' | 'tote' | 'location' | 'product' | 'stock_line' | 'qty'>): PickBatchStop => ({
  status: 'in_progress',
  line: over.task,
  lot: null,
  expiry: null,
  sscc: null,
  pallet_code: null,
  picked_qty: null,
  short_qty: null,
  alternatives: [],
  ...over,
})

const SO41 = { id: 41, code: 'SO-41' }
const SO42 = { id: 42, code: 'SO-42' }

export const PICK_BATCH: PickBatchDetail = {
  id: 7,
  code: 'W-0001-B01',
  wave: { id: 1, code: 'W-0001' },
  warehouse: { id: 1, code: 'W1' },
  status: 'in_progress',
  assignee: { id: 5, username: 'ana' },
  cart: null,
  totes: 8,
  orders: [
    { tote: 1, order: SO41, carrier: { id: 3, name: 'Transportes Rápido' } },
    { tote: 2, order: SO42, carrier: null },
  ],
  stops: [
    stop({
      task: 501,
      seq: 1,
      order: SO41,
      tote: 1,
      location: { id: 1, code: 'A-01-01' },
      product: { id: 11, code: 'P0001', name: 'Parafuso', gtins: ['7891234567895'] },
      stock_line: 101,
      lot: 'L1',
      expiry: '2027-01-01',
      qty: '2.000',
      alternatives: [
        { stock_line: 102, lot: 'L2', expiry: '2027-06-01', available: '10.000' },
        { stock_line: 103, lot: 'OLD', expiry: '2026-01-01', available: '10.000' },
      ],
    }),
    // picked on the server already (another device, or before a reload): not asked again
    stop({ task: 503, seq: 2, status: 'done', order: SO41, tote: 1, location: { id: 3, code: 'A-02-01' }, product: { id: 13, code: 'P0003', name: 'Arruela', gtins: [] }, stock_line: 301, qty: '4.000', picked_qty: '4.000', short_qty: '0.000' }),
    stop({ task: 502, seq: 3, order: SO42, tote: 2, location: { id: 2, code: 'B-02-03' }, product: { id: 12, code: 'P0002', name: 'Porca', gtins: [] }, stock_line: 201, sscc: '356789012345678903', qty: '3.000' }),
  ],
  started_at: '2026-12-01T08:00:00Z',
}

/** the same batch opened again: its cart bound, its first stop confirmed on this device (its write still in the outbox) */
export const PICK_RESUMED: { batch: PickBatchDetail; confirmed: PickConfirmed[] } = { batch: { ...PICK_BATCH, cart: 'C07' }, confirmed: [{ task: 501, qty: '2' }] }
/** every stop finished on the server: only the summary and 'Expedir' are left */
export const PICK_FINISHED: PickBatchDetail = {
  ...PICK_BATCH,
  id: 8,
  code: 'W-0001-B02',
  cart: 'C08',
  stops: PICK_BATCH.stops.map((s) => ({ ...s, status: 'done', picked_qty: s.qty, short_qty: '0.000' })),
}

export const PICK_TARGETS = {
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
  cart: { kind: 'unknown', code: 'C07' },
  tote1: { kind: 'unknown', code: 'C07-1' },
  tote2: { kind: 'unknown', code: 'C07-2' },
  otherCartTote: { kind: 'unknown', code: 'C09-1' },
  unknown: { kind: 'unknown', code: 'X#Y' },
} satisfies Record<string, PickTarget>

export type PickModelEvent = EventObject & { target?: PickTarget; qty?: string; reason?: string; batch?: PickBatchDetail; today?: string; confirmed?: PickConfirmed[]; output?: unknown; error?: unknown }

export const pickModelEvents: PickModelEvent[] = [
  { type: 'START', batch: PICK_BATCH, today: PICK_TODAY, confirmed: [] },
  { type: 'START', batch: PICK_RESUMED.batch, today: PICK_TODAY, confirmed: PICK_RESUMED.confirmed },
  { type: 'START', batch: PICK_FINISHED, today: PICK_TODAY, confirmed: [] },
  ...Object.values(PICK_TARGETS).map((target) => ({ type: 'SCAN', target })),
  { type: 'QTY', qty: '1' },
  { type: 'QTY', qty: '9' },
  { type: 'QTY', qty: '0' },
  { type: 'REASON', reason: 'Lote mais à frente' },
  { type: 'REASON', reason: '  ' },
  { type: 'SHORT' },
  { type: 'CONFIRM' },
  { type: 'RESET' },
  { type: 'xstate.done.actor.bindCart', output: { command_id: 'c-0' } },
  { type: 'xstate.error.actor.bindCart', error: new Error('QuotaExceededError') },
  { type: 'xstate.done.actor.submit', output: { command_id: 'c-1' } },
  { type: 'xstate.error.actor.submit', error: new Error('QuotaExceededError') },
  { type: 'xstate.done.actor.ship', output: { command_id: 'c-2' } },
  { type: 'xstate.error.actor.ship', error: new Error('QuotaExceededError') },
]

// bounded: the state, the batch and stop, the cart, the stock, the quantity against the stop's (not its value), the reasons, the refusal, what was confirmed, whether a batch was just shipped
export function abstractPick(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as PickContext
  const s = currentStop(c)
  return {
    value: snapshot.value,
    batch: c.batch?.id ?? null,
    cart: c.cart,
    index: c.index,
    stock: c.stock?.stockLine ?? null,
    qty: c.qty === null ? null : c.qty === '0' ? 'zero' : compareQty(c.qty, s?.qty ?? '0'),
    override: c.overrideReason !== null,
    short: c.shortReason !== null,
    refusal: c.refusal?.id ?? null,
    confirmed: c.confirmed.map((x) => `${x.task}:${x.qty}`).join(','),
    lastShipped: c.lastShipped !== null,
  }
}

const RUNNING: Record<string, string> = { binding: 'bindCart', submitting: 'submit', shipping: 'ship' }

export const pickModel: MachineModel<PickModelEvent> = {
  machine: clusterPickMachine,
  events: (snapshot) => {
    const running = RUNNING[snapshot.value as string] ?? null
    return pickModelEvents.filter((e) => (e.type.startsWith('xstate.') ? running !== null && e.type.endsWith(`.${running}`) : true))
  },
  abstract: abstractPick,
  screens: [
    {
      screen: '/m/pick',
      test: 'src/features/collector/components/pick-screen.screen-flows.test.tsx',
      events: (snapshot) => pickScreenEvents(snapshot),
      sample: 2,
    },
  ],
}

/**
 * What /m/pick can send in a snapshot. A scan at any time; a batch opened from the list (START) while it is shown;
 * the quantity while its field is shown; a reason while its field is shown, never a blank one (OK is disabled);
 * Confirmar on the quantity step and 'Expedir' at the end; 'Nada encontrado' on the item step; 'Sair do lote' past
 * the list, but not while something is being written (it could not take back a write under way).
 */
export function pickScreenEvents(snapshot: AnyMachineSnapshot): PickModelEvent[] {
  const at = (...states: string[]) => states.some((s) => snapshot.matches(s))
  return pickModel.events(snapshot).filter((e) => {
    switch (e.type) {
      case 'START':
        return at('batches')
      case 'QTY':
        return at('quantity')
      case 'REASON':
        return at('override', 'short') && e.reason!.trim() !== ''
      case 'CONFIRM':
        return at('quantity', 'done')
      case 'SHORT':
        return at('item')
      case 'RESET':
        return !at('batches', 'binding', 'submitting', 'shipping')
      default:
        return true
    }
  })
}
