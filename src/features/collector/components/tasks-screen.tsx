import { Button, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCheck, IconChevronLeft, IconChevronRight, IconHandGrab, IconPlayerPlay, IconRefresh, IconScan, IconSearch, IconX } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { ScanRead } from '../../../../machines/scanner/scanner.machine'
import { ApiError, apiErrorText } from '../../../lib/api-client'
import { formatQty } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { FREE_PAGE_SIZE, getMyTasks, myTasksKeptAs, type MyTasks } from '../api/get-my-tasks'
import { assignedToOther, takeTaskAt, taskAction } from '../api/task-action'
import type { Task } from '../collector-types'
import { signalFeedback } from '../feedback/feedback'
import { useDeviceRequest } from '../hooks/use-device-request'
import { useScanner } from '../hooks/use-scanner'
import { newCommandId } from '../command-id'
import { scannerText } from '../scanner-texts'
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
        ) : canFinish && task.type === 'replenishment' ? (
          // a refill is done by scanning its source, product and face on /m/replenish, never by a tap (§20.2): a tap
          // would finish the task without moving the stock
          <Button renderRoot={(props) => <Link to="/m/replenish" search={{ task: task.id }} {...props} />} size="lg" variant={canStart ? 'outline' : 'filled'} color={canStart ? 'var(--collector-accent-text)' : 'var(--collector-accent)'} leftSection={<IconScan size={20} aria-hidden />}>
            <Trans>Reabastecer</Trans>
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

/** What the last take by location said: the task now the operator's, or why there was none. */
type TakeOutcome = { ok: true; text: string } | { ok: false; text: string }

/**
 * /m/tasks (docs/requirements.md §2.16): the signed-in operator's open tasks and the free ones, with Start and Done.
 * The free tasks come a page at a time (big Previous/Next buttons), both lists follow a search (location, reference,
 * product), and a scanned location takes its oldest free task (POST /api/workforce/tasks/take/).
 */
export function TasksScreen() {
  const { t, i18n } = useLingui()
  const id = useId()
  const { user } = useSession()
  const username = user?.username ?? ''
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  // the search is asked for once typing pauses (the handheld's own, not Mantine's Input: first-load budget, ADR 0014)
  const [debouncedSearch, setDebouncedSearch] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setDebouncedSearch(search.trim()), 300)
    return () => clearTimeout(timer)
  }, [search])
  const searchRef = useRef<HTMLInputElement>(null)
  const request = useCallback((signal: AbortSignal) => getMyTasks(signal, { page, search: debouncedSearch }), [page, debouncedSearch])
  // the collector's own reader, not TanStack Query (first-load budget, ADR 0014): the first page without a search is
  // kept on the device, so a reload without the network still shows it
  const plain = page === 1 && debouncedSearch === ''
  const tasks = useDeviceRequest<MyTasks>(username ? `my-tasks:${username}:${page}:${debouncedSearch}` : null, request, {
    keepAs: plain ? myTasksKeptAs(username) : undefined,
  })
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

  // ---- take a free task by scanning its location
  const fieldRef = useRef<HTMLInputElement>(null)
  const [location, setLocation] = useState('')
  const [taking, setTaking] = useState(false)
  const [outcome, setOutcome] = useState<TakeOutcome>()
  const take = async (code: string) => {
    const scanned = code.trim()
    if (!scanned || taking) return
    setTaking(true)
    setOutcome(undefined)
    try {
      const task = await takeTaskAt(scanned, newCommandId())
      signalFeedback('success')
      const type = taskTypeText(i18n, task.type)
      const where = task.location?.code ?? scanned
      setOutcome({ ok: true, text: t`${type} em ${where}: a tarefa agora é sua.` })
      setLocation('')
    } catch (error) {
      signalFeedback('error')
      const text =
        error instanceof ApiError && error.status > 0
          ? (apiErrorText(error) ?? t`Não foi possível pegar a tarefa.`)
          : t`Sem conexão: pegar uma tarefa precisa da rede. Tente de novo quando ela voltar.`
      setOutcome({ ok: false, text })
    } finally {
      setTaking(false)
      await tasks.refetch()
    }
  }
  const onRead = (read: ScanRead) => {
    // a scanner's burst lands wherever focus is: one that went into the search box is a location, not a search
    const box = searchRef.current
    if (box && document.activeElement === box && box.value.endsWith(read.code)) setSearch(box.value.slice(0, -read.code.length))
    setLocation('')
    void take(read.code)
  }
  const scanner = useScanner({ lookup: () => Promise.resolve(null), historyCap: 1, fieldRef, onRead, signalReads: false })

  // while another page or search is read, the lists shown stay (the screen does not jump back to its top)
  const shown = useRef<MyTasks | undefined>(undefined)
  if (tasks.data) shown.current = tasks.data
  const data = tasks.data ?? (tasks.isFetching ? shown.current : undefined)
  const pages = data ? Math.max(1, Math.ceil(data.unassignedCount / FREE_PAGE_SIZE)) : 1
  const shownPage = data?.page ?? page
  const freeHeading = useRef<HTMLHeadingElement>(null)
  const paged = useRef(false)
  const goTo = (next: number) => {
    paged.current = true
    setPage(next)
  }
  // a new page starts at the free list's heading, not where the buttons were
  useEffect(() => {
    if (!paged.current || !tasks.data) return
    paged.current = false
    freeHeading.current?.scrollIntoView?.({ block: 'start' })
  }, [tasks.data])

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

      <form
        aria-label={t`Pegar tarefa pelo local`}
        onSubmit={(event) => {
          // the Pegar button (Enter in the box is handled by the scanner's key listener)
          event.preventDefault()
          scanner.submit(location)
        }}
      >
        <label htmlFor={`${id}-location`} className={classes.label}>
          {t`Pegar tarefa pelo local`}
        </label>
        <p id={`${id}-location-hint`} className={classes.description}>
          {t`Leia a etiqueta do local: a tarefa livre mais antiga dele passa a ser sua.`}
        </p>
        <Group gap="xs" wrap="nowrap">
          <input
            ref={fieldRef}
            id={`${id}-location`}
            className={classes.input}
            aria-describedby={`${id}-location-hint`}
            value={location}
            onChange={(event) => setLocation(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
          />
          <Button type="submit" size="lg" h={56} color="var(--collector-accent)" loading={taking} disabled={location.trim() === ''} leftSection={<IconHandGrab size={20} aria-hidden />}>
            <Trans>Pegar</Trans>
          </Button>
        </Group>
        {scanner.notice ? (
          // a burst it cannot use (cut short, too short) is said, never dropped
          <Text role="status" size="sm" fw={600} mt="xs" c="var(--collector-warn)">
            {scannerText(i18n, scanner.notice)}
          </Text>
        ) : null}
        {outcome ? (
          <div role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? undefined : classes.alert} data-outcome={outcome.ok ? 'taken' : 'refused'}>
            <Text mt="xs" fw={700} c={outcome.ok ? 'var(--collector-ok)' : 'var(--collector-bad)'}>
              {outcome.text}
            </Text>
          </div>
        ) : null}
      </form>

      <div>
        <label htmlFor={`${id}-search`} className={classes.label}>
          {t`Buscar tarefas`}
        </label>
        <div style={{ position: 'relative' }}>
          <IconSearch size={20} aria-hidden style={{ position: 'absolute', left: 14, top: '50%', transform: 'translateY(-50%)', color: 'var(--collector-muted)' }} />
          <input
            ref={searchRef}
            id={`${id}-search`}
            className={classes.input}
            style={{ width: '100%', paddingLeft: 44, paddingRight: search ? 56 : undefined }}
            placeholder={t`Local, referência ou produto`}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value)
              setPage(1)
            }}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
          />
          {search ? (
            <UnstyledButton
              aria-label={t`Limpar busca`}
              onClick={() => {
                setSearch('')
                setPage(1)
              }}
              style={{ position: 'absolute', right: 4, top: '50%', transform: 'translateY(-50%)', width: 48, height: 48, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'var(--collector-accent-text)' }}
            >
              <IconX size={22} aria-hidden />
            </UnstyledButton>
          ) : null}
        </div>
      </div>

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
      {tasks.isPending && !data ? (
        <Group gap="xs" role="status">
          <Loader size="sm" color="var(--collector-accent-text)" />
          <Text>
            <Trans>Carregando…</Trans>
          </Text>
        </Group>
      ) : data ? (
        <>
          <Stack gap="xs" component="section" aria-label={t`Minhas tarefas`}>
            <Title order={2} size="h4">
              <Trans>Minhas tarefas</Trans> ({data.mineCount})
            </Title>
            {data.mine.length === 0 ? (
              <Text c="dimmed">
                {debouncedSearch ? <Trans>Nenhuma tarefa sua com esta busca.</Trans> : <Trans>Nenhuma tarefa atribuída a você.</Trans>}
              </Text>
            ) : (
              data.mine.map((task) => <TaskCard key={task.id} task={task} busy={busyId === task.id} onAction={onAction} />)
            )}
          </Stack>
          <Stack gap="xs" component="section" aria-label={t`Tarefas livres`}>
            <Title order={2} size="h4" ref={freeHeading}>
              <Trans>Tarefas livres</Trans> ({data.unassignedCount})
            </Title>
            {data.unassigned.length === 0 ? (
              <Text c="dimmed">{debouncedSearch ? <Trans>Nenhuma tarefa livre com esta busca.</Trans> : <Trans>Nenhuma tarefa livre.</Trans>}</Text>
            ) : (
              data.unassigned.map((task) => <TaskCard key={task.id} task={task} busy={busyId === task.id} onAction={onAction} />)
            )}
            {pages > 1 ? (
              <nav aria-label={t`Páginas das tarefas livres`}>
                <Text ta="center" fw={600} my="xs">
                  <Trans>
                    Página {shownPage} de {pages}
                  </Trans>
                </Text>
                <Group grow gap="xs">
                  <Button size="lg" h={56} variant="outline" color="var(--collector-accent-text)" disabled={shownPage <= 1 || tasks.isFetching} leftSection={<IconChevronLeft size={22} aria-hidden />} onClick={() => goTo(shownPage - 1)}>
                    <Trans>Anteriores</Trans>
                  </Button>
                  <Button size="lg" h={56} variant="outline" color="var(--collector-accent-text)" disabled={shownPage >= pages || tasks.isFetching} rightSection={<IconChevronRight size={22} aria-hidden />} onClick={() => goTo(shownPage + 1)}>
                    <Trans>Próximas</Trans>
                  </Button>
                </Group>
              </nav>
            ) : null}
          </Stack>
        </>
      ) : null}
    </Stack>
  )
}
