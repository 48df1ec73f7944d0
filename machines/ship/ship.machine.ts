import { assertEvent, assign, fromPromise, setup } from 'xstate'

/**
 * Pick and ship on the handheld (SPEC 11.8, /m/ship), framework-free.
 *
 * The operator chooses an open order (scanning its code or tapping it); its picks come in pick-path order. For each
 * pick: scan the suggested location, then the product (its GS1 read names the lot) or the pallet; the FEFO-suggested
 * lot goes straight on, another lot of that location needs a reason, an expired one is refused; then the quantity
 * (each scan of the product adds one, or type it) and 'Confirmar'. Less than asked is a short pick: it needs a
 * reason (a supervisor gets an exception task). After the last pick, loading is confirmed with the order's carrier.
 * The screen always says what to scan next (`shipPrompt`); a scan that does not fit the step is refused on the spot
 * with the reason (`refusal`) and the step does not advance. Each pick and the loading are written to the outbox
 * (the `submit` and `load` actors), never waiting for the server.
 *
 * States: orders → location → item (→ override) → quantity (→ short) → submitting → location | load → loading → orders.
 */

export type ShipMessage = { id: string; values?: Record<string, string | number> }

/** What a scan named, as the app's offline cache knows it (as in machines/move). */
export type ShipTarget =
  | { kind: 'pallet'; code: string; sscc: string | null; palletCode: string | null }
  | { kind: 'location'; code: string; id: number; active: boolean }
  | { kind: 'product'; code: string; id: number; name: string; lot?: string }
  | { kind: 'unknown'; code: string }

export interface ShipStock {
  stockLine: number
  lot: string | null
  expiry: string | null
}

/** One pick: a quantity of an order line from one stock line (the FEFO suggestion). */
export interface ShipPick extends ShipStock {
  line: number
  product: { id: number; code: string; name: string }
  location: { id: number; code: string }
  sscc: string | null
  palletCode: string | null
  /** what to pick (exact decimal string) */
  qty: string
  /** the product's other lots in this location (another lot needs a reason; an expired one is refused) */
  alternatives: ShipStock[]
}

export interface ShipOrder {
  id: number
  code: string
  carrier: { id: number; name: string } | null
  picks: ShipPick[]
}

/** What one confirmed pick writes (the `submit` actor's input). */
export interface ShipPickResult {
  order: number
  pick: ShipPick
  /** the stock line actually picked from (another lot than suggested when overrideReason is set) */
  stock: ShipStock
  /** the quantity picked ('0' when nothing was found) */
  qty: string
  overrideReason: string | null
  shortReason: string | null
}

export interface ShipContext {
  order: ShipOrder | null
  /** the current pick's index in order.picks */
  index: number
  /** 'YYYY-MM-DD': lots expiring before it are refused */
  today: string
  stock: ShipStock | null
  qty: string | null
  overrideReason: string | null
  shortReason: string | null
  refusal: ShipMessage | null
  /** the picks written so far for this order */
  results: ShipPickResult[]
  /** the order whose loading was just written (shown until the next order) */
  lastLoaded: string | null
}

export type ShipEvent =
  | { type: 'START'; order: ShipOrder; today: string }
  | { type: 'SCAN'; target: ShipTarget }
  | { type: 'QTY'; qty: string }
  | { type: 'REASON'; reason: string }
  /** the operator declares the pick short (less, or nothing, found) */
  | { type: 'SHORT' }
  | { type: 'CONFIRM' }
  /** leave the order ('Cancelar'): what was written stays in the draft */
  | { type: 'RESET' }

export const SHIP_MESSAGES = {
  chooseOrder: { id: 'ship.chooseOrder' },
  scanLocation: { id: 'ship.scanLocation' },
  scanItem: { id: 'ship.scanItem' },
  enterOverride: { id: 'ship.enterOverride' },
  enterQty: { id: 'ship.enterQty' },
  enterShort: { id: 'ship.enterShort' },
  saving: { id: 'ship.saving' },
  confirmLoad: { id: 'ship.confirmLoad' },
  loading: { id: 'ship.loading' },
  expectedOrder: { id: 'ship.expectedOrder' },
  unknownCode: { id: 'ship.unknownCode' },
  wrongLocation: { id: 'ship.wrongLocation' },
  expectedLocation: { id: 'ship.expectedLocation' },
  expectedItem: { id: 'ship.expectedItem' },
  otherProduct: { id: 'ship.otherProduct' },
  wrongPallet: { id: 'ship.wrongPallet' },
  lotNotHere: { id: 'ship.lotNotHere' },
  expiredLot: { id: 'ship.expiredLot' },
  overQty: { id: 'ship.overQty' },
  invalidQty: { id: 'ship.invalidQty' },
  reasonRequired: { id: 'ship.reasonRequired' },
  pressConfirm: { id: 'ship.pressConfirm' },
  saveFailed: { id: 'ship.saveFailed' },
} as const

/** a quantity with up to 3 decimals ('5', '2.5', '2,5'); zero allowed only when `zero` */
export function normalizeShipQty(raw: string, zero = false): string | null {
  const text = raw.trim().replace(',', '.')
  if (!/^\d{1,11}(\.\d{1,3})?$/.test(text)) return null
  if (!zero && !/[1-9]/.test(text)) return null
  return text.replace(/^0+(?=\d)/, '')
}

/** exact decimals compared as thousandths */
const milli = (qty: string): bigint => {
  const [int, frac = ''] = qty.split('.')
  return BigInt(int!) * 1000n + BigInt((frac + '000').slice(0, 3))
}
export const compareQty = (a: string, b: string) => {
  const d = milli(a) - milli(b)
  return d < 0n ? -1 : d > 0n ? 1 : 0
}

function plusOne(qty: string | null): string {
  if (qty === null) return '1'
  const [int, frac] = qty.split('.')
  return `${BigInt(int!) + 1n}${frac ? `.${frac}` : ''}`
}

export const currentPick = (c: Pick<ShipContext, 'order' | 'index'>): ShipPick | null => c.order?.picks[c.index] ?? null

const isExpired = (stock: ShipStock, today: string) => stock.expiry !== null && stock.expiry < today

export function shipPrompt(snapshot: { value: unknown; context: ShipContext }): ShipMessage {
  const pick = currentPick(snapshot.context)
  switch (snapshot.value) {
    case 'location':
      return { ...SHIP_MESSAGES.scanLocation, values: { code: pick?.location.code ?? '' } }
    case 'item':
      return { ...SHIP_MESSAGES.scanItem, values: { product: pick?.product.code ?? '', lot: pick?.lot ?? '—' } }
    case 'override':
      return SHIP_MESSAGES.enterOverride
    case 'quantity':
      return { ...SHIP_MESSAGES.enterQty, values: { qty: pick?.qty ?? '' } }
    case 'short':
      return SHIP_MESSAGES.enterShort
    case 'submitting':
      return SHIP_MESSAGES.saving
    case 'load':
      return { ...SHIP_MESSAGES.confirmLoad, values: { carrier: snapshot.context.order?.carrier?.name ?? '—' } }
    case 'loading':
      return SHIP_MESSAGES.loading
    default:
      return SHIP_MESSAGES.chooseOrder
  }
}

type ScanOf<K extends ShipTarget['kind']> = Extract<ShipTarget, { kind: K }>
const scanned = (event: ShipEvent): ShipTarget | null => (event.type === 'SCAN' ? event.target : null)

/** a refusal: the reason shown (from the scan or the context when it depends on them) and the error feedback */
const refuse = (message: ShipMessage | ((args: { context: ShipContext; event: ShipEvent }) => ShipMessage)) => ({
  actions: [
    {
      type: 'setRefusal' as const,
      params: (args: { context: ShipContext; event: ShipEvent }) => (typeof message === 'function' ? message(args) : message),
    },
    'refused' as const,
  ],
})
const unknownOr = (fallback: ShipMessage) => ({ event }: { event: ShipEvent }) => {
  const t = scanned(event)
  return t?.kind === 'unknown' ? { ...SHIP_MESSAGES.unknownCode, values: { code: t.code } } : fallback
}

/** the stock a product scan names in the current pick's location: the suggested one, another lot, or none */
function stockOf(context: ShipContext, target: ShipTarget): ShipStock | null {
  const pick = currentPick(context)
  if (!pick || target.kind !== 'product' || target.id !== pick.product.id) return null
  if (target.lot === undefined || target.lot === (pick.lot ?? undefined)) return { stockLine: pick.stockLine, lot: pick.lot, expiry: pick.expiry }
  return pick.alternatives.find((a) => a.lot === target.lot) ?? null
}

const resultOf = (context: ShipContext): ShipPickResult => ({
  order: context.order!.id,
  pick: currentPick(context)!,
  stock: context.stock!,
  qty: context.qty ?? '0',
  overrideReason: context.overrideReason,
  shortReason: context.shortReason,
})

const FRESH = { stock: null, qty: null, overrideReason: null, shortReason: null, refusal: null }

export const shipMachine = setup({
  types: {
    context: {} as ShipContext,
    events: {} as ShipEvent,
  },
  actors: {
    submit: fromPromise<unknown, ShipPickResult>(async () => {
      throw new Error('submit not provided')
    }),
    load: fromPromise<unknown, { order: ShipOrder; results: ShipPickResult[] }>(async () => {
      throw new Error('load not provided')
    }),
  },
  actions: {
    // the app's feedback (sound, vibration, flash): started in the scan's own task
    accepted: () => {},
    refused: () => {},
    setRefusal: assign((_args, params: ShipMessage) => ({ refusal: params })),
  },
  guards: {
    hasPicks: ({ event }) => event.type === 'START' && event.order.picks.length > 0,
    isPickLocation: ({ context, event }) => {
      const t = scanned(event)
      return t?.kind === 'location' && t.id === currentPick(context)?.location.id
    },
    isLocation: ({ event }) => scanned(event)?.kind === 'location',
    isPickPallet: ({ context, event }) => {
      const t = scanned(event)
      const pick = currentPick(context)
      if (t?.kind !== 'pallet' || !pick) return false
      return (t.sscc !== null && t.sscc === pick.sscc) || (pick.palletCode !== null && (t.palletCode ?? t.code) === pick.palletCode)
    },
    isPallet: ({ event }) => scanned(event)?.kind === 'pallet',
    isSuggestedLot: ({ context, event }) => {
      const t = scanned(event)
      const s = t ? stockOf(context, t) : null
      return s !== null && s.stockLine === currentPick(context)?.stockLine
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
    isPickProduct: ({ context, event }) => {
      const t = scanned(event)
      return t?.kind === 'product' && t.id === currentPick(context)?.product.id
    },
    isProduct: ({ event }) => scanned(event)?.kind === 'product',
    isSameStock: ({ context, event }) => {
      const t = scanned(event)
      const s = t ? stockOf(context, t) : null
      return s !== null && s.stockLine === context.stock?.stockLine
    },
    hasReason: ({ event }) => {
      assertEvent(event, 'REASON')
      return event.reason.trim().length > 0
    },
    validQty: ({ event }) => {
      assertEvent(event, 'QTY')
      return normalizeShipQty(event.qty) !== null
    },
    overQty: ({ context }) => compareQty(context.qty ?? '0', currentPick(context)?.qty ?? '0') > 0,
    shortQty: ({ context }) => compareQty(context.qty ?? '0', currentPick(context)?.qty ?? '0') < 0,
    hasNextPick: ({ context }) => context.order !== null && context.index + 1 < context.order.picks.length,
  },
}).createMachine({
  id: 'ship',
  context: () => ({ order: null, index: 0, today: '1970-01-01', ...FRESH, results: [], lastLoaded: null }),
  initial: 'orders',
  on: {
    RESET: { target: '.orders', actions: assign({ order: null, index: 0, ...FRESH, results: [] }) },
  },
  states: {
    orders: {
      on: {
        START: [
          {
            guard: 'hasPicks',
            target: 'location',
            actions: [assign(({ event }) => ({ order: event.order, today: event.today, index: 0, ...FRESH, results: [], lastLoaded: null })), 'accepted'],
          },
          // nothing left to pick (the desktop picked it all): straight to loading
          { target: 'load', actions: [assign(({ event }) => ({ order: event.order, today: event.today, index: 0, ...FRESH, results: [], lastLoaded: null })), 'accepted'] },
        ],
        SCAN: refuse(unknownOr(SHIP_MESSAGES.expectedOrder)),
      },
    },
    location: {
      on: {
        SCAN: [
          { guard: 'isPickLocation', target: 'item', actions: [assign({ refusal: null }), 'accepted'] },
          {
            guard: 'isLocation',
            ...refuse(({ context, event }) => ({ ...SHIP_MESSAGES.wrongLocation, values: { code: (event as { target: ScanOf<'location'> }).target.code, expected: currentPick(context)?.location.code ?? '' } })),
          },
          refuse(unknownOr(SHIP_MESSAGES.expectedLocation)),
        ],
      },
    },
    item: {
      on: {
        SCAN: [
          {
            // the suggested pallet: its whole quantity at once
            guard: 'isPickPallet',
            target: 'quantity',
            actions: [
              assign(({ context }) => {
                const pick = currentPick(context)!
                return { stock: { stockLine: pick.stockLine, lot: pick.lot, expiry: pick.expiry }, qty: pick.qty, refusal: null }
              }),
              'accepted',
            ],
          },
          { guard: 'isPallet', ...refuse(SHIP_MESSAGES.wrongPallet) },
          // an expired lot is refused, the suggested one included (the server refuses it too)
          { guard: 'isExpiredLot', ...refuse(({ event }) => ({ ...SHIP_MESSAGES.expiredLot, values: { lot: (event as { target: ScanOf<'product'> }).target.lot ?? '' } })) },
          {
            guard: 'isSuggestedLot',
            target: 'quantity',
            actions: [assign(({ context, event }) => ({ stock: stockOf(context, (event as { target: ShipTarget }).target), qty: '1', refusal: null })), 'accepted'],
          },
          {
            guard: 'isOtherLot',
            target: 'override',
            actions: [assign(({ context, event }) => ({ stock: stockOf(context, (event as { target: ShipTarget }).target), qty: null, refusal: null })), 'accepted'],
          },
          { guard: 'isPickProduct', ...refuse(({ event }) => ({ ...SHIP_MESSAGES.lotNotHere, values: { lot: (event as { target: ScanOf<'product'> }).target.lot ?? '' } })) },
          { guard: 'isProduct', ...refuse(SHIP_MESSAGES.otherProduct) },
          refuse(unknownOr(SHIP_MESSAGES.expectedItem)),
        ],
        SHORT: { target: 'short', actions: assign({ stock: ({ context }) => { const p = currentPick(context)!; return { stockLine: p.stockLine, lot: p.lot, expiry: p.expiry } }, qty: '0', refusal: null }) },
      },
    },
    override: {
      on: {
        REASON: [
          { guard: 'hasReason', target: 'quantity', actions: [assign({ overrideReason: ({ event }) => event.reason.trim(), qty: '1', refusal: null }), 'accepted'] },
          refuse(SHIP_MESSAGES.reasonRequired),
        ],
        SCAN: refuse(SHIP_MESSAGES.reasonRequired),
      },
    },
    quantity: {
      on: {
        SCAN: [
          // SPEC 11.3: repeated scans of the same product (and lot) add one
          { guard: 'isSameStock', actions: [assign({ qty: ({ context }) => plusOne(context.qty), refusal: null }), 'accepted'] },
          { guard: 'isProduct', ...refuse(SHIP_MESSAGES.otherProduct) },
          refuse(unknownOr(SHIP_MESSAGES.pressConfirm)),
        ],
        QTY: [{ guard: 'validQty', actions: [assign({ qty: ({ event }) => normalizeShipQty(event.qty), refusal: null }), 'accepted'] }, refuse(SHIP_MESSAGES.invalidQty)],
        CONFIRM: [
          { guard: 'overQty', ...refuse(({ context }) => ({ ...SHIP_MESSAGES.overQty, values: { qty: currentPick(context)?.qty ?? '' } })) },
          { guard: 'shortQty', target: 'short', actions: assign({ refusal: null }) },
          { target: 'submitting', actions: assign({ refusal: null }) },
        ],
        SHORT: { target: 'short', actions: assign({ refusal: null }) },
      },
    },
    short: {
      on: {
        REASON: [
          { guard: 'hasReason', target: 'submitting', actions: [assign({ shortReason: ({ event }) => event.reason.trim(), refusal: null }), 'accepted'] },
          refuse(SHIP_MESSAGES.reasonRequired),
        ],
        SCAN: refuse(SHIP_MESSAGES.reasonRequired),
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => resultOf(context),
        onDone: [
          {
            guard: 'hasNextPick',
            target: 'location',
            actions: assign(({ context }) => ({ results: [...context.results, resultOf(context)], index: context.index + 1, ...FRESH })),
          },
          { target: 'load', actions: assign(({ context }) => ({ results: [...context.results, resultOf(context)], ...FRESH })) },
        ],
        onError: { target: 'quantity', actions: [assign({ refusal: SHIP_MESSAGES.saveFailed }), 'refused'] },
      },
    },
    load: {
      on: {
        CONFIRM: { target: 'loading', actions: assign({ refusal: null }) },
        SCAN: refuse(SHIP_MESSAGES.pressConfirm),
      },
    },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ order: context.order!, results: context.results }),
        onDone: { target: 'orders', actions: assign(({ context }) => ({ lastLoaded: context.order!.code, order: null, index: 0, ...FRESH, results: [] })) },
        onError: { target: 'load', actions: [assign({ refusal: SHIP_MESSAGES.saveFailed }), 'refused'] },
      },
    },
  },
})
