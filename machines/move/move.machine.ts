import { assertEvent, assign, fromPromise, setup } from 'xstate'

/**
 * Move on the handheld (SPEC 11.6, /m/move), framework-free.
 *
 * Scan-driven: a pallet (whole-pallet move, two scans), or a source location then a product and a quantity; then
 * the destination; then one big 'Confirmar'. The screen always says what to scan next (`prompt`). A scan that does
 * not fit the step is refused on the spot with the reason (`refusal`) and the step does not advance. The app
 * classifies each scan against its offline cache (a location, a product, a pallet, unknown) before sending it here,
 * so all of this works offline; Confirm writes a command to the outbox (the `submit` actor), never waits for the server.
 *
 * States: source → (pallet) destination | (location) item → quantity → destination; destination → confirm →
 * submitting → source (the next move), with the last one shown.
 */

export type MoveMessage = { id: string; values?: Record<string, string | number> }

/** What a scan named, as the app's offline cache knows it. */
export type MoveTarget =
  | { kind: 'pallet'; code: string; sscc: string | null; palletCode: string | null }
  | { kind: 'location'; code: string; id: number; active: boolean }
  | { kind: 'product'; code: string; id: number; name: string; lot?: string }
  | { kind: 'unknown'; code: string }

export interface MoveDraft {
  pallet: { code: string; sscc: string | null; palletCode: string | null } | null
  from: { id: number; code: string } | null
  product: { id: number; code: string; name: string; lot: string | null } | null
  qty: string | null
  to: { id: number; code: string } | null
}

export interface MoveContext extends MoveDraft {
  refusal: MoveMessage | null
  /** the move just written to the outbox (shown until the next scan) */
  last: MoveDraft | null
}

export type MoveEvent =
  | { type: 'SCAN'; target: MoveTarget }
  /** a quantity typed (the fallback) or chosen */
  | { type: 'QTY'; qty: string }
  | { type: 'CONFIRM' }
  /** start over ('Cancelar') */
  | { type: 'RESET' }

export const MOVE_MESSAGES = {
  scanSource: { id: 'move.scanSource' }, // 'Leia o palete ou a localização de origem'
  scanItem: { id: 'move.scanItem' }, // 'Leia o produto ou o palete'
  enterQty: { id: 'move.enterQty' }, // 'Leia o produto de novo para somar, informe a quantidade, ou leia o destino'
  scanDestination: { id: 'move.scanDestination' }, // 'Leia a localização de destino'
  confirm: { id: 'move.confirm' }, // 'Confira e toque em Confirmar'
  saving: { id: 'move.saving' },
  unknownCode: { id: 'move.unknownCode' },
  productAsSource: { id: 'move.productAsSource' },
  locationInactive: { id: 'move.locationInactive' },
  expectedItem: { id: 'move.expectedItem' },
  otherProduct: { id: 'move.otherProduct' },
  expectedDestination: { id: 'move.expectedDestination' },
  sameLocation: { id: 'move.sameLocation' },
  pressConfirm: { id: 'move.pressConfirm' },
  invalidQty: { id: 'move.invalidQty' },
  saveFailed: { id: 'move.saveFailed' },
} as const

const EMPTY: MoveDraft = { pallet: null, from: null, product: null, qty: null, to: null }

/** a positive quantity with up to 3 decimals ('5', '2.5', '2,5') */
export function normalizeQty(raw: string): string | null {
  const text = raw.trim().replace(',', '.')
  if (!/^\d{1,11}(\.\d{1,3})?$/.test(text)) return null
  return /[1-9]/.test(text) ? text.replace(/^0+(?=\d)/, '') : null
}

/** exact decimal + 1 (quantities are never floats) */
function plusOne(qty: string | null): string {
  if (qty === null) return '1'
  const [int, frac] = qty.split('.')
  return `${BigInt(int!) + 1n}${frac ? `.${frac}` : ''}`
}

const draftOf = (c: MoveContext): MoveDraft => ({ pallet: c.pallet, from: c.from, product: c.product, qty: c.qty, to: c.to })

export function movePrompt(snapshot: { value: unknown }): MoveMessage {
  switch (snapshot.value) {
    case 'item':
      return MOVE_MESSAGES.scanItem
    case 'quantity':
      return MOVE_MESSAGES.enterQty
    case 'destination':
      return MOVE_MESSAGES.scanDestination
    case 'confirm':
      return MOVE_MESSAGES.confirm
    case 'submitting':
      return MOVE_MESSAGES.saving
    default:
      return MOVE_MESSAGES.scanSource
  }
}

/** a refusal: the reason shown (from the scanned target when it depends on it) and the error feedback */
const refuse = (message: MoveMessage | ((target: MoveTarget) => MoveMessage)) => ({
  actions: [
    {
      type: 'setRefusal' as const,
      params: ({ event }: { event: MoveEvent }) => (typeof message === 'function' ? message((event as { target: MoveTarget }).target) : message),
    },
    'refused' as const,
  ],
})

export const moveMachine = setup({
  types: {
    context: {} as MoveContext,
    events: {} as MoveEvent,
  },
  actors: {
    submit: fromPromise<unknown, MoveDraft>(async () => {
      throw new Error('submit not provided')
    }),
  },
  actions: {
    // the app's feedback (sound, vibration, flash): started in the scan's own task
    accepted: () => {},
    refused: () => {},
    setRefusal: assign((_args, params: MoveMessage) => ({ refusal: params })),
  },
  guards: {
    isPallet: ({ event }) => event.type === 'SCAN' && event.target.kind === 'pallet',
    isActiveLocation: ({ event }) => event.type === 'SCAN' && event.target.kind === 'location' && event.target.active,
    isInactiveLocation: ({ event }) => event.type === 'SCAN' && event.target.kind === 'location' && !event.target.active,
    isProduct: ({ event }) => event.type === 'SCAN' && event.target.kind === 'product',
    isSameProduct: ({ context, event }) => event.type === 'SCAN' && event.target.kind === 'product' && event.target.id === context.product?.id,
    isSource: ({ context, event }) => {
      assertEvent(event, 'SCAN')
      const t = event.target
      return t.kind === 'location' && t.id === context.from?.id
    },
    validQty: ({ event }) => {
      assertEvent(event, 'QTY')
      return normalizeQty(event.qty) !== null
    },
  },
}).createMachine({
  id: 'move',
  context: () => ({ ...EMPTY, refusal: null, last: null }),
  initial: 'source',
  on: {
    RESET: { target: '.source', actions: assign({ ...EMPTY, refusal: null }) },
  },
  states: {
    source: {
      on: {
        SCAN: [
          {
            guard: 'isPallet',
            target: 'destination',
            actions: [
              assign(({ event }) => {
                const t = event.target as Extract<MoveTarget, { kind: 'pallet' }>
                return { ...EMPTY, pallet: { code: t.code, sscc: t.sscc, palletCode: t.palletCode }, refusal: null, last: null }
              }),
              'accepted',
            ],
          },
          {
            guard: 'isActiveLocation',
            target: 'item',
            actions: [
              assign(({ event }) => {
                const t = event.target as Extract<MoveTarget, { kind: 'location' }>
                return { ...EMPTY, from: { id: t.id, code: t.code }, refusal: null, last: null }
              }),
              'accepted',
            ],
          },
          { guard: 'isInactiveLocation', ...refuse((t) => ({ ...MOVE_MESSAGES.locationInactive, values: { code: t.code } })) },
          { guard: 'isProduct', ...refuse(MOVE_MESSAGES.productAsSource) },
          refuse((t) => ({ ...MOVE_MESSAGES.unknownCode, values: { code: t.code } })),
        ],
      },
    },
    item: {
      on: {
        SCAN: [
          {
            guard: 'isProduct',
            target: 'quantity',
            actions: [
              assign(({ event }) => {
                const t = event.target as Extract<MoveTarget, { kind: 'product' }>
                return { product: { id: t.id, code: t.code, name: t.name, lot: t.lot ?? null }, qty: '1', refusal: null }
              }),
              'accepted',
            ],
          },
          {
            // the pallet standing in that location: a whole-pallet move
            guard: 'isPallet',
            target: 'destination',
            actions: [
              assign(({ event }) => {
                const t = event.target as Extract<MoveTarget, { kind: 'pallet' }>
                return { pallet: { code: t.code, sscc: t.sscc, palletCode: t.palletCode }, from: null, refusal: null }
              }),
              'accepted',
            ],
          },
          refuse((t) => (t.kind === 'unknown' ? { ...MOVE_MESSAGES.unknownCode, values: { code: t.code } } : MOVE_MESSAGES.expectedItem)),
        ],
      },
    },
    quantity: {
      on: {
        SCAN: [
          // SPEC 11.3: repeated scans of the same product add one
          { guard: 'isSameProduct', actions: [assign({ qty: ({ context }) => plusOne(context.qty), refusal: null }), 'accepted'] },
          // the destination straight after the products: the quantity is what was scanned
          { guard: 'isSource', ...refuse(MOVE_MESSAGES.sameLocation) },
          {
            guard: 'isActiveLocation',
            target: 'confirm',
            actions: [
              assign(({ event }) => {
                const t = event.target as Extract<MoveTarget, { kind: 'location' }>
                return { to: { id: t.id, code: t.code }, refusal: null }
              }),
              'accepted',
            ],
          },
          { guard: 'isInactiveLocation', ...refuse((t) => ({ ...MOVE_MESSAGES.locationInactive, values: { code: t.code } })) },
          { guard: 'isProduct', ...refuse(MOVE_MESSAGES.otherProduct) },
          refuse((t) => (t.kind === 'unknown' ? { ...MOVE_MESSAGES.unknownCode, values: { code: t.code } } : MOVE_MESSAGES.invalidQty)),
        ],
        QTY: [
          { guard: 'validQty', target: 'destination', actions: [assign({ qty: ({ event }) => normalizeQty(event.qty), refusal: null }), 'accepted'] },
          refuse(MOVE_MESSAGES.invalidQty),
        ],
      },
    },
    destination: {
      on: {
        SCAN: [
          { guard: 'isSource', ...refuse(MOVE_MESSAGES.sameLocation) },
          {
            guard: 'isActiveLocation',
            target: 'confirm',
            actions: [
              assign(({ event }) => {
                const t = event.target as Extract<MoveTarget, { kind: 'location' }>
                return { to: { id: t.id, code: t.code }, refusal: null }
              }),
              'accepted',
            ],
          },
          { guard: 'isInactiveLocation', ...refuse((t) => ({ ...MOVE_MESSAGES.locationInactive, values: { code: t.code } })) },
          refuse((t) => (t.kind === 'unknown' ? { ...MOVE_MESSAGES.unknownCode, values: { code: t.code } } : MOVE_MESSAGES.expectedDestination)),
        ],
      },
    },
    confirm: {
      on: {
        CONFIRM: { target: 'submitting', actions: assign({ refusal: null }) },
        SCAN: refuse(MOVE_MESSAGES.pressConfirm),
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => draftOf(context),
        onDone: { target: 'source', actions: assign(({ context }) => ({ ...EMPTY, refusal: null, last: draftOf(context) })) },
        onError: { target: 'confirm', actions: [assign({ refusal: MOVE_MESSAGES.saveFailed }), 'refused'] },
      },
    },
  },
})
