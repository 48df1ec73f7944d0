import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight, IconX } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { putawayMachine, putawayPrompt, type PutawayDraft, type PutawayTarget, type PutawayTask } from '../../../../machines/putaway/putaway.machine'
import { flowsInspect } from '../../../lib/flows-inspector'
import { signalFeedback } from '../feedback/feedback'
import { useScanner } from '../hooks/use-scanner'
import { putawayText } from '../putaway-texts'
import type { CacheTask, ScanTarget } from '../offline/offline-cache'
import { useOfflineCache } from '../offline/offline-cache-provider'
import { useOutbox } from '../outbox/outbox-context'
import { ScanCodeForm } from './scan-code-form'
import classes from './scan-screen.module.css'
import { ScanNotice } from './scan-notice'
import { useSession } from '../../../lib/session'
import { rememberScannedLocation } from '../last-location'

export function toPutawayTarget(target: ScanTarget): PutawayTarget {
  switch (target.kind) {
    case 'location': {
      const l = target.location
      return { kind: 'location', code: l.code, id: l.id, warehouse: l.warehouse, locationKind: l.kind, storageClass: l.storage_class, active: l.active }
    }
    case 'product':
      return { kind: 'product', code: target.product.code }
    case 'pallet':
      return target
    default:
      return { kind: 'unknown', code: target.code }
  }
}

/** The putaway tasks of the offline cache whose pallet is known. */
export function putawayTasksOf(tasks: readonly CacheTask[]): PutawayTask[] {
  return tasks
    .filter((task) => task.type === 'putaway' && task.stock?.pallet_code)
    .map((task) => ({
      id: task.id,
      warehouse: task.warehouse?.id ?? null,
      palletCode: task.stock!.pallet_code,
      sscc: task.stock!.sscc,
      storageClasses: task.stock!.storage_classes,
      suggested: task.location ? { id: task.location.id, code: task.location.code } : null,
    }))
}

export const putawaySummary = (draft: PutawayDraft) => `${draft.pallet?.code ?? ''} → ${draft.to?.code ?? ''}`

function Field({ label, value, testId }: { label: React.ReactNode; value: string | null | undefined; testId?: string }) {
  if (!value) return null
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid={testId}>
      <Text c="var(--collector-muted)">{label}</Text>
      <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere', textAlign: 'right' }}>
        {value}
      </Text>
    </Group>
  )
}

/**
 * /m/putaway (SPEC 11.5, ADR 0014 shape 1): the putaway machine on the collector. Scan a putaway task's pallet, read
 * the suggested destination, scan the destination: each read is classified against the offline cache in its keydown's
 * task, a location not valid for the pallet is refused at once with the reason, and a valid one writes the putaway to
 * the outbox, which finishes the task when it reaches the server. Opened from /m/tasks with `task`: that task only.
 */
export function PutawayScreen({ task }: { task?: number }) {
  const { t, i18n } = useLingui()
  const { index, ready } = useOfflineCache()
  const username = useSession().user?.username ?? ''
  const { enqueue } = useOutbox()
  const latest = useRef({ index, enqueue })
  latest.current = { index, enqueue }

  const machine = useMemo(
    () =>
      putawayMachine.provide({
        actors: {
          submit: fromPromise<unknown, PutawayDraft>(async ({ input }) => {
            const pallet = input.pallet!.sscc ? { sscc: input.pallet!.sscc } : { pallet_code: input.pallet!.palletCode ?? input.pallet!.code }
            return latest.current.enqueue('task.putaway', { task: input.task!.id, ...pallet, to_location: input.to!.id }, putawaySummary(input))
          }),
        },
        actions: {
          accepted: () => signalFeedback('success'),
          refused: () => signalFeedback('error'),
        },
      }),
    [],
  )
  const actor = useActorRef(machine, { inspect: flowsInspect, input: { tasks: putawayTasksOf(index.tasks), only: task ?? null } })
  const state = useSelector(actor, (s) => s.value as string)
  const context = useSelector(actor, (s) => s.context)
  const prompt = useSelector(actor, (s) => putawayPrompt(s))

  // the cache loads or refreshes: the machine gets the tasks as they are now
  useEffect(() => {
    actor.send({ type: 'TASKS', tasks: putawayTasksOf(index.tasks) })
  }, [actor, index])
  useEffect(() => {
    if ((task ?? null) !== actor.getSnapshot().context.only) actor.send({ type: 'SELECT', task: task ?? null })
  }, [actor, task])

  const fieldRef = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState('')
  const onRead = useCallback(
    (read: { code: string }) => {
      setCode('')
      const target = latest.current.index.classify(read.code)
      actor.send({ type: 'SCAN', target: toPutawayTarget(target) })
      // after the machine's feedback: where the operator is, for 'Próxima tarefa' (SPEC 19.4)
      rememberScannedLocation(username, target)
    },
    [actor, username],
  )
  // no lookup over the network: the offline cache answers, in onRead
  const scanner = useScanner({ lookup: () => Promise.resolve(null), historyCap: 1, fieldRef, onRead, signalReads: false })
  const only = context.only === null ? null : context.tasks.find((x) => x.id === context.only)
  const waiting = context.only === null ? context.tasks.length : only ? 1 : 0

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Armazenar</Trans>
      </Title>
      <div role="status" aria-live="assertive" data-testid="putaway-prompt" className={classes.prompt}>
        {putawayText(i18n, prompt)}
      </div>
      <ScanNotice notice={scanner.notice} testId="putaway-scan-notice" />
      {context.refusal ? (
        <div role="alert" data-testid="putaway-refusal" className={classes.refusal}>
          <IconX size={22} aria-hidden style={{ flexShrink: 0 }} />
          <span>{putawayText(i18n, context.refusal)}</span>
        </div>
      ) : null}
      {!ready ? (
        <Text c="var(--collector-warn)" fw={600}>
          <Trans>Baixando locais e produtos para trabalhar sem rede…</Trans>
        </Text>
      ) : state === 'pallet' ? (
        <Text c="var(--collector-muted)" data-testid="putaway-waiting">
          <Trans>Paletes a armazenar: {waiting}</Trans>
          {only ? ` · ${only.sscc ?? only.palletCode ?? ''}` : ''}
        </Text>
      ) : null}

      <Stack gap={4} data-testid="putaway-draft">
        <Field label={<Trans>Palete</Trans>} value={context.pallet?.code} />
        <Field label={<Trans>Destino sugerido</Trans>} value={context.task ? (context.task.suggested?.code ?? t`nenhum: escolha um local válido`) : null} testId="putaway-suggested" />
        <Field label={<Trans>Destino</Trans>} value={context.to?.code} />
      </Stack>

      {/* typing is the fallback, never the way: the scanner's burst lands wherever focus is */}
      <ScanCodeForm fieldRef={fieldRef} code={code} onCode={setCode} onSubmit={scanner.submit} />

      {state !== 'pallet' || context.refusal ? (
        // not while the putaway is being written: the write would land in the outbox with the screen saying it was cancelled
        <Button size="lg" h={56} variant="outline" color="var(--collector-accent-text)" disabled={state === 'submitting'} onClick={() => actor.send({ type: 'RESET' })}>
          <Trans>Cancelar</Trans>
        </Button>
      ) : null}

      {context.last ? (
        <div role="status" data-testid="putaway-done" className={classes.done}>
          <IconArrowRight size={20} aria-hidden style={{ flexShrink: 0 }} />
          <span>
            <Trans>Armazenagem registrada: {putawaySummary(context.last)}</Trans>
          </span>
        </div>
      ) : null}
    </Stack>
  )
}
