/**
 * The ABC chart of the slotting screen (docs/requirements.md §20.4): per class, its share of the products beside its
 * share of the pick lines. Victory is about 78 kB gzip (STACK.md): the screen imports this module lazily.
 */
import { useComputedColorScheme, useMantineTheme } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { VictoryAxis, VictoryBar, VictoryChart, VictoryContainer, VictoryGroup, VictoryLegend } from 'victory'
import { formatNumber } from '../../../lib/format'
import type { ClassSummary } from '../slotting-summary'

const WIDTH = 520
const HEIGHT = 280
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

function useColors() {
  const theme = useMantineTheme()
  const dark = useComputedColorScheme('light') === 'dark'
  return {
    text: dark ? theme.colors.dark[0] : theme.colors.gray[8],
    grid: dark ? theme.colors.dark[4] : theme.colors.gray[3],
    products: dark ? theme.colors.gray[5] : theme.colors.gray[5],
    lines: dark ? theme.colors.blue[4] : theme.colors.blue[7],
  }
}

const percent = (value: number, locale: string) => `${formatNumber(Math.round(value), locale)}%`

export default function SlottingChart({ summary }: { summary: ClassSummary[] }) {
  const { t, i18n } = useLingui()
  const colors = useColors()
  const locale = i18n.locale
  const productsLabel = t`% dos produtos`
  const linesLabel = t`% das linhas`
  const title = t`Curva ABC`
  const desc = summary
    .map((c) => {
      const cls = c.cls
      const products = percent(c.productShare, locale)
      const lines = percent(c.lineShare, locale)
      return t`Classe ${cls}: ${products} dos produtos, ${lines} das linhas.`
    })
    .join(' ')
  const axis = (grid: boolean) => ({
    axis: { stroke: colors.grid },
    tickLabels: { fill: colors.text, fontSize: 12, fontFamily: FONT, padding: 6 },
    grid: grid ? { stroke: colors.grid, strokeDasharray: '4 4' } : { stroke: 'none' },
    ticks: { stroke: 'none' },
  })
  const bars = (key: 'productShare' | 'lineShare', fill: string) => (
    <VictoryBar
      data={summary.map((c) => {
        const cls = c.cls
        return { x: t`Classe ${cls}`, y: c[key] }
      })}
      barWidth={34}
      cornerRadius={{ top: 3 }}
      labels={({ datum }: { datum: { y: number } }) => percent(datum.y, locale)}
      style={{ data: { fill }, labels: { fill: colors.text, fontSize: 11, fontFamily: FONT } }}
    />
  )
  return (
    <VictoryChart
      width={WIDTH}
      height={HEIGHT}
      padding={{ top: 56, right: 20, bottom: 40, left: 50 }}
      domain={{ y: [0, 100] }}
      domainPadding={{ x: 70 }}
      containerComponent={<VictoryContainer title={title} desc={desc} />}
    >
      <VictoryLegend
        x={50}
        y={4}
        orientation="horizontal"
        gutter={24}
        style={{ labels: { fill: colors.text, fontSize: 12, fontFamily: FONT } }}
        data={[
          { name: productsLabel, symbol: { fill: colors.products, type: 'square' } },
          { name: linesLabel, symbol: { fill: colors.lines, type: 'square' } },
        ]}
      />
      <VictoryAxis style={axis(false)} />
      <VictoryAxis dependentAxis tickValues={[0, 25, 50, 75, 100]} tickFormat={(v: number) => percent(v, locale)} style={axis(true)} />
      <VictoryGroup offset={38}>
        {bars('productShare', colors.products)}
        {bars('lineShare', colors.lines)}
      </VictoryGroup>
    </VictoryChart>
  )
}
