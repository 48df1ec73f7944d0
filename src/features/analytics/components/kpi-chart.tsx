/**
 * Indicadores' charts (docs/requirements.md §21.4). Victory is about 78 kB gzip (STACK.md): this module is imported
 * lazily by the Indicadores screen only. A target, where the company set one, is a dashed line.
 */
import { useComputedColorScheme, useMantineTheme } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { VictoryAxis, VictoryBar, VictoryChart, VictoryContainer, VictoryGroup, VictoryLegend, VictoryLine } from 'victory'
import { formatNumber } from '../../../lib/format'

export interface KpiChartProps {
  title: string
  desc: string
  labels: readonly string[]
  series: readonly { name: string; values: readonly number[] }[]
  /** a horizontal target line at this value */
  targetY?: number | null
  /** a vertical target line at this position of the labels (fractional: between two bars) */
  targetX?: number | null
  targetLabel?: string
}

const WIDTH = 560
const HEIGHT = 260
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

export default function KpiChart({ title, desc, labels, series, targetY, targetX, targetLabel }: KpiChartProps) {
  const { i18n } = useLingui()
  const theme = useMantineTheme()
  const dark = useComputedColorScheme('light') === 'dark'
  const text = dark ? theme.colors.dark[0] : theme.colors.gray[8]
  const grid = dark ? theme.colors.dark[4] : theme.colors.gray[3]
  const colors = dark ? [theme.colors.teal[4], theme.colors.blue[4]] : [theme.colors.teal[7], theme.colors.blue[7]]
  const target = dark ? theme.colors.orange[4] : theme.colors.orange[8]
  const axis = (withGrid: boolean) => ({
    axis: { stroke: grid },
    tickLabels: { fill: text, fontSize: 11, fontFamily: FONT, padding: 4 },
    grid: withGrid ? { stroke: grid, strokeDasharray: '4 4' } : { stroke: 'none' },
    ticks: { stroke: 'none' },
  })
  const max = Math.max(1, targetY ?? 0, ...series.flatMap((s) => s.values))
  const step = Math.max(1, Math.ceil(labels.length / 8))
  const legend = [...series.map((s, i) => ({ name: s.name, symbol: { fill: colors[i % 2], type: 'square' } })), ...(targetLabel && (targetY != null || targetX != null) ? [{ name: targetLabel, symbol: { fill: target, type: 'minus' } }] : [])]
  return (
    <VictoryChart width={WIDTH} height={HEIGHT} padding={{ top: 36, right: 16, bottom: 36, left: 52 }} domainPadding={{ x: 16, y: [0, 8] }} domain={{ y: [0, max * 1.1] }} containerComponent={<VictoryContainer title={title} desc={desc} />}>
      <VictoryLegend x={52} y={2} orientation="horizontal" gutter={20} style={{ labels: { fill: text, fontSize: 11, fontFamily: FONT } }} data={legend} />
      <VictoryAxis tickValues={labels.map((_, i) => i)} tickFormat={(i: number) => (i % step === 0 ? (labels[i] ?? '') : '')} style={axis(false)} />
      <VictoryAxis dependentAxis tickFormat={(v: number) => formatNumber(v, i18n.locale)} style={axis(true)} />
      <VictoryGroup offset={series.length > 1 ? 10 : 0}>
        {series.map((s, i) => (
          <VictoryBar key={s.name} data={s.values.map((y, x) => ({ x, y }))} barWidth={series.length > 1 ? 9 : Math.max(3, Math.min(18, 300 / Math.max(1, labels.length)))} style={{ data: { fill: colors[i % 2] } }} />
        ))}
      </VictoryGroup>
      {targetY != null ? <VictoryLine data={[{ x: -0.5, y: targetY }, { x: labels.length - 0.5, y: targetY }]} style={{ data: { stroke: target, strokeWidth: 2, strokeDasharray: '6 4' } }} /> : null}
      {targetX != null ? <VictoryLine data={[{ x: targetX, y: 0 }, { x: targetX, y: max * 1.05 }]} style={{ data: { stroke: target, strokeWidth: 2, strokeDasharray: '6 4' } }} /> : null}
    </VictoryChart>
  )
}
