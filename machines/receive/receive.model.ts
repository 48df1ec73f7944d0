/**
 * The receive machine's model (SPEC 11.4): a document of two lines (one plain, one tracking lot and expiry), a scan of
 * each kind (the document's code, both products plainly and as GS1 reads, a product not in the document, a location,
 * a pallet), typed lots, expiries, quantities and damage (valid and not), Confirm, Cancel, Close pallet, Finish,
 * another document, and each actor's success and failure. receive.machine.test.ts replays every generated path.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import { isOver, receiveMachine, type ClosedPallet, type ReceiveContext, type ReceiveDocument, type ReceiveTarget } from './receive.machine'

export const RECEIVE_DOCUMENT: ReceiveDocument = {
  id: 7,
  code: 'ASN-0007',
  blind: true,
  lines: [
    { id: 1, productId: 11, productCode: 'P0001', productName: 'Parafuso', expected: '10', booked: '0', lot: null, expiry: null, lotTracked: false, expiryTracked: false },
    { id: 2, productId: 12, productCode: 'P0002', productName: 'Iogurte', expected: '5', booked: '0', lot: null, expiry: null, lotTracked: true, expiryTracked: true },
    // an announced pallet (docs/requirements.md §7.1): one scan of its SSCC checks this line in
    { id: 3, productId: 14, productCode: 'P0004', productName: 'Caixa mista', expected: '8', booked: '0', lot: 'L7', expiry: '2027-06-30', lotTracked: true, expiryTracked: true, sscc: '106141411234567897' },
  ],
}

export const RECEIVE_TARGETS = {
  document: { kind: 'unknown', code: 'ASN-0007' },
  plain: { kind: 'product', code: 'P0001', id: 11, name: 'Parafuso' },
  plainGs1: { kind: 'product', code: '(01)07891234567895(30)12', id: 11, name: 'Parafuso', qty: '12' },
  tracked: { kind: 'product', code: 'P0002', id: 12, name: 'Iogurte' },
  trackedGs1: { kind: 'product', code: '(01)07891234567888(10)L9(17)271231', id: 12, name: 'Iogurte', lot: 'L9', expiry: '2027-12-31' },
  trackedLotOnly: { kind: 'product', code: '(01)07891234567888(10)L9', id: 12, name: 'Iogurte', lot: 'L9' },
  trackedExpiryOnly: { kind: 'product', code: '(01)07891234567888(17)271231', id: 12, name: 'Iogurte', expiry: '2027-12-31' },
  stranger: { kind: 'product', code: 'P0003', id: 13, name: 'Porca' },
  location: { kind: 'location', code: 'A-01-01' },
  pallet: { kind: 'pallet', code: '356789012345678903' },
  announced: { kind: 'pallet', code: '106141411234567897' },
  badCode: { kind: 'unknown', code: 'NO SUCH' },
} satisfies Record<string, ReceiveTarget>

export const CLOSED_PALLET: ClosedPallet = { palletCode: '356789012345678903', sscc: '356789012345678903', lines: [1], items: [], location: 3, printJob: 1 }
/** the announced pallet closed: it keeps its SSCC, no label is printed */
export const CLOSED_ANNOUNCED: ClosedPallet = { palletCode: '106141411234567897', sscc: '106141411234567897', lines: [3], items: [], location: 3, printJob: null, announced: true }

export type ReceiveModelEvent = EventObject & { target?: ReceiveTarget; code?: string; lot?: string; date?: string; qty?: string; output?: unknown; error?: unknown }

export const receiveModelEvents: ReceiveModelEvent[] = [
  ...Object.values(RECEIVE_TARGETS).map((target) => ({ type: 'SCAN', target })),
  { type: 'PICK', code: 'ASN-0007' },
  { type: 'LOT', lot: 'L1' },
  { type: 'LOT', lot: ' ' },
  { type: 'EXPIRY', date: '31/12/2027' },
  { type: 'EXPIRY', date: '2027-02-30' },
  { type: 'QTY', qty: '3' },
  { type: 'QTY', qty: '20' },
  { type: 'QTY', qty: '0' },
  { type: 'DAMAGED', qty: '1' },
  { type: 'DAMAGED', qty: 'x' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'CLOSE_PALLET' },
  { type: 'FINISH' },
  { type: 'RESET' },
  { type: 'xstate.done.actor.load', output: RECEIVE_DOCUMENT },
  { type: 'xstate.error.actor.load', error: { status: 404 } },
  { type: 'xstate.error.actor.load', error: { status: 0 } },
  { type: 'xstate.done.actor.close', output: CLOSED_PALLET },
  { type: 'xstate.done.actor.close', output: CLOSED_ANNOUNCED },
  { type: 'xstate.error.actor.close', error: { status: 0 } },
  { type: 'xstate.done.actor.submit', output: { command_id: 'c-1' } },
  { type: 'xstate.error.actor.submit', error: new Error('QuotaExceededError') },
]

const ACTOR_OF: Record<string, string> = { loading: 'load', closing: 'close', submitting: 'submit' }

// bounded: the state, the item in hand (its line, lot and expiry known, over what is expected), the open pallet's
// lines, how many pallets are closed (at most two matter), the refusal shown, whether a receipt was just finished
export function abstractReceive(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as ReceiveContext
  return {
    value: snapshot.value,
    document: c.document !== null,
    item: c.item ? { line: c.item.line, lot: c.item.lot !== null, expiry: c.item.expiry !== null, over: isOver(c) } : null,
    pallet: c.pallet.map((i) => i.line).sort(),
    announced: c.announced !== null,
    closed: Math.min(c.pallets.length, 2),
    closedLines: [...new Set(c.pallets.flatMap((p) => p.lines))].sort(),
    refusal: c.refusal?.id ?? null,
    finished: c.finished !== null,
  }
}

export const receiveModel: MachineModel<ReceiveModelEvent> = {
  machine: receiveMachine,
  events: (snapshot) => {
    const actor = ACTOR_OF[snapshot.value as string]
    return receiveModelEvents.filter((e) => (e.type.startsWith('xstate.') ? actor !== undefined && e.type.endsWith(`.actor.${actor}`) : true))
  },
  abstract: abstractReceive,
  screens: [
    {
      screen: '/m/receive',
      test: 'src/features/collector/components/receive-screen.screen-flows.test.tsx',
      events: (snapshot) => receiveScreenEvents(snapshot),
      // the cover alone is 38 paths
      sample: 1,
    },
  ],
}

/**
 * What /m/receive can send in a snapshot. A scan at any time; a document picked from the list while the list is shown
 * (before a document, and after finishing one); a typed lot, expiry, quantity or damage only while its field is shown,
 * and never a blank one (OK is disabled); Confirmar and Cancelar only where their buttons are; Fechar palete and
 * Finalizar on the item step; 'Trocar documento' with a document open, but not while a pallet is being closed or the
 * receipt written (neither could be taken back). The model's closed pallet is always line 1's: the screen's is the
 * pallet it closed, so the close succeeds only when the open pallet holds line 1 alone.
 */
export function receiveScreenEvents(snapshot: AnyMachineSnapshot): ReceiveModelEvent[] {
  const c = snapshot.context as ReceiveContext
  const at = (...states: string[]) => states.some((s) => snapshot.matches(s))
  return receiveModel.events(snapshot).filter((e) => {
    switch (e.type) {
      case 'PICK':
        return at('document', 'done')
      case 'LOT':
        return at('lot') && e.lot!.trim() !== ''
      case 'EXPIRY':
        return at('expiry')
      case 'QTY':
      case 'DAMAGED':
        return at('quantity')
      case 'CONFIRM':
        return at('quantity', 'overConfirm', 'finish')
      case 'CANCEL':
        return at('lot', 'expiry', 'quantity', 'overConfirm', 'finish')
      case 'CLOSE_PALLET':
      case 'FINISH':
        return at('item')
      case 'RESET':
        return c.document !== null && !at('closing', 'submitting')
      case 'xstate.done.actor.close': {
        const closed = e.output as ClosedPallet
        return c.pallet.length === 1 && c.pallet[0]!.line === closed.lines[0]
      }
      default:
        return true
    }
  })
}
