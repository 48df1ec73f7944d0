import { and, assertEvent, assign, fromPromise, setup } from 'xstate'

/**
 * Receive on the handheld (SPEC 11.4, /m/receive), framework-free.
 *
 * Pick an open PO/ASN (scan its code, or from the list); scan products (a product code, a GTIN, or a GS1-128 read
 * that fills product, lot, expiry and quantity at once; the same product again adds one); the lot and expiry when
 * the product tracks them; 'Confirmar' puts the item on the open pallet (a quantity over what is expected needs a
 * second 'Confirmar'); close the pallet (it gets its SSCC and its label is printed: the `closePallet` actor); Finish
 * books the SAME receipt as the desktop wizard through the outbox (the `submit` actor), so either can finish what the
 * other started. The screen always says what to scan next (`receivePrompt`); a scan that does not fit the step is
 * refused on the spot with the reason (`refusal`) and the step does not advance.
 *
 * An ASN may announce its pallets by SSCC (docs/requirements.md §7.1): scanning such a pallet's label puts everything
 * it carries on the open pallet as announced (product, lot, expiry, quantity) in one scan, still adjustable by scanning
 * its products; closing it keeps the announced SSCC (no new one, no label). Scanning it first, before any document,
 * opens the ASN that announces it and does the same.
 *
 * States: document → loading → item ⇄ (lot → expiry →) quantity (→ overConfirm) → item; item → closing → item;
 * item → finish → submitting → done.
 */

export type ReceiveMessage = { id: string; values?: Record<string, string | number> }

/** What a scan named, as the app's offline cache and the GS1 parser know it. */
export type ReceiveTarget =
  | { kind: 'product'; code: string; id: number; name: string; lot?: string; expiry?: string; qty?: string }
  | { kind: 'location'; code: string }
  | { kind: 'pallet'; code: string }
  | { kind: 'unknown'; code: string }

export interface ReceiveLine {
  /** the document line */
  id: number
  productId: number
  productCode: string
  productName: string
  expected: string
  /** received + damaged already booked on the line */
  booked: string
  lot: string | null
  expiry: string | null
  lotTracked: boolean
  expiryTracked: boolean
  /** the announced pallet (SSCC) this line arrives on */
  sscc?: string | null
}

export interface ReceiveDocument {
  id: number
  code: string
  /** blind receiving: the expected quantities are not shown */
  blind: boolean
  lines: ReceiveLine[]
}

/** A document line's quantity on the open pallet. */
export interface ReceiveItem {
  line: number
  productCode: string
  productName: string
  lot: string | null
  expiry: string | null
  qty: string
  damaged: string
}

/** A closed pallet: its code and SSCC (none when it only held damaged goods), its lines, its label's print job. */
export interface ClosedPallet {
  palletCode: string | null
  sscc: string | null
  lines: number[]
  items: ReceiveItem[]
  /** its putaway destination (the suggestion when it was closed), for Finish */
  location: number | null
  printJob: number | null
  /** it arrived announced by its SSCC (docs/requirements.md §7.1): it keeps the supplier's label */
  announced?: boolean
}

export interface ReceiveContext {
  document: ReceiveDocument | null
  /** the item in hand (scanned, not yet on the pallet) */
  item: ReceiveItem | null
  /** the open pallet */
  pallet: ReceiveItem[]
  /** the SSCC the open pallet was announced with (one scan of its label filled it), kept when it closes */
  announced: string | null
  pallets: ClosedPallet[]
  refusal: ReceiveMessage | null
  /** the code being looked up (a scan or a pick from the list) */
  code: string | null
  /** the receipt just written to the outbox (shown until the next document) */
  finished: { document: string; pallets: number } | null
}

export type ReceiveEvent =
  | { type: 'SCAN'; target: ReceiveTarget }
  /** a document picked from the list */
  | { type: 'PICK'; code: string }
  | { type: 'LOT'; lot: string }
  | { type: 'EXPIRY'; date: string }
  | { type: 'QTY'; qty: string }
  | { type: 'DAMAGED'; qty: string }
  | { type: 'CONFIRM' }
  /** drop the item in hand, or step back from Finish */
  | { type: 'CANCEL' }
  | { type: 'CLOSE_PALLET' }
  | { type: 'FINISH' }
  /** another document ('Trocar documento') */
  | { type: 'RESET' }

export interface LoadDocumentInput {
  code: string
}
export interface ClosePalletInput {
  document: ReceiveDocument
  items: ReceiveItem[]
  /** an announced pallet keeps its SSCC: none is allocated, no label printed */
  sscc: string | null
}
export interface SubmitReceiptInput {
  document: ReceiveDocument
  pallets: ClosedPallet[]
}

export const RECEIVE_MESSAGES = {
  scanDocument: { id: 'receive.scanDocument' }, // 'Leia o código do pedido ou ASN, ou escolha da lista'
  loading: { id: 'receive.loading' },
  scanProduct: { id: 'receive.scanProduct' }, // 'Leia um produto, feche o palete ou finalize'
  scanLot: { id: 'receive.scanLot' },
  enterExpiry: { id: 'receive.enterExpiry' },
  quantity: { id: 'receive.quantity' },
  overConfirm: { id: 'receive.overConfirm' },
  closing: { id: 'receive.closing' },
  finish: { id: 'receive.finish' },
  saving: { id: 'receive.saving' },
  done: { id: 'receive.done' },
  unknownDocument: { id: 'receive.unknownDocument' },
  loadFailed: { id: 'receive.loadFailed' },
  expectedDocument: { id: 'receive.expectedDocument' },
  notInDocument: { id: 'receive.notInDocument' },
  onClosedPallet: { id: 'receive.onClosedPallet' },
  expectedProduct: { id: 'receive.expectedProduct' },
  unknownCode: { id: 'receive.unknownCode' },
  expectedLot: { id: 'receive.expectedLot' },
  invalidLot: { id: 'receive.invalidLot' },
  invalidExpiry: { id: 'receive.invalidExpiry' },
  otherProduct: { id: 'receive.otherProduct' },
  invalidQty: { id: 'receive.invalidQty' },
  nothingToConfirm: { id: 'receive.nothingToConfirm' },
  pressConfirm: { id: 'receive.pressConfirm' },
  emptyPallet: { id: 'receive.emptyPallet' },
  closePalletFirst: { id: 'receive.closePalletFirst' },
  nothingReceived: { id: 'receive.nothingReceived' },
  closeFailed: { id: 'receive.closeFailed' },
  saveFailed: { id: 'receive.saveFailed' },
  palletNotAnnounced: { id: 'receive.palletNotAnnounced' },
  palletAlreadyIn: { id: 'receive.palletAlreadyIn' },
} as const

const EMPTY = { document: null, item: null, pallet: [], announced: null, pallets: [], refusal: null, code: null, finished: null } satisfies ReceiveContext

// ---- exact quantities (thousandths as BigInt; quantities are never floats) ----

/** a non-negative quantity with up to 3 decimals ('5', '2.5', '2,5'); `positive` refuses zero */
export function normalizeQty(raw: string, positive = true): string | null {
  const text = raw.trim().replace(',', '.')
  if (!/^\d{1,11}(\.\d{1,3})?$/.test(text)) return null
  if (positive && !/[1-9]/.test(text)) return null
  return text.replace(/^0+(?=\d)/, '')
}

export function milli(qty: string | null | undefined): bigint {
  if (!qty) return 0n
  const [int, frac = ''] = qty.split('.')
  return BigInt(int || '0') * 1000n + BigInt((frac + '000').slice(0, 3))
}

export function fromMilli(m: bigint): string {
  const int = m / 1000n
  const frac = (m % 1000n).toString().padStart(3, '0').replace(/0+$/, '')
  return frac ? `${int}.${frac}` : `${int}`
}

/** a valid calendar date, YYYY-MM-DD (typed as DD/MM/YYYY too) */
export function normalizeDate(raw: string): string | null {
  const text = raw.trim()
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text)
  const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : text
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null
  const d = new Date(`${iso}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null
}

const LOT_RE = /^[A-Za-z0-9._\-/]{1,64}$/

// ---- what a scan means in this document ----

/** the document line a product scan names: the product's line with the scanned lot, else its first line */
export function lineFor(document: ReceiveDocument | null, target: ReceiveTarget): ReceiveLine | undefined {
  if (!document || target.kind !== 'product') return undefined
  const lines = document.lines.filter((l) => l.productId === target.id)
  return lines.find((l) => target.lot && l.lot === target.lot) ?? lines.find((l) => !l.lot || !target.lot) ?? lines[0]
}

function itemFor(context: ReceiveContext, target: Extract<ReceiveTarget, { kind: 'product' }>): ReceiveItem {
  const line = lineFor(context.document, target)!
  const on = context.pallet.find((i) => i.line === line.id)
  const add = target.qty ? (normalizeQty(target.qty) ?? '1') : '1'
  return {
    line: line.id,
    productCode: line.productCode,
    productName: line.productName,
    lot: target.lot ?? on?.lot ?? line.lot,
    expiry: target.expiry ?? on?.expiry ?? line.expiry,
    qty: fromMilli(milli(on?.qty) + milli(add)),
    damaged: on?.damaged ?? '0',
  }
}

/** the document lines an SSCC announces (docs/requirements.md §7.1) */
export function announcedLines(document: ReceiveDocument | null, sscc: string | null | undefined): ReceiveLine[] {
  if (!document || !sscc) return []
  return document.lines.filter((l) => l.sscc === sscc)
}

/** an announced pallet as it arrives: every line it carries, with its expected quantity, lot and expiry */
export function announcedItems(document: ReceiveDocument | null, sscc: string | null | undefined): ReceiveItem[] {
  return announcedLines(document, sscc).map((l) => ({ line: l.id, productCode: l.productCode, productName: l.productName, lot: l.lot, expiry: l.expiry, qty: fromMilli(milli(l.expected)), damaged: '0' }))
}

const scannedPallet = (event: ReceiveEvent) => (event.type === 'SCAN' && event.target.kind === 'pallet' ? event.target.code : null)

/** the lot a LOT event or a scan (a code the cache does not know) gives */
function lotOf(event: ReceiveEvent): string {
  if (event.type === 'LOT') return event.lot.trim()
  return event.type === 'SCAN' && event.target.kind === 'unknown' ? event.target.code.trim() : ''
}

/** where an item needs to go next: the lot, the expiry, or its quantity */
function needs(context: ReceiveContext, item: ReceiveItem): 'lot' | 'expiry' | 'quantity' {
  const line = context.document?.lines.find((l) => l.id === item.line)
  if (line?.lotTracked && !item.lot) return 'lot'
  if (line?.expiryTracked && !item.expiry) return 'expiry'
  return 'quantity'
}

/** what the item would bring the line to, over what is expected */
export function isOver(context: ReceiveContext): boolean {
  const item = context.item
  const line = context.document?.lines.find((l) => l.id === item?.line)
  if (!item || !line) return false
  return milli(line.booked) + milli(item.qty) + milli(item.damaged) > milli(line.expected)
}

export function receivePrompt(snapshot: { value: unknown }): ReceiveMessage {
  switch (snapshot.value) {
    case 'loading':
      return RECEIVE_MESSAGES.loading
    case 'item':
      return RECEIVE_MESSAGES.scanProduct
    case 'lot':
      return RECEIVE_MESSAGES.scanLot
    case 'expiry':
      return RECEIVE_MESSAGES.enterExpiry
    case 'quantity':
      return RECEIVE_MESSAGES.quantity
    case 'overConfirm':
      return RECEIVE_MESSAGES.overConfirm
    case 'closing':
      return RECEIVE_MESSAGES.closing
    case 'finish':
      return RECEIVE_MESSAGES.finish
    case 'submitting':
      return RECEIVE_MESSAGES.saving
    case 'done':
      return RECEIVE_MESSAGES.done
    default:
      return RECEIVE_MESSAGES.scanDocument
  }
}

/** a refusal: the reason shown (from the scanned target when it depends on it) and the error feedback */
const refuse = (message: ReceiveMessage | ((target: ReceiveTarget) => ReceiveMessage)) => ({
  actions: [
    {
      type: 'setRefusal' as const,
      params: ({ event }: { event: ReceiveEvent }) => (typeof message === 'function' ? message((event as { target: ReceiveTarget }).target) : message),
    },
    'refused' as const,
  ],
})

const unknownCode = (t: ReceiveTarget): ReceiveMessage => ({ ...RECEIVE_MESSAGES.unknownCode, values: { code: t.code } })

export const receiveMachine = setup({
  types: {
    context: {} as ReceiveContext,
    events: {} as ReceiveEvent,
  },
  actors: {
    loadDocument: fromPromise<ReceiveDocument, LoadDocumentInput>(async () => {
      throw new Error('loadDocument not provided')
    }),
    closePallet: fromPromise<ClosedPallet, ClosePalletInput>(async () => {
      throw new Error('closePallet not provided')
    }),
    submit: fromPromise<unknown, SubmitReceiptInput>(async () => {
      throw new Error('submit not provided')
    }),
  },
  actions: {
    // the app's feedback (sound, vibration, flash): started in the scan's own task
    accepted: () => {},
    refused: () => {},
    setRefusal: assign((_args, params: ReceiveMessage) => ({ refusal: params })),
    /** a new document: the scanned or picked code is looked up */
    startDocument: assign(({ event }) => ({ ...EMPTY, code: event.type === 'PICK' ? event.code : event.type === 'SCAN' ? event.target.code : null })),
    /** an announced pallet in one scan: everything on it, as announced, becomes the open pallet */
    openAnnounced: assign(({ context, event }) => ({ pallet: announcedItems(context.document, scannedPallet(event)), announced: scannedPallet(event), item: null, refusal: null })),
    /** the item goes on the open pallet (replacing that line's earlier quantity there) */
    putOnPallet: assign(({ context }) => ({
      pallet: [...context.pallet.filter((i) => i.line !== context.item!.line), context.item!],
      item: null,
      refusal: null,
    })),
  },
  guards: {
    isUnknown: ({ event }) => event.type === 'SCAN' && event.target.kind === 'unknown',
    isPallet: ({ event }) => scannedPallet(event) !== null,
    announcedPallet: ({ context, event }) => announcedLines(context.document, scannedPallet(event)).length > 0,
    announcedAlreadyIn: ({ context, event }) => {
      const lines = announcedLines(context.document, scannedPallet(event)).map((l) => l.id)
      return lines.length > 0 && (context.pallets.some((p) => p.lines.some((l) => lines.includes(l))) || context.announced === scannedPallet(event))
    },
    isProduct: ({ event }) => event.type === 'SCAN' && event.target.kind === 'product',
    inDocument: ({ context, event }) => event.type === 'SCAN' && lineFor(context.document, event.target) !== undefined,
    onClosedPallet: ({ context, event }) => {
      assertEvent(event, 'SCAN')
      const line = lineFor(context.document, event.target)
      return line !== undefined && context.pallets.some((p) => p.lines.includes(line.id))
    },
    needsLot: ({ context, event }) => event.type === 'SCAN' && event.target.kind === 'product' && lineFor(context.document, event.target) !== undefined && needs(context, itemFor(context, event.target)) === 'lot',
    needsExpiry: ({ context, event }) => event.type === 'SCAN' && event.target.kind === 'product' && lineFor(context.document, event.target) !== undefined && needs(context, itemFor(context, event.target)) === 'expiry',
    isSameProduct: ({ context, event }) => event.type === 'SCAN' && event.target.kind === 'product' && lineFor(context.document, event.target)?.id === context.item?.line,
    validLot: ({ event }) => LOT_RE.test(lotOf(event)),
    lotThenExpiry: ({ context, event }) => LOT_RE.test(lotOf(event)) && context.item !== null && needs(context, { ...context.item, lot: lotOf(event) }) === 'expiry',
    validExpiry: ({ event }) => event.type === 'EXPIRY' && normalizeDate(event.date) !== null,
    validQty: ({ event }) => event.type === 'QTY' && normalizeQty(event.qty) !== null,
    validDamaged: ({ event }) => event.type === 'DAMAGED' && normalizeQty(event.qty, false) !== null,
    isOver: ({ context }) => isOver(context),
    palletHasItems: ({ context }) => context.pallet.length > 0,
    canFinish: ({ context }) => context.pallet.length === 0 && context.pallets.length > 0,
  },
}).createMachine({
  id: 'receive',
  context: () => ({ ...EMPTY }),
  initial: 'document',
  on: {
    RESET: { target: '.document', actions: assign(() => ({ ...EMPTY })) },
  },
  states: {
    document: {
      on: {
        SCAN: [{ guard: 'isUnknown', target: 'loading', actions: 'startDocument' }, { guard: 'isPallet', target: 'loading', actions: 'startDocument' }, refuse(RECEIVE_MESSAGES.expectedDocument)],
        PICK: { target: 'loading', actions: 'startDocument' },
      },
    },
    loading: {
      invoke: {
        id: 'load',
        src: 'loadDocument',
        input: ({ context }) => ({ code: context.code ?? '' }),
        // a pallet's SSCC opened the document: its announced contents are on the open pallet at once
        onDone: {
          target: 'item',
          actions: [
            assign(({ context, event }) => {
              const pallet = announcedItems(event.output, context.code)
              return { document: event.output, refusal: null, pallet, announced: pallet.length ? context.code : null }
            }),
            'accepted',
          ],
        },
        onError: {
          target: 'document',
          actions: [
            assign(({ context, event }) => ({
              refusal: (event.error as { status?: number } | null)?.status === 404 ? { ...RECEIVE_MESSAGES.unknownDocument, values: { code: context.code ?? '' } } : RECEIVE_MESSAGES.loadFailed,
            })),
            'refused',
          ],
        },
      },
    },
    item: {
      on: {
        SCAN: [
          { guard: 'announcedAlreadyIn', ...refuse(RECEIVE_MESSAGES.palletAlreadyIn) },
          { guard: and(['announcedPallet', 'palletHasItems']), ...refuse(RECEIVE_MESSAGES.closePalletFirst) },
          { guard: 'announcedPallet', actions: ['openAnnounced', 'accepted'] },
          { guard: 'isPallet', ...refuse((t) => ({ ...RECEIVE_MESSAGES.palletNotAnnounced, values: { code: t.code } })) },
          { guard: 'onClosedPallet', ...refuse(RECEIVE_MESSAGES.onClosedPallet) },
          { guard: 'needsLot', target: 'lot', actions: [assign(({ context, event }) => ({ item: itemFor(context, event.target as Extract<ReceiveTarget, { kind: 'product' }>), refusal: null })), 'accepted'] },
          { guard: 'needsExpiry', target: 'expiry', actions: [assign(({ context, event }) => ({ item: itemFor(context, event.target as Extract<ReceiveTarget, { kind: 'product' }>), refusal: null })), 'accepted'] },
          { guard: 'inDocument', target: 'quantity', actions: [assign(({ context, event }) => ({ item: itemFor(context, event.target as Extract<ReceiveTarget, { kind: 'product' }>), refusal: null })), 'accepted'] },
          { guard: 'isProduct', ...refuse((t) => ({ ...RECEIVE_MESSAGES.notInDocument, values: { code: t.code } })) },
          refuse((t) => (t.kind === 'unknown' ? unknownCode(t) : RECEIVE_MESSAGES.expectedProduct)),
        ],
        CONFIRM: refuse(RECEIVE_MESSAGES.nothingToConfirm),
        CLOSE_PALLET: [{ guard: 'palletHasItems', target: 'closing', actions: assign({ refusal: null }) }, refuse(RECEIVE_MESSAGES.emptyPallet)],
        FINISH: [
          { guard: 'canFinish', target: 'finish', actions: assign({ refusal: null }) },
          { guard: 'palletHasItems', ...refuse(RECEIVE_MESSAGES.closePalletFirst) },
          refuse(RECEIVE_MESSAGES.nothingReceived),
        ],
      },
    },
    lot: {
      on: {
        // a lot's barcode is a code the cache does not know; typing it is the fallback
        SCAN: [
          { guard: 'lotThenExpiry', target: 'expiry', actions: [assign(({ context, event }) => ({ item: { ...context.item!, lot: lotOf(event) }, refusal: null })), 'accepted'] },
          { guard: 'validLot', target: 'quantity', actions: [assign(({ context, event }) => ({ item: { ...context.item!, lot: lotOf(event) }, refusal: null })), 'accepted'] },
          refuse(RECEIVE_MESSAGES.expectedLot),
        ],
        LOT: [
          { guard: 'lotThenExpiry', target: 'expiry', actions: [assign(({ context, event }) => ({ item: { ...context.item!, lot: lotOf(event) }, refusal: null })), 'accepted'] },
          { guard: 'validLot', target: 'quantity', actions: [assign(({ context, event }) => ({ item: { ...context.item!, lot: lotOf(event) }, refusal: null })), 'accepted'] },
          refuse(RECEIVE_MESSAGES.invalidLot),
        ],
        CANCEL: { target: 'item', actions: assign({ item: null, refusal: null }) },
      },
    },
    expiry: {
      on: {
        SCAN: refuse(RECEIVE_MESSAGES.invalidExpiry),
        EXPIRY: [
          { guard: 'validExpiry', target: 'quantity', actions: [assign(({ context, event }) => ({ item: { ...context.item!, expiry: normalizeDate((event as { date: string }).date) }, refusal: null })), 'accepted'] },
          refuse(RECEIVE_MESSAGES.invalidExpiry),
        ],
        CANCEL: { target: 'item', actions: assign({ item: null, refusal: null }) },
      },
    },
    quantity: {
      on: {
        SCAN: [
          // SPEC 11.3: repeated scans of the same product add one (a GS1 read adds its quantity)
          {
            guard: 'isSameProduct',
            actions: [
              assign(({ context, event }) => {
                const t = event.target as Extract<ReceiveTarget, { kind: 'product' }>
                return { item: { ...context.item!, qty: fromMilli(milli(context.item!.qty) + milli(t.qty ? (normalizeQty(t.qty) ?? '1') : '1')) }, refusal: null }
              }),
              'accepted',
            ],
          },
          { guard: 'isProduct', ...refuse(RECEIVE_MESSAGES.otherProduct) },
          refuse((t) => (t.kind === 'unknown' ? unknownCode(t) : RECEIVE_MESSAGES.pressConfirm)),
        ],
        QTY: [{ guard: 'validQty', actions: [assign(({ context, event }) => ({ item: { ...context.item!, qty: normalizeQty(event.qty)! }, refusal: null })), 'accepted'] }, refuse(RECEIVE_MESSAGES.invalidQty)],
        DAMAGED: [
          { guard: 'validDamaged', actions: [assign(({ context, event }) => ({ item: { ...context.item!, damaged: normalizeQty(event.qty, false)! }, refusal: null })), 'accepted'] },
          refuse(RECEIVE_MESSAGES.invalidQty),
        ],
        // SPEC 11.3: a quantity over what is expected needs a confirmation
        CONFIRM: [{ guard: 'isOver', target: 'overConfirm', actions: assign({ refusal: null }) }, { target: 'item', actions: ['putOnPallet', 'accepted'] }],
        CANCEL: { target: 'item', actions: assign({ item: null, refusal: null }) },
      },
    },
    overConfirm: {
      on: {
        CONFIRM: { target: 'item', actions: ['putOnPallet', 'accepted'] },
        CANCEL: { target: 'quantity', actions: assign({ refusal: null }) },
        SCAN: refuse(RECEIVE_MESSAGES.pressConfirm),
      },
    },
    closing: {
      invoke: {
        id: 'close',
        src: 'closePallet',
        input: ({ context }) => ({ document: context.document!, items: context.pallet, sscc: context.announced }),
        onDone: { target: 'item', actions: [assign(({ context, event }) => ({ pallets: [...context.pallets, event.output], pallet: [], announced: null, refusal: null })), 'accepted'] },
        onError: { target: 'item', actions: [assign({ refusal: RECEIVE_MESSAGES.closeFailed }), 'refused'] },
      },
    },
    finish: {
      on: {
        CONFIRM: { target: 'submitting', actions: assign({ refusal: null }) },
        CANCEL: { target: 'item', actions: assign({ refusal: null }) },
        SCAN: refuse(RECEIVE_MESSAGES.pressConfirm),
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ document: context.document!, pallets: context.pallets }),
        onDone: { target: 'done', actions: [assign(({ context }) => ({ finished: { document: context.document!.code, pallets: context.pallets.filter((p) => p.palletCode).length }, refusal: null })), 'accepted'] },
        onError: { target: 'finish', actions: [assign({ refusal: RECEIVE_MESSAGES.saveFailed }), 'refused'] },
      },
    },
    done: {
      // the next document straight away
      on: {
        SCAN: [{ guard: 'isUnknown', target: 'loading', actions: 'startDocument' }, { guard: 'isPallet', target: 'loading', actions: 'startDocument' }, refuse(RECEIVE_MESSAGES.expectedDocument)],
        PICK: { target: 'loading', actions: 'startDocument' },
      },
    },
  },
})
