import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconCheck, IconX } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { RefillTask } from '../../../../contracts/inventory/replenishment.contract'
import { replenishMachine, replenishPrompt, type RefillDraft, type RefillPlan, type RefillTarget } from '../../../../machines/replenish/replenish.machine'
import { ApiError, apiErrorText } from '../../../lib/api-client'
import { flowsInspect } from '../../../lib/flows-inspector'
import { useSession } from '../../../lib/session'
import { getRefill } from '../api/get-refill'
import { signalFeedback } from '../feedback/feedback'
import { useScanner } from '../hooks/use-scanner'
import { rememberScannedLocation } from '../last-location'
import type { ScanTarget } from '../offline/offline-cache'
import { useOfflineCache } from '../offline/offline-cache-provider'
import { useOutbox } from '../outbox/outbox-context'
import { outboxDb, pendingCommands } from '../outbox/outbox-db'
import type { RefillCommandPayloads } from '../outbox/refill-commands'
import { forgetRefill, keepRefill, readKeptRefill, refillPlanOf } from '../refill-store'
import { replenishText } from '../replenish-texts'
import { ScanCodeForm } from './scan-code-form'
import classes from './scan-screen.module.css'
import refill from './replenish-screen.module.css'
import { ScanNotice } from './scan-notice'

/** A read as the replenish machine sees it; the refill's own product by its code or GTIN even if the cache lacks it. */
export function toRefillTarget(target: ScanTarget, plan: RefillPlan | null, gtins: readonly string[] = []): RefillTarget {
  switch (target.kind) {
    case 'location':
      return { kind: 'location', code: target.location.code, id: target.location.id }
    case 'product':
      return { kind: 'product', code: target.product.code, id: target.product.id, ...(target.lot ? { lot: target.lot } : {}) }
    case 'pallet':
      return target
    default: {
      const code = target.code.toUpperCase()
      if (plan && (plan.product.code.toUpperCase() === code || gtins.some((g) => g.padStart(14, '0') === code.padStart(14, '0')))) return { kind: 'product', code: target.code, id: plan.product.id }
      return { kind: 'unknown', code: target.code }
    }
  }
}

export const refillSummary = (draft: RefillDraft) =>
  `${draft.qty ?? ''} × ${draft.plan?.product.code ?? ''}${draft.line?.lot ? ` (${draft.line.lot})` : ''}: ${draft.plan?.source.code ?? ''} → ${draft.plan?.face.code ?? ''}`

const isOffline = (error: unknown) => !(error instanceof ApiError) || error.status === 0

/** Whether this device brought the refill already and its command still waits in the outbox (the server does not know yet). */
async function queuedHere(operator: string, task: number): Promise<boolean> {
  const queued = await pendingCommands(outboxDb(), operator).catch(() => [])
  return queued.some((c) => c.kind === 'refill.confirm' && (c.payload as RefillCommandPayloads['refill.confirm']).task === task)
}

function Stop({ label, code, current, children, testId }: { label: React.ReactNode; code: string; current: boolean; children?: React.ReactNode; testId: string }) {
  return (
    <div className={`${refill.stop} ${current ? refill.current : ''}`} data-testid={testId} aria-current={current ? 'step' : undefined}>
      <span className={refill.key}>{label}</span>
      <span className={refill.code}>{code}</span>
      {children}
    </div>
  )
}

/**
 * /m/replenish?task= (docs/requirements.md §20.2): the replenish machine on the collector. The refill is read online
 * when the screen opens and kept on the device, so it goes on offline and after a reload; every read is classified
 * against the offline cache in the keydown's own task and accepted or refused at once (sound, vibration, flash); the
 * face's scan writes `refill.confirm` to the outbox, which sends it when it can.
 */
export function ReplenishScreen({ task }: { task?: number }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const { index, ready } = useOfflineCache()
  const username = useSession().user?.username ?? ''
  const { enqueue } = useOutbox()
  const [detail, setDetail] = useState<RefillTask | null>(null)
  const [openError, setOpenError] = useState<string | null>(null)
  const [queued, setQueued] = useState(false)
  const latest = useRef({ index, enqueue, username, detail })
  latest.current = { index, enqueue, username, detail }

  const machine = useMemo(
    () =>
      replenishMachine.provide({
        actors: {
          submit: fromPromise<unknown, RefillDraft>(async ({ input }) => {
            const { enqueue: write, username: user } = latest.current
            const result = await write('refill.confirm', { task: input.plan!.task, stock_line: input.line!.id, qty: input.qty!, location: input.plan!.face.id }, refillSummary(input))
            // brought: the command carries it now; the device no longer needs the refill
            forgetRefill(user, input.plan!.task)
            return result
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
  const prompt = useSelector(actor, (s) => replenishPrompt(s))

  // the refill read online when the screen opens, else as this device last read it (SPEC 11.10)
  useEffect(() => {
    if (task === undefined) return
    const controller = new AbortController()
    void (async () => {
      // brought on this device, its command not sent yet: not to be done twice
      if (await queuedHere(latest.current.username, task)) {
        if (!controller.signal.aborted) setQueued(true)
        return
      }
      let read: RefillTask | null
      try {
        read = await getRefill(task, controller.signal)
        keepRefill(latest.current.username, read)
      } catch (error) {
        if (controller.signal.aborted) return
        read = isOffline(error) ? readKeptRefill(latest.current.username, task) : null
        if (!read) {
          signalFeedback('error')
          setOpenError(apiErrorText(error) ?? t`Não foi possível abrir o reabastecimento (sem rede?).`)
          return
        }
      }
      if (controller.signal.aborted) return
      setDetail(read)
      if (read.status === 'done' || read.status === 'cancelled') return
      if (actor.getSnapshot().matches('waiting')) actor.send({ type: 'LOADED', plan: refillPlanOf(read) })
    })()
    return () => controller.abort()
  }, [actor, task, t])

  const fieldRef = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState('')
  const [qty, setQty] = useState('')
  const onRead = useCallback(
    (read: { code: string }) => {
      setCode('')
      const target = latest.current.index.classify(read.code)
      actor.send({ type: 'SCAN', target: toRefillTarget(target, actor.getSnapshot().context.plan, latest.current.detail?.product.gtins) })
      // after the machine's feedback: where the operator is, for 'Próxima tarefa' (§19.4)
      rememberScannedLocation(username, target)
    },
    [actor, username],
  )
  // no lookup over the network: the offline cache answers, in onRead
  const scanner = useScanner({ lookup: () => Promise.resolve(null), historyCap: 1, fieldRef, onRead, signalReads: false })
  const plan = context.plan
  const closed = detail !== null && (detail.status === 'done' || detail.status === 'cancelled') && state === 'waiting'

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        <Trans>Reabastecer</Trans>
      </Title>
      {task === undefined ? (
        <Text fw={600} data-testid="replenish-no-task">
          <Trans>Abra um reabastecimento pela 'Próxima tarefa' ou pela lista de tarefas.</Trans>
        </Text>
      ) : openError ? (
        <div role="alert" data-testid="replenish-open-error" className={classes.refusal}>
          <IconX size={22} aria-hidden style={{ flexShrink: 0 }} />
          <span>{openError}</span>
        </div>
      ) : queued && state === 'waiting' ? (
        <Text fw={600} data-testid="replenish-queued">
          <Trans>Este reabastecimento já foi registrado neste aparelho e aguarda envio (Pendências).</Trans>
        </Text>
      ) : closed ? (
        <Text fw={600} data-testid="replenish-closed">
          <Trans>Este reabastecimento já foi concluído ou cancelado.</Trans>
        </Text>
      ) : (
        <div role="status" aria-live="assertive" data-testid="replenish-prompt" className={classes.prompt}>
          {replenishText(i18n, prompt)}
        </div>
      )}
      <ScanNotice notice={scanner.notice} testId="replenish-scan-notice" />
      {context.refusal ? (
        <div role="alert" data-testid="replenish-refusal" className={classes.refusal}>
          <IconX size={22} aria-hidden style={{ flexShrink: 0 }} />
          <span>{replenishText(i18n, context.refusal)}</span>
        </div>
      ) : null}
      {!ready ? (
        <Text c="var(--collector-warn)" fw={600}>
          <Trans>Baixando locais e produtos para trabalhar sem rede…</Trans>
        </Text>
      ) : null}

      {plan ? (
        <div className={refill.route} data-testid="replenish-route">
          <Stop label={<Trans>Origem</Trans>} code={plan.source.code} current={state === 'source'} testId="replenish-source" />
          <Stop label={<Trans>Produto</Trans>} code={plan.product.code} current={state === 'item'} testId="replenish-product">
            <span className={refill.what}>{plan.product.name}</span>
            {(context.line ?? plan.lines[0])?.lot ? (
              <span className={refill.what}>
                <Trans>Lote</Trans> {(context.line ?? plan.lines[0])!.lot}
              </span>
            ) : null}
          </Stop>
          <div className={`${refill.stop} ${state === 'quantity' ? refill.current : ''}`} data-testid="replenish-qty">
            <span className={refill.key}>
              <Trans>Quantidade</Trans>
            </span>
            <span className={refill.qty}>
              {context.qty ?? 0} / {plan.qty}
            </span>
          </div>
          <Stop label={<Trans>Face</Trans>} code={plan.face.code} current={state === 'face' || state === 'quantity'} testId="replenish-face" />
        </div>
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

      {state === 'done' ? (
        <Stack gap="sm">
          <div role="status" data-testid="replenish-done" className={classes.done}>
            <IconCheck size={20} aria-hidden style={{ flexShrink: 0 }} />
            <span>
              <Trans>Reabastecimento registrado: {refillSummary(context)}</Trans>
            </span>
          </div>
          <Button component={Link} to="/m/home" size="xl" h={72} fullWidth color="var(--collector-accent)">
            <Trans>Próxima tarefa</Trans>
          </Button>
        </Stack>
      ) : (
        // typing is the fallback, never the way: the scanner's burst lands wherever focus is
        <ScanCodeForm fieldRef={fieldRef} code={code} onCode={setCode} onSubmit={scanner.submit} />
      )}

      {['item', 'quantity', 'face'].includes(state) || (state === 'source' && context.refusal) ? (
        <Button size="lg" h={56} variant="outline" color="var(--collector-accent-text)" onClick={() => actor.send({ type: 'RESET' })}>
          <Trans>Cancelar</Trans>
        </Button>
      ) : null}
    </Stack>
  )
}
