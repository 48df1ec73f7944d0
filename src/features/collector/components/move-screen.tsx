import { useCallback, useId, useMemo, useRef, useState } from 'react'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight, IconCheck, IconX } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { moveMachine, movePrompt, type MoveDraft } from '../../../../machines/move/move.machine'
import { flowsInspect } from '../../../lib/flows-inspector'
import { signalFeedback } from '../feedback/feedback'
import { useScanner } from '../hooks/use-scanner'
import { moveText } from '../move-texts'
import { useOfflineCache } from '../offline/offline-cache-provider'
import { useOutbox } from '../outbox/outbox-context'
import { ScanCodeForm } from './scan-code-form'
import classes from './scan-screen.module.css'
import { ScanNotice } from './scan-notice'
import { toMoveTarget } from './move-target'
import { useSession } from '../../../lib/session'
import { rememberScannedLocation } from '../last-location'

export function moveSummary(draft: MoveDraft): string {
  const what = draft.pallet ? draft.pallet.code : `${draft.qty ?? ''} × ${draft.product?.code ?? ''}${draft.product?.lot ? ` (${draft.product.lot})` : ''} @ ${draft.from?.code ?? ''}`
  return `${what} → ${draft.to?.code ?? ''}`
}

function Field({ label, value }: { label: React.ReactNode; value: string | null | undefined }) {
  if (!value) return null
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text c="var(--collector-muted)">{label}</Text>
      <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere', textAlign: 'right' }}>
        {value}
      </Text>
    </Group>
  )
}

/**
 * /m/move (SPEC 11.10): the move machine on the collector. Every read is classified against the offline cache in the
 * keydown's own task and given to the machine, which accepts or refuses it at once (sound, vibration, flash);
 * Confirm writes the move to the outbox, which sends it when it can.
 */
export function MoveScreen() {
  const { t, i18n } = useLingui()
  const id = useId()
  const { index, ready } = useOfflineCache()
  const username = useSession().user?.username ?? ''
  const { enqueue } = useOutbox()
  const latest = useRef({ index, enqueue })
  latest.current = { index, enqueue }

  const machine = useMemo(
    () =>
      moveMachine.provide({
        actors: {
          submit: fromPromise<unknown, MoveDraft>(async ({ input }) => {
            const summary = moveSummary(input)
            if (input.pallet) {
              const pallet = input.pallet.sscc ? { sscc: input.pallet.sscc } : { pallet_code: input.pallet.palletCode ?? input.pallet.code }
              return latest.current.enqueue('stock.move', { ...pallet, to_location: input.to!.id }, summary)
            }
            return latest.current.enqueue(
              'stock.move-qty',
              { from_location: input.from!.id, product: input.product!.id, lot: input.product!.lot, qty: input.qty!, to_location: input.to!.id },
              summary,
            )
          }),
        },
        actions: {
          accepted: () => signalFeedback('success'),
          refused: () => signalFeedback('error'),
        },
      }),
    [],
  )
  const actor = useActorRef(machine, { inspect: flowsInspect })
  const state = useSelector(actor, (s) => s.value as string)
  const context = useSelector(actor, (s) => s.context)
  const prompt = useSelector(actor, (s) => movePrompt(s))

  const fieldRef = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState('')
  const [qty, setQty] = useState('')
  const onRead = useCallback(
    (read: { code: string }) => {
      setCode('')
      const target = latest.current.index.classify(read.code)
      actor.send({ type: 'SCAN', target: toMoveTarget(target) })
      // after the machine's feedback: where the operator is, for 'Próxima tarefa' (SPEC 19.4)
      rememberScannedLocation(username, target)
    },
    [actor, username],
  )
  // no lookup over the network: the offline cache answers, in onRead
  const scanner = useScanner({ lookup: () => Promise.resolve(null), historyCap: 1, fieldRef, onRead, signalReads: false })

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Mover</Trans>
      </Title>
      <div role="status" aria-live="assertive" data-testid="move-prompt" className={classes.prompt}>
        {moveText(i18n, prompt)}
      </div>
      <ScanNotice notice={scanner.notice} testId="move-scan-notice" />
      {context.refusal ? (
        <div role="alert" data-testid="move-refusal" className={classes.refusal}>
          <IconX size={22} aria-hidden style={{ flexShrink: 0 }} />
          <span>{moveText(i18n, context.refusal)}</span>
        </div>
      ) : null}
      {!ready ? (
        <Text c="var(--collector-warn)" fw={600}>
          <Trans>Baixando locais e produtos para trabalhar sem rede…</Trans>
        </Text>
      ) : null}

      <Stack gap={4} data-testid="move-draft">
        <Field label={<Trans>Palete</Trans>} value={context.pallet?.code} />
        <Field label={<Trans>Origem</Trans>} value={context.from?.code} />
        <Field label={<Trans>Produto</Trans>} value={context.product ? `${context.product.code} · ${context.product.name}` : null} />
        <Field label={<Trans>Lote</Trans>} value={context.product?.lot} />
        <Field label={<Trans>Quantidade</Trans>} value={context.qty} />
        <Field label={<Trans>Destino</Trans>} value={context.to?.code} />
      </Stack>

      {state === 'confirm' || state === 'submitting' ? (
        <Button size="xl" h={72} fullWidth color="var(--collector-accent)" leftSection={<IconCheck size={28} aria-hidden />} loading={state === 'submitting'} onClick={() => actor.send({ type: 'CONFIRM' })}>
          <Trans>Confirmar</Trans>
        </Button>
      ) : null}

      {state === 'quantity' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'QTY', qty })
            setQty('')
          }}
        >
          <label htmlFor={`${id}-qty`} className={classes.label}>
            {t`Quantidade`}
          </label>
          <Group gap="xs" wrap="nowrap">
            <input id={`${id}-qty`} className={classes.input} inputMode="decimal" value={qty} onChange={(e) => setQty(e.currentTarget.value)} autoComplete="off" />
            <Button type="submit" size="lg" h={56} color="var(--collector-accent)" disabled={qty.trim() === ''}>
              <Trans>OK</Trans>
            </Button>
          </Group>
        </form>
      ) : null}

      {/* typing is the fallback, never the way: the scanner's burst lands wherever focus is */}
      <ScanCodeForm fieldRef={fieldRef} code={code} onCode={setCode} onSubmit={scanner.submit} />

      {state !== 'source' || context.refusal ? (
        // not while the move is being written: the write would land in the outbox with the screen saying it was cancelled
        <Button size="lg" h={56} variant="outline" color="var(--collector-accent-text)" disabled={state === 'submitting'} onClick={() => actor.send({ type: 'RESET' })}>
          <Trans>Cancelar</Trans>
        </Button>
      ) : null}

      {context.last ? (
        <div role="status" data-testid="move-done" className={classes.done}>
          <IconArrowRight size={20} aria-hidden style={{ flexShrink: 0 }} />
          <span>
            <Trans>Movimentação registrada: {moveSummary(context.last)}</Trans>
          </span>
        </div>
      ) : null}
    </Stack>
  )
}
