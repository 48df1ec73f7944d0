/**
 * Operação → Indicadores (docs/requirements.md §21.4): the supervisor's figures for a range, filtered by warehouse,
 * operator and zone (all in the URL); each with its definition, a chart, its target where set, and a link to the
 * rows behind it; each table exports to CSV.
 */
import { lazy, Suspense, type ReactNode } from 'react'
import { Alert, Box, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { DURATION_BUCKET_MINUTES } from '../../../../contracts/analytics/kpis.rules'
import { LinkAnchor } from '../../../components/link-anchor'
import { apiErrorText } from '../../../lib/api-client'
import { formatDate, formatNumber, formatQty } from '../../../lib/format'
import { kpisQueryOptions, kpiWarehousesQueryOptions, type Kpis } from '../api/get-kpis'
import { downloadCsv, kpiCsv } from '../kpi-csv'
import { kpiRange, type KpiSearch } from '../kpi-search'

const KpiChart = lazy(() => import('./kpi-chart'))

export function KpisPage({ search, onChange }: { search: KpiSearch; onChange: (next: KpiSearch) => void }) {
  const { t } = useLingui()
  const range = kpiRange(search)
  const filters = { ...search, ...range }
  const query = useQuery(kpisQueryOptions(filters))
  const warehouses = useQuery(kpiWarehousesQueryOptions())
  const data = query.data
  const set = (patch: Partial<KpiSearch>) => onChange({ ...search, ...range, ...patch })
  const operatorOptions = [...(data?.by_operator ?? []).flatMap((o) => (o.operator ? [{ value: String(o.operator.id), label: o.operator.username }] : []))]
  if (search.operator && !operatorOptions.some((o) => o.value === String(search.operator))) operatorOptions.push({ value: String(search.operator), label: `#${search.operator}` })
  const zoneOptions = (data?.by_zone ?? []).filter((z) => z.zone !== '').map((z) => z.zone)
  if (search.zone && !zoneOptions.includes(search.zone)) zoneOptions.push(search.zone)
  return (
    <Stack gap="md">
      <Paper withBorder p="sm" radius="md" role="search" aria-label={t`Filtros dos indicadores`}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput type="date" label={t`De`} value={range.from} onChange={(e) => e.currentTarget.value && set({ from: e.currentTarget.value })} w={160} />
          <TextInput type="date" label={t`Até`} value={range.to} onChange={(e) => e.currentTarget.value && set({ to: e.currentTarget.value })} w={160} />
          <Select
            label={t`Armazém`}
            placeholder={t`Todos`}
            clearable
            w={200}
            data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: `${w.code} · ${w.name}` }))}
            value={search.warehouse ? String(search.warehouse) : null}
            onChange={(v) => set({ warehouse: v ? Number(v) : undefined })}
          />
          <Select label={t`Operador`} placeholder={t`Todos`} clearable searchable w={200} data={operatorOptions} value={search.operator ? String(search.operator) : null} onChange={(v) => set({ operator: v ? Number(v) : undefined })} />
          <Select label={t`Zona`} placeholder={t`Todas`} clearable searchable w={160} data={zoneOptions} value={search.zone ?? null} onChange={(v) => set({ zone: v ?? undefined })} />
        </Group>
      </Paper>
      {query.isError ? (
        <Alert color="red" title={t`Não foi possível carregar os indicadores`}>
          {apiErrorText(query.error) ?? t`Erro ao carregar dados.`}
        </Alert>
      ) : null}
      {!data ? <Skeleton h={400} /> : <KpiBody data={data} filters={filters} />}
    </Stack>
  )
}

type Filters = KpiSearch & { from: string; to: string }

function KpiBody({ data, filters }: { data: Kpis; filters: Filters }) {
  const { t, i18n } = useLingui()
  const n = (v: number | null | undefined, digits = 2) => (v == null ? '—' : formatNumber(Math.round(v * 10 ** digits) / 10 ** digits, i18n.locale))
  const pct = (v: number | null | undefined) => (v == null ? '—' : `${n(v, 2)} %`)
  const hours = (v: number | null | undefined) => (v == null ? '—' : v >= 999_999 ? t`mais de 7 dias` : `${n(v, 2)} h`)
  const { totals: s, targets } = data
  const varianceQty = formatQty(s.variance_qty, i18n.locale)
  // every day of the range and every hour of the day, those without work at zero
  const byDay = everyDay(filters.from, filters.to).map((day) => data.by_day.find((d) => d.day === day) ?? { day, picked: 0, received: 0, put_away: 0, replenished: 0, orders_shipped: 0, short_picks: 0, exceptions: 0 })
  const byHour = Array.from({ length: 24 }, (_, hour) => data.by_hour_of_day.find((h) => h.hour === hour) ?? { hour, picked: 0, received: 0, put_away: 0, replenished: 0 })
  const days = byDay.map((d) => d.day.slice(8, 10) + '/' + d.day.slice(5, 7))
  const movesSearch = (reason: 'receipt' | 'putaway') => ({ reason: [reason], date_from: filters.from, date_to: filters.to, ...(filters.operator ? { user: filters.operator } : {}) })
  const bucketLabels = DURATION_BUCKET_MINUTES.map((m) => (m < 60 ? `≤${m}m` : `≤${n(m / 60, 1)}h`)).concat(t`mais`)
  const targetBucket = (h: string | null) => (h == null ? null : DURATION_BUCKET_MINUTES.findIndex((m) => m >= Number(h) * 60) + 0.5)
  const accuracyByDay = byDay.map((d) => (d.picked ? Math.max(0, 100 - (d.short_picks / d.picked) * 100) : 100))
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <KpiCard
          title={t`Linhas separadas por hora`}
          value={n(s.picked_per_hour)}
          target={targets.lines_per_hour ? t`Meta: ${n(Number(targets.lines_per_hour))}` : null}
          definition={t`Linhas separadas divididas pelas horas-operador em que houve separação (cada hora em que um operador separou ao menos uma linha conta uma vez).`}
          link={<LinkAnchor to="/workforce/tasks" search={{ search: 'pick' }}>{t`${plural(s.picked, { one: '# linha separada', other: '# linhas separadas' })} em ${plural(s.pick_hours, { one: '# hora', other: '# horas' })}`}</LinkAnchor>}
          chart={{ title: t`Linhas separadas por hora do dia`, desc: t`Linhas separadas em cada hora do dia, no fuso do armazém.`, labels: byHour.map((h) => `${h.hour}h`), series: [{ name: t`Separadas`, values: byHour.map((h) => h.picked) }] }}
        />
        <KpiCard
          title={t`Recebidas e armazenadas por hora`}
          value={`${n(s.received_per_hour)} / ${n(s.put_away_per_hour)}`}
          definition={t`Linhas recebidas e linhas armazenadas, cada uma dividida pelas horas-operador em que houve esse trabalho.`}
          link={
            <Group gap="xs">
              <LinkAnchor to="/inventory/moves" search={movesSearch('receipt')}>{plural(s.received, { one: '# recebida', other: '# recebidas' })}</LinkAnchor>
              <LinkAnchor to="/inventory/moves" search={movesSearch('putaway')}>{plural(s.put_away, { one: '# armazenada', other: '# armazenadas' })}</LinkAnchor>
            </Group>
          }
          chart={{ title: t`Recebidas e armazenadas por dia`, desc: t`Linhas recebidas e armazenadas em cada dia do período.`, labels: days, series: [{ name: t`Recebidas`, values: byDay.map((d) => d.received) }, { name: t`Armazenadas`, values: byDay.map((d) => d.put_away) }] }}
        />
        <KpiCard
          title={t`Dock-to-stock (p50 / p90)`}
          value={`${hours(data.dock_to_stock.p50_hours)} / ${hours(data.dock_to_stock.p90_hours)}`}
          target={targets.dock_to_stock_hours ? t`Meta: abaixo de ${n(Number(targets.dock_to_stock_hours))} h` : null}
          definition={t`Do recebimento lançado até a armazenagem concluída, por palete. Os percentis são o limite superior da faixa do histograma.`}
          link={<LinkAnchor to="/workforce/tasks" search={{ search: 'putaway' }}>{plural(data.dock_to_stock.count, { one: '# armazenagem', other: '# armazenagens' })}</LinkAnchor>}
          chart={{ title: t`Dock-to-stock por faixa`, desc: t`Quantas armazenagens levaram até cada tempo desde o recebimento.`, labels: bucketLabels, series: [{ name: t`Armazenagens`, values: data.dock_to_stock.histogram.map((b) => b.count) }], targetX: targetBucket(targets.dock_to_stock_hours), targetLabel: t`Meta` }}
        />
        <KpiCard
          title={t`Tempo de ciclo do pedido (p50 / p90)`}
          value={`${hours(data.order_cycle.p50_hours)} / ${hours(data.order_cycle.p90_hours)}`}
          definition={t`Da criação do pedido no armazém até a expedição.`}
          link={<LinkAnchor to="/shipping/orders">{plural(data.order_cycle.count, { one: '# pedido expedido', other: '# pedidos expedidos' })}</LinkAnchor>}
          chart={{ title: t`Tempo de ciclo por faixa`, desc: t`Quantos pedidos levaram até cada tempo da criação à expedição.`, labels: bucketLabels, series: [{ name: t`Pedidos`, values: data.order_cycle.histogram.map((b) => b.count) }] }}
        />
        <KpiCard
          title={t`Expedição no prazo`}
          value={pct(s.on_time_pct)}
          target={targets.on_time_shipping_pct ? t`Meta: ${pct(Number(targets.on_time_shipping_pct))}` : null}
          definition={t`Pedidos expedidos até o horário de corte da transportadora na data de expedição, entre os pedidos cuja transportadora tem horário de corte.`}
          link={<LinkAnchor to="/shipping/orders"><Trans>{formatNumber(s.orders_on_time, i18n.locale)} no prazo, {formatNumber(s.orders_late, i18n.locale)} atrasados</Trans></LinkAnchor>}
          chart={{ title: t`Pedidos expedidos por dia`, desc: t`Pedidos expedidos em cada dia do período.`, labels: days, series: [{ name: t`Expedidos`, values: byDay.map((d) => d.orders_shipped) }] }}
        />
        <KpiCard
          title={t`Acurácia de separação`}
          value={pct(s.pick_accuracy_pct)}
          target={targets.pick_accuracy_pct ? t`Meta: acima de ${pct(Number(targets.pick_accuracy_pct))}` : null}
          definition={t`Linhas separadas sem falta, em porcentagem das linhas separadas. Faltas e exceções por 1.000 linhas: ${n(s.short_picks_per_1000)} e ${n(s.exceptions_per_1000)}.`}
          link={<LinkAnchor to="/workforce/tasks" search={{ search: 'pick' }}><Trans>{formatNumber(s.short_picks, i18n.locale)} faltas, {formatNumber(s.exceptions, i18n.locale)} exceções</Trans></LinkAnchor>}
          chart={{ title: t`Acurácia de separação por dia`, desc: t`Porcentagem de linhas separadas sem falta em cada dia.`, labels: days, series: [{ name: t`Acurácia (%)`, values: accuracyByDay }], targetY: targets.pick_accuracy_pct ? Number(targets.pick_accuracy_pct) : null, targetLabel: t`Meta` }}
        />
        <KpiCard
          title={t`Acurácia de inventário`}
          value={pct(s.inventory_accuracy_pct)}
          target={targets.inventory_accuracy_pct ? t`Meta: ${pct(Number(targets.inventory_accuracy_pct))}` : null}
          definition={t`Localizações contadas e aprovadas sem divergência, em porcentagem das contadas. Divergência total: ${varianceQty} unidades.`}
          link={<LinkAnchor to="/inventory/counts"><Trans>{formatNumber(s.counted_locations, i18n.locale)} localizações contadas, {formatNumber(s.locations_with_variance, i18n.locale)} com divergência</Trans></LinkAnchor>}
        />
        <KpiCard
          title={t`Reposições atrasadas`}
          value={`${formatNumber(s.replenishments_late, i18n.locale)} / ${formatNumber(s.replenishments_done, i18n.locale)}`}
          definition={t`Reposições concluídas depois que uma separação já havia começado no ponto de separação que ela abastecia.`}
          link={<LinkAnchor to="/workforce/tasks" search={{ search: 'replenishment' }}><Trans>Tarefas de reposição</Trans></LinkAnchor>}
        />
      </SimpleGrid>
      <KpiTable
        title={t`Por operador`}
        file="indicadores-operadores"
        header={[t`Operador`, t`Separadas`, t`Horas de separação`, t`Linhas por hora`, t`Recebidas`, t`Armazenadas`, t`Faltas`]}
        rows={data.by_operator.map((o) => [o.operator?.username ?? '—', o.picked, o.pick_hours, o.picked_per_hour, o.received, o.put_away, o.short_picks])}
      />
      <Stack gap="md">
        <KpiTable title={t`Por zona`} file="indicadores-zonas" header={[t`Zona`, t`Separadas`, t`Recebidas`, t`Armazenadas`]} rows={data.by_zone.map((z) => [z.zone || t`(sem zona)`, z.picked, z.received, z.put_away])} />
        <KpiTable title={t`Por dia`} file="indicadores-dias" header={[t`Dia`, t`Separadas`, t`Recebidas`, t`Armazenadas`, t`Pedidos expedidos`]} rows={data.by_day.map((d) => [d.day, d.picked, d.received, d.put_away, d.orders_shipped])} dateColumn={0} />
      </Stack>
    </Stack>
  )
}

/** The days from `from` to `to`, both included (at most a year: the server refuses longer). */
function everyDay(from: string, to: string): string[] {
  const out: string[] = []
  for (let d = Date.parse(from + 'T00:00:00Z'); d <= Date.parse(to + 'T00:00:00Z') && out.length < 367; d += 86_400_000) out.push(new Date(d).toISOString().slice(0, 10))
  return out
}

type ChartSpec = import('./kpi-chart').KpiChartProps

function KpiCard({ title, value, target, definition, link, chart }: { title: string; value: string; target?: string | null; definition: string; link: ReactNode; chart?: ChartSpec }) {
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {target ? (
          <Text size="sm" c="dimmed" data-kpi-target>
            {target}
          </Text>
        ) : null}
      </Group>
      <Text fz={28} fw={700} lh={1.2} mt={4} data-kpi-value style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {definition}
      </Text>
      <Text size="sm" mt={4} component="div">
        {link}
      </Text>
      {chart ? (
        // Victory's responsive container takes its parent's height: the box gives it the chart's own proportions
        <Box mt="sm" style={{ aspectRatio: '560 / 260' }}>
          <Suspense fallback={<Skeleton h="100%" />}>
            <KpiChart {...chart} />
          </Suspense>
        </Box>
      ) : null}
    </Paper>
  )
}

/** A table with its CSV export; `dateColumn` holds ISO dates, shown in the user's locale (the CSV keeps them ISO). */
function KpiTable({ title, file, header, rows, dateColumn }: { title: string; file: string; header: string[]; rows: (string | number | null)[][]; dateColumn?: number }) {
  const { t, i18n } = useLingui()
  const cell = (v: string | number | null, j: number) => (typeof v === 'number' ? formatNumber(v, i18n.locale) : v == null ? '—' : j === dateColumn ? formatDate(v, i18n.locale) : v)
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button variant="default" size="xs" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => downloadCsv(`${file}.csv`, kpiCsv(header, rows))} aria-label={t`Exportar CSV: ${title}`}>
          <Trans>Exportar CSV</Trans>
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Nenhum dado no período.</Trans>
        </Text>
      ) : (
        <Table striped withTableBorder aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              {header.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={i}>
                {r.map((v, j) => (
                  <Table.Td key={j} style={typeof v === 'number' ? { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } : undefined}>
                    {cell(v, j)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  )
}
