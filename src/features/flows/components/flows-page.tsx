import { useEffect, useMemo, useState } from 'react'
import { Anchor, Badge, Code, Group, Loader, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { MACHINE_CATALOGUE } from '../../../../machines/flows/catalogue'
import type { CatalogueEntry } from '../../../../machines/flows/catalogue'
import { stateValueText } from '../../../../machines/flows/state-text'
import type { FlowCoverage, FlowReport } from '../../../../machines/flows/flow-report'
import { machineGraph } from '../../../../machines/flows/machine-graph'
import { useQuery } from '@tanstack/react-query'
import { PageHeader } from '../../../components/page-header'
import { useSession } from '../../../lib/session'
import { getFlowStats } from '../api/get-flow-stats'
import { getFlowUntested } from '../api/get-flow-untested'
import { flowsKeys } from '../flows-query-keys'
import { edgeCounts } from '../layout/edge-counts'
import { LivedFlows } from './lived-flows'
import type { DateRange } from './lived-flows'
import { loadFlowCoverage, loadFlowReport } from '../api/load-flow-report'
import { latestByActor, useLiveFlows } from '../hooks/use-live-flows'
import { MACHINE_TEXTS } from '../machine-texts'
import { FlowPaths } from './flow-paths'
import { LiveEventLog } from './live-event-log'
import { MachineDiagram } from './machine-diagram'
import { MachineLists } from './machine-lists'

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** the last 7 days, today included */
const lastWeek = (): DateRange => ({ from: isoDay(Date.now() - 6 * 86_400_000), to: isoDay(Date.now()) })

type ReportState = { report: FlowCoverage } | { error: string } | undefined

/**
 * Coverage of every machine, the selected one first: the build's at once (docs/requirements.md §22.1), else
 * generated in a worker, one at a time.
 */
function useFlowReports(selectedId: string): Record<string, ReportState> {
  const [reports, setReports] = useState<Record<string, ReportState>>({})
  const [firstSelected] = useState(selectedId)
  useEffect(() => {
    let current = true
    const order = [...MACHINE_CATALOGUE].sort((a, b) => Number(b.id === firstSelected) - Number(a.id === firstSelected))
    for (const entry of order) {
      loadFlowCoverage(entry.id).then(
        (report) => current && setReports((r) => ({ ...r, [entry.id]: { report } })),
        (error: unknown) => current && setReports((r) => ({ ...r, [entry.id]: { error: error instanceof Error ? error.message : String(error) } })),
      )
    }
    return () => {
      current = false
    }
  }, [firstSelected])
  return reports
}

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

function CoverageCell({ state }: { state: ReportState }) {
  if (!state) {
    return (
      <Group gap={6} wrap="nowrap">
        <Loader size={14} />
        <Text size="sm" c="dimmed">
          <Trans>calculando…</Trans>
        </Text>
      </Group>
    )
  }
  if ('error' in state) {
    return (
      <Text size="sm" c="red">
        {state.error}
      </Text>
    )
  }
  const { states, transitions } = state.report
  const full = states.covered === states.defined && transitions.covered === transitions.defined
  return (
    <Stack gap={2}>
      <Text size="sm" data-testid="flow-coverage">
        <Trans>
          {states.covered}/{states.defined} estados, {transitions.covered}/{transitions.defined} transições
        </Trans>
      </Text>
      <Badge size="sm" variant="filled" color={full ? 'teal.9' : 'red.9'}>
        {full ? <Trans>100% coberto</Trans> : <Trans>cobertura incompleta</Trans>}
      </Badge>
    </Stack>
  )
}

/**
 * ADR 0007 (SPEC 2.3 "Fluxos"): every state machine of the product, drawn from its code, watched live, with the
 * paths its model test walks.
 */
export function FlowsPage({ selectedId, onSelect }: { selectedId: string | undefined; onSelect: (id: string) => void }) {
  const { t, i18n } = useLingui()
  const selected: CatalogueEntry = MACHINE_CATALOGUE.find((e) => e.id === selectedId) ?? MACHINE_CATALOGUE[0]
  const reports = useFlowReports(selected.id)
  const live = useLiveFlows()
  const graph = useMemo(() => machineGraph(selected.model.machine), [selected])
  const nameOf = (entry: CatalogueEntry) => (MACHINE_TEXTS[entry.id] ? i18n._(MACHINE_TEXTS[entry.id].name) : entry.name)
  const purposeOf = (entry: CatalogueEntry) => (MACHINE_TEXTS[entry.id] ? i18n._(MACHINE_TEXTS[entry.id].purpose) : entry.purpose)

  const actors = latestByActor(live.events, selected.id)
  const latest = actors[0]
  const activeStates = useMemo(() => latest?.states ?? [], [latest])
  const activeTransitions = useMemo(() => latest?.transitions ?? [], [latest])
  const selectedReport = reports[selected.id]
  const report = selectedReport && 'report' in selectedReport ? selectedReport.report : undefined
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
    <>
      <PageHeader
        title={<Trans>Fluxos</Trans>}
        description={
          <Trans>
            Para analistas: escolha um fluxo do produto (leitura, assistentes, copack…) para ver os seus estados e transições, use o produto noutra
            aba e veja aqui o que acontece ao vivo, e confira que caminhos os testes já percorrem e quais faltam.
          </Trans>
        }
      />
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            <Trans>Catálogo de máquinas</Trans>
          </Title>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" data-testid="flow-catalogue">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Máquina</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Finalidade</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Onde é usada</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Cobertura dos testes</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {MACHINE_CATALOGUE.map((entry) => {
                  const isSelected = entry.id === selected.id
                  return (
                    <Table.Tr key={entry.id} data-machine-id={entry.id} bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}>
                      <Table.Td>
                        <Anchor component="button" type="button" fw={600} c="inherit" underline="always" onClick={() => onSelect(entry.id)} aria-current={isSelected ? 'true' : undefined}>
                          {nameOf(entry)}
                        </Anchor>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {entry.id}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{purposeOf(entry)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {entry.usedIn.map((place) => (
                            <Code key={place}>{place}</Code>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <CoverageCell state={reports[entry.id]} />
                      </Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>

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
      </Stack>
    </>
  )
}
