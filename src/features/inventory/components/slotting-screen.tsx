import { lazy, Suspense, useState } from 'react'
import { Alert, Button, Group, Loader, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle, IconFileSpreadsheet, IconRefresh } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { LinkAnchor } from '../../../components/link-anchor'
import { LoadFailure } from '../../../components/load-failure'
import { StatCard } from '../../../components/stat-card'
import { apiErrorText } from '../../../lib/api-client'
import { formatDate, formatNumber, intlLocale } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { exportSlotting } from '../api/export-slotting'
import { slottingQueryOptions, type SlottingResult } from '../api/get-slotting'
import { runSlotting } from '../api/run-slotting'
import { warehouseOptionsQueryOptions } from '../api/get-warehouse-options'
import { downloadBlob } from '../csv-download'
import { useCommandId } from '../hooks/use-command-id'
import { inventoryKeys } from '../inventory-query-keys'
import { classSummary, slottingState, type ClassSummary } from '../slotting-summary'
import { SlottingSuggestions } from './slotting-suggestions'

// §20.4: the window is 1–365 days, 30 unless chosen (the contract's values; the app takes no zod module)
const SLOTTING_DEFAULT_DAYS = 30
const SLOTTING_MAX_DAYS = 365

// Victory only when a result with picks is drawn (STACK.md: about 78 kB gzip)
const SlottingChart = lazy(() => import('./slotting-chart'))

const percent = (value: number, locale: string) => `${new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 1 }).format(value)}%`

/** The warehouse, the window in days and 'Recalcular' (a run with a fresh command_id), and when the result was computed. */
function SlottingControls({ warehouse, onWarehouse, result }: { warehouse: number | null; onWarehouse: (id: number) => void; result: SlottingResult | undefined }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const warehouses = useQuery(warehouseOptionsQueryOptions())
  const [days, setDays] = useState<number | string>(result?.days ?? SLOTTING_DEFAULT_DAYS)
  // a new result (another warehouse, a run) sets the window's field to its days
  const [shown, setShown] = useState(result?.computed_at)
  if (result && result.computed_at !== shown) {
    setShown(result.computed_at)
    setDays(result.days)
  }
  const command = useCommandId()
  const valid = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= SLOTTING_MAX_DAYS
  const run = useMutation({
    mutationFn: () => runSlotting({ command_id: command.current(), warehouse: warehouse!, days: days as number }),
    onSuccess: (fresh) => {
      command.settle()
      const { command_id: _, ...kept } = fresh
      queryClient.setQueryData(inventoryKeys.slotting(kept.warehouse.id), kept)
      notifications.show({ color: 'green', message: t`Endereçamento recalculado.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    },
    onError: (error) => command.settle(error),
  })
  const computedAt = result ? formatDate(result.computed_at, i18n.locale) : ''
  const window = result ? formatNumber(result.days, i18n.locale) : ''
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t`Armazém`}
            w={340}
            data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: `${w.code} — ${w.name}` }))}
            value={warehouse === null ? null : String(warehouse)}
            onChange={(v) => v && onWarehouse(Number(v))}
            allowDeselect={false}
            searchable
            nothingFoundMessage={t`Nenhum armazém encontrado`}
          />
          <NumberInput
            label={t`Janela (dias)`}
            description={t`De 1 a 365`}
            w={140}
            min={1}
            max={SLOTTING_MAX_DAYS}
            allowDecimal={false}
            allowNegative={false}
            value={days}
            onChange={setDays}
            error={valid ? undefined : t`Informe um número inteiro de 1 a 365.`}
          />
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => run.mutate()} disabled={warehouse === null || !valid} loading={run.isPending}>
            <Trans>Recalcular</Trans>
          </Button>
        </Group>
        {result ? (
          <Text size="sm" c="dimmed" data-testid="slotting-computed-at">
            <Trans>
              Calculado em {computedAt}, sobre os últimos {window} dias.
            </Trans>
          </Text>
        ) : null}
        {run.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {apiErrorText(run.error) ?? <Trans>Não foi possível recalcular.</Trans>}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  )
}

function ExportButton({ result }: { result: SlottingResult }) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      const text = await exportSlotting(result.warehouse.id)
      // a byte order mark first (the server sends one), so spreadsheet programs read the file as UTF-8
      downloadBlob(new Blob([text.startsWith('\uFEFF') ? text : '\uFEFF' + text], { type: 'text/csv;charset=utf-8' }), `slotting-${result.warehouse.code}.csv`)
    } catch (error) {
      notifications.show({ color: 'red', message: t`Não foi possível exportar: ${apiErrorText(error) ?? ''}` })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="default" size="xs" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => void run()} disabled={busy || !result.suggestions.length} aria-busy={busy}>
      <Trans>Exportar CSV</Trans>
    </Button>
  )
}

/** Per class: products and their share, pick lines and their share (the chart's numbers, as text). */
function ClassTable({ summary }: { summary: ClassSummary[] }) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  return (
    <Table withTableBorder verticalSpacing={4} fz="sm" aria-label={t`Resumo por classe`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Trans>Classe</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Produtos</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>% dos produtos</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Linhas</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>% das linhas</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {summary.map((c) => (
          <Table.Tr key={c.cls}>
            <Table.Td fw={600}>{c.cls}</Table.Td>
            <Table.Td ta="right">{formatNumber(c.products, locale)}</Table.Td>
            <Table.Td ta="right">{percent(c.productShare, locale)}</Table.Td>
            <Table.Td ta="right">{formatNumber(c.lines, locale)}</Table.Td>
            <Table.Td ta="right">{percent(c.lineShare, locale)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** The result: the week's metres before and after, the ABC chart with its summary, and the suggestions. */
function SlottingReport({ result }: { result: SlottingResult }) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const state = slottingState(result)
  const summary = classSummary(result.products)
  const days = formatNumber(result.days, locale)
  const emptyText =
    state.faces === 0
      ? t`Sem pontos de separação, não há sugestões.`
      : state.placedFaces === 0
        ? t`Nenhum ponto de separação deste armazém tem posição no layout: sem a distância de cada um, não há sugestões.`
        : state.lines === 0
          ? t`Sem separações na janela, não há sugestões.`
          : t`Nenhuma sugestão: os produtos de maior giro já estão nos pontos mais próximos.`
  const before = formatNumber(result.metres_per_week, locale)
  const after = formatNumber(result.metres_per_week_after, locale)
  return (
    <Stack gap="md">
      {state.faces === 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Trans>
            Este armazém não tem pontos de separação ativos. Cadastre-os em{' '}
            <LinkAnchor to="/inventory/pick-faces">Pontos de separação</LinkAnchor> para comparar o giro dos produtos com a distância de cada ponto.
          </Trans>
        </Alert>
      ) : state.placedFaces === 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Trans>Nenhum ponto de separação deste armazém tem posição no layout (rua e coordenadas da localização): dê posição às localizações para medir a caminhada.</Trans>
        </Alert>
      ) : null}
      {state.saving !== null ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <StatCard label={<Trans>Metros por semana hoje</Trans>} value={`${before} m`} hint={<Trans>Uma visita por linha separada, do início ao ponto e ao fim.</Trans>} />
          <StatCard label={<Trans>Depois de todas as sugestões</Trans>} value={`${after} m`} />
          <StatCard label={<Trans>Economia</Trans>} value={percent(state.saving, locale)} />
        </SimpleGrid>
      ) : null}
      <Paper withBorder p="md" component="section" aria-labelledby="slotting-abc-title">
        <Title order={2} size="h4" id="slotting-abc-title" mb={4}>
          <Trans>Curva ABC</Trans>
        </Title>
        <Text c="dimmed" size="xs" mb="sm">
          <Trans>A: os produtos que somam as primeiras 80% das linhas separadas; B: as 15% seguintes; C: o resto e os nunca separados.</Trans>
        </Text>
        {state.lines === 0 ? (
          <Text size="sm">
            <Trans>Nenhuma separação neste armazém nos últimos {days} dias: sem giro, não há curva ABC. Aumente a janela ou recalcule depois das primeiras separações.</Trans>
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Suspense fallback={<Loader size="sm" role="status" aria-label={t`Carregando`} />}>
              <SlottingChart summary={summary} />
            </Suspense>
            {/* its rows keep their height: the grid would stretch the table to the chart's */}
            <div>
              <ClassTable summary={summary} />
            </div>
          </SimpleGrid>
        )}
      </Paper>
      <SlottingSuggestions key={result.computed_at} result={result} emptyText={emptyText} actions={<ExportButton result={result} />} />
    </Stack>
  )
}

/**
 * Endereçamento por giro (docs/requirements.md §20.4): the warehouse's last slotting result at once, recomputed on
 * demand; the ABC chart, the week's metres before and after, the suggestions to approve and their CSV.
 */
export function SlottingScreen({ warehouse: chosen, onWarehouse }: { warehouse: number | undefined; onWarehouse: (id: number) => void }) {
  const { t } = useLingui()
  const { user } = useSession()
  const warehouses = useQuery(warehouseOptionsQueryOptions())
  // the URL's warehouse, else the user's, else the first there is
  const warehouse = chosen ?? user?.default_warehouse?.id ?? warehouses.data?.[0]?.id ?? null
  const result = useQuery({ ...slottingQueryOptions(warehouse ?? 0), enabled: warehouse !== null })
  return (
    <Stack gap="md">
      <SlottingControls warehouse={warehouse} onWarehouse={onWarehouse} result={result.data} />
      {warehouse === null ? (
        <Text size="sm" c="dimmed">
          <Trans>Escolha um armazém.</Trans>
        </Text>
      ) : result.isPending ? (
        <Loader size="sm" role="status" aria-label={t`Carregando`} />
      ) : result.isError ? (
        <LoadFailure error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <SlottingReport result={result.data} />
      )}
    </Stack>
  )
}
