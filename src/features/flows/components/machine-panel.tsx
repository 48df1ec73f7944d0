/**
 * The selected machine of /flows (ADR 0007, docs/requirements.md §22): its diagram drawn from its definition, its
 * states and transitions, its paths, its use as lived and its live events. Loaded apart from the catalogue table
 * (React.lazy in flows-page.tsx): the machines' code, the graph layout and the path tools come with it, so the table
 * and the build's coverage show before they load (§22.1).
 */
import { useEffect, useMemo, useState } from 'react'
import { Badge, Code, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { MACHINE_CATALOGUE } from '../../../../machines/flows/catalogue'
import type { CatalogueEntry } from '../../../../machines/flows/catalogue'
import { stateValueText } from '../../../../machines/flows/state-text'
import type { FlowCoverage, FlowReport } from '../../../../machines/flows/flow-report'
import { machineGraph } from '../../../../machines/flows/machine-graph'
import { useSession } from '../../../lib/session'
import { getFlowStats } from '../api/get-flow-stats'
import { getFlowUntested } from '../api/get-flow-untested'
import { loadFlowReport } from '../api/load-flow-report'
import { flowsKeys } from '../flows-query-keys'
import { latestByActor, useLiveFlows } from '../hooks/use-live-flows'
import { edgeCounts } from '../layout/edge-counts'
import { MACHINE_TEXTS } from '../machine-texts'
import { FlowPaths } from './flow-paths'
import { LiveEventLog } from './live-event-log'
import { LivedFlows } from './lived-flows'
import type { DateRange } from './lived-flows'
import { MachineDiagram } from './machine-diagram'
import { MachineLists } from './machine-lists'

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** the last 7 days, today included */
const lastWeek = (): DateRange => ({ from: isoDay(Date.now() - 6 * 86_400_000), to: isoDay(Date.now()) })

/** The selected machine's whole report (its paths), asked when its paths are shown. */
function useFlowReport(id: string, wanted: boolean): FlowReport | undefined {
  const [reports, setReports] = useState<Record<string, FlowReport>>({})
  useEffect(() => {
    if (!wanted) return
    let current = true
    loadFlowReport(id).then(
      (report) => current && setReports((r) => ({ ...r, [id]: report })),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [id, wanted])
  return reports[id]
}

export default function MachinePanel({ selectedId, coverage }: { selectedId: string; coverage: FlowCoverage | undefined }) {
  const { t, i18n } = useLingui()
  const selected: CatalogueEntry = MACHINE_CATALOGUE.find((e) => e.id === selectedId) ?? MACHINE_CATALOGUE[0]
  const live = useLiveFlows()
  const graph = useMemo(() => machineGraph(selected.model.machine), [selected])
  const nameOf = (entry: CatalogueEntry) => (MACHINE_TEXTS[entry.id] ? i18n._(MACHINE_TEXTS[entry.id].name) : entry.name)

  const actors = latestByActor(live.events, selected.id)
  const latest = actors[0]
  const activeStates = useMemo(() => latest?.states ?? [], [latest])
  const activeTransitions = useMemo(() => latest?.transitions ?? [], [latest])
  const report = coverage
  const [tab, setTab] = useState<string | null>('diagram')
  const fullReport = useFlowReport(selected.id, tab === 'paths')
  // docs/requirements.md §22.4: the machine as operators lived it (admins and supervisors; others get a 403)
  const { user } = useSession()
  const [range, setRange] = useState<DateRange>(lastWeek)
  const noRetryOn403 = (count: number, error: unknown) => count < 2 && (error as { status?: number }).status !== 403
  const stats = useQuery({ queryKey: flowsKeys.stats(selected.id, range.from, range.to), queryFn: () => getFlowStats(selected.id, range.from, range.to), retry: noRetryOn403 })
  const untested = useQuery({ queryKey: flowsKeys.untested(selected.id), queryFn: () => getFlowUntested(selected.id), enabled: tab === 'lived', retry: noRetryOn403 })
  const counts = useMemo(() => (stats.data && stats.data.transitions.length ? edgeCounts(graph, stats.data.transitions) : undefined), [graph, stats.data])

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="flow-machine-title">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h4" id="flow-machine-title">
            {nameOf(selected)}
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              {graph.states.length} estados, {graph.transitions.length} transições
            </Trans>
          </Text>
        </div>
        <Stack gap={2} align="flex-end" data-testid="flow-live-state" data-state={latest ? latest.states.join(' ') : ''}>
          {latest ? (
            <>
              <Group gap={6}>
                <Badge color="orange" variant="dot">
                  <Trans>Ao vivo</Trans>
                </Badge>
                <Text size="sm" fw={600}>
                  {stateValueText(latest.value)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                <Trans>
                  após <Code>{latest.type}</Code> · {actors.length} ator(es)
                </Trans>
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {live.listening ? <Trans>Aguardando eventos de outras abas…</Trans> : <Trans>Este navegador não tem BroadcastChannel.</Trans>}
            </Text>
          )}
        </Stack>
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="diagram">
            <Trans>Diagrama</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="list">
            <Trans>Lista</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="paths">
            <Trans>Caminhos</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="lived">
            <Trans>Uso real</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="events">
            <Trans>Eventos ao vivo ({live.events.length})</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="diagram">
          <MachineDiagram
            graph={graph}
            title={t`Diagrama da máquina ${nameOf(selected)}`}
            activeStates={activeStates}
            activeTransitions={activeTransitions}
            coveredTransitions={report?.coveredTransitions}
            edgeCounts={counts}
          />
        </Tabs.Panel>
        <Tabs.Panel value="list">
          <MachineLists graph={graph} activeStates={activeStates} missingTransitions={report?.transitions.missing ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="paths">
          {fullReport ? (
            <FlowPaths key={selected.id} report={fullReport} />
          ) : (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">
                <Trans>Gerando os caminhos…</Trans>
              </Text>
            </Group>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="lived">
          <LivedFlows
            machine={selected.id}
            range={range}
            onRange={setRange}
            stats={stats.data}
            statsError={stats.error}
            untested={untested.data}
            untestedError={untested.error}
            isAdmin={user?.role === 'admin'}
          />
        </Tabs.Panel>
        <Tabs.Panel value="events">
          <LiveEventLog events={live.events} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  )
}
