import { lazy, Suspense, type ReactNode } from 'react'
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core'
import { IconAlertTriangle, IconBox, IconForklift, IconListCheck, IconMapPin, IconPackages, IconUsers } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { StatCard } from '../../../components/stat-card'
import { ApiError, apiErrorText } from '../../../lib/api-client'
import { formatNumber } from '../../../lib/format'
import { countQueryOptions, type CountKind } from '../api/get-count'
import { dailyTasksQueryOptions } from '../api/get-daily-tasks'
import { equipmentStatusQueryOptions } from '../api/get-equipment-status'
import { DashboardEndpointNotFoundError } from '../dashboard-errors'

// STACK.md: Victory loads with the dashboard only, in its own chunk
const DashboardCharts = lazy(() => import('./dashboard-charts'))

function icon(node: ReactNode) {
  return (
    <ThemeIcon variant="light" size="md" radius="md" aria-hidden>
      {node}
    </ThemeIcon>
  )
}

function useErrorText() {
  const { t } = useLingui()
  return (error: Error | null): string | null => {
    if (!error) return null
    if (error instanceof DashboardEndpointNotFoundError) {
      const tested = error.tested.join(', ')
      return t`Nenhum endpoint encontrado (testados: ${tested})`
    }
    if (error instanceof ApiError && error.status === 0) return t`Não consegui conectar ao backend.`
    return apiErrorText(error) ?? t`Erro ao carregar dados.`
  }
}

/** A count card: the number, or a dash with the reason when it could not be read. */
function CountCard({ kind, label, iconNode, hint }: { kind: CountKind; label: ReactNode; iconNode: ReactNode; hint?: ReactNode }) {
  const { i18n } = useLingui()
  const count = useQuery(countQueryOptions(kind))
  const errorText = useErrorText()(count.error)
  return (
    <StatCard
      label={label}
      icon={icon(iconNode)}
      value={count.data !== undefined ? formatNumber(count.data, i18n.locale) : count.isPending ? <Skeleton h={32} w={80} mt={2} /> : '—'}
      hint={errorText ? <ErrorHint text={errorText} /> : hint}
    />
  )
}

function ErrorHint({ text }: { text: string }) {
  return (
    <Tooltip label={text} multiline w={320} withArrow>
      <Group gap={4} wrap="nowrap" c="red" component="span" tabIndex={0}>
        <IconAlertTriangle size={14} aria-hidden />
        <Text span size="xs" truncate>
          {text}
        </Text>
      </Group>
    </Tooltip>
  )
}

function ChartsFallback() {
  const { t } = useLingui()
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" role="status" aria-busy aria-label={t`Carregando gráficos`}>
      <Paper withBorder radius="md" p="md">
        <Skeleton h={300} />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Skeleton h={300} />
      </Paper>
    </SimpleGrid>
  )
}

/** SPEC 2.4: six KPI cards, tasks per day and equipment availability. */
export function DashboardPage() {
  const { i18n } = useLingui()
  const daily = useQuery(dailyTasksQueryOptions())
  const equipment = useQuery(equipmentStatusQueryOptions())
  const errorText = useErrorText()
  const status = equipment.data
  const available = formatNumber(status?.available ?? 0, i18n.locale)
  const busy = formatNumber(status?.busy ?? 0, i18n.locale)
  const equipmentError = errorText(equipment.error)

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="md">
        <CountCard kind="users" label={<Trans>Usuários</Trans>} iconNode={<IconUsers size={18} />} />
        <CountCard kind="products" label={<Trans>Produtos</Trans>} iconNode={<IconPackages size={18} />} />
        <CountCard kind="stock" label={<Trans>Linhas de estoque</Trans>} iconNode={<IconBox size={18} />} />
        <CountCard kind="locations" label={<Trans>Localizações</Trans>} iconNode={<IconMapPin size={18} />} />
        <CountCard
          kind="openTasks"
          label={<Trans>Tarefas abertas</Trans>}
          iconNode={<IconListCheck size={18} />}
          hint={<Trans>Não concluídas nem canceladas</Trans>}
        />
        <StatCard
          label={<Trans>Equipamentos ativos</Trans>}
          icon={icon(<IconForklift size={18} />)}
          value={
            status ? formatNumber(status.available + status.busy, i18n.locale) : equipment.isPending ? <Skeleton h={32} w={80} mt={2} /> : '—'
          }
          hint={
            equipmentError ? (
              <ErrorHint text={equipmentError} />
            ) : status ? (
              <Trans>
                {available} disponíveis, {busy} em uso
              </Trans>
            ) : undefined
          }
        />
      </SimpleGrid>
      <Suspense fallback={<ChartsFallback />}>
        <DashboardCharts daily={daily.data} equipment={status} dailyError={errorText(daily.error)} equipmentError={equipmentError} />
      </Suspense>
    </Stack>
  )
}
