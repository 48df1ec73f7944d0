import { and, assertEvent, assign, fromPromise, setup } from 'xstate'

/**
 * A replenishment task on the handheld (docs/requirements.md §20.2, /m/replenish), framework-free.
 *
 * The refill, read when the screen opened and kept on the device, is loaded (`LOADED`); then: scan the reserve
 * location it comes from (another location refused) → scan the product (code or GTIN) or the pallet (its SSCC) of the
 * planned line (another product refused; another lot, or another pallet, of that location only when the refill names
 * its stock line, else refused) → the quantity (a scan of the product adds one, or type it; above what the task asks
 * refused) → scan the face (another location refused, naming the face) → submitting: the `submit` actor writes
 * `refill.confirm` to the outbox, never waiting for the server → done. The app classifies each scan against its offline
 * cache before sending it here, so all of this works offline. The screen always says what to scan next
 * (`replenishPrompt`); refusals are message ids with values, translated by the screen.
 *
 * States: waiting → source → item → quantity → face → submitting → done.
 */

export type RefillMessage = { id: string; values?: Record<string, string | number> }

/** A reserve line of the product in the source location, as the refill names it. */
export type RefillLine = { id: number; lot: string | null; sscc: string | null; palletCode: string | null }

/** The refill as the handheld keeps it (GET /api/inventory/replenishment/tasks/{task}/). */
export interface RefillPlan {
  task: number
  face: { id: number; code: string }
  source: { id: number; code: string }
  product: { id: number; code: string; name: string }
  /** what the task asks, in the product's unit */
  qty: string
  /** the planned line first, then the product's other lines in the source location */
  lines: RefillLine[]
}

/** What a scan named, as the app's offline cache knows it. */
export type RefillTarget =
  | { kind: 'pallet'; code: string; sscc: string | null; palletCode: string | null }
  | { kind: 'location'; code: string; id: number }
  | { kind: 'product'; code: string; id: number; lot?: string }
  | { kind: 'unknown'; code: string }

export interface RefillDraft {
  plan: RefillPlan | null
  /** the stock line taken from (the planned one, or another lot's the plan names) */
  line: RefillLine | null
  qty: string | null
}

export interface RefillContext extends RefillDraft {
  refusal: RefillMessage | null
}

export type RefillEvent =
  /** the refill's detail, read online or from the device */
  | { type: 'LOADED'; plan: RefillPlan }
  | { type: 'SCAN'; target: RefillTarget }
  /** a quantity typed (the fallback) */
  | { type: 'QTY'; qty: string }
  /** start the task over from the source ('Cancelar') */
  | { type: 'RESET' }

export const REFILL_MESSAGES = {
  loading: { id: 'refill.loading' },
  scanSource: { id: 'refill.scanSource' },
  scanItem: { id: 'refill.scanItem' },
  enterQty: { id: 'refill.enterQty' },
  scanFace: { id: 'refill.scanFace' },
  saving: { id: 'refill.saving' },
  done: { id: 'refill.done' },
  unknownCode: { id: 'refill.unknownCode' },
  wrongSource: { id: 'refill.wrongSource' },
  expectedSource: { id: 'refill.expectedSource' },
  otherProduct: { id: 'refill.otherProduct' },
  otherLot: { id: 'refill.otherLot' },
  otherPallet: { id: 'refill.otherPallet' },
  otherLotCounting: { id: 'refill.otherLotCounting' },
  expectedItem: { id: 'refill.expectedItem' },
  qtyAbove: { id: 'refill.qtyAbove' },
  invalidQty: { id: 'refill.invalidQty' },
  wrongFace: { id: 'refill.wrongFace' },
  expectedFace: { id: 'refill.expectedFace' },
  saveFailed: { id: 'refill.saveFailed' },
} as const

/** a positive quantity with up to 3 decimals ('5', '2.5', '2,5') */
export function normalizeQty(raw: string): string | null {
  const text = raw.trim().replace(',', '.')
  if (!/^\d{1,11}(\.\d{1,3})?$/.test(text)) return null
  return /[1-9]/.test(text) ? text.replace(/^0+(?=\d)/, '') : null
}

/** a decimal quantity in thousandths (quantities are never floats) */
export function milli(qty: string): bigint {
  const [int, frac = ''] = qty.split('.')
  return BigInt(int!) * 1000n + BigInt(frac.padEnd(3, '0').slice(0, 3))
}

function fromMilli(m: bigint): string {
  const int = m / 1000n
  const frac = (m % 1000n).toString().padStart(3, '0').replace(/0+$/, '')
  return frac ? `${int}.${frac}` : `${int}`
}

const plusOne = (qty: string | null) => (qty === null ? '1' : fromMilli(milli(qty) + 1000n))

const above = (qty: string, plan: RefillPlan | null) => plan !== null && milli(qty) > milli(plan.qty)

/** The line a product scan names: its lot's line in the source location (the planned one when no lot was read). */
export function lineOfProduct(plan: RefillPlan | null, target: RefillTarget): RefillLine | undefined {
  if (!plan || target.kind !== 'product' || target.id !== plan.product.id) return undefined
  if (target.lot === undefined) return plan.lines[0]
  return plan.lines.find((l) => (l.lot ?? '').toUpperCase() === target.lot!.toUpperCase())
}

/** The line a pallet scan names: a pallet of the product in the source location, as the refill knows them. */
export function lineOfPallet(plan: RefillPlan | null, target: RefillTarget): RefillLine | undefined {
  if (!plan || target.kind !== 'pallet') return undefined
  return plan.lines.find(
    (l) => (target.sscc !== null && l.sscc === target.sscc) || (l.palletCode !== null && l.palletCode.toUpperCase() === (target.palletCode ?? target.code).toUpperCase()),
  )
}

export function replenishPrompt(snapshot: { value: unknown; context: RefillContext }): RefillMessage {
  const plan = snapshot.context.plan
  switch (snapshot.value) {
    case 'source':
      return { ...REFILL_MESSAGES.scanSource, values: { source: plan?.source.code ?? '' } }
    case 'item':
      return { ...REFILL_MESSAGES.scanItem, values: { product: plan?.product.code ?? '' } }
    case 'quantity':
      return { ...REFILL_MESSAGES.enterQty, values: { face: plan?.face.code ?? '' } }
    case 'face':
      return { ...REFILL_MESSAGES.scanFace, values: { face: plan?.face.code ?? '' } }
    case 'submitting':
      return REFILL_MESSAGES.saving
    case 'done':
      return REFILL_MESSAGES.done
    default:
      return REFILL_MESSAGES.loading
  }
}

type Refuse = (target: RefillTarget, context: RefillContext) => RefillMessage

/** a refusal: the reason shown (from the scan and the refill when it depends on them) and the error feedback */
const refuse = (message: RefillMessage | Refuse) => ({
  actions: [
    {
      type: 'setRefusal' as const,
      params: ({ event, context }: { event: RefillEvent; context: RefillContext }) =>
        typeof message === 'function' ? message((event as { target: RefillTarget }).target, context) : message,
    },
    'refused' as const,
  ],
})

const unknown: Refuse = (t) => ({ ...REFILL_MESSAGES.unknownCode, values: { code: t.code } })
const wrongFace: Refuse = (t, c) => ({ ...REFILL_MESSAGES.wrongFace, values: { code: t.code, face: c.plan?.face.code ?? '' } })
const expectedFace: Refuse = (_t, c) => ({ ...REFILL_MESSAGES.expectedFace, values: { face: c.plan?.face.code ?? '' } })
const qtyAbove = (qty: string, c: RefillContext): RefillMessage => ({ ...REFILL_MESSAGES.qtyAbove, values: { qty, max: c.plan?.qty ?? '' } })

export const replenishMachine = setup({
  types: {
    context: {} as RefillContext,
    events: {} as RefillEvent,
  },
  actors: {
    submit: fromPromise<unknown, RefillDraft>(async () => {
      throw new Error('submit not provided')
    }),
  },
  actions: {
    // the app's feedback (sound, vibration, flash): started in the scan's own task
    accepted: () => {},
    refused: () => {},
    setRefusal: assign((_args, params: RefillMessage) => ({ refusal: params })),
  },
  guards: {
    isSource: ({ context, event }) => event.type === 'SCAN' && event.target.kind === 'location' && event.target.id === context.plan?.source.id,
    isFace: ({ context, event }) => event.type === 'SCAN' && event.target.kind === 'location' && event.target.id === context.plan?.face.id,
    isLocation: ({ event }) => event.type === 'SCAN' && event.target.kind === 'location',
    isUnknown: ({ event }) => event.type === 'SCAN' && event.target.kind === 'unknown',
    isPlannedProduct: ({ context, event }) => event.type === 'SCAN' && event.target.kind === 'product' && event.target.id === context.plan?.product.id,
    isNamedLine: ({ context, event }) => event.type === 'SCAN' && lineOfProduct(context.plan, event.target) !== undefined,
    isNamedPallet: ({ context, event }) => event.type === 'SCAN' && lineOfPallet(context.plan, event.target) !== undefined,
    isProduct: ({ event }) => event.type === 'SCAN' && event.target.kind === 'product',
    isPallet: ({ event }) => event.type === 'SCAN' && event.target.kind === 'pallet',
    /** the product of the line being counted (no lot read, or that line's lot), not above what the task asks */
    isSameLine: ({ context, event }) => event.type === 'SCAN' && lineOfProduct(context.plan, event.target)?.id === context.line?.id,
    fitsOneMore: ({ context }) => !above(plusOne(context.qty), context.plan),
    validQty: ({ event }) => {
      assertEvent(event, 'QTY')
      return normalizeQty(event.qty) !== null
    },
    qtyFits: ({ context, event }) => {
      assertEvent(event, 'QTY')
      return !above(normalizeQty(event.qty)!, context.plan)
    },
  },
}).createMachine({
  id: 'replenish',
  context: { plan: null, line: null, qty: null, refusal: null },
  initial: 'waiting',
  states: {
    waiting: {
      on: { LOADED: { target: 'source', actions: assign(({ event }) => ({ plan: event.plan, line: null, qty: null, refusal: null })) } },
    },
    source: {
      on: {
        RESET: { actions: assign({ refusal: null }) },
        SCAN: [
          { guard: 'isSource', target: 'item', actions: [assign({ refusal: null }), 'accepted'] },
          { guard: 'isLocation', ...refuse((t, c) => ({ ...REFILL_MESSAGES.wrongSource, values: { code: t.code, source: c.plan?.source.code ?? '' } })) },
          { guard: 'isUnknown', ...refuse(unknown) },
          refuse((_t, c) => ({ ...REFILL_MESSAGES.expectedSource, values: { source: c.plan?.source.code ?? '' } })),
        ],
      },
    },
    item: {
      on: {
        RESET: { target: 'source', actions: assign({ line: null, qty: null, refusal: null }) },
        SCAN: [
          {
            guard: 'isNamedLine',
            target: 'quantity',
            actions: [assign(({ context, event }) => ({ line: lineOfProduct(context.plan, event.target as RefillTarget) ?? null, qty: '1', refusal: null })), 'accepted'],
          },
          // another lot of the product that the refill cannot name a line for: the server could not take it
          { guard: 'isPlannedProduct', ...refuse((t) => ({ ...REFILL_MESSAGES.otherLot, values: { lot: (t as { lot?: string }).lot ?? '' } })) },
          {
            // a pallet brings what the task asks (less can be typed)
            guard: 'isNamedPallet',
            target: 'quantity',
            actions: [assign(({ context, event }) => ({ line: lineOfPallet(context.plan, event.target as RefillTarget) ?? null, qty: context.plan?.qty ?? null, refusal: null })), 'accepted'],
          },
          { guard: 'isPallet', ...refuse((t) => ({ ...REFILL_MESSAGES.otherPallet, values: { code: t.code } })) },
          { guard: 'isUnknown', ...refuse(unknown) },
          {
            guard: 'isProduct',
            ...refuse((t, c) => ({ ...REFILL_MESSAGES.otherProduct, values: { code: t.code, product: c.plan?.product.code ?? '' } })),
          },
          refuse((_t, c) => ({ ...REFILL_MESSAGES.expectedItem, values: { product: c.plan?.product.code ?? '' } })),
        ],
      },
    },
    quantity: {
      on: {
        RESET: { target: 'source', actions: assign({ line: null, qty: null, refusal: null }) },
        SCAN: [
          // scans of the same product add one, never above what the task asks
          { guard: and(['isSameLine', 'fitsOneMore']), actions: [assign({ qty: ({ context }) => plusOne(context.qty), refusal: null }), 'accepted'] },
          { guard: 'isSameLine', ...refuse((_t, c) => qtyAbove(plusOne(c.qty), c)) },
          // one line per refill: another lot of the product while counting this one
          { guard: 'isPlannedProduct', ...refuse((_t, c) => ({ ...REFILL_MESSAGES.otherLotCounting, values: { lot: c.line?.lot ?? '—' } })) },
          // the face straight after the products: the quantity is what was scanned
          { guard: 'isFace', target: 'submitting', actions: [assign({ refusal: null }), 'accepted'] },
          { guard: 'isLocation', ...refuse(wrongFace) },
          { guard: 'isUnknown', ...refuse(unknown) },
          {
            guard: 'isProduct',
            ...refuse((t, c) => ({ ...REFILL_MESSAGES.otherProduct, values: { code: t.code, product: c.plan?.product.code ?? '' } })),
          },
          refuse(expectedFace),
        ],
        QTY: [
          { guard: and(['validQty', 'qtyFits']), target: 'face', actions: [assign({ qty: ({ event }) => normalizeQty(event.qty), refusal: null }), 'accepted'] },
          {
            guard: 'validQty',
            actions: [{ type: 'setRefusal', params: ({ context, event }: { context: RefillContext; event: RefillEvent }) => qtyAbove(normalizeQty((event as { qty: string }).qty)!, context) }, 'refused'],
          },
          refuse(REFILL_MESSAGES.invalidQty),
        ],
      },
    },
    face: {
      on: {
        RESET: { target: 'source', actions: assign({ line: null, qty: null, refusal: null }) },
        SCAN: [
          { guard: 'isFace', target: 'submitting', actions: [assign({ refusal: null }), 'accepted'] },
          { guard: 'isLocation', ...refuse(wrongFace) },
          { guard: 'isUnknown', ...refuse(unknown) },
          refuse(expectedFace),
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ plan: context.plan, line: context.line, qty: context.qty }),
        onDone: { target: 'done' },
        onError: { target: 'face', actions: [assign({ refusal: REFILL_MESSAGES.saveFailed }), 'refused'] },
      },
    },
    done: {},
  },
})
