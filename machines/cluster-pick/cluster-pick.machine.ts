import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { PickBatchDetail, PickBatchStop } from '../../contracts/shipping/cluster-pick.contract'
import { isCartCode, readTote, toteLabel } from '../../contracts/shipping/cluster-pick.rules'

/**
 * Cluster picking on the handheld (docs/requirements.md §19.5, /m/pick), framework-free.
 *
 * The operator opens one of their pick batches (its detail is cached on the device when taken) and scans the cart's
 * label (a batch already bound to a cart skips it). Then, stop by stop in path order: the stop's location, the product
 * or pallet (the reserved lot goes straight on, another lot of that location needs a reason, an expired one is
 * refused), the quantity (each scan of the product adds one, or type it; more than the stop reserves is refused; less
 * is a short pick with a reason), and the tote of the stop's order (`<cart>-<n>`, cluster-pick.rules.ts; another tote
 * is refused with the right one named). Each confirmed stop is written to the outbox (`submit`), never waiting for the
 * server. Stops done or cancelled in the cached detail, or confirmed on this device before, are not asked again. At
 * the end a summary per order and tote, and 'Expedir' writes each order's shipping (`ship`) that has something picked.
 *
 * States: batches → cart → binding → location → item (→ override) → quantity (→ short) → tote → submitting →
 * location | done → shipping → batches.
 */

export type PickMessage = { id: string; values?: Record<string, string | number> }

/** What a scan named, as the app's offline cache knows it (as in machines/ship). */
export type PickTarget =
  | { kind: 'pallet'; code: string; sscc: string | null; palletCode: string | null }
  | { kind: 'location'; code: string; id: number; active: boolean }
  | { kind: 'product'; code: string; id: number; name: string; lot?: string }
  | { kind: 'unknown'; code: string }

export interface PickStock {
  stockLine: number
  lot: string | null
  expiry: string | null
}

/** What one confirmed stop writes (the `submit` actor's input). */
export interface PickStopResult {
  batch: number
  stop: PickBatchStop
  /** the stock line picked from (another lot than reserved when overrideReason is set) */
  stock: PickStock
  /** the quantity picked ('0' when nothing was found) */
  qty: string
  tote: number
  overrideReason: string | null
  shortReason: string | null
}

/** A stop confirmed on this device: what it picked (its write may still be in the outbox). */
export type PickConfirmed = { task: number; qty: string }

/** One order of the batch at the end: its tote, what was picked and what was short (exact decimals). */
export interface PickOrderSummary {
  order: { id: number; code: string }
  carrier: { id: number; name: string } | null
  tote: number
  stops: number
  picked: string
  short: string
}

export interface PickContext {
  batch: PickBatchDetail | null
  cart: string | null
  /** the current stop's index in batch.stops */
  index: number
  /** 'YYYY-MM-DD': lots expiring before it are refused */
  today: string
  /** the stops confirmed on this device (before this opening too) */
  confirmed: PickConfirmed[]
  stock: PickStock | null
  qty: string | null
  overrideReason: string | null
  shortReason: string | null
  refusal: PickMessage | null
  /** the batch whose shipping was just written (shown until the next batch) */
  lastShipped: string | null
}

export type PickEvent =
  /** a batch opened: its cached detail, the cart bound on this device if the detail does not have it yet, the stops confirmed here */
  | { type: 'START'; batch: PickBatchDetail; today: string; confirmed: PickConfirmed[] }
  | { type: 'SCAN'; target: PickTarget }
  | { type: 'QTY'; qty: string }
  | { type: 'REASON'; reason: string }
  /** nothing found at the stop */
  | { type: 'SHORT' }
  | { type: 'CONFIRM' }
  /** leave the batch: what was written stays written */
  | { type: 'RESET' }

export const PICK_MESSAGES = {
  chooseBatch: { id: 'pick.chooseBatch' },
  scanCart: { id: 'pick.scanCart' },
  binding: { id: 'pick.binding' },
  scanLocation: { id: 'pick.scanLocation' },
  scanItem: { id: 'pick.scanItem' },
  enterOverride: { id: 'pick.enterOverride' },
  enterQty: { id: 'pick.enterQty' },
  enterShort: { id: 'pick.enterShort' },
  scanTote: { id: 'pick.scanTote' },
  saving: { id: 'pick.saving' },
  done: { id: 'pick.done' },
  shipping: { id: 'pick.shipping' },
  expectedBatch: { id: 'pick.expectedBatch' },
  expectedCart: { id: 'pick.expectedCart' },
  notACart: { id: 'pick.notACart' },
  unknownCode: { id: 'pick.unknownCode' },
  wrongLocation: { id: 'pick.wrongLocation' },
  expectedLocation: { id: 'pick.expectedLocation' },
  expectedItem: { id: 'pick.expectedItem' },
  otherProduct: { id: 'pick.otherProduct' },
  wrongPallet: { id: 'pick.wrongPallet' },
  lotNotHere: { id: 'pick.lotNotHere' },
  expiredLot: { id: 'pick.expiredLot' },
  overQty: { id: 'pick.overQty' },
  invalidQty: { id: 'pick.invalidQty' },
  reasonRequired: { id: 'pick.reasonRequired' },
  pressConfirm: { id: 'pick.pressConfirm' },
  wrongTote: { id: 'pick.wrongTote' },
  otherCartTote: { id: 'pick.otherCartTote' },
  expectedTote: { id: 'pick.expectedTote' },
  pressShip: { id: 'pick.pressShip' },
  saveFailed: { id: 'pick.saveFailed' },
} as const

/** a quantity with up to 3 decimals ('5', '2.5', '2,5'), more than zero; null when it is not one (as /m/ship reads them) */
export function normalizePickQty(raw: string): string | null {
  const text = raw.trim().replace(',', '.')
  if (!/^\d{1,11}(\.\d{1,3})?$/.test(text) || !/[1-9]/.test(text)) return null
  return text.replace(/^0+(?=\d)/, '')
}

/** thousandths, exactly */
const milli = (qty: string): bigint => {
  const [int = '0', frac = ''] = qty.split('.')
  return BigInt(int) * 1000n + BigInt((frac + '000').slice(0, 3))
}
const fromMilli = (v: bigint): string => {
  const frac = (v % 1000n).toString().padStart(3, '0').replace(/0+$/, '')
  return frac ? `${v / 1000n}.${frac}` : `${v / 1000n}`
}
export const compareQty = (a: string, b: string): number => {
  const d = milli(a) - milli(b)
  return d < 0n ? -1 : d > 0n ? 1 : 0
}
/** a quantity as the operator reads it: '2.000' → '2', '2.500' → '2.5' */
export const qtyText = (qty: string): string => fromMilli(milli(qty))

function plusOne(qty: string | null): string {
  return fromMilli(milli(qty ?? '0') + 1000n)
}

const CLOSED = new Set(['done', 'cancelled'])

/** whether a stop is still to be asked: not done or cancelled in the detail, not confirmed on this device */
const isOpen = (stop: PickBatchStop, confirmed: PickConfirmed[]) => !CLOSED.has(stop.status) && !confirmed.some((c) => c.task === stop.task)

/** the first open stop at or after `from`, or -1 */
export function nextOpenStop(batch: PickBatchDetail, confirmed: PickConfirmed[], from = 0): number {
  for (let i = from; i < batch.stops.length; i++) if (isOpen(batch.stops[i]!, confirmed)) return i
  return -1
}

export const currentStop = (c: Pick<PickContext, 'batch' | 'index'>): PickBatchStop | null => (c.index >= 0 ? (c.batch?.stops[c.index] ?? null) : null)

/** How many of the batch's stops are finished (on the server or on this device). */
export const stopsFinished = (c: Pick<PickContext, 'batch' | 'confirmed'>): number => (c.batch ? c.batch.stops.filter((s) => !isOpen(s, c.confirmed)).length : 0)

/** Per order of the batch, in tote order: what was picked and what was short, from the detail and this device's confirmations. */
export function pickSummary(c: Pick<PickContext, 'batch' | 'confirmed'>): PickOrderSummary[] {
  if (!c.batch) return []
  return [...c.batch.orders]
    .sort((a, b) => a.tote - b.tote)
    .map((o) => {
      let picked = 0n
      let short = 0n
      let stops = 0
      for (const s of c.batch!.stops) {
        if (s.order.id !== o.order.id) continue
        stops++
        const here = c.confirmed.find((x) => x.task === s.task)
        if (here) {
          picked += milli(here.qty)
          short += milli(s.qty) - milli(here.qty)
        } else if (s.status === 'done') {
          picked += milli(s.picked_qty ?? s.qty)
          short += milli(s.short_qty ?? '0')
        }
      }
      return { order: o.order, carrier: o.carrier, tote: o.tote, stops, picked: fromMilli(picked), short: fromMilli(short) }
    })
}

const isExpired = (stock: PickStock, today: string) => stock.expiry !== null && stock.expiry < today

export function pickPrompt(snapshot: { value: unknown; context: PickContext }): PickMessage {
  const c = snapshot.context
  const stop = currentStop(c)
  switch (snapshot.value) {
    case 'cart':
      return PICK_MESSAGES.scanCart
    case 'binding':
      return PICK_MESSAGES.binding
    case 'location':
      return { ...PICK_MESSAGES.scanLocation, values: { code: stop?.location.code ?? '' } }
    case 'item':
      return { ...PICK_MESSAGES.scanItem, values: { product: stop?.product.code ?? '', lot: stop?.lot ?? '—' } }
    case 'override':
      return PICK_MESSAGES.enterOverride
    case 'quantity':
      return { ...PICK_MESSAGES.enterQty, values: { qty: stop ? qtyText(stop.qty) : '' } }
    case 'short':
      return PICK_MESSAGES.enterShort
    case 'tote':
      return { ...PICK_MESSAGES.scanTote, values: { tote: stop && c.cart ? toteLabel(c.cart, stop.tote) : '' } }
    case 'submitting':
      return PICK_MESSAGES.saving
    case 'done':
      return PICK_MESSAGES.done
    case 'shipping':
      return PICK_MESSAGES.shipping
    default:
      return PICK_MESSAGES.chooseBatch
  }
}

type ScanOf<K extends PickTarget['kind']> = Extract<PickTarget, { kind: K }>
const scanned = (event: PickEvent): PickTarget | null => (event.type === 'SCAN' ? event.target : null)

/** a refusal: the reason shown and the error feedback; the step does not advance */
const refuse = (message: PickMessage | ((args: { context: PickContext; event: PickEvent }) => PickMessage)) => ({
  actions: [
    {
      type: 'setRefusal' as const,
      params: (args: { context: PickContext; event: PickEvent }) => (typeof message === 'function' ? message(args) : message),
    },
    'refused' as const,
  ],
})
const unknownOr = (fallback: PickMessage) => ({ event }: { event: PickEvent }) => {
  const t = scanned(event)
  return t?.kind === 'unknown' ? { ...PICK_MESSAGES.unknownCode, values: { code: t.code } } : fallback
}

/** the stock a product scan names at the current stop: the reserved one, another lot of that location, or none */
function stockOf(context: PickContext, target: PickTarget): PickStock | null {
  const stop = currentStop(context)
  if (!stop || target.kind !== 'product' || target.id !== stop.product.id) return null
  if (target.lot === undefined || target.lot === (stop.lot ?? undefined)) return { stockLine: stop.stock_line, lot: stop.lot, expiry: stop.expiry }
  const other = stop.alternatives.find((a) => a.lot === target.lot)
  return other ? { stockLine: other.stock_line, lot: other.lot, expiry: other.expiry } : null
}

const reserved = (stop: PickBatchStop): PickStock => ({ stockLine: stop.stock_line, lot: stop.lot, expiry: stop.expiry })

const resultOf = (context: PickContext): PickStopResult => {
  const stop = currentStop(context)!
  return {
    batch: context.batch!.id,
    stop,
    stock: context.stock ?? reserved(stop),
    qty: context.qty ?? '0',
    tote: stop.tote,
    overrideReason: context.overrideReason,
    shortReason: context.shortReason,
  }
}

/** the tote label read at the tote step, against the current stop's order's */
function toteOf(context: PickContext, event: PickEvent) {
  const t = scanned(event)
  if (!t || t.kind !== 'unknown' || !context.cart) return null
  return readTote(context.cart, t.code)
}

const FRESH = { stock: null, qty: null, overrideReason: null, shortReason: null, refusal: null }

export const clusterPickMachine = setup({
  types: {
    context: {} as PickContext,
    events: {} as PickEvent,
  },
  actors: {
    bindCart: fromPromise<unknown, { batch: number; cart: string }>(async () => {
      throw new Error('bindCart not provided')
    }),
    submit: fromPromise<unknown, PickStopResult>(async () => {
      throw new Error('submit not provided')
    }),
    ship: fromPromise<unknown, { batch: PickBatchDetail; orders: PickOrderSummary[] }>(async () => {
      throw new Error('ship not provided')
    }),
  },
  actions: {
    // the app's feedback (sound, vibration, flash): started in the scan's own task
    accepted: () => {},
    refused: () => {},
    setRefusal: assign((_args, params: PickMessage) => ({ refusal: params })),
  },
  guards: {
    nothingOpen: ({ event }) => event.type === 'START' && nextOpenStop(event.batch, event.confirmed) < 0,
    hasCart: ({ event }) => event.type === 'START' && event.batch.cart !== null,
    isCart: ({ event }) => {
      const t = scanned(event)
      return t?.kind === 'unknown' && isCartCode(t.code)
    },
    isKnown: ({ event }) => {
      const t = scanned(event)
      return t !== null && t.kind !== 'unknown'
    },
    isStopLocation: ({ context, event }) => {
      const t = scanned(event)
      return t?.kind === 'location' && t.id === currentStop(context)?.location.id
    },
    isLocation: ({ event }) => scanned(event)?.kind === 'location',
    isStopPallet: ({ context, event }) => {
      const t = scanned(event)
      const stop = currentStop(context)
      if (t?.kind !== 'pallet' || !stop) return false
      return (t.sscc !== null && t.sscc === stop.sscc) || (stop.pallet_code !== null && (t.palletCode ?? t.code) === stop.pallet_code)
    },
    isPallet: ({ event }) => scanned(event)?.kind === 'pallet',
    isReservedLot: ({ context, event }) => {
      const t = scanned(event)
      const s = t ? stockOf(context, t) : null
      return s !== null && s.stockLine === currentStop(context)?.stock_line
    },
    isExpiredLot: ({ context, event }) => {
      const t = scanned(event)
      const s = t ? stockOf(context, t) : null
      return s !== null && isExpired(s, context.today)
    },
    isOtherLot: ({ context, event }) => {
      const t = scanned(event)
      return t !== null && stockOf(context, t) !== null
    },
    isStopProduct: ({ context, event }) => {
      const t = scanned(event)
      return t?.kind === 'product' && t.id === currentStop(context)?.product.id
    },
    isProduct: ({ event }) => scanned(event)?.kind === 'product',
    isSameStock: ({ context, event }) => {
      const t = scanned(event)
      const s = t ? stockOf(context, t) : null
      return s !== null && s.stockLine === context.stock?.stockLine
    },
    /** the same stock again, and one more would be more than the stop reserves */
    isSameStockAtMax: ({ context, event }) => {
      const t = scanned(event)
      const s = t ? stockOf(context, t) : null
      return s !== null && s.stockLine === context.stock?.stockLine && compareQty(plusOne(context.qty), currentStop(context)?.qty ?? '0') > 0
    },
    hasReason: ({ event }) => {
      assertEvent(event, 'REASON')
      return event.reason.trim().length > 0
    },
    validQty: ({ event }) => {
      assertEvent(event, 'QTY')
      return normalizePickQty(event.qty) !== null
    },
    overQty: ({ context, event }) => {
      assertEvent(event, 'QTY')
      return compareQty(normalizePickQty(event.qty) ?? '0', currentStop(context)?.qty ?? '0') > 0
    },
    shortQty: ({ context }) => compareQty(context.qty ?? '0', currentStop(context)?.qty ?? '0') < 0,
    nothingPicked: ({ context }) => compareQty(context.qty ?? '0', '0') === 0,
    isStopTote: ({ context, event }) => {
      const read = toteOf(context, event)
      return read?.kind === 'tote' && read.tote === currentStop(context)?.tote
    },
    isCartTote: ({ context, event }) => toteOf(context, event)?.kind === 'tote',
    isOtherCartTote: ({ context, event }) => toteOf(context, event)?.kind === 'other_cart',
    hasNextStop: ({ context }) => context.batch !== null && nextOpenStop(context.batch, [...context.confirmed, { task: currentStop(context)!.task, qty: '0' }], context.index + 1) >= 0,
  },
}).createMachine({
  id: 'clusterPick',
  context: () => ({ batch: null, cart: null, index: -1, today: '1970-01-01', confirmed: [], ...FRESH, lastShipped: null }),
  initial: 'batches',
  on: {
    RESET: { target: '.batches', actions: assign({ batch: null, cart: null, index: -1, confirmed: [], ...FRESH }) },
  },
  states: {
    batches: {
      on: {
        START: [
          // every stop finished (here or on the server): the summary and 'Expedir'
          {
            guard: 'nothingOpen',
            target: 'done',
            actions: [assign(({ event }) => ({ batch: event.batch, cart: event.batch.cart, today: event.today, confirmed: event.confirmed, index: -1, ...FRESH, lastShipped: null })), 'accepted'],
          },
          // the cart is bound already (resumed): straight to the first open stop
          {
            guard: 'hasCart',
            target: 'location',
            actions: [
              assign(({ event }) => ({ batch: event.batch, cart: event.batch.cart, today: event.today, confirmed: event.confirmed, index: nextOpenStop(event.batch, event.confirmed), ...FRESH, lastShipped: null })),
              'accepted',
            ],
          },
          {
            target: 'cart',
            actions: [
              assign(({ event }) => ({ batch: event.batch, cart: null, today: event.today, confirmed: event.confirmed, index: nextOpenStop(event.batch, event.confirmed), ...FRESH, lastShipped: null })),
              'accepted',
            ],
          },
        ],
        SCAN: refuse(unknownOr(PICK_MESSAGES.expectedBatch)),
      },
    },
    cart: {
      on: {
        SCAN: [
          { guard: 'isCart', target: 'binding', actions: [assign({ cart: ({ event }) => (event as { target: PickTarget }).target.code.trim().toUpperCase(), refusal: null }), 'accepted'] },
          { guard: 'isKnown', ...refuse(PICK_MESSAGES.expectedCart) },
          refuse(({ event }) => ({ ...PICK_MESSAGES.notACart, values: { code: (event as { target: PickTarget }).target.code } })),
        ],
      },
    },
    binding: {
      invoke: {
        id: 'bindCart',
        src: 'bindCart',
        input: ({ context }) => ({ batch: context.batch!.id, cart: context.cart! }),
        onDone: { target: 'location' },
        onError: { target: 'cart', actions: [assign({ cart: null, refusal: PICK_MESSAGES.saveFailed }), 'refused'] },
      },
    },
    location: {
      on: {
        SCAN: [
          { guard: 'isStopLocation', target: 'item', actions: [assign({ refusal: null }), 'accepted'] },
          {
            guard: 'isLocation',
            ...refuse(({ context, event }) => ({ ...PICK_MESSAGES.wrongLocation, values: { code: (event as { target: ScanOf<'location'> }).target.code, expected: currentStop(context)?.location.code ?? '' } })),
          },
          refuse(unknownOr(PICK_MESSAGES.expectedLocation)),
        ],
      },
    },
    item: {
      on: {
        SCAN: [
          {
            // the reserved pallet: its whole quantity at once
            guard: 'isStopPallet',
            target: 'quantity',
            actions: [assign(({ context }) => ({ stock: reserved(currentStop(context)!), qty: qtyText(currentStop(context)!.qty), refusal: null })), 'accepted'],
          },
          { guard: 'isPallet', ...refuse(PICK_MESSAGES.wrongPallet) },
          // an expired lot is refused, the reserved one included (the server refuses it too)
          { guard: 'isExpiredLot', ...refuse(({ event }) => ({ ...PICK_MESSAGES.expiredLot, values: { lot: (event as { target: ScanOf<'product'> }).target.lot ?? '' } })) },
          {
            guard: 'isReservedLot',
            target: 'quantity',
            actions: [assign(({ context, event }) => ({ stock: stockOf(context, (event as { target: PickTarget }).target), qty: '1', refusal: null })), 'accepted'],
          },
          {
            guard: 'isOtherLot',
            target: 'override',
            actions: [assign(({ context, event }) => ({ stock: stockOf(context, (event as { target: PickTarget }).target), qty: null, refusal: null })), 'accepted'],
          },
          { guard: 'isStopProduct', ...refuse(({ event }) => ({ ...PICK_MESSAGES.lotNotHere, values: { lot: (event as { target: ScanOf<'product'> }).target.lot ?? '' } })) },
          { guard: 'isProduct', ...refuse(PICK_MESSAGES.otherProduct) },
          refuse(unknownOr(PICK_MESSAGES.expectedItem)),
        ],
        // nothing found: a short pick of zero, with its reason
        SHORT: { target: 'short', actions: assign(({ context }) => ({ stock: reserved(currentStop(context)!), qty: '0', refusal: null })) },
      },
    },
    override: {
      on: {
        REASON: [
          { guard: 'hasReason', target: 'quantity', actions: [assign({ overrideReason: ({ event }) => event.reason.trim(), qty: '1', refusal: null }), 'accepted'] },
          refuse(PICK_MESSAGES.reasonRequired),
        ],
        SCAN: refuse(PICK_MESSAGES.reasonRequired),
      },
    },
    quantity: {
      on: {
        SCAN: [
          // more than the stop reserves is refused at the scan (§19.5); the count stays
          { guard: 'isSameStockAtMax', ...refuse(({ context }) => ({ ...PICK_MESSAGES.overQty, values: { qty: qtyText(currentStop(context)?.qty ?? '0') } })) },
          { guard: 'isSameStock', actions: [assign({ qty: ({ context }) => plusOne(context.qty), refusal: null }), 'accepted'] },
          { guard: 'isProduct', ...refuse(PICK_MESSAGES.otherProduct) },
          refuse(unknownOr(PICK_MESSAGES.pressConfirm)),
        ],
        QTY: [
          { guard: 'overQty', ...refuse(({ context }) => ({ ...PICK_MESSAGES.overQty, values: { qty: qtyText(currentStop(context)?.qty ?? '0') } })) },
          { guard: 'validQty', actions: [assign({ qty: ({ event }) => normalizePickQty(event.qty), refusal: null }), 'accepted'] },
          refuse(PICK_MESSAGES.invalidQty),
        ],
        CONFIRM: [
          { guard: 'shortQty', target: 'short', actions: assign({ refusal: null }) },
          { target: 'tote', actions: assign({ refusal: null }) },
        ],
      },
    },
    short: {
      on: {
        REASON: [
          // nothing picked: nothing goes into a tote
          { guard: 'nothingPicked', target: 'submitting', actions: [assign({ shortReason: ({ event }) => event.reason.trim(), refusal: null }), 'accepted'] },
          { guard: 'hasReason', target: 'tote', actions: [assign({ shortReason: ({ event }) => event.reason.trim(), refusal: null }), 'accepted'] },
          refuse(PICK_MESSAGES.reasonRequired),
        ],
        SCAN: refuse(PICK_MESSAGES.reasonRequired),
      },
    },
    tote: {
      on: {
        SCAN: [
          { guard: 'isStopTote', target: 'submitting', actions: [assign({ refusal: null }), 'accepted'] },
          {
            guard: 'isCartTote',
            ...refuse(({ context, event }) => ({ ...PICK_MESSAGES.wrongTote, values: { code: (event as { target: PickTarget }).target.code, expected: toteLabel(context.cart!, currentStop(context)!.tote) } })),
          },
          {
            guard: 'isOtherCartTote',
            ...refuse(({ context, event }) => ({ ...PICK_MESSAGES.otherCartTote, values: { code: (event as { target: PickTarget }).target.code, expected: toteLabel(context.cart!, currentStop(context)!.tote) } })),
          },
          refuse(({ context }) => ({ ...PICK_MESSAGES.expectedTote, values: { expected: toteLabel(context.cart!, currentStop(context)!.tote) } })),
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => resultOf(context),
        onDone: [
          {
            guard: 'hasNextStop',
            target: 'location',
            actions: assign(({ context }) => {
              const confirmed = [...context.confirmed, { task: currentStop(context)!.task, qty: context.qty ?? '0' }]
              return { confirmed, index: nextOpenStop(context.batch!, confirmed, context.index + 1), ...FRESH }
            }),
          },
          { target: 'done', actions: assign(({ context }) => ({ confirmed: [...context.confirmed, { task: currentStop(context)!.task, qty: context.qty ?? '0' }], index: -1, ...FRESH })) },
        ],
        onError: { target: 'quantity', actions: [assign({ shortReason: null, refusal: PICK_MESSAGES.saveFailed }), 'refused'] },
      },
    },
    done: {
      on: {
        CONFIRM: { target: 'shipping', actions: assign({ refusal: null }) },
        SCAN: refuse(PICK_MESSAGES.pressShip),
      },
    },
    shipping: {
      invoke: {
        id: 'ship',
        src: 'ship',
        input: ({ context }) => ({ batch: context.batch!, orders: pickSummary(context).filter((o) => compareQty(o.picked, '0') > 0) }),
        onDone: { target: 'batches', actions: assign(({ context }) => ({ lastShipped: context.batch!.code, batch: null, cart: null, index: -1, confirmed: [], ...FRESH })) },
        onError: { target: 'done', actions: [assign({ refusal: PICK_MESSAGES.saveFailed }), 'refused'] },
      },
    },
  },
})
