import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { Alert, Button, Group, Paper, Stack, Stepper } from '@mantine/core'
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { wizardMachine, wizardView, type FinishInput, type SaveStepInput, type WizardMessage } from '../../machines/wizard/wizard.machine'
import { flowsInspect } from '../lib/flows-inspector'
import { newIdempotencyKey } from '../lib/idempotency-key'

const WIZARD_MESSAGES: Record<string, MessageDescriptor> = {
  'wizard.error.incomplete': msg`Complete este passo antes de continuar.`,
  'wizard.error.unknown': msg`A operação falhou. Tente novamente.`,
}

/** The wizard machine's messages, translated (a server text is shown as it came). */
export function wizardMessageText(message: WizardMessage, translate: (descriptor: MessageDescriptor) => string): string {
  if (message.id === 'wizard.error.server') return String(message.values?.text ?? '')
  const descriptor = WIZARD_MESSAGES[message.id]
  return descriptor ? translate(descriptor) : message.id
}

export interface UseWizardOptions<TResult> {
  steps: readonly string[]
  /** resume at this step (a saved draft) */
  startAt?: number
  /** saves what the step has before going forward (the latest function is called) */
  saveStep?: (step: string) => Promise<void>
  /** books the whole run once: the key is the same for every retry of this run */
  finish: (idempotencyKey: string) => Promise<TResult>
  /** the key's prefix (which wizard booked it) */
  keyPrefix?: string
}

/**
 * The generic wizard machine (machines/wizard) with the screen's actors. Each step's validity is sent with
 * `setValid(step, valid)`; the actors read the screen's latest state through refs, so a step saves what is
 * on screen when Next is pressed.
 */
export function useWizard<TResult>(options: UseWizardOptions<TResult>) {
  const latest = useRef(options)
  useEffect(() => {
    latest.current = options
  })
  const machine = useMemo(
    () =>
      wizardMachine.provide({
        actors: {
          saveStep: fromPromise<void, SaveStepInput>(async ({ input }) => {
            await latest.current.saveStep?.(input.step)
          }),
          finish: fromPromise<unknown, FinishInput>(({ input }) => latest.current.finish(input.idempotencyKey)),
        },
      }),
    [],
  )
  const [snapshot, send] = useMachine(machine, {
    input: { steps: options.steps, startAt: options.startAt, idempotencyKey: newIdempotencyKey(options.keyPrefix) },
    inspect: flowsInspect,
  })
  const view = wizardView(snapshot)
  const keyPrefix = options.keyPrefix
  return {
    view,
    result: snapshot.context.result as TResult | null,
    next: useCallback(() => send({ type: 'NEXT' }), [send]),
    back: useCallback(() => send({ type: 'BACK' }), [send]),
    setValid: useCallback((step: string, valid: boolean) => send({ type: 'SET_VALID', step, valid }), [send]),
    restart: useCallback(() => send({ type: 'RESTART', idempotencyKey: newIdempotencyKey(keyPrefix) }), [send, keyPrefix]),
  }
}

export type WizardView = ReturnType<typeof wizardView>

export interface WizardProps {
  /** a label per step, in the machine's order */
  steps: readonly { id: string; label: ReactNode; description?: ReactNode }[]
  view: WizardView
  onNext: () => void
  onBack: () => void
  /** the current step's content */
  children: ReactNode
}

/**
 * A linear stepper (SPEC 2.8, 2.9, 4): the steps, the current one's content, Back and a primary button that
 * reads Finish on the last step (wizardView.primary). Steps are not clickable: the machine decides.
 */
export function Wizard({ steps, view, onNext, onBack, children }: WizardProps) {
  const { t, i18n } = useLingui()
  return (
    <Stack gap="md">
      <Stepper active={view.finished ? steps.length : view.index} allowNextStepsSelect={false} size="sm" aria-label={t`Passos`}>
        {steps.map((step) => (
          <Stepper.Step key={step.id} label={step.label} description={step.description} />
        ))}
      </Stepper>
      <Paper withBorder p="md">
        {children}
      </Paper>
      {view.error ? (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {wizardMessageText(view.error, (d) => i18n._(d))}
        </Alert>
      ) : null}
      {view.finished ? null : (
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} disabled={view.isFirst || view.busy}>
            <Trans>Voltar</Trans>
          </Button>
          <Button
            onClick={onNext}
            loading={view.busy}
            rightSection={view.primary === 'finish' ? <IconCheck size={16} aria-hidden /> : <IconArrowRight size={16} aria-hidden />}
            data-valid={view.canGoForward}
          >
            {view.primary === 'finish' ? <Trans>Concluir</Trans> : <Trans>Próximo</Trans>}
          </Button>
        </Group>
      )}
    </Stack>
  )
}
