import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCheck, IconPlayerPlay, IconRefresh, IconScan } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { apiErrorText } from '../../../lib/api-client'
import { formatQty } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { getMyTasks, myTasksKeptAs, type MyTasks } from '../api/get-my-tasks'
import { assignedToOther, taskAction } from '../api/task-action'
import type { Task } from '../collector-types'
import { useDeviceRequest } from '../hooks/use-device-request'
import { taskStatusText, taskTypeText } from '../task-texts'
import classes from './scan-screen.module.css'

function TaskCard({ task, busy, onAction }: { task: Task; busy: boolean; onAction: (task: Task, action: 'start' | 'done') => void }) {
  const { t, i18n } = useLingui()
  const type = taskTypeText(i18n, task.type)
  const canStart = task.status === 'open' || task.status === 'pending'
  const canFinish = task.status === 'in_progress' || task.status === 'open'
  return (
    <Paper component="article" withBorder radius="md" p="sm" aria-label={t`Tarefa ${task.id}: ${type}`}>
      <Group justify="space-between" wrap="nowrap" align="baseline">
        <Text fw={700} size="lg">
          {type}
        </Text>
        <Text size="sm" fw={600} c={task.status === 'in_progress' ? 'var(--collector-accent-text)' : 'dimmed'}>
          {taskStatusText(i18n, task.status)}
        </Text>
      </Group>
      {task.reference ? (
        <Text size="sm" c="dimmed" ff="monospace">
          {task.reference}
        </Text>
      ) : null}
      <Stack gap={0} mt={4}>
        {task.location ? (
          <Text>
            <Trans>Local:</Trans>{' '}
            <Text span fw={700} ff="monospace">
              {task.location.code}
            </Text>
          </Text>
        ) : null}
        {task.product ? (
          <Text truncate>
            <Text span fw={700} ff="monospace">
              {task.product.code}
            </Text>{' '}
            {task.product.name1}
          </Text>
        ) : null}
        {task.qty !== null ? (
          <Text>
            <Trans>Quantidade:</Trans>{' '}
            <Text span fw={700}>
              {formatQty(task.qty, i18n.locale)}
            </Text>
          </Text>
        ) : null}
      </Stack>
      <Group gap="xs" mt="sm" grow>
        {canStart ? (
          <Button size="lg" color="var(--collector-accent)" loading={busy} leftSection={<IconPlayerPlay size={20} aria-hidden />} onClick={() => onAction(task, 'start')}>
            <Trans>Iniciar</Trans>
          </Button>
        ) : null}
        {canFinish && task.type === 'putaway' ? (
          // a putaway is done by scanning its pallet and destination, never by a tap (ADR 0014)
          <Button renderRoot={(props) => <Link to="/m/putaway" search={{ task: task.id }} {...props} />} size="lg" variant={canStart ? 'outline' : 'filled'} color={canStart ? 'var(--collector-accent-text)' : 'var(--collector-accent)'} leftSection={<IconScan size={20} aria-hidden />}>
            <Trans>Armazenar</Trans>
          </Button>
        ) : canFinish ? (
          <Button size="lg" variant={canStart ? 'outline' : 'filled'} color={canStart ? 'var(--collector-accent-text)' : 'var(--collector-accent)'} loading={busy} leftSection={<IconCheck size={20} aria-hidden />} onClick={() => onAction(task, 'done')}>
            <Trans>Concluir</Trans>
          </Button>
        ) : null}
      </Group>
    </Paper>
  )
}

/** /m/tasks (issue 6, beyond SPEC's placeholder): the signed-in operator's open tasks and the free ones, with Start and Done. */
export function TasksScreen() {
  const { t } = useLingui()
  const { user } = useSession()
  const username = user?.username ?? ''
  // the collector's own reader, not TanStack Query (first-load budget, ADR 0014): the last list is kept on the device
  const tasks = useDeviceRequest<MyTasks>(username ? `my-tasks:${username}` : null, getMyTasks, { keepAs: myTasksKeptAs(username) })
  const [busyId, setBusyId] = useState<number>()
  const onAction = async (task: Task, action: 'start' | 'done') => {
    setBusyId(task.id)
    try {
      await taskAction(task.id, action)
      notifications.show({ color: 'green', message: action === 'start' ? t`Tarefa iniciada.` : t`Tarefa concluída.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    } catch (error) {
      // a 409 means somebody else moved the task on, or took it (the handheld lists only mine and free ones, so a
      // task someone else holds is never taken over from here): the list is read again below
      const owner = assignedToOther(error)
      const message = owner ? t`Esta tarefa passou a ser de ${owner}.` : (apiErrorText(error) ?? t`Não foi possível atualizar a tarefa.`)
      notifications.show({ color: 'red', message, closeButtonProps: { 'aria-label': t`Fechar` } })
    } finally {
      // the card stays busy until the list has been read again, so it is not tapped twice
      await tasks.refetch()
      setBusyId(undefined)
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          <Trans>Tarefas</Trans>
        </Title>
        <Button size="md" variant="subtle" color="var(--collector-accent-text)" leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => void tasks.refetch()} loading={tasks.isFetching}>
          <Trans>Atualizar</Trans>
        </Button>
      </Group>
      {tasks.isError ? (
        // no network or a failed answer: said above the last list read (kept on the device), if there is one
        <div role="alert" className={classes.alert}>
          <Text fw={700} c="var(--collector-bad)">
            {t`Falha ao consultar API`}
          </Text>
          <Text size="sm" mt={4}>
            {apiErrorText(tasks.error)}
          </Text>
        </div>
      ) : null}
      {tasks.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" color="var(--collector-accent-text)" />
          <Text>
            <Trans>Carregando…</Trans>
          </Text>
        </Group>
      ) : tasks.data ? (
        <>
          <Stack gap="xs" component="section" aria-label={t`Minhas tarefas`}>
            <Title order={2} size="h4">
              <Trans>Minhas tarefas</Trans> ({tasks.data.mineCount})
            </Title>
            {tasks.data.mine.length === 0 ? (
              <Text c="dimmed">
                <Trans>Nenhuma tarefa atribuída a você.</Trans>
              </Text>
            ) : (
              tasks.data.mine.map((task) => <TaskCard key={task.id} task={task} busy={busyId === task.id} onAction={onAction} />)
            )}
          </Stack>
          <Stack gap="xs" component="section" aria-label={t`Tarefas livres`}>
            <Title order={2} size="h4">
              <Trans>Tarefas livres</Trans> ({tasks.data.unassignedCount})
            </Title>
            {tasks.data.unassigned.length === 0 ? (
              <Text c="dimmed">
                <Trans>Nenhuma tarefa livre.</Trans>
              </Text>
            ) : (
              tasks.data.unassigned.map((task) => <TaskCard key={task.id} task={task} busy={busyId === task.id} onAction={onAction} />)
            )}
            {tasks.data.unassignedCount > tasks.data.unassigned.length ? (
              <Text size="sm" c="dimmed">
                <Trans>As mais antigas primeiro; as outras aparecem quando estas forem iniciadas.</Trans>
              </Text>
            ) : null}
          </Stack>
        </>
      ) : null}
    </Stack>
  )
}
