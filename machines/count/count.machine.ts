import { assertEvent, assign, fromPromise, setup } from 'xstate'

/**
 * Count on the handheld (SPEC 11.7, /m/count), framework-free.
 *
 * The operator's count tasks (`TASKS`, ordered by location by the app); scan a location that has one, then every
 * product, lot and pallet found there (a GS1 read fills product, lot, expiry and quantity; a repeated scan of the
 * same product adds one, of a GS1 read with a quantity adds that quantity; a pallet is followed by its product),
 * or 'Local vazio'; then one big 'Confirmar'. Blind: nothing here holds the system quantity. The screen always says
 * what to scan next (`countPrompt`); a scan that does not fit the step is refused on the spot with the reason
 * (`refusal`) and the step does not advance. Confirm writes a command to the outbox (the `submit` actor), never
 * waits for the server, so all of this works offline. A recount task comes back as one more task.
 *
 * A product read without its lot, where the location holds several lots of it (`LOTS`, what the app learnt of the
 * location: lots and expiry dates, never quantities), asks which lot (`chooseLot`, then `LOT`): the count then
 * names its line (ADR 0011 §4 amendment). A scan while the count is being written is refused, never dropped.
 *
 * The list holds the operator's tasks and the free ones they may take (`free`): scanning a free task's location takes
 * it first (`taking`, the `take` actor; refused when someone else took it meanwhile).
 *
 * States: location (→ taking) → items (⇄ palletItem, ⇄ chooseLot) → submitting → location; items → confirmEmpty → submitting.
 */

export type CountMessage = { id: string; values?: Record<string, string | number> }

/** What a scan named, as the app's offline cache knows it (a GS1 read may carry lot, expiry and quantity). */
export type CountTarget =
  | { kind: 'pallet'; code: string; sscc: string | null; palletCode: string | null }
  | { kind: 'location'; code: string; id: number; active: boolean }
  | { kind: 'product'; code: string; id: number; name: string; lot?: string; expiry?: string; qty?: string }
  | { kind: 'unknown'; code: string }

/** One count task of the operator: a location of a count plan (round 2 and later: a recount). */
export interface CountTask {
  task: number
  plan: number
  location: { id: number; code: string }
  round: number
  /** nobody's yet: scanning its location takes it */
  free?: boolean
}

export interface CountPallet {
  code: string
  sscc: string | null
  palletCode: string | null
}

/** One thing found in the location, with the quantity counted. */
export interface CountEntry {
  product: { id: number; code: string; name: string }
  lot: string | null
  expiry: string | null
  pallet: CountPallet | null
  qty: string
}

/** A lot of a product in the location being counted: what it is, never how much (blind is blind to quantity only). */
export interface CountLot {
  product: number
  lot: string
  expiry: string | null
}

/** What Confirm writes to the outbox. */
export interface CountSubmission {
  task: CountTask
  empty: boolean
  entries: CountEntry[]
}

export interface CountContext {
  tasks: CountTask[]
  task: CountTask | null
  /** newest first: the first is the one a typed quantity sets */
  entries: CountEntry[]
  /** a pallet read, waiting for its product */
  pallet: CountPallet | null
  refusal: CountMessage | null
  /** the location just written to the outbox (shown until the next scan) */
  last: { location: string; entries: number; empty: boolean } | null
  /** the lots the location holds, by product (LOTS), for the location they were asked for */
  lots: { location: number; lots: CountLot[] } | null
  /** a product read waiting for its lot (chooseLot) */
  choosing: Extract<CountTarget, { kind: 'product' }> | null
}

export type CountEvent =
  | { type: 'SCAN'; target: CountTarget }
  /** the operator's count tasks (the app orders them) */
  | { type: 'TASKS'; tasks: CountTask[] }
  /** a quantity typed for the item just read (the fallback) */
  | { type: 'QTY'; qty: string }
  /** 'Local vazio' */
  | { type: 'EMPTY' }
  | { type: 'CONFIRM' }
  /** start over ('Cancelar') */
  | { type: 'RESET' }
  /** the lots a location holds (the app asks when a location opens) */
  | { type: 'LOTS'; location: number; lots: CountLot[] }
  /** the lot chosen for the product read waiting for it */
  | { type: 'LOT'; lot: string; expiry: string | null }

export const COUNT_MESSAGES = {
  scanLocation: { id: 'count.scanLocation' }, // 'Leia a localização a contar'
  scanItems: { id: 'count.scanItems' }, // 'Leia cada produto ou palete do local, ou toque em Local vazio'
  scanMore: { id: 'count.scanMore' }, // 'Leia o próximo item, ou toque em Confirmar'
  scanPalletProduct: { id: 'count.scanPalletProduct' }, // 'Leia o produto deste palete'
  confirmEmpty: { id: 'count.confirmEmpty' }, // 'Local vazio: toque em Confirmar'
  saving: { id: 'count.saving' },
  unknownCode: { id: 'count.unknownCode' },
  notAssigned: { id: 'count.notAssigned' },
  expectedLocation: { id: 'count.expectedLocation' },
  locationInactive: { id: 'count.locationInactive' },
  otherLocation: { id: 'count.otherLocation' },
  sameLocation: { id: 'count.sameLocation' },
  expectedProduct: { id: 'count.expectedProduct' },
  invalidQty: { id: 'count.invalidQty' },
  nothingToSet: { id: 'count.nothingToSet' },
  nothingCounted: { id: 'count.nothingCounted' },
  notEmpty: { id: 'count.notEmpty' },
  pressConfirm: { id: 'count.pressConfirm' },
  saveFailed: { id: 'count.saveFailed' },
  chooseLot: { id: 'count.chooseLot' },
  chooseLotFirst: { id: 'count.chooseLotFirst' },
  busySaving: { id: 'count.busySaving' },
  taking: { id: 'count.taking' },
  busyTaking: { id: 'count.busyTaking' },
  takenByOther: { id: 'count.takenByOther' },
} as const

/** the lots of `product` the location holds, when they are known for the location being counted */
export function lotsOf(context: Pick<CountContext, 'lots' | 'task'>, product: number): CountLot[] {
  if (!context.lots || context.lots.location !== context.task?.location.id) return []
  return context.lots.lots.filter((l) => l.product === product)
}

/** a positive quantity with up to 3 decimals ('5', '2.5', '2,5'); zero is allowed when typed (a line found empty) */
export function normalizeCountQty(raw: string): string | null {
  const text = raw.trim().replace(',', '.')
  if (!/^\d{1,11}(\.\d{1,3})?$/.test(text)) return null
  return text.replace(/^0+(?=\d)/, '')
}

/** exact decimal sum of two quantities (never floats): thousandths as BigInt */
export function addQty(a: string, b: string): string {
  const milli = (q: string) => {
    const [int, frac = ''] = q.split('.')
    return BigInt(int!) * 1000n + BigInt((frac + '000').slice(0, 3))
  }
  const sum = milli(a) + milli(b)
  const int = sum / 1000n
  const frac = (sum % 1000n).toString().padStart(3, '0').replace(/0+$/, '')
  return frac ? `${int}.${frac}` : `${int}`
}

const sameItem = (entry: CountEntry, product: number, lot: string | null, pallet: CountPallet | null) =>
  entry.product.id === product && entry.lot === lot && (entry.pallet?.code ?? null) === (pallet?.code ?? null)

/** the entries after a product read: the same product/lot/pallet adds (one, or the read's quantity), another is a new entry on top */
export function addRead(entries: CountEntry[], target: Extract<CountTarget, { kind: 'product' }>, pallet: CountPallet | null): CountEntry[] {
  const lot = target.lot ?? null
  const step = target.qty ?? '1'
  const at = entries.findIndex((e) => sameItem(e, target.id, lot, pallet))
  if (at >= 0) {
    const found = entries[at]!
    const updated = { ...found, qty: addQty(found.qty, step), expiry: found.expiry ?? target.expiry ?? null }
    return [updated, ...entries.slice(0, at), ...entries.slice(at + 1)]
  }
  return [{ product: { id: target.id, code: target.code, name: target.name }, lot, expiry: target.expiry ?? null, pallet, qty: step }, ...entries]
}

export function countPrompt(snapshot: { value: unknown; context: CountContext }): CountMessage {
  switch (snapshot.value) {
    case 'items':
      return snapshot.context.entries.length === 0 ? COUNT_MESSAGES.scanItems : COUNT_MESSAGES.scanMore
    case 'palletItem':
      return COUNT_MESSAGES.scanPalletProduct
    case 'confirmEmpty':
      return COUNT_MESSAGES.confirmEmpty
    case 'submitting':
      return COUNT_MESSAGES.saving
    case 'taking':
      return COUNT_MESSAGES.taking
    case 'chooseLot':
      return { ...COUNT_MESSAGES.chooseLot, values: { code: snapshot.context.choosing?.code ?? '' } }
    default:
      return COUNT_MESSAGES.scanLocation
  }
}

const refuse = (message: CountMessage | ((target: CountTarget) => CountMessage)) => ({
  actions: [
    {
      type: 'setRefusal' as const,
      params: ({ event }: { event: CountEvent }) => (typeof message === 'function' ? message((event as { target: CountTarget }).target) : message),
    },
    'refused' as const,
  ],
})

const unknownOr = (other: CountMessage) => (t: CountTarget) => (t.kind === 'unknown' ? { ...COUNT_MESSAGES.unknownCode, values: { code: t.code } } : other)

const CLEAR = { task: null, entries: [], pallet: null, refusal: null, choosing: null }

export const countMachine = setup({
  types: {
    context: {} as CountContext,
    events: {} as CountEvent,
  },
  actors: {
    submit: fromPromise<unknown, CountSubmission>(async () => {
      throw new Error('submit not provided')
    }),
    /** take a free count task (POST /workforce/tasks/take/ by its location) */
    take: fromPromise<unknown, CountTask>(async () => {
      throw new Error('take not provided')
    }),
  },
  actions: {
    // the app's feedback (sound, vibration, flash): started in the scan's own task
    accepted: () => {},
    refused: () => {},
    setRefusal: assign((_args, params: CountMessage) => ({ refusal: params })),
  },
  guards: {
    isFreeTaskLocation: ({ context, event }) => event.type === 'SCAN' && event.target.kind === 'location' && context.tasks.some((t) => t.free === true && t.location.id === (event.target as { id: number }).id),
    isTaskLocation: ({ context, event }) => event.type === 'SCAN' && event.target.kind === 'location' && context.tasks.some((t) => t.location.id === (event.target as { id: number }).id),
    isInactiveLocation: ({ event }) => event.type === 'SCAN' && event.target.kind === 'location' && !event.target.active,
    isLocation: ({ event }) => event.type === 'SCAN' && event.target.kind === 'location',
    isThisLocation: ({ context, event }) => event.type === 'SCAN' && event.target.kind === 'location' && event.target.id === context.task?.location.id,
    isProduct: ({ event }) => event.type === 'SCAN' && event.target.kind === 'product',
    isPallet: ({ event }) => event.type === 'SCAN' && event.target.kind === 'pallet',
    hasEntries: ({ context }) => context.entries.length > 0,
    /** a product read without its lot, of which the location holds several lots */
    needsLot: ({ context, event }) => event.type === 'SCAN' && event.target.kind === 'product' && !event.target.lot && lotsOf(context, event.target.id).length > 1,
    isLotsForTask: ({ context, event }) => event.type === 'LOTS' && event.location === context.task?.location.id,
    validQty: ({ context, event }) => {
      assertEvent(event, 'QTY')
      return context.entries.length > 0 && normalizeCountQty(event.qty) !== null
    },
  },
}).createMachine({
  id: 'count',
  context: () => ({ tasks: [], ...CLEAR, last: null, lots: null }),
  initial: 'location',
  on: {
    TASKS: { actions: assign({ tasks: ({ event }) => event.tasks }) },
    RESET: { target: '.location', actions: assign(CLEAR) },
    LOTS: { guard: 'isLotsForTask', actions: assign({ lots: ({ event }) => (event.type === 'LOTS' ? { location: event.location, lots: event.lots } : null) }) },
  },
  states: {
    location: {
      on: {
        SCAN: [
          {
            guard: 'isFreeTaskLocation',
            target: 'taking',
            actions: [
              assign(({ context, event }) => {
                const t = event.target as Extract<CountTarget, { kind: 'location' }>
                return { ...CLEAR, task: context.tasks.find((task) => task.location.id === t.id)!, last: null }
              }),
              'accepted',
            ],
          },
          {
            guard: 'isTaskLocation',
            target: 'items',
            actions: [
              assign(({ context, event }) => {
                const t = event.target as Extract<CountTarget, { kind: 'location' }>
                return { ...CLEAR, task: context.tasks.find((task) => task.location.id === t.id)!, last: null }
              }),
              'accepted',
            ],
          },
          { guard: 'isInactiveLocation', ...refuse((t) => ({ ...COUNT_MESSAGES.locationInactive, values: { code: t.code } })) },
          { guard: 'isLocation', ...refuse((t) => ({ ...COUNT_MESSAGES.notAssigned, values: { code: t.code } })) },
          refuse(unknownOr(COUNT_MESSAGES.expectedLocation)),
        ],
      },
    },
    items: {
      on: {
        SCAN: [
          { guard: 'needsLot', target: 'chooseLot', actions: [assign({ choosing: ({ event }) => event.target as Extract<CountTarget, { kind: 'product' }>, refusal: null }), 'accepted'] },
          { guard: 'isProduct', actions: [assign({ entries: ({ context, event }) => addRead(context.entries, event.target as Extract<CountTarget, { kind: 'product' }>, null), refusal: null }), 'accepted'] },
          {
            guard: 'isPallet',
            target: 'palletItem',
            actions: [
              assign(({ event }) => {
                const t = event.target as Extract<CountTarget, { kind: 'pallet' }>
                return { pallet: { code: t.code, sscc: t.sscc, palletCode: t.palletCode }, refusal: null }
              }),
              'accepted',
            ],
          },
          { guard: 'isThisLocation', ...refuse((t) => ({ ...COUNT_MESSAGES.sameLocation, values: { code: t.code } })) },
          { guard: 'isLocation', ...refuse(({ code }) => ({ ...COUNT_MESSAGES.otherLocation, values: { code } })) },
          refuse(unknownOr(COUNT_MESSAGES.expectedProduct)),
        ],
        QTY: [
          {
            guard: 'validQty',
            actions: [assign({ entries: ({ context, event }) => [{ ...context.entries[0]!, qty: normalizeCountQty(event.qty)! }, ...context.entries.slice(1)], refusal: null }), 'accepted'],
          },
          { guard: 'hasEntries', ...refuse(COUNT_MESSAGES.invalidQty) },
          refuse(COUNT_MESSAGES.nothingToSet),
        ],
        EMPTY: [{ guard: 'hasEntries', ...refuse(COUNT_MESSAGES.notEmpty) }, { target: 'confirmEmpty', actions: assign({ refusal: null }) }],
        CONFIRM: [{ guard: 'hasEntries', target: 'submitting', actions: assign({ refusal: null }) }, refuse(COUNT_MESSAGES.nothingCounted)],
      },
    },
    palletItem: {
      on: {
        SCAN: [
          {
            guard: 'isProduct',
            target: 'items',
            actions: [assign({ entries: ({ context, event }) => addRead(context.entries, event.target as Extract<CountTarget, { kind: 'product' }>, context.pallet), pallet: null, refusal: null }), 'accepted'],
          },
          refuse(unknownOr(COUNT_MESSAGES.expectedProduct)),
        ],
      },
    },
    taking: {
      on: { SCAN: refuse(COUNT_MESSAGES.busyTaking) },
      invoke: {
        id: 'take',
        src: 'take',
        input: ({ context }) => context.task!,
        onDone: {
          target: 'items',
          actions: assign(({ context }) => {
            const task = { ...context.task!, free: false }
            return { task, tasks: context.tasks.map((t) => (t.task === task.task ? task : t)) }
          }),
        },
        onError: {
          target: 'location',
          actions: [
            assign(({ context }) => ({
              ...CLEAR,
              // someone else has it: off the list
              tasks: context.tasks.filter((t) => t.task !== context.task?.task),
              refusal: { ...COUNT_MESSAGES.takenByOther, values: { code: context.task?.location.code ?? '' } },
            })),
            'refused',
          ],
        },
      },
    },
    chooseLot: {
      on: {
        LOT: {
          target: 'items',
          actions: [
            assign(({ context, event }) => ({
              entries: addRead(context.entries, { ...context.choosing!, lot: event.lot, ...(event.expiry ? { expiry: event.expiry } : {}) }, null),
              choosing: null,
              refusal: null,
            })),
            'accepted',
          ],
        },
        SCAN: refuse(COUNT_MESSAGES.chooseLotFirst),
      },
    },
    confirmEmpty: {
      on: {
        CONFIRM: { target: 'submitting', actions: assign({ refusal: null }) },
        SCAN: refuse(COUNT_MESSAGES.pressConfirm),
      },
    },
    submitting: {
      // a read while the count is written is refused where the operator sees it, never dropped
      on: { SCAN: refuse(COUNT_MESSAGES.busySaving) },
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ task: context.task!, empty: context.entries.length === 0, entries: context.entries }),
        onDone: {
          target: 'location',
          actions: assign(({ context }) => ({
            ...CLEAR,
            tasks: context.tasks.filter((t) => t.task !== context.task?.task),
            last: { location: context.task?.location.code ?? '', entries: context.entries.length, empty: context.entries.length === 0 },
          })),
        },
        onError: { target: 'items', actions: [assign({ refusal: COUNT_MESSAGES.saveFailed }), 'refused'] },
      },
    },
  },
})
