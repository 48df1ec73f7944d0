/**
 * The dashboard's charts (SPEC 2.4). Victory is about 78 kB gzip (STACK.md): this module is imported lazily
 * by the dashboard only, so no other screen downloads it.
 */
import { Paper, SimpleGrid, Text, Title, useComputedColorScheme, useMantineTheme } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { VictoryArea, VictoryAxis, VictoryBar, VictoryChart, VictoryContainer, VictoryGroup, VictoryLegend } from 'victory'
import { formatNumber, intlLocale } from '../../../lib/format'
import type { DailyTasks, EquipmentStatus } from '../dashboard-types'

interface ChartColors {
  text: string
  grid: string
  done: string
  open: string
  available: string
  busy: string
  down: string
}

function useChartColors(): ChartColors {
  const theme = useMantineTheme()
  const dark = useComputedColorScheme('light') === 'dark'
  return {
    text: dark ? theme.colors.dark[0] : theme.colors.gray[8],
    grid: dark ? theme.colors.dark[4] : theme.colors.gray[3],
    done: dark ? theme.colors.teal[4] : theme.colors.teal[7],
    open: dark ? theme.colors.blue[4] : theme.colors.blue[7],
    available: dark ? theme.colors.green[5] : theme.colors.green[7],
    busy: dark ? theme.colors.blue[4] : theme.colors.blue[7],
    down: dark ? theme.colors.red[5] : theme.colors.red[7],
  }
}

const WIDTH = 560
const HEIGHT = 280
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

function axisStyle(colors: ChartColors, grid: boolean) {
  return {
    axis: { stroke: colors.grid },
    tickLabels: { fill: colors.text, fontSize: 12, fontFamily: FONT, padding: 6 },
    grid: grid ? { stroke: colors.grid, strokeDasharray: '4 4' } : { stroke: 'none' },
    ticks: { stroke: 'none' },
  }
}

/** A bare date (YYYY-MM-DD) as a day of the month, never shifted by the time zone. */
function dayLabel(date: string, locale: string): string {
  const parsed = new Date(`${date}T00:00:00Z`)
  if (Number.isNaN(parsed.getTime())) return date
  return new Intl.DateTimeFormat(intlLocale(locale), { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(parsed)
}

export function TasksPerDayChart({ data }: { data: DailyTasks[] }) {
  const { t, i18n } = useLingui()
  const colors = useChartColors()
  const locale = i18n.locale
  const last = data.at(-1)
  const doneToday = formatNumber(last?.done ?? 0, locale)
  const openToday = formatNumber(last?.open ?? 0, locale)
  const days = formatNumber(data.length, locale)
  const title = t`Tarefas por dia`
  const desc = t`Tarefas concluídas e abertas em cada um dos últimos ${days} dias. Hoje: ${doneToday} concluídas, ${openToday} abertas.`
  const doneLabel = t`Concluídas`
  const openLabel = t`Abertas`
  const points = data.map((point, index) => ({ ...point, index }))
  // a label every other day keeps 14 days readable
  const step = Math.max(1, Math.ceil(data.length / 7))
  return (
    <VictoryChart
      width={WIDTH}
      height={HEIGHT}
      padding={{ top: 40, right: 20, bottom: 40, left: 50 }}
      domainPadding={{ y: [0, 10] }}
      containerComponent={<VictoryContainer title={title} desc={desc} />}
    >
      <VictoryLegend
        x={50}
        y={4}
        orientation="horizontal"
        gutter={24}
        style={{ labels: { fill: colors.text, fontSize: 12, fontFamily: FONT } }}
        data={[
          { name: doneLabel, symbol: { fill: colors.done, type: 'square' } },
          { name: openLabel, symbol: { fill: colors.open, type: 'square' } },
        ]}
      />
      <VictoryAxis
        tickValues={points.map((point) => point.index)}
        tickFormat={(index: number) => (index % step === (data.length - 1) % step ? dayLabel(data[index]?.date ?? '', locale) : '')}
        style={axisStyle(colors, false)}
      />
      <VictoryAxis dependentAxis tickFormat={(value: number) => formatNumber(value, locale)} style={axisStyle(colors, true)} />
      <VictoryGroup>
        <VictoryArea
          data={points}
          x="index"
          y="open"
          interpolation="monotoneX"
          style={{ data: { fill: colors.open, fillOpacity: 0.25, stroke: colors.open, strokeWidth: 2 } }}
        />
        <VictoryArea
          data={points}
          x="index"
          y="done"
          interpolation="monotoneX"
          style={{ data: { fill: colors.done, fillOpacity: 0.35, stroke: colors.done, strokeWidth: 2 } }}
        />
      </VictoryGroup>
    </VictoryChart>
  )
}

export function EquipmentChart({ status }: { status: EquipmentStatus }) {
  const { t, i18n } = useLingui()
  const colors = useChartColors()
  const locale = i18n.locale
  const available = formatNumber(status.available, locale)
  const busy = formatNumber(status.busy, locale)
  const down = formatNumber(status.down, locale)
  const title = t`Disponibilidade dos equipamentos`
  const desc = t`Disponíveis: ${available}. Em uso: ${busy}. Parados: ${down}.`
  const bars = [
    { x: t`Disponíveis`, y: status.available, fill: colors.available },
    { x: t`Em uso`, y: status.busy, fill: colors.busy },
    { x: t`Parados`, y: status.down, fill: colors.down },
  ]
  return (
    <VictoryChart
      width={WIDTH}
      height={HEIGHT}
      padding={{ top: 30, right: 20, bottom: 40, left: 50 }}
      domainPadding={{ x: 70, y: [0, 20] }}
      containerComponent={<VictoryContainer title={title} desc={desc} />}
    >
      <VictoryAxis style={axisStyle(colors, false)} />
      <VictoryAxis
        dependentAxis
        tickFormat={(value: number) => (Number.isInteger(value) ? formatNumber(value, locale) : '')}
        style={axisStyle(colors, true)}
      />
      <VictoryBar
        data={bars}
        barWidth={56}
        cornerRadius={{ top: 4 }}
        labels={({ datum }: { datum: { y: number } }) => formatNumber(datum.y, locale)}
        style={{
          data: { fill: ({ datum }: { datum?: { fill: string } }) => datum?.fill ?? colors.available },
          labels: { fill: colors.text, fontSize: 13, fontFamily: FONT, fontWeight: 600 },
        }}
      />
    </VictoryChart>
  )
}

/** Both charts side by side (stacked on narrow screens). */
export default function DashboardCharts({
  daily,
  equipment,
  dailyError,
  equipmentError,
}: {
  daily: DailyTasks[] | undefined
  equipment: EquipmentStatus | undefined
  /** why the series could not be read, shown in the chart's place */
  dailyError?: string | null
  equipmentError?: string | null
}) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb={4}>
          <Trans>Tarefas por dia</Trans>
        </Title>
        <Text c="dimmed" size="xs" mb="xs">
          <Trans>Abertas: as não concluídas nem canceladas no fim de cada dia; hoje, o mesmo número do cartão Tarefas abertas.</Trans>
        </Text>
        {/* a new warehouse has no days yet: an empty series would draw an axis of Infinity width */}
        {daily?.length ? (
          <TasksPerDayChart data={daily} />
        ) : (
          <Text c="dimmed" size="sm" role={dailyError ? 'alert' : undefined}>
            {dailyError ?? <Trans>Sem dados de tarefas.</Trans>}
          </Text>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="xs">
          <Trans>Equipamentos</Trans>
        </Title>
        {equipment && equipment.available + equipment.busy + equipment.down === 0 ? (
          <Text c="dimmed" size="sm">
            <Trans>Nenhum equipamento cadastrado.</Trans>
          </Text>
        ) : equipment ? (
          <EquipmentChart status={equipment} />
        ) : (
          <Text c="dimmed" size="sm" role={equipmentError ? 'alert' : undefined}>
            {equipmentError ?? <Trans>Sem dados de equipamentos.</Trans>}
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  )
}
