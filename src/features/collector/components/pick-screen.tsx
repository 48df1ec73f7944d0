import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconCheck, IconTruck, IconX } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { PickBatchDetail } from '../../../../contracts/shipping/cluster-pick.contract'
import { toteLabel } from '../../../../contracts/shipping/cluster-pick.rules'
import {
  clusterPickMachine,
  currentStop,
  pickPrompt,
  pickSummary,
  qtyText,
  stopsFinished,
  type PickOrderSummary,
  type PickStopResult,
  type PickTarget,
} from '../../../../machines/cluster-pick/cluster-pick.machine'
import { ApiError, apiErrorText } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { flowsInspect } from '../../../lib/flows-inspector'
import { useSession } from '../../../lib/session'
import { getMyPickBatches, getPickBatch } from '../api/get-pick-batches'
import { signalFeedback } from '../feedback/feedback'
import { useDeviceRequest } from '../hooks/use-device-request'
import { useScanner } from '../hooks/use-scanner'
import { rememberScannedLocation } from '../last-location'
import { useOfflineCache } from '../offline/offline-cache-provider'
import { useOutbox } from '../outbox/outbox-context'
import { outboxDb, pendingCommands } from '../outbox/outbox-db'
import type { PickCommandPayloads } from '../outbox/pick-commands'
import { forgetBatch, keepBatchDetail, readKeptBatch, updateKeptBatch, type KeptBatch } from '../pick-batch-store'
import { pickText } from '../pick-texts'
import { ScanCodeForm } from './scan-code-form'
import { toMoveTarget } from './move-target'
import classes from './scan-screen.module.css'
import pick from './pick-screen.module.css'
import { ScanNotice } from './scan-notice'

const today = () => new Date().toISOString().slice(0, 10)

/** One fact of the stop: its name small, its value below (`large` for the location and quantities, `tote` for the tote). */
function Cell({ label, value, size, wide, hint }: { label: React.ReactNode; value: string | null | undefined; size?: 'large' | 'tote'; wide?: boolean; hint?: string }) {
  if (!value) return null
  return (
    <div className={`${pick.cell} ${wide ? pick.wide : ''}`}>
      <span className={pick.key}>{label}</span>
      <span className={`${pick.value} ${size === 'large' ? pick.large : size === 'tote' ? pick.tote : ''}`}>{value}</span>
      {hint ? <span className={pick.hint}>{hint}</span> : null}
    </div>
  )
}

/** The batch's facts on one line. */
function Fact({ label, value }: { label: React.ReactNode; value: string | null | undefined }) {
  if (!value) return null
  return (
    <span>
      <span className={pick.key}>{label}</span>
      <span className={pick.value}>{value}</span>
    </span>
  )
}

/** A scan the offline cache does not know may still be one of the batch's products (by code or GTIN): the stop's detail names them. */
function withBatchProducts(target: PickTarget, batch: PickBatchDetail | null): PickTarget {
  if (target.kind !== 'unknown' || !batch) return target
  const code = target.code.trim().toUpperCase()
  const gtin = /^\d{8,14}$/.test(code) ? code.padStart(14, '0') : null
  const stop = batch.stops.find((s) => s.product.code.toUpperCase() === code || (gtin !== null && s.product.gtins.some((g) => g.padStart(14, '0') === gtin)))
  return stop ? { kind: 'product', code: target.code, id: stop.product.id, name: stop.product.name } : target
}

/**
 * What the outbox still holds for the batch: the cart and the stops written but not yet sent. The kept batch records
 * them after each write; this covers a page closed between the write and that record (SPEC 11.9: the outbox is the truth).
 */
async function withQueued(kept: KeptBatch, operator: string): Promise<KeptBatch> {
  const queued = await pendingCommands(outboxDb(), operator).catch(() => [])
  let { cart, confirmed } = kept
  for (const command of queued) {
    if (command.kind === 'pick.cart') {
      const payload = command.payload as PickCommandPayloads['pick.cart']
      if (payload.batch === kept.detail.id) cart = payload.cart
    } else if (command.kind === 'pick.stop') {
      const payload = command.payload as PickCommandPayloads['pick.stop']
      if (payload.batch === kept.detail.id && !confirmed.some((c) => c.task === payload.task)) confirmed = [...confirmed, { task: payload.task, qty: String(payload.qty) }]
    }
  }
  return { ...kept, cart, confirmed }
}

/** no answer at all (offline): the batch kept on the device will do; a server's refusal will not */
const isOffline = (error: unknown) => !(error instanceof ApiError) || error.status === 0

/**
 * /m/pick (docs/requirements.md §19.5): the cluster-pick machine on the collector. The operator opens one of their pick
 * batches (from the list, by its code, or from 'Próxima tarefa' with `?batch=`); its detail is kept on the device, so the
 * flow goes on offline and after a reload. Every read is classified against the offline cache and given to the
 * machine, which accepts or refuses it at once (sound, vibration, flash); the cart, each stop and the shipping are
 * written to the outbox.
 */
export function PickScreen({ batch: batchParam }: { batch?: number }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const { index, ready } = useOfflineCache()
  const { enqueue } = useOutbox()
  const username = useSession().user?.username ?? ''
  const batches = useDeviceRequest(`pick-batches:${username}`, getMyPickBatches, { keepAs: username ? `movatic.collector.pickBatches.${username}` : undefined })
  const latest = useRef({ index, enqueue, username, batches: batches.data?.results ?? [], refetchBatches: batches.refetch })
  latest.current = { index, enqueue, username, batches: batches.data?.results ?? [], refetchBatches: batches.refetch }
  const [opening, setOpening] = useState<string | null>(null)
  const [openError, setOpenError] = useState<string | null>(null)

  const machine = useMemo(
    () =>
      clusterPickMachine.provide({
        actors: {
          bindCart: fromPromise<unknown, { batch: number; cart: string }>(async ({ input }) => {
            const { enqueue: write, username: user } = latest.current
            await write('pick.cart', { batch: input.batch, cart: input.cart }, `${readKeptBatch(user, input.batch)?.detail.code ?? input.batch} → ${input.cart}`)
            updateKeptBatch(user, input.batch, (kept) => ({ ...kept, cart: input.cart }))
            return null
          }),
          submit: fromPromise<unknown, PickStopResult>(async ({ input }) => {
            const { enqueue: write, username: user } = latest.current
            const { stop, stock, qty } = input
            const summary = `${stop.order.code} · ${stop.product.code}${stock.lot ? ` (${stock.lot})` : ''} @ ${stop.location.code}: ${qty}/${qtyText(stop.qty)} → ${stop.tote}`
            await write(
              'pick.stop',
              {
                batch: input.batch,
                task: stop.task,
                stock_line: stock.stockLine,
                qty,
                tote: input.tote,
                ...(input.overrideReason ? { override_reason: input.overrideReason } : {}),
                ...(input.shortReason ? { short_reason: input.shortReason } : {}),
              },
              summary,
            )
            // after the write: a reload does not ask this stop again, even before the outbox has sent it
            updateKeptBatch(user, input.batch, (kept) => ({ ...kept, confirmed: [...kept.confirmed.filter((c) => c.task !== stop.task), { task: stop.task, qty }] }))
            return null
          }),
          ship: fromPromise<unknown, { batch: PickBatchDetail; orders: PickOrderSummary[] }>(async ({ input }) => {
            const { enqueue: write, username: user } = latest.current
            for (const o of input.orders) await write('ship.load', { order: o.order.id, carrier: o.carrier?.id ?? null }, `${o.order.code} → ${o.carrier?.name ?? '—'}`)
            forgetBatch(user, input.batch.id)
            // the list again: a batch whose picks have reached the server is done and leaves it
            void latest.current.refetchBatches()
            return null
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
  // built here, not in a selector: a prompt with values is a new object each time
  const prompt = pickPrompt({ value: state, context })
  const stop = currentStop(context)
  const batch = context.batch

  const openBatch = useCallback(
    async (batchId: number, code: string) => {
      const user = latest.current.username
      setOpening(code)
      setOpenError(null)
      try {
        let kept
        try {
          kept = keepBatchDetail(user, await getPickBatch(batchId))
        } catch (error) {
          // offline: the batch as this device last read it (SPEC 11.10)
          kept = isOffline(error) ? readKeptBatch(user, batchId) : null
          if (!kept) throw error
        }
        kept = await withQueued(kept, user)
        actor.send({ type: 'START', batch: { ...kept.detail, cart: kept.detail.cart ?? kept.cart }, today: today(), confirmed: kept.confirmed })
      } catch (error) {
        signalFeedback('error')
        setOpenError(apiErrorText(error) ?? t`Não foi possível abrir o lote (sem rede?).`)
      } finally {
        setOpening(null)
      }
    },
    [actor, t],
  )

  // 'Próxima tarefa' (§19.4) opens /m/pick?batch=<id>: that batch at once
  const opened = useRef<number | null>(null)
  useEffect(() => {
    if (batchParam === undefined || opened.current === batchParam || !actor.getSnapshot().matches('batches')) return
    opened.current = batchParam
    const code = latest.current.batches.find((b) => b.id === batchParam)?.code ?? readKeptBatch(latest.current.username, batchParam)?.detail.code ?? `#${batchParam}`
    void openBatch(batchParam, code)
  }, [actor, batchParam, openBatch])

  const fieldRef = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState('')
  const [qty, setQty] = useState('')
  const [reason, setReason] = useState('')
  const onRead = useCallback(
    (read: { code: string }) => {
      setCode('')
      const snapshot = actor.getSnapshot()
      if (snapshot.matches('batches')) {
        const row = latest.current.batches.find((b) => b.code.toUpperCase() === read.code.trim().toUpperCase())
        if (row) {
          void openBatch(row.id, row.code)
          return
        }
      }
      const target = latest.current.index.classify(read.code)
      actor.send({ type: 'SCAN', target: withBatchProducts(toMoveTarget(target), snapshot.context.batch) })
      // after the machine's feedback: where the operator is, for 'Próxima tarefa' (§19.4)
      rememberScannedLocation(latest.current.username, target)
    },
    [actor, openBatch],
  )
  // no lookup over the network: the offline cache answers, in onRead
  const scanner = useScanner({ lookup: () => Promise.resolve(null), historyCap: 1, fieldRef, onRead, signalReads: false })
  const needsReason = state === 'override' || state === 'short'
  const atStop = ['location', 'item', 'override', 'quantity', 'short', 'tote', 'submitting'].includes(state)
  const busy = state === 'binding' || state === 'submitting' || state === 'shipping'

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Separação em lote</Trans>
      </Title>
      <div role="status" aria-live="assertive" data-testid="pick-prompt" className={classes.prompt}>
        {opening ? t`Abrindo o lote ${opening}…` : pickText(i18n, prompt)}
      </div>
      <ScanNotice notice={scanner.notice} testId="pick-scan-notice" />
      {context.refusal || openError ? (
        <div role="alert" data-testid="pick-refusal" className={classes.refusal}>
          <IconX size={22} aria-hidden style={{ flexShrink: 0 }} />
          <span>{context.refusal ? pickText(i18n, context.refusal) : openError}</span>
        </div>
      ) : null}
      {!ready ? (
        <Text c="var(--collector-warn)" fw={600}>
          <Trans>Baixando locais e produtos para trabalhar sem rede…</Trans>
        </Text>
      ) : null}

      {batch ? (
        <div className={pick.batch} data-testid="pick-batch">
          <Fact label={<Trans>Lote de separação</Trans>} value={batch.code} />
          <Fact label={<Trans>Carrinho</Trans>} value={context.cart} />
          <Fact label={<Trans>Paradas feitas</Trans>} value={`${stopsFinished(context)} / ${batch.stops.length}`} />
        </div>
      ) : null}

      {atStop && stop && context.cart ? (
        <div className={pick.stop} data-testid="pick-stop">
          <Cell label={<Trans>Localização</Trans>} value={stop.location.code} size="large" />
          {/* the tote's number is what the hand looks for on the cart; its whole label (cart and number) below */}
          <Cell label={<Trans>Caixa</Trans>} value={String(stop.tote)} size="tote" hint={toteLabel(context.cart, stop.tote)} />
          <Cell label={<Trans>Produto</Trans>} value={`${stop.product.code} · ${stop.product.name}`} wide />
          <Cell label={<Trans>Lote</Trans>} value={context.stock?.lot ?? stop.lot} />
          <Cell label={<Trans>Validade</Trans>} value={(context.stock?.expiry ?? stop.expiry) ? formatDate((context.stock?.expiry ?? stop.expiry)!, i18n.locale) : null} />
          <Cell label={<Trans>Palete</Trans>} value={stop.sscc ?? stop.pallet_code} wide />
          <Cell label={<Trans>Pedido</Trans>} value={stop.order.code} />
          <Cell label={<Trans>Reservada</Trans>} value={qtyText(stop.qty)} size="large" />
          <Cell label={<Trans>Separada</Trans>} value={context.qty} size="large" />
        </div>
      ) : null}

      {state === 'done' || state === 'shipping' ? (
        <table className={pick.summary} data-testid="pick-summary">
          <caption className={classes.visuallyHidden}>
            <Trans>Resumo do lote por caixa</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Caixa</Trans>
              </th>
              <th scope="col">
                <Trans>Pedido</Trans>
              </th>
              <th scope="col" className={pick.num}>
                <Trans>Separado</Trans>
              </th>
              <th scope="col" className={pick.num}>
                <Trans>Falta</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {pickSummary(context).map((o) => (
              <tr key={o.order.id}>
                <td className={pick.summaryTote}>{o.tote}</td>
                <td>{o.order.code}</td>
                <td className={pick.num}>{o.picked}</td>
                <td className={pick.num}>{o.short}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      {state === 'quantity' ? (
        <Button size="xl" h={72} fullWidth color="var(--collector-accent)" leftSection={<IconCheck size={28} aria-hidden />} onClick={() => actor.send({ type: 'CONFIRM' })}>
          <Trans>Confirmar</Trans>
        </Button>
      ) : null}
      {state === 'done' || state === 'shipping' ? (
        <Button size="xl" h={72} fullWidth color="var(--collector-accent)" leftSection={<IconTruck size={28} aria-hidden />} loading={state === 'shipping'} onClick={() => actor.send({ type: 'CONFIRM' })}>
          <Trans>Expedir</Trans>
        </Button>
      ) : null}

      {needsReason ? (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'REASON', reason })
            setReason('')
          }}
        >
          <label htmlFor={`${id}-reason`} className={classes.label}>
            {state === 'short' ? t`Motivo da falta` : t`Motivo do outro lote`}
          </label>
          <Group gap="xs" wrap="nowrap">
            <input id={`${id}-reason`} className={classes.input} value={reason} onChange={(e) => setReason(e.currentTarget.value)} autoComplete="off" maxLength={200} />
            <Button type="submit" size="lg" h={56} color="var(--collector-accent)" disabled={reason.trim() === ''}>
              <Trans>OK</Trans>
            </Button>
          </Group>
        </form>
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
      {!needsReason ? (
        <ScanCodeForm fieldRef={fieldRef} code={code} onCode={setCode} onSubmit={scanner.submit} />
      ) : null}

      {state === 'item' ? (
        <Button size="lg" h={56} variant="outline" color="var(--collector-accent-text)" onClick={() => actor.send({ type: 'SHORT' })}>
          <Trans>Nada encontrado (falta)</Trans>
        </Button>
      ) : null}

      {state !== 'batches' ? (
        // not while something is being written: the write would land in the outbox with the screen saying it was left
        <Button size="lg" h={56} variant="outline" color="var(--collector-accent-text)" disabled={busy} onClick={() => actor.send({ type: 'RESET' })}>
          <Trans>Sair do lote</Trans>
        </Button>
      ) : null}

      {state === 'batches' ? (
        <Stack gap="xs" data-testid="pick-batches">
          <h2 className={classes.subheading}>
            <Trans>Meus lotes</Trans>
          </h2>
          {batches.isPending ? <Text>{t`Carregando…`}</Text> : null}
          {batches.isError ? <Text c="var(--collector-warn)">{t`Sem rede: os lotes já abertos neste aparelho continuam; os outros quando ela voltar.`}</Text> : null}
          {batches.data?.results.length === 0 ? <Text>{t`Nenhum lote para separar.`}</Text> : null}
          {batches.data?.results.map((b) => (
            <Button
              key={b.id}
              size="lg"
              h="auto"
              mih={64}
              py={6}
              variant="outline"
              color="var(--collector-accent-text)"
              justify="flex-start"
              classNames={{ label: classes.choice }}
              disabled={opening !== null}
              onClick={() => void openBatch(b.id, b.code)}
            >
              <span>{b.code}</span>{' '}
              <Text span size="sm" fw={400}>
                {t`${b.orders} pedidos · ${b.done}/${b.stops} paradas`}
              </Text>
            </Button>
          ))}
        </Stack>
      ) : null}

      {context.lastShipped && state === 'batches' ? (
        <div role="status" data-testid="pick-shipped" className={classes.done}>
          <IconTruck size={20} aria-hidden style={{ flexShrink: 0 }} />
          <span>
            <Trans>Expedição do lote {context.lastShipped} registrada.</Trans>
          </span>
        </div>
      ) : null}
    </Stack>
  )
}
