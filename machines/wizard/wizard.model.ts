/**
 * The wizard machine's model (issue 7, issue 8): three steps, each made valid or invalid, the
 * navigation, and each actor's success and failure. wizard.machine.test.ts replays every
 * generated path; the flows tooling lists the same paths.
 */
import type { AnyMachineSnapshot } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import { wizardMachine } from './wizard.machine'
import type { WizardContext, WizardEvent, WizardInput } from './wizard.machine'

export const WIZARD_MODEL_STEPS = ['select', 'check', 'label'] as const
export const wizardModelInput: WizardInput = { steps: WIZARD_MODEL_STEPS, idempotencyKey: 'k1' }

export type WizardModelEvent = { type: string; output?: unknown; error?: unknown; step?: string; valid?: boolean; idempotencyKey?: string }

export const wizardModelEvents: WizardModelEvent[] = [
  ...WIZARD_MODEL_STEPS.flatMap((step) => [
    { type: 'SET_VALID', step, valid: true },
    { type: 'SET_VALID', step, valid: false },
  ]),
  { type: 'NEXT' },
  { type: 'BACK' },
  { type: 'RESTART', idempotencyKey: 'k2' },
  { type: 'xstate.done.actor.saveStep', output: undefined },
  { type: 'xstate.error.actor.saveStep', error: new Error('offline') },
  { type: 'xstate.done.actor.finish', output: { id: 7 } },
  { type: 'xstate.error.actor.finish', error: { id: 'receipt.conflict' } },
]

export function abstractWizard(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as WizardContext
  return {
    value: snapshot.value,
    index: c.index,
    valid: WIZARD_MODEL_STEPS.map((s) => c.valid[s] === true),
    error: c.error?.id ?? null,
    result: c.result !== null,
    key: c.idempotencyKey,
  }
}

export const wizardModel: MachineModel<WizardEvent> = {
  machine: wizardMachine,
  events: () => wizardModelEvents as WizardEvent[],
  abstract: abstractWizard,
  input: wizardModelInput,
}
