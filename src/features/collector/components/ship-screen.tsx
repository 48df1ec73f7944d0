import { useCallback, useId, useMemo, useRef, useState } from 'react'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconCheck, IconTruck, IconX } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { currentPick, shipMachine, shipPrompt, type ShipOrder, type ShipPickResult } from '../../../../machines/ship/ship.machine'
import { apiErrorText } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { flowsInspect } from '../../../lib/flows-inspector'
import { useSession } from '../../../lib/session'
import { getShipOrder, getShipOrders } from '../api/get-ship-orders'
import { signalFeedback } from '../feedback/feedback'
import { useDeviceRequest } from '../hooks/use-device-request'
import { useScanner } from '../hooks/use-scanner'
import { shipText } from '../ship-texts'
import { useOfflineCache } from '../offline/offline-cache-provider'
import { useOutbox } from '../outbox/outbox-context'
import { ScanCodeForm } from './scan-code-form'
import { toMoveTarget } from './move-target'
import classes from './scan-screen.module.css'
import { ScanNotice } from './scan-notice'
import { rememberScannedLocation } from '../last-location'

const today = () => new Date().toISOString().slice(0, 10)

/** exact decimal sum of two quantities (thousandths) */
function addQty(a: string, b: string): string {
  const milli = (q: string) => {
    const [int = '0', frac = ''] = q.split('.')
    return BigInt(int) * 1000n + BigInt((frac + '000').slice(0, 3))
  }
  const v = milli(a) + milli(b)
  const frac = (v % 1000n).toString().padStart(3, '0').replace(/0+$/, '')
  return frac ? `${v / 1000n}.${frac}` : `${v / 1000n}`
}

/** An expiry as every other screen shows dates: the locale's short date (dd/mm/yyyy in pt), never the API's ISO form. */
const expiryText = (expiry: string | null | undefined, locale: string) => (expiry ? formatDate(expiry, locale) : expiry)

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
 * /m/ship (SPEC 11.8): the ship machine on the collector. The operator picks an open order (scan its code or tap it);
 * its picks come from the same draft and FEFO suggestions as the desktop wizard, in pick-path order. Every read is
 * classified against the offline cache and given to the machine, which accepts or refuses it at once (sound,
 * vibration, flash); each confirmed pick, a short pick's reason and the loading are written to the outbox.
 */
export function ShipScreen() {
  const { t, i18n } = useLingui()
  const id = useId()
  const { index, ready } = useOfflineCache()
  const { enqueue } = useOutbox()
  const username = useSession().user?.username ?? ''
  // the collector's own reader, not TanStack Query (first-load budget, ADR 0014); opening an order needs the network
  const orders = useDeviceRequest(`ship-orders:${username}`, getShipOrders, { keepAs: username ? `movatic.collector.shipOrders.${username}` : undefined })
  // the draft's quantity per `${line}:${stock_line}`, which each handheld pick adds to (the command sets the total)
  const drafted = useRef(new Map<string, string>())
  const latest = useRef({ index, enqueue, orders: orders.data?.results ?? [] })
  latest.current = { index, enqueue, orders: orders.data?.results ?? [] }
  const [opening, setOpening] = useState<string | null>(null)
  const [openError, setOpenError] = useState<string | null>(null)

  const machine = useMemo(
    () =>
      shipMachine.provide({
        actors: {
          submit: fromPromise<unknown, ShipPickResult>(async ({ input }) => {
            const { pick, stock, qty } = input
            const summary = `${input.order} · ${pick.product.code}${stock.lot ? ` (${stock.lot})` : ''} @ ${pick.location.code}: ${qty}/${pick.qty}`
            if (qty !== '0') {
              const key = `${pick.line}:${stock.stockLine}`
              const total = addQty(drafted.current.get(key) ?? '0', qty)
              await latest.current.enqueue('ship.pick', { order: input.order, line: pick.line, stock_line: stock.stockLine, qty: total, ...(input.overrideReason ? { override_reason: input.overrideReason } : {}) }, summary)
              drafted.current.set(key, total)
            }
            if (input.shortReason) {
              await latest.current.enqueue('ship.short', { order: input.order, line: pick.line, location: pick.location.id, expected: pick.qty, picked: qty, reason: input.shortReason }, summary)
            }
            return null
          }),
          load: fromPromise<unknown, { order: ShipOrder; results: ShipPickResult[] }>(async ({ input }) =>
            latest.current.enqueue('ship.load', { order: input.order.id, carrier: input.order.carrier?.id ?? null }, `${input.order.code} → ${input.order.carrier?.name ?? '—'}`),
          ),
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
  const prompt = shipPrompt({ value: state, context })
  const pick = currentPick(context)

  const openOrder = useCallback(
    async (orderId: number, code: string) => {
      setOpening(code)
      setOpenError(null)
      try {
        const built = await getShipOrder(orderId, today())
        drafted.current = built.drafted
        actor.send({ type: 'START', order: built.order, today: today() })
      } catch (error) {
        signalFeedback('error')
        setOpenError(apiErrorText(error) ?? t`Não foi possível abrir o pedido (sem rede?).`)
      } finally {
        setOpening(null)
      }
    },
    [actor, t],
  )

  const fieldRef = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState('')
  const [qty, setQty] = useState('')
  const [reason, setReason] = useState('')
  const onRead = useCallback(
    (read: { code: string }) => {
      setCode('')
      if (actor.getSnapshot().matches('orders')) {
        const order = latest.current.orders.find((o) => o.code.toUpperCase() === read.code.trim().toUpperCase())
        if (order) {
          void openOrder(order.id, order.code)
          return
        }
      }
      const target = latest.current.index.classify(read.code)
      actor.send({ type: 'SCAN', target: toMoveTarget(target) })
      // after the machine's feedback: where the operator is, for 'Próxima tarefa' (SPEC 19.4)
      rememberScannedLocation(username, target)
    },
    [actor, openOrder, username],
  )
  // no lookup over the network: the offline cache answers, in onRead
  const scanner = useScanner({ lookup: () => Promise.resolve(null), historyCap: 1, fieldRef, onRead, signalReads: false })
  const needsReason = state === 'override' || state === 'short'

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Expedir</Trans>
      </Title>
      <div role="status" aria-live="assertive" data-testid="ship-prompt" className={classes.prompt}>
        {opening ? t`Abrindo o pedido ${opening}…` : shipText(i18n, prompt)}
      </div>
      <ScanNotice notice={scanner.notice} testId="ship-scan-notice" />
      {context.refusal || openError ? (
        <div role="alert" data-testid="ship-refusal" className={classes.refusal}>
          <IconX size={22} aria-hidden style={{ flexShrink: 0 }} />
          <span>{context.refusal ? shipText(i18n, context.refusal) : openError}</span>
        </div>
      ) : null}
      {!ready ? (
        <Text c="var(--collector-warn)" fw={600}>
          <Trans>Baixando locais e produtos para trabalhar sem rede…</Trans>
        </Text>
      ) : null}

      {context.order ? (
        <Stack gap={4} data-testid="ship-pick">
          <Field label={<Trans>Pedido</Trans>} value={context.order.code} />
          {pick && state !== 'load' && state !== 'loading' ? (
            <>
              <Field label={<Trans>Separação</Trans>} value={`${context.index + 1} / ${context.order.picks.length}`} />
              <Field label={<Trans>Localização</Trans>} value={pick.location.code} />
              <Field label={<Trans>Produto</Trans>} value={`${pick.product.code} · ${pick.product.name}`} />
              <Field label={<Trans>Lote</Trans>} value={context.stock?.lot ?? pick.lot} />
              <Field label={<Trans>Validade</Trans>} value={expiryText(context.stock?.expiry ?? pick.expiry, i18n.locale)} />
              <Field label={<Trans>Palete</Trans>} value={pick.sscc ?? pick.palletCode} />
              <Field label={<Trans>Pedida</Trans>} value={pick.qty} />
              <Field label={<Trans>Separada</Trans>} value={context.qty} />
            </>
          ) : (
            <>
              <Field label={<Trans>Separações gravadas</Trans>} value={String(context.results.length)} />
              <Field label={<Trans>Transportadora</Trans>} value={context.order.carrier?.name ?? t`Sem transportadora`} />
            </>
          )}
        </Stack>
      ) : null}

      {state === 'quantity' || state === 'submitting' ? (
        <Button size="xl" h={72} fullWidth color="var(--collector-accent)" leftSection={<IconCheck size={28} aria-hidden />} loading={state === 'submitting'} onClick={() => actor.send({ type: 'CONFIRM' })}>
          <Trans>Confirmar</Trans>
        </Button>
      ) : null}
      {state === 'load' || state === 'loading' ? (
        <Button size="xl" h={72} fullWidth color="var(--collector-accent)" leftSection={<IconTruck size={28} aria-hidden />} loading={state === 'loading'} onClick={() => actor.send({ type: 'CONFIRM' })}>
          <Trans>Confirmar carregamento</Trans>
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

      {state === 'item' || state === 'quantity' ? (
        <Button size="lg" h={56} variant="outline" color="var(--collector-accent-text)" onClick={() => actor.send({ type: 'SHORT' })}>
          {state === 'item' ? <Trans>Nada encontrado (falta)</Trans> : <Trans>Falta: separar menos</Trans>}
        </Button>
      ) : null}

      {state !== 'orders' ? (
        // not while a pick or the loading is being written: the write would land in the outbox with the screen saying it was cancelled
        <Button size="lg" h={56} variant="outline" color="var(--collector-accent-text)" disabled={state === 'submitting' || state === 'loading'} onClick={() => actor.send({ type: 'RESET' })}>
          <Trans>Cancelar</Trans>
        </Button>
      ) : null}

      {state === 'orders' ? (
        <Stack gap="xs" data-testid="ship-orders">
          <h2 className={classes.subheading}>
            <Trans>Pedidos abertos</Trans>
          </h2>
          {orders.isPending ? <Text>{t`Carregando…`}</Text> : null}
          {orders.isError ? <Text c="var(--collector-warn)">{t`Sem rede: leia o código de um pedido quando ela voltar.`}</Text> : null}
          {orders.data?.results.length === 0 ? <Text>{t`Nenhum pedido aberto.`}</Text> : null}
          {orders.data?.results.map((o) => (
            <Button
              key={o.id}
              size="lg"
              h="auto"
              mih={64}
              py={6}
              variant="outline"
              color="var(--collector-accent-text)"
              justify="flex-start"
              classNames={{ label: classes.choice }}
              disabled={opening !== null}
              onClick={() => void openOrder(o.id, o.code)}
            >
              {/* the code whole on its own line: beside the customer it was cut short at 412 px */}
              <span>{o.code}</span>{' '}
              <Text span size="sm" fw={400}>
                {o.customer.name}
              </Text>
            </Button>
          ))}
        </Stack>
      ) : null}

      {context.lastLoaded && state === 'orders' ? (
        <div role="status" data-testid="ship-done" className={classes.done}>
          <IconTruck size={20} aria-hidden style={{ flexShrink: 0 }} />
          <span>
            <Trans>Carregamento do pedido {context.lastLoaded} registrado.</Trans>
          </span>
        </div>
      ) : null}
    </Stack>
  )
}
