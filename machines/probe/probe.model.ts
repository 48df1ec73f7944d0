/**
 * The probe machine's model (ADR 0007): three candidates, each answering one of six outcomes. The
 * attempts are bounded by the candidates, so the graph is a finite tree.
 * probe.machine.test.ts replays every generated path; the flows tooling lists the same paths.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import { probeMachine } from './probe.machine'
import type { ProbeContext, ProbeInput } from './probe.machine'

export const probeModelInput: ProbeInput = { candidates: ['/a/', '/b/', '/c/'] }

export type ProbeModelEvent = EventObject & { output?: number; error?: unknown }

export const probeOutcomes: ProbeModelEvent[] = [
  ...[200, 401, 403, 404, 500].map((output) => ({ type: 'xstate.done.actor.check', output })),
  { type: 'xstate.error.actor.check', error: new TypeError('fetch failed') },
]

// bounded by the three candidates: at most three attempts of six outcomes each
export const abstractProbe = (s: AnyMachineSnapshot) => ({ value: s.value, context: s.context as ProbeContext })

export const probeModel: MachineModel<ProbeModelEvent> = {
  machine: probeMachine,
  events: () => probeOutcomes,
  abstract: abstractProbe,
  input: probeModelInput,
  screens: [
    // the dashboard's equipment card probes three candidates, as the model does; each outcome is the answer to its request
    { screen: '/', test: 'src/features/dashboard/components/dashboard-probe.screen-flows.test.tsx', sample: 10 },
  ],
}
