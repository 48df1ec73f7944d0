/**
 * The wizard machine's model (SPEC 2.8, ADR 0007): four steps, as both real wizards have (receiving:
 * document, check, label, putaway; shipping: select, picking, packing, ship), each made valid or
 * invalid, the navigation, and each actor's success and failure. wizard.machine.test.ts replays
 * every generated path; the flows tooling lists the same paths; the receiving and shipping screens
 * replay those their forms can stage (`receivingScreenEvents`, `shippingScreenEvents`).
 */
import type { AnyMachineSnapshot } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import { wizardMachine } from './wizard.machine'
import type { WizardContext, WizardEvent, WizardInput } from './wizard.machine'

export const WIZARD_MODEL_STEPS = ['select', 'check', 'label', 'putaway'] as const
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

/**
 * What the receiving screen can stage (src/features/receiving/components/receiving-wizard.screen-flows.test.tsx).
 * The screen computes each step's validity from its data and sends it whenever it changes, so a step's validity is
 * changed where the screen lets the user change it, and only when it changes: the document is chosen on the first
 * step (and cannot be unchosen); the received quantities are typed on the check step; the label step is valid when
 * the check step's save answered pallets, so its validity is decided before that save (on the first two steps); a
 * destination is chosen or dropped on the putaway step. Only the check step's save sends anything, so only it can fail.
 */
export function receivingScreenEvents(snapshot: AnyMachineSnapshot): WizardModelEvent[] {
  const c = snapshot.context as WizardContext
  const at = c.steps[c.index]
  return wizardModelEvents.filter((event) => {
    if (event.type === 'SET_VALID') {
      const step = event.step ?? ''
      if ((c.valid[step] === true) === event.valid) return false
      if (step === 'select') return event.valid === true && at === 'select'
      if (step === 'label') return c.index <= 1
      return step === at
    }
    if (event.type === 'xstate.error.actor.saveStep') return at === 'check'
    return true
  })
}

/**
 * What the shipping screen can stage (src/features/shipping/components/shipping-wizard.screen-flows.test.tsx). The
 * model's four steps are the screen's by position: select (an order or a wave), picking, packing, ship. As on the
 * receiving screen, each step's validity is computed from the form and sent when it changes, so it is changed where
 * the screen lets the user change it: the order or wave is chosen on the first step (and cannot be unchosen); the
 * picked quantity is typed on the picking step; a package's quantity is changed on the packing step; the carrier is
 * chosen or dropped on the ship step.
 *
 * Packing is the exception. Saving the picking step rebuilds the packages from the picks when they no longer match
 * (shipping-wizard.tsx), and the screen resends every step's validity once the save ends, so the packing step always
 * arrives valid: the picking step's save can only succeed in a model state where packing is already valid. The model
 * gets there by making packing valid on the picking step, ahead of that save; the screen has no stimulus for it (what
 * it shows on the picking step does not depend on the packages), it is the rebuild the save will do. Packing cannot be
 * made invalid before the packing step (typing picks does change the packages' validity behind the picking step, but
 * the save rebuilds them, so no screen state shows it). The picking and packing steps send their draft, so both
 * saves can fail; choosing the order or wave saves nothing.
 */
export function shippingScreenEvents(snapshot: AnyMachineSnapshot): WizardModelEvent[] {
  const c = snapshot.context as WizardContext
  const at = c.index
  return wizardModelEvents.filter((event) => {
    if (event.type === 'SET_VALID') {
      const step = event.step ?? ''
      if ((c.valid[step] === true) === event.valid) return false
      const index = c.steps.indexOf(step)
      if (index === 0) return event.valid === true && at === 0
      if (index === 2) return at === 2 || (at === 1 && event.valid === true)
      return index === at
    }
    if (event.type === 'xstate.done.actor.saveStep') return at !== 1 || c.valid[c.steps[2]] === true
    if (event.type === 'xstate.error.actor.saveStep') return at === 1 || at === 2
    return true
  })
}

export const wizardModel: MachineModel<WizardEvent> = {
  machine: wizardMachine,
  events: () => wizardModelEvents as WizardEvent[],
  abstract: abstractWizard,
  input: wizardModelInput,
  screens: [
    {
      screen: '/receiving',
      test: 'src/features/receiving/components/receiving-wizard.screen-flows.test.tsx',
      events: (snapshot) => receivingScreenEvents(snapshot) as WizardEvent[],
      sample: 6,
    },
    {
      screen: '/shipping',
      test: 'src/features/shipping/components/shipping-wizard.screen-flows.test.tsx',
      events: (snapshot) => shippingScreenEvents(snapshot) as WizardEvent[],
      sample: 6,
    },
  ],
}
