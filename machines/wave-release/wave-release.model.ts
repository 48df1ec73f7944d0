/**
 * The wave-release machine's model (SPEC 19.3): the supervisor's actions in the release dialog and the request's
 * outcomes — released (two batches, one order short, one held), refused (409: the wave is no longer open), no answer.
 * wave-release.machine.test.ts replays every generated path; the wave's page replays a cover of them (ADR 0007); the
 * flows tooling lists the same paths.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import type { WaveReleaseOut } from '../../contracts/shipping/wave-release.contract'
import { waveReleaseMachine, type ReleaseWaveRef, type WaveReleaseContext, type WaveReleaseFailure, type WaveReleaseRequest } from './wave-release.machine'

export type WaveReleaseModelEvent = EventObject & { output?: unknown; error?: unknown; wave?: ReleaseWaveRef; commandId?: string; request?: WaveReleaseRequest }

export const MODEL_WAVE: ReleaseWaveRef = { id: 7, code: 'OND-7' }
export const MODEL_COMMAND_ID = '0b9a6a63-5f8e-4a4e-9a51-0c8a3f2d7e11'
/** What the model's supervisor chooses: release short, three totes a cart. */
export const MODEL_REQUEST: WaveReleaseRequest = { shortage: 'short', totes: 3 }

const warehouse = { id: 1, code: 'WH-SP1' }

/** Four orders in two batches of three totes; SO-3 released short; SO-9 held. */
export const RELEASED: WaveReleaseOut = {
  wave: { id: MODEL_WAVE.id, code: MODEL_WAVE.code, status: 'released', warehouse },
  batches: [
    {
      id: 31,
      code: 'OND-7-B01',
      totes: 3,
      orders: [
        { order: 1, code: 'SO-1', tote: 1 },
        { order: 2, code: 'SO-2', tote: 2 },
        { order: 3, code: 'SO-3', tote: 3 },
      ],
      tasks: 5,
    },
    { id: 32, code: 'OND-7-B02', totes: 3, orders: [{ order: 4, code: 'SO-4', tote: 1 }], tasks: 2 },
  ],
  tasks: 7,
  shortages: [{ order: 3, code: 'SO-3', line: 12, product: { id: 40, code: 'P-AGUA' }, wanted: '10.000', reserved: '4.000' }],
  held: [{ order: 9, code: 'SO-9' }],
  replenishments: [],
  command_id: MODEL_COMMAND_ID,
}

export const ALREADY_RELEASED: WaveReleaseFailure = { status: 409, detail: 'Wave OND-7 is released: only an open wave can be released.' }
export const OFFLINE: WaveReleaseFailure = { status: 0 }

export const waveReleaseModelEvents: WaveReleaseModelEvent[] = [
  { type: 'OPEN', wave: MODEL_WAVE, commandId: MODEL_COMMAND_ID },
  { type: 'SUBMIT', request: MODEL_REQUEST },
  { type: 'xstate.done.actor.release', output: RELEASED },
  { type: 'xstate.error.actor.release', error: ALREADY_RELEASED },
  { type: 'xstate.error.actor.release', error: OFFLINE },
  { type: 'RETRY' },
  { type: 'EDIT' },
  { type: 'CLOSE' },
]

// bounded: the state, whether a command is open, the choices sent, the answer's batches and the error
export function abstractWaveRelease(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as WaveReleaseContext
  return {
    value: snapshot.value,
    wave: c.wave?.code ?? null,
    command: c.commandId !== null,
    request: c.request,
    batches: c.result?.batches.map((b) => b.code) ?? null,
    error: c.error?.id ?? null,
  }
}

export const waveReleaseModel: MachineModel<WaveReleaseModelEvent> = {
  machine: waveReleaseMachine,
  events: () => waveReleaseModelEvents,
  abstract: abstractWaveRelease,
  screens: [
    // every event has a stimulus on the wave's page: a button, the dialog's form, or the answer to its request
    { screen: '/shipping/waves/$id', test: 'src/features/shipping/components/wave-release.screen-flows.test.tsx', sample: 3, everyEvent: true },
  ],
}
