import { useRef, useState } from 'react'
import { Alert, Button, Group, Modal, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle, IconClockPlay, IconRefresh } from '@tabler/icons-react'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { FormFooter, placeDrfErrors } from '../../../components/resource-form'
import { apiErrorText, ApiError } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import type { ReplenishmentScheduleOut } from '../../../../contracts/inventory/replenishment.contract'
import { putReplenishmentSchedule, replenishmentScheduleQueryOptions, runReplenishmentSweep } from '../api/replenishment'
import { commandAnswered, newCommandId } from '../command-id'
import { inventoryKeys } from '../inventory-query-keys'

/**
 * The replenishment sweep on Pontos de separação (§20.2), for admins and supervisors: run it now (every face below
 * its minimum without an open refill gets one), and schedule it every N minutes; the line says when it runs next and
 * what its last run created.
 */
export function ReplenishmentPanel() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const schedule = useQuery(replenishmentScheduleQueryOptions())
  const [editing, setEditing] = useState(false)
  // a sweep whose answer never came is sent again with the same id (it runs once, ADR 0011)
  const commandId = useRef<string | null>(null)
  const run = useMutation({
    mutationFn: () => runReplenishmentSweep((commandId.current ??= newCommandId())),
    onSettled: (_data, error) => {
      if (!error || (error instanceof ApiError && commandAnswered(error.status))) commandId.current = null
    },
    onSuccess: (result) => {
      const n = result.created
      notifications.show({
        color: 'green',
        message: n === 0 ? t`Nenhum ponto de separação precisa de reabastecimento agora.` : t`${plural(n, { one: '# tarefa de reabastecimento criada.', other: '# tarefas de reabastecimento criadas.' })}`,
        closeButtonProps: { 'aria-label': t`Fechar` },
      })
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.pickFaces() })
    },
  })
  const s = schedule.data
  const when = (iso: string) => formatDate(iso, i18n.locale)
  return (
    <Paper withBorder p="sm" mb="md" component="section" aria-label={t`Varredura de reabastecimento`}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text fw={600} size="sm">
            <Trans>Varredura de reabastecimento</Trans>
          </Text>
          <Text size="sm" c="dimmed" role="status">
            {!s ? (
              schedule.isError ? (
                <Trans>Não foi possível ler o agendamento.</Trans>
              ) : (
                <Trans>Carregando…</Trans>
              )
            ) : s.every_minutes === null ? (
              <Trans>Sem agendamento: a varredura roda só quando alguém a executa.</Trans>
            ) : (
              <ScheduleLine schedule={s} when={when} />
            )}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconClockPlay size={14} aria-hidden />} onClick={() => setEditing(true)} disabled={!s}>
            <Trans>Agendar varredura</Trans>
          </Button>
          <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} loading={run.isPending} onClick={() => run.mutate()}>
            <Trans>Executar varredura agora</Trans>
          </Button>
        </Group>
      </Group>
      {run.isError ? (
        <Alert mt="sm" color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {apiErrorText(run.error) ?? <Trans>Não foi possível executar a varredura.</Trans>}
        </Alert>
      ) : null}
      {editing && s ? <ScheduleModal current={s} onClose={() => setEditing(false)} /> : null}
    </Paper>
  )
}

function ScheduleLine({ schedule, when }: { schedule: ReplenishmentScheduleOut; when: (iso: string) => string }) {
  const { t } = useLingui()
  const every = schedule.every_minutes as number
  const next = schedule.next_at ? when(schedule.next_at) : '—'
  const parts = [t`A cada ${every} min; a próxima em ${next}.`]
  if (schedule.last_at) {
    const last = when(schedule.last_at)
    const created = schedule.last_tasks ?? 0
    parts.push(t`A última, em ${last}, criou ${plural(created, { one: '# tarefa', other: '# tarefas' })}.`)
  }
  return <>{parts.join(' ')}</>
}

interface ScheduleValues {
  on: boolean
  every: number | string
}

function ScheduleModal({ current, onClose }: { current: ReplenishmentScheduleOut; onClose: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [general, setGeneral] = useState<string | null>(null)
  const form = useForm<ScheduleValues>({
    mode: 'controlled',
    initialValues: { on: current.every_minutes !== null, every: current.every_minutes ?? 60 },
    validate: {
      every: (v, all) => (!all.on ? null : typeof v !== 'number' || !Number.isInteger(v) || v < 5 || v > 1440 ? t`Informe um número inteiro de 5 a 1440.` : null),
    },
  })
  const save = useMutation({
    mutationFn: (v: ScheduleValues) => putReplenishmentSchedule(v.on ? Number(v.every) : null),
    onMutate: () => setGeneral(null),
    onSuccess: (data) => {
      queryClient.setQueryData(inventoryKeys.replenishmentSchedule(), data)
      onClose()
    },
    onError: (error) => setGeneral(placeDrfErrors(error, (field, message) => form.setFieldError(field === 'every_minutes' ? 'every' : field, message), ['every_minutes'], t`Não foi possível salvar.`)),
  })
  const title = t`Agendar varredura de reabastecimento`
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate aria-label={title}>
        <Stack gap="md">
          {general ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`Não foi possível salvar.`}>
              {general}
            </Alert>
          ) : null}
          <Switch label={t`Varrer automaticamente`} {...form.getInputProps('on', { type: 'checkbox' })} />
          <NumberInput
            label={t`A cada (minutos)`}
            description={t`De 5 a 1440 (um dia). A primeira varredura roda esse tempo depois de salvar.`}
            min={5}
            max={1440}
            allowDecimal={false}
            clampBehavior="none"
            disabled={!form.getValues().on}
            {...form.getInputProps('every')}
          />
          <FormFooter onCancel={onClose} saving={save.isPending} audit={null} />
        </Stack>
      </form>
    </Modal>
  )
}
