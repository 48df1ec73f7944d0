import { assign, fromPromise, setup } from 'xstate'
import { putawayRefusal, type PutawayRefusal } from '../../contracts/inventory/putaway.rules'

/**
 * Put away on the handheld (SPEC 11.5, ADR 0014 shape 1), framework-free.
 *
 * Scan the pallet (its SSCC or pallet code): it must be the pallet of one of the operator's putaway tasks (of the
 * chosen task when the screen was opened from one). The screen then shows the suggested destination; scan the
 * destination: a location that is not valid for the pallet (inactive, another warehouse, not a storage or picking
 * location, another storage class) is refused on the spot with the reason, from the offline cache; a valid one
 * (the suggested one or another) writes the putaway command to the outbox (the `submit` actor) and the task is done
 * by that scan, no tap. The server checks again what only it knows (occupancy, blocked stock); a refusal then lands
 * in 'Pendências'.
 *
 * States: pallet → destination → submitting → pallet (the next one), with the last one shown.
 */

export type PutawayMessage = { id: string; values?: Record<string, string | number> }

/** A putaway task as the offline cache knows it. */
export type PutawayTask = {
  id: number
  warehouse: number | null
  palletCode: string | null
  sscc: string | null
  storageClasses: string[]
  suggested: { id: number; code: string } | null
}

/** What a scan named, as the app's offline cache knows it. */
export type PutawayTarget =
  | { kind: 'pallet'; code: string; sscc: string | null; palletCode: string | null }
  | { kind: 'location'; code: string; id: number; warehouse: number; locationKind: string; storageClass: string; active: boolean }
  | { kind: 'product'; code: string }
  | { kind: 'unknown'; code: string }

export interface PutawayDraft {
  task: PutawayTask | null
  /** the code scanned for the pallet (sent as sscc or pallet_code) */
  pallet: { code: string; sscc: string | null; palletCode: string | null } | null
  to: { id: number; code: string } | null
}

export interface PutawayContext extends PutawayDraft {
  tasks: PutawayTask[]
  /** the task the screen was opened for (/m/tasks); null: any of the operator's putaway tasks */
  only: number | null
  refusal: PutawayMessage | null
  last: PutawayDraft | null
}

export type PutawayEvent =
  | { type: 'SCAN'; target: PutawayTarget }
  /** the operator's putaway tasks (from the offline cache, when it loads or refreshes) */
  | { type: 'TASKS'; tasks: PutawayTask[] }
  /** put away this task's pallet only (opened from /m/tasks), or any of them (null); starts over */
  | { type: 'SELECT'; task: number | null }
  /** start over ('Cancelar') */
  | { type: 'RESET' }

export const PUTAWAY_MESSAGES = {
  scanPallet: { id: 'putaway.scanPallet' }, // 'Leia o palete a armazenar'
  scanDestination: { id: 'putaway.scanDestination' }, // 'Leia a localização de destino'
  saving: { id: 'putaway.saving' },
  unknownCode: { id: 'putaway.unknownCode' },
  expectedPallet: { id: 'putaway.expectedPallet' },
  noTask: { id: 'putaway.noTask' },
  otherTaskPallet: { id: 'putaway.otherTaskPallet' },
  expectedLocation: { id: 'putaway.expectedLocation' },
  inactive: { id: 'putaway.inactive' },
  otherWarehouse: { id: 'putaway.otherWarehouse' },
  kind: { id: 'putaway.kind' },
  storageClass: { id: 'putaway.storageClass' },
  saveFailed: { id: 'putaway.saveFailed' },
} as const

const EMPTY: PutawayDraft = { task: null, pallet: null, to: null }

const draftOf = (c: PutawayContext): PutawayDraft => ({ task: c.task, pallet: c.pallet, to: c.to })

export function putawayPrompt(snapshot: { value: unknown }): PutawayMessage {
  switch (snapshot.value) {
    case 'destination':
      return PUTAWAY_MESSAGES.scanDestination
    case 'submitting':
      return PUTAWAY_MESSAGES.saving
    default:
      return PUTAWAY_MESSAGES.scanPallet
  }
}

const samePallet = (task: PutawayTask, t: { sscc: string | null; palletCode: string | null; code: string }) =>
  (t.sscc !== null && task.sscc === t.sscc) || (t.palletCode !== null && task.palletCode?.toUpperCase() === t.palletCode.toUpperCase()) || task.palletCode === t.code

/** The task whose pallet this is (only the chosen one when the screen was opened for a task). */
export function taskOfPallet(context: Pick<PutawayContext, 'tasks' | 'only'>, target: PutawayTarget): PutawayTask | undefined {
  if (target.kind !== 'pallet') return undefined
  return context.tasks.find((task) => (context.only === null || task.id === context.only) && samePallet(task, target))
}

/** Why the scanned location cannot take the chosen task's pallet (the shared rule, against the offline cache). */
export function locationRefusal(task: PutawayTask | null, target: PutawayTarget): PutawayRefusal | null {
  if (target.kind !== 'location' || !task) return null
  return putawayRefusal({ warehouse: target.warehouse, kind: target.locationKind, storage_class: target.storageClass, is_active: target.active }, task.warehouse, task.storageClasses)
}

function refusalMessage(r: PutawayRefusal, code: string, suggested: string | null): PutawayMessage {
  switch (r.code) {
    case 'inactive':
      return { ...PUTAWAY_MESSAGES.inactive, values: { code } }
    case 'other_warehouse':
      return { ...PUTAWAY_MESSAGES.otherWarehouse, values: { code } }
    case 'kind':
      return { ...PUTAWAY_MESSAGES.kind, values: { code, kind: r.kind, suggested: suggested ?? '—' } }
    case 'storage_class':
      return { ...PUTAWAY_MESSAGES.storageClass, values: { code, found: r.found, needed: r.needed, suggested: suggested ?? '—' } }
  }
}

/** a refusal: the reason shown (from the scan and the context when it depends on them) and the error feedback */
const refuse = (message: PutawayMessage | ((target: PutawayTarget, context: PutawayContext) => PutawayMessage)) => ({
  actions: [
    {
      type: 'setRefusal' as const,
      params: ({ event, context }: { event: PutawayEvent; context: PutawayContext }) =>
        typeof message === 'function' ? message((event as { target: PutawayTarget }).target, context) : message,
    },
    'refused' as const,
  ],
})

export const putawayMachine = setup({
  types: {
    context: {} as PutawayContext,
    events: {} as PutawayEvent,
    input: {} as { tasks?: PutawayTask[]; only?: number | null } | undefined,
  },
  actors: {
    submit: fromPromise<unknown, PutawayDraft>(async () => {
      throw new Error('submit not provided')
    }),
  },
  actions: {
    // the app's feedback (sound, vibration, flash): started in the scan's own task
    accepted: () => {},
    refused: () => {},
    setRefusal: assign((_args, params: PutawayMessage) => ({ refusal: params })),
  },
  guards: {
    isTaskPallet: ({ context, event }) => event.type === 'SCAN' && taskOfPallet(context, event.target) !== undefined,
    isOtherPallet: ({ context, event }) => event.type === 'SCAN' && event.target.kind === 'pallet' && context.tasks.some((task) => samePallet(task, event.target as { sscc: string | null; palletCode: string | null; code: string })),
    isPallet: ({ event }) => event.type === 'SCAN' && event.target.kind === 'pallet',
    isLocation: ({ event }) => event.type === 'SCAN' && event.target.kind === 'location',
    isValidLocation: ({ context, event }) => event.type === 'SCAN' && event.target.kind === 'location' && locationRefusal(context.task, event.target) === null,
    isUnknown: ({ event }) => event.type === 'SCAN' && event.target.kind === 'unknown',
  },
}).createMachine({
  id: 'putaway',
  context: ({ input }) => ({ ...EMPTY, tasks: input?.tasks ?? [], only: input?.only ?? null, refusal: null, last: null }),
  initial: 'pallet',
  on: {
    TASKS: { actions: assign({ tasks: ({ event }) => event.tasks }) },
    SELECT: { target: '.pallet', actions: assign(({ event }) => ({ ...EMPTY, only: event.task, refusal: null })) },
    RESET: { target: '.pallet', actions: assign({ ...EMPTY, refusal: null }) },
  },
  states: {
    pallet: {
      on: {
        SCAN: [
          {
            guard: 'isTaskPallet',
            target: 'destination',
            actions: [
              assign(({ context, event }) => {
                const t = event.target as Extract<PutawayTarget, { kind: 'pallet' }>
                return { ...EMPTY, task: taskOfPallet(context, t) ?? null, pallet: { code: t.code, sscc: t.sscc, palletCode: t.palletCode }, refusal: null, last: null }
              }),
              'accepted',
            ],
          },
          // the pallet of another of the operator's tasks, while the screen is for one task
          { guard: 'isOtherPallet', ...refuse((t) => ({ ...PUTAWAY_MESSAGES.otherTaskPallet, values: { code: t.code } })) },
          { guard: 'isPallet', ...refuse((t) => ({ ...PUTAWAY_MESSAGES.noTask, values: { code: t.code } })) },
          { guard: 'isUnknown', ...refuse((t) => ({ ...PUTAWAY_MESSAGES.unknownCode, values: { code: t.code } })) },
          refuse(PUTAWAY_MESSAGES.expectedPallet),
        ],
      },
    },
    destination: {
      on: {
        SCAN: [
          {
            // the task is done by this scan: no Confirm
            guard: 'isValidLocation',
            target: 'submitting',
            actions: [
              assign(({ event }) => {
                const t = event.target as Extract<PutawayTarget, { kind: 'location' }>
                return { to: { id: t.id, code: t.code }, refusal: null }
              }),
              'accepted',
            ],
          },
          {
            guard: 'isLocation',
            ...refuse((t, c) => refusalMessage(locationRefusal(c.task, t) as PutawayRefusal, t.code, c.task?.suggested?.code ?? null)),
          },
          { guard: 'isUnknown', ...refuse((t) => ({ ...PUTAWAY_MESSAGES.unknownCode, values: { code: t.code } })) },
          refuse(PUTAWAY_MESSAGES.expectedLocation),
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => draftOf(context),
        onDone: {
          target: 'pallet',
          // the task is done: it leaves the list at once (the cache refresh agrees later)
          actions: assign(({ context }) => ({ ...EMPTY, tasks: context.tasks.filter((task) => task.id !== context.task?.id), refusal: null, last: draftOf(context) })),
        },
        onError: { target: 'destination', actions: [assign({ to: null, refusal: PUTAWAY_MESSAGES.saveFailed }), 'refused'] },
      },
    },
  },
})
