import { Alert, Badge, Button, Group, Paper, Select, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconPlayerPlay, IconX } from '@tabler/icons-react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { apiErrorText } from '../../../lib/api-client'
import type { ListState } from '../../../lib/list-search'
import { useSession } from '../../../lib/session'
import { jobCountsQueryOptions, jobsQueryOptions } from '../api/get-jobs'
import { jobAction } from '../api/job-action'
import { JOB_STATE_COLORS, JOB_STATE_LABELS } from '../jobs-texts'
import { canCancelJob, canRetryJob, canSeeJobs, JOB_STATES, type Job, type JobFilter, type JobState } from '../jobs-types'
import { systemKeys } from '../system-query-keys'

type JobsScreenProps = ListState & { filter: JobFilter; onFilterChange: (filter: JobFilter) => void }

/**
 * /system/jobs (ADR 0017): the job queue as an admin sees it. Counts by kind and state (a count filters the table),
 * the jobs with the last error of each, and retry / cancel where the state allows. Installation jobs are shown
 * without actions.
 */
export function JobsScreen(props: JobsScreenProps) {
  const { user } = useSession()
  if (!canSeeJobs(user?.role)) {
    return (
      <Alert color="gray" title={<Trans>Somente administradores</Trans>}>
        <Trans>A fila de trabalhos é vista e gerida pelos administradores da empresa.</Trans>
      </Alert>
    )
  }
  return <AdminJobsScreen {...props} />
}

function AdminJobsScreen({ params, onParamsChange, filter, onFilterChange }: JobsScreenProps) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const counts = useQuery(jobCountsQueryOptions())
  const action = useMutation({
    mutationFn: ({ job, kind }: { job: Job; kind: 'retry' | 'cancel' }) => jobAction(job.id, kind),
    onSuccess: (_job, { kind }) => {
      notifications.show({ color: 'green', message: kind === 'retry' ? t`Trabalho colocado na fila de novo.` : t`Trabalho cancelado.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: apiErrorText(error) ?? t`Não foi possível mudar o trabalho.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.jobs() }),
  })

  const rows = counts.data?.results ?? []
  const kinds = [...new Set(rows.map((r) => r.kind))]
  const countOf = (kind: string, state: JobState) => rows.find((r) => r.kind === kind && r.state === state)?.count ?? 0
  const setFilter = (next: JobFilter) => {
    onFilterChange(next)
    onParamsChange({ ...params, page: 1 })
  }

  const columns: DataColumn<Job>[] = [
    { id: 'id', header: msg`Nº`, kind: 'number', value: (row) => row.id, render: (row) => String(row.id) },
    {
      id: 'kind',
      header: msg`Tipo`,
      value: (row) => row.kind,
      render: (row) => (
        <>
          <Text size="sm">{row.kind}</Text>
          {row.company_id === null ? (
            <Text size="xs" c="dimmed">
              <Trans>Da instalação</Trans>
            </Text>
          ) : null}
        </>
      ),
    },
    {
      id: 'state',
      header: msg`Situação`,
      value: (row) => row.state,
      render: (row) => (
        <>
          <Badge variant="dot" color={JOB_STATE_COLORS[row.state]}>
            {i18n._(JOB_STATE_LABELS[row.state])}
          </Badge>
          {row.last_error && row.state !== 'done' ? (
            <Text size="xs" c="dimmed" maw={360} style={{ whiteSpace: 'normal' }}>
              {row.last_error}
            </Text>
          ) : null}
        </>
      ),
    },
    { id: 'attempts', header: msg`Tentativas`, kind: 'number', sortable: false, value: (row) => row.attempts, render: (row) => `${row.attempts} / ${row.max_attempts}` },
    { id: 'run_at', header: msg`Próxima execução`, kind: 'date', value: (row) => (row.state === 'queued' ? row.run_at : null) },
    { id: 'created_at', header: msg`Criado em`, kind: 'date', value: (row) => row.created_at },
    {
      id: 'actions',
      header: msg`Ações`,
      sortable: false,
      value: () => null,
      render: (row) => {
        const id = row.id
        const busy = (kind: 'retry' | 'cancel') => action.isPending && action.variables?.job.id === id && action.variables.kind === kind
        return (
          <Group gap={4} wrap="nowrap">
            {canRetryJob(row) ? (
              <Button size="compact-xs" variant="light" leftSection={<IconPlayerPlay size={14} aria-hidden />} aria-label={t`Repetir o trabalho ${id}`} loading={busy('retry')} onClick={() => action.mutate({ job: row, kind: 'retry' })}>
                <Trans>Repetir</Trans>
              </Button>
            ) : null}
            {canCancelJob(row) ? (
              <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconX size={14} aria-hidden />} aria-label={t`Cancelar o trabalho ${id}`} loading={busy('cancel')} onClick={() => action.mutate({ job: row, kind: 'cancel' })}>
                <Trans>Cancelar</Trans>
              </Button>
            ) : null}
          </Group>
        )
      },
    },
  ]

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            <Trans>Trabalhos por tipo e situação</Trans>
          </Title>
          {counts.isError ? (
            <Text c="red" size="sm">
              {apiErrorText(counts.error) ?? t`Não foi possível carregar as contagens.`}
            </Text>
          ) : kinds.length === 0 ? (
            <Text c="dimmed" size="sm">
              {counts.isPending ? <Trans>Carregando…</Trans> : <Trans>Nenhum trabalho na fila.</Trans>}
            </Text>
          ) : (
            <Table aria-label={t`Trabalhos por tipo e situação`} withTableBorder={false} verticalSpacing={4} highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Tipo</Trans>
                  </Table.Th>
                  {JOB_STATES.map((state) => (
                    <Table.Th key={state} ta="right">
                      {i18n._(JOB_STATE_LABELS[state])}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {kinds.map((kind) => (
                  <Table.Tr key={kind}>
                    <Table.Td>{kind}</Table.Td>
                    {JOB_STATES.map((state) => {
                      const n = countOf(kind, state)
                      const label = i18n._(JOB_STATE_LABELS[state])
                      return (
                        <Table.Td key={state} ta="right">
                          {n === 0 ? (
                            <Text span c="dimmed" size="sm">
                              0
                            </Text>
                          ) : (
                            <UnstyledButton
                              onClick={() => setFilter({ kind, state })}
                              aria-label={t`Mostrar ${n} trabalhos ${kind}: ${label}`}
                              aria-pressed={filter.kind === kind && filter.state === state}
                            >
                              <Text span size="sm" fw={state === 'failed' ? 700 : 500} c={state === 'failed' ? 'red' : 'blue'} td="underline">
                                {n}
                              </Text>
                            </UnstyledButton>
                          )}
                        </Table.Td>
                      )
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>

      <Stack gap="xs">
        <Group gap="sm" align="flex-end">
          <Select
            label={t`Tipo`}
            placeholder={t`Todos`}
            data={kinds}
            value={filter.kind ?? null}
            onChange={(kind) => setFilter({ ...filter, kind: kind ?? undefined })}
            clearable
            w={220}
          />
          <Select
            label={t`Situação`}
            placeholder={t`Todas`}
            data={JOB_STATES.map((state) => ({ value: state, label: i18n._(JOB_STATE_LABELS[state]) }))}
            value={filter.state ?? null}
            onChange={(state) => setFilter({ ...filter, state: (state as JobState | null) ?? undefined })}
            clearable
            w={200}
          />
          {filter.kind || filter.state ? (
            <Button variant="subtle" onClick={() => setFilter({})}>
              <Trans>Limpar filtros</Trans>
            </Button>
          ) : null}
        </Group>
        <DataTable
          tableId="system.jobs"
          label={t`Trabalhos`}
          columns={columns}
          query={(p) => jobsQueryOptions(p, filter)}
          getRowId={(row) => String(row.id)}
          // when a job was created is seldom the question; the columns menu shows it
          defaultHidden={['created_at']}
          params={params}
          onParamsChange={onParamsChange}
          emptyText={<Trans>Nenhum trabalho com estes filtros.</Trans>}
        />
      </Stack>
    </Stack>
  )
}
