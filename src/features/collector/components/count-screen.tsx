import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconCheck, IconClipboardCheck, IconX } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { isOfflineError } from '../../../../machines/scanner/scanner.machine'
import { countMachine, countPrompt, lotsOf, type CountLot, type CountSubmission, type CountTarget, type CountTask } from '../../../../machines/count/count.machine'
import type { CountIdentities, CountSheet } from '../../../../contracts/inventory/counts.contract'
import { api } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { flowsInspect } from '../../../lib/flows-inspector'
import { useSession } from '../../../lib/session'
import { countTasksKeptAs, getCountTasks, orderByLocation, type HandheldCountTask } from '../api/get-count-tasks'
import { countText } from '../count-texts'
import { signalFeedback } from '../feedback/feedback'
import { useDeviceRequest } from '../hooks/use-device-request'
import { useScanner } from '../hooks/use-scanner'
import type { ScanTarget } from '../offline/offline-cache'
import { useOfflineCache } from '../offline/offline-cache-provider'
import { useOutbox } from '../outbox/outbox-context'
import { ScanCodeForm } from './scan-code-form'
import classes from './scan-screen.module.css'
import { ScanNotice } from './scan-notice'
import { rememberScannedLocation } from '../last-location'

export function toCountTarget(target: ScanTarget): CountTarget {
  switch (target.kind) {
    case 'location':
      return { kind: 'location', code: target.location.code, id: target.location.id, active: target.location.active }
    case 'product':
      return {
        kind: 'product',
        code: target.product.code,
        id: target.product.id,
        name: target.product.name,
        ...(target.lot ? { lot: target.lot } : {}),
        ...(target.expiry ? { expiry: target.expiry } : {}),
        ...(target.qty ? { qty: target.qty } : {}),
      }
    case 'pallet':
      return target
    default:
      return { kind: 'unknown', code: target.code }
  }
}

export function countSummary(input: CountSubmission): string {
  if (input.empty) return `${input.task.location.code}: ∅`
  return `${input.task.location.code}: ${input.entries.map((e) => `${e.qty} × ${e.product.code}${e.lot ? ` (${e.lot})` : ''}${e.pallet ? ` [${e.pallet.code}]` : ''}`).join(', ')}`
}

/**
 * /m/count (SPEC 11.7): the count machine on the collector. The operator's count tasks, by location; every read is
 * classified against the offline cache in the keydown's own task and given to the machine, which accepts or refuses
 * it at once; Confirm writes the count to the outbox (`inventory.count`, with its command_id), which sends it when it
 * can. Blind: the system quantity shows only when the count plan is not blind (the inventory setting, per plan).
 */
export function CountScreen() {
  const { t, i18n } = useLingui()
  const id = useId()
  const { user } = useSession()
  const username = user?.username ?? ''
  const { index, ready } = useOfflineCache()
  const { enqueue, pending } = useOutbox()
  const latest = useRef({ index, enqueue })
  latest.current = { index, enqueue }

  // no TanStack Query on the collector's flows (first-load budget): asked on opening, kept on the device
  const tasksQuery = useDeviceRequest<HandheldCountTask[]>(username ? `count-tasks:${username}` : null, getCountTasks, { keepAs: countTasksKeptAs(username) })
  // counted here and still in the outbox: not offered again (the server has not heard of it yet)
  const counted = useMemo(() => {
    const keys = new Set<string>()
    for (const c of pending) {
      if (c.kind !== 'inventory.count') continue
      const p = c.payload as { plan: number; location: number }
      keys.add(`${p.plan}:${p.location}`)
    }
    return keys
  }, [pending])
  // counted here and already sent: the list was asked on opening, so it still holds them; a recount comes back as a new task
  const [countedHere, setCountedHere] = useState<ReadonlySet<number>>(() => new Set())
  // free tasks someone else took first: off the list until it is asked again
  const [takenElsewhere, setTakenElsewhere] = useState<ReadonlySet<number>>(() => new Set())
  // free tasks taken here: the operator's own now
  const [takenHere, setTakenHere] = useState<ReadonlySet<number>>(() => new Set())
  const tasks = useMemo<HandheldCountTask[]>(
    () =>
      orderByLocation(
        (tasksQuery.data ?? [])
          .filter((task) => !counted.has(`${task.plan}:${task.location.id}`) && !countedHere.has(task.task) && !takenElsewhere.has(task.task))
          .map((task) => (task.free && takenHere.has(task.task) ? { ...task, free: false } : task)),
        (locationId) => index.locationsById.get(locationId)?.pick_sequence,
      ),
    [tasksQuery.data, counted, countedHere, takenElsewhere, takenHere, index],
  )

  const machine = useMemo(
    () =>
      countMachine.provide({
        actors: {
          submit: fromPromise<unknown, CountSubmission>(async ({ input }) => {
            const command = await latest.current.enqueue(
              'inventory.count',
              {
                plan: input.task.plan,
                location: input.task.location.id,
                empty: input.empty,
                entries: input.entries.map((e) => ({
                  product: e.product.id,
                  qty: e.qty,
                  ...(e.lot ? { lot: e.lot } : {}),
                  ...(e.expiry ? { expiry_date: e.expiry } : {}),
                  ...(e.pallet?.sscc ? { sscc: e.pallet.sscc } : e.pallet ? { pallet_code: e.pallet.palletCode ?? e.pallet.code } : {}),
                })),
              },
              countSummary(input),
            )
            setCountedHere((done) => new Set(done).add(input.task.task))
            return command
          }),
          // a free task becomes the operator's before it is counted; without the network it is counted all the same (the
          // count reaches the server through the outbox, which refuses only a recount by its first counter)
          take: fromPromise<unknown, CountTask>(async ({ input, signal }) => {
            try {
              const taken = await api.post('/workforce/tasks/take/', { location: input.location.id, type: 'count' }, { signal })
              setTakenHere((mine) => new Set(mine).add(input.task))
              return taken
            } catch (error) {
              if (isOfflineError(error)) return null
              setTakenElsewhere((gone) => new Set(gone).add(input.task))
              throw error
            }
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
  const prompt = useSelector(actor, (s) => countPrompt(s))

  useEffect(() => {
    actor.send({ type: 'TASKS', tasks })
  }, [actor, tasks])

  // not blind (the plan says so): the system quantities, online only
  const task = context.task
  const [sheet, setSheet] = useState<CountSheet | null>(null)
  useEffect(() => {
    setSheet(null)
    if (!task || !navigator.onLine) return
    const controller = new AbortController()
    api.get<CountSheet>(`/inventory/counts/${task.plan}/locations/${task.location.id}/`, { signal: controller.signal }).then(setSheet, () => {})
    return () => controller.abort()
  }, [task])
  const expected = task && sheet && sheet.location.id === task.location.id && !sheet.blind ? sheet.expected : null

  // what the location holds (lots and expiry dates, never quantities), online only: a product with several lots asks which
  const taskLocation = task?.location.id
  const taskPlan = task?.plan
  useEffect(() => {
    if (taskLocation === undefined || taskPlan === undefined || !navigator.onLine) return
    const controller = new AbortController()
    api.get<CountIdentities>(`/inventory/counts/${taskPlan}/locations/${taskLocation}/identities/`, { signal: controller.signal }).then(
      (answer) => {
        const lots = new Map<string, CountLot>()
        for (const i of answer.identities) if (i.lot !== null) lots.set(`${i.product.id}:${i.lot}`, { product: i.product.id, lot: i.lot, expiry: i.expiry_date })
        actor.send({ type: 'LOTS', location: taskLocation, lots: [...lots.values()] })
      },
      () => {},
    )
    return () => controller.abort()
  }, [actor, taskLocation, taskPlan])

  const fieldRef = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState('')
  const [qty, setQty] = useState('')
  const onRead = useCallback(
    (read: { code: string }) => {
      setCode('')
      const target = latest.current.index.classify(read.code)
      actor.send({ type: 'SCAN', target: toCountTarget(target) })
      // after the machine's feedback: where the operator is, for 'Próxima tarefa' (SPEC 19.4)
      rememberScannedLocation(username, target)
    },
    [actor, username],
  )
  // no lookup over the network: the offline cache answers, in onRead
  const scanner = useScanner({ lookup: () => Promise.resolve(null), historyCap: 1, fieldRef, onRead, signalReads: false })

  const counting = state === 'taking' || state === 'items' || state === 'palletItem' || state === 'chooseLot' || state === 'confirmEmpty' || state === 'submitting'

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Contar</Trans>
      </Title>
      <div role="status" aria-live="assertive" data-testid="count-prompt" className={classes.prompt}>
        {countText(i18n, prompt)}
      </div>
      <ScanNotice notice={scanner.notice} testId="count-scan-notice" />
      {context.refusal ? (
        <div role="alert" data-testid="count-refusal" className={classes.refusal}>
          <IconX size={22} aria-hidden style={{ flexShrink: 0 }} />
          <span>{countText(i18n, context.refusal)}</span>
        </div>
      ) : null}
      {!ready ? (
        <Text c="var(--collector-warn)" fw={600}>
          <Trans>Baixando locais e produtos para trabalhar sem rede…</Trans>
        </Text>
      ) : null}

      {counting && task ? (
        <Stack gap={6} data-testid="count-draft">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700} size="xl">
              {task.location.code}
            </Text>
            {task.round > 0 ? (
              <Badge size="lg" color="var(--collector-warn)" variant="outline">
                <Trans>Recontagem</Trans>
              </Badge>
            ) : null}
          </Group>
          {context.pallet ? (
            <Text fw={600}>
              <Trans>Palete {context.pallet.code}</Trans>
            </Text>
          ) : null}
          {context.entries.length > 0 ? (
            <ul aria-label={t`Itens contados`} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
              {context.entries.map((entry, i) => (
                <li key={`${entry.product.id}:${entry.lot ?? ''}:${entry.pallet?.code ?? ''}`} data-current={i === 0 || undefined} style={{ borderBottom: '1px solid var(--mantine-color-default-border)', paddingBottom: 4 }}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={i === 0 ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
                      {entry.product.code} · {entry.product.name}
                    </Text>
                    <Text fw={700} size="xl" data-testid="count-qty">
                      {entry.qty}
                    </Text>
                  </Group>
                  {entry.lot || entry.expiry || entry.pallet ? (
                    <Text size="sm" c="var(--collector-muted)">
                      {[entry.lot ? t`Lote ${entry.lot}` : null, entry.expiry ? t`Validade ${formatDate(entry.expiry, i18n.locale)}` : null, entry.pallet ? t`Palete ${entry.pallet.code}` : null].filter(Boolean).join(' · ')}
                    </Text>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {expected ? (
            <section aria-label={t`Quantidade no sistema`}>
              <Text size="sm" c="var(--collector-muted)">
                <Trans>No sistema (contagem não cega):</Trans> {expected.length === 0 ? t`nada` : expected.map((e) => `${e.qty} × ${e.product.code}${e.lot ? ` (${e.lot})` : ''}`).join(', ')}
              </Text>
            </section>
          ) : null}
        </Stack>
      ) : null}

      {state === 'chooseLot' && context.choosing ? (
        <section aria-label={t`Lotes de ${context.choosing.code}`} data-testid="count-lots">
          <Stack gap="sm">
            {lotsOf(context, context.choosing.id).map((lot) => (
              <Button
                key={lot.lot}
                size="xl"
                h={72}
                fullWidth
                variant="outline"
                color="var(--collector-accent-text)"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                onClick={() => actor.send({ type: 'LOT', lot: lot.lot, expiry: lot.expiry })}
              >
                {lot.expiry ? t`Lote ${lot.lot} · Validade ${formatDate(lot.expiry, i18n.locale)}` : t`Lote ${lot.lot}`}
              </Button>
            ))}
          </Stack>
        </section>
      ) : null}

      {state === 'items' && context.entries.length > 0 ? (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: 'QTY', qty })
            setQty('')
          }}
        >
          <label htmlFor={`${id}-qty`} className={classes.label}>
            {t`Quantidade de ${context.entries[0]!.product.code}`}
          </label>
          <Group gap="xs" wrap="nowrap">
            <input id={`${id}-qty`} className={classes.input} inputMode="decimal" value={qty} onChange={(e) => setQty(e.currentTarget.value)} autoComplete="off" />
            <Button type="submit" size="lg" h={56} color="var(--collector-accent)" disabled={qty.trim() === ''}>
              <Trans>OK</Trans>
            </Button>
          </Group>
        </form>
      ) : null}

      {(state === 'items' && context.entries.length > 0) || state === 'confirmEmpty' || state === 'submitting' ? (
        <Button size="xl" h={72} fullWidth color="var(--collector-accent)" leftSection={<IconCheck size={28} aria-hidden />} loading={state === 'submitting'} onClick={() => actor.send({ type: 'CONFIRM' })}>
          <Trans>Confirmar</Trans>
        </Button>
      ) : null}
      {state === 'items' && context.entries.length === 0 ? (
        <Button size="xl" h={72} fullWidth variant="outline" color="var(--collector-accent-text)" onClick={() => actor.send({ type: 'EMPTY' })}>
          <Trans>Local vazio</Trans>
        </Button>
      ) : null}

      {/* typing is the fallback, never the way: the scanner's burst lands wherever focus is */}
      <ScanCodeForm fieldRef={fieldRef} code={code} onCode={setCode} onSubmit={scanner.submit} />

      {state !== 'location' || context.refusal ? (
        // not while the count is being written: the write would land in the outbox with the screen saying it was cancelled
        <Button size="lg" h={56} variant="outline" color="var(--collector-accent-text)" disabled={state === 'submitting'} onClick={() => actor.send({ type: 'RESET' })}>
          <Trans>Cancelar</Trans>
        </Button>
      ) : null}

      {context.last ? (
        <div role="status" data-testid="count-done" className={classes.done}>
          <IconClipboardCheck size={20} aria-hidden style={{ flexShrink: 0 }} />
          <span>{context.last.empty ? <Trans>Contagem registrada: {context.last.location} vazio</Trans> : <Trans>Contagem registrada: {context.last.location}</Trans>}</span>
        </div>
      ) : null}

      {state === 'location' ? (
        <section aria-labelledby={`${id}-tasks`}>
          <Title order={2} size="h3" id={`${id}-tasks`} mb="xs">
            <Trans>Locais a contar</Trans>
          </Title>
          {tasks.length === 0 ? (
            <Text c="var(--collector-muted)">
              {tasksQuery.isPending ? <Trans>Carregando…</Trans> : tasksQuery.isError && !tasksQuery.data ? <Trans>Sem rede: as contagens aparecem quando houver conexão.</Trans> : <Trans>Nenhuma contagem para você agora.</Trans>}
            </Text>
          ) : (
            <ol data-testid="count-tasks" style={{ margin: 0, paddingLeft: 24, display: 'flex', flexDirection: 'column', gap: 4 }}>
              {tasks.map((task) => (
                <li key={task.task}>
                  <Text span fw={700} size="lg">
                    {task.location.code}
                  </Text>{' '}
                  {task.recount ? (
                    <Text span c="var(--collector-warn)" fw={600}>
                      <Trans>recontagem</Trans>
                    </Text>
                  ) : null}
                  {task.free ? (
                    <Text span c="var(--collector-muted)" fw={600}>
                      {' '}
                      <Trans>livre: leia o local para pegar</Trans>
                    </Text>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </Stack>
  )
}
