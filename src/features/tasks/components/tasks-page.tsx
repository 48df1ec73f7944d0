import { useCallback, useMemo, useState } from 'react'
import { Badge, Button, Grid, Group, Modal, Select, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { JsonView } from '../../../components/json-view'
import { apiErrorText } from '../../../lib/api-client'
import { formatNumber } from '../../../lib/format'
import { DEFAULT_LIST_PARAMS, type ListParams } from '../../../lib/list-query'
import type { ListState } from '../../../lib/list-search'
import { tasksQueryOptions } from '../api/get-tasks'
import { assignedToOther, postTaskAction, type TaskAction } from '../api/post-task-action'
import { tasksKeys } from '../tasks-query-keys'
import { isTaskStatus, TASK_STATUS_COLORS, TASK_STATUS_LABELS, taskStatusLabel, taskTypeLabel } from '../task-status'
import { TASK_STATUSES } from '../../../../contracts/tasks/tasks.rules'
import type { Task } from '../tasks-types'

const ALL = 'all'

const columns: DataColumn<Task>[] = [
  { id: 'id', header: msg`Nº`, kind: 'number', value: (row) => row.id, render: (row) => String(row.id) },
  { id: 'type', header: msg`Tipo`, value: (row) => row.type },
  { id: 'status', header: msg`Situação`, value: (row) => row.status },
  { id: 'location__code', header: msg`Localização`, value: (row) => row.location?.code },
  { id: 'product__code', header: msg`Produto`, value: (row) => row.product?.code },
  { id: 'qty', header: msg`Quantidade`, kind: 'number', sortable: false, value: (row) => row.qty },
  { id: 'assignee__username', header: msg`Responsável`, value: (row) => row.assignee?.username },
  { id: 'reference', header: msg`Referência`, value: (row) => row.reference },
  { id: 'created_at', header: msg`Criada em`, kind: 'date', value: (row) => row.created_at },
  { id: 'finished_at', header: msg`Concluída em`, kind: 'date', value: (row) => row.finished_at },
]

/**
 * SPEC 2.10: the tasks as a readable table, and beside it the raw JSON of the same page. The page,
 * search and ordering come from the list screen's URL (SPEC 2.14); without them the page keeps its own.
 */
export function TasksPage({ params: heldParams, onParamsChange }: Partial<ListState> = {}) {
  const { t, i18n } = useLingui()
  const [status, setStatus] = useState('')
  const [ownParams, setOwnParams] = useState<ListParams>(DEFAULT_LIST_PARAMS)
  const params = heldParams ?? ownParams
  const changeParams = useCallback(
    (next: ListParams, options?: { replace?: boolean }) => {
      setOwnParams(next)
      onParamsChange?.(next, options)
    },
    [onParamsChange],
  )
  const raw = useQuery(tasksQueryOptions(params, status))
  const queryClient = useQueryClient()
  // SPEC 13.4: someone else's task is taken over only once the user confirms it
  const [takeOver, setTakeOver] = useState<{ task: Task; kind: TaskAction; assignee: string } | null>(null)
  // SPEC 2.10: an operator starts and finishes a task; the dashboard's daily series counts it
  const action = useMutation({
    mutationFn: ({ task, kind, confirmed }: { task: Task; kind: TaskAction; confirmed?: boolean }) => postTaskAction(task.id, kind, confirmed),
    onSuccess: (_task, { kind }) => notifications.show({ color: 'green', message: kind === 'start' ? t`Tarefa iniciada.` : t`Tarefa concluída.` }),
    onError: (error, { task, kind }) => {
      const owner = assignedToOther(error)
      if (owner) return setTakeOver({ task, kind, assignee: owner.username })
      // a 409 means somebody else moved the task on: the list is refreshed below
      notifications.show({ color: 'red', message: apiErrorText(error) ?? t`Não foi possível atualizar a tarefa.` })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tasksKeys.all }),
  })
  const busyId = action.isPending ? action.variables?.task.id : undefined
  const mutate = action.mutate

  const tableColumns = useMemo(
    (): DataColumn<Task>[] =>
      columns.map((column) => {
        if (column.id === 'type') return { ...column, render: (row: Task) => taskTypeLabel(row.type, i18n) }
        if (column.id === 'status') {
          return {
            ...column,
            render: (row: Task) => (
              <Stack gap={2}>
                <Badge
                  // the dot carries the colour; the text keeps the page's contrast (light badges fall below 4.5:1)
                  variant="dot"
                  tt="none"
                  color={isTaskStatus(row.status) ? TASK_STATUS_COLORS[row.status] : 'gray'}
                  // a table cell must not squeeze the label into an ellipsis
                  style={{ minWidth: 'max-content' }}
                >
                  {taskStatusLabel(row.status, i18n)}
                </Badge>
                {row.waiting && row.waits_for ? (
                  // docs/requirements.md §20.2: a wave's pick waits for its face's top-off
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {t`Aguarda reabastecimento nº ${row.waits_for}`}
                  </Text>
                ) : null}
              </Stack>
            ),
          }
        }
        return column
      }).concat({
        id: 'actions',
        header: msg`Ações`,
        sortable: false,
        value: () => null,
        render: (row: Task) => (
          <Group gap={4} wrap="nowrap">
            {row.status === 'open' || row.status === 'pending' ? (
              <Button size="compact-xs" variant="default" loading={busyId === row.id} onClick={() => mutate({ task: row, kind: 'start' })}>
                {t`Iniciar`}
              </Button>
            ) : null}
            {row.status === 'open' || row.status === 'in_progress' ? (
              <Button size="compact-xs" variant="default" loading={busyId === row.id} onClick={() => mutate({ task: row, kind: 'done' })}>
                {t`Concluir`}
              </Button>
            ) : null}
          </Group>
        ),
      }),
    [i18n, t, busyId, mutate],
  )
  const query = useCallback((list: ListParams) => tasksQueryOptions(list, status), [status])
  const count = raw.data ? formatNumber(raw.data.count, i18n.locale) : null

  const owner = takeOver?.assignee ?? ''
  const taskNo = takeOver?.task.id ?? 0

  return (
    <Stack gap="md">
      <Modal opened={takeOver !== null} onClose={() => setTakeOver(null)} title={t`Assumir a tarefa?`} closeButtonProps={{ 'aria-label': t`Fechar` }}>
        <Stack gap="md">
          <Text size="sm">
            <Trans>
              A tarefa {taskNo} está atribuída a {owner}. Se continuar, ela passa a ser sua e fica registrado que você a assumiu.
            </Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setTakeOver(null)}>
              <Trans>Cancelar</Trans>
            </Button>
            <Button
              onClick={() => {
                if (takeOver) mutate({ task: takeOver.task, kind: takeOver.kind, confirmed: true })
                setTakeOver(null)
              }}
            >
              <Trans>Assumir tarefa</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Select
        label={t`Situação`}
        w={240}
        allowDeselect={false}
        value={status || ALL}
        onChange={(value) => {
          setStatus(!value || value === ALL ? '' : value)
          // a new filter starts again from page 1
          if (params.page !== 1) changeParams({ ...params, page: 1 })
        }}
        data={[{ value: ALL, label: t`Todas` }, ...TASK_STATUSES.map((value) => ({ value, label: i18n._(TASK_STATUS_LABELS[value]) }))]}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <DataTable
            key={status}
            tableId="workforce.tasks"
            // SPEC 2.14: at 1280 px the table fits without its two dates (the columns menu brings them back)
            // SPEC 2.14: the reference too, so the table fits at 1280 px
            defaultHidden={['reference', 'created_at', 'finished_at']}
            label={t`Tarefas`}
            columns={tableColumns}
            query={query}
            getRowId={(row) => String(row.id)}
            params={params}
            onParamsChange={changeParams}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <Stack gap="xs">
            <Title order={2} size="h5">
              <Trans>Resposta da API</Trans>
            </Title>
            <Text size="xs" c="dimmed">
              {count === null ? <Trans>A página mostrada na tabela, como a API a enviou.</Trans> : <Trans>A página mostrada na tabela, como a API a enviou ({count} tarefas no total).</Trans>}
            </Text>
            {raw.data ? <JsonView data={raw.data} defaultOpen maxHeight={640} /> : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
