import { Suspense, lazy, useEffect, useState } from 'react'
import { Anchor, Badge, Code, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { MACHINE_INFO, type MachineInfo } from '../../../../machines/flows/catalogue-info'
import type { FlowCoverage } from '../../../../machines/flows/flow-report'
import { PageHeader } from '../../../components/page-header'
import { loadFlowCoverage, prefetchFlowCoverage } from '../api/load-flow-report'
import { MACHINE_TEXTS } from '../machine-texts'

// the selected machine's section loads apart: the table and the build's coverage do not wait for the machines' code
const MachinePanel = lazy(() => import('./machine-panel'))
// the coverage index is fetched as this screen's code loads, not after its first render
prefetchFlowCoverage()

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
    const order = [...MACHINE_INFO].sort((a, b) => Number(b.id === firstSelected) - Number(a.id === firstSelected))
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
  const { i18n } = useLingui()
  const selected: MachineInfo = MACHINE_INFO.find((e) => e.id === selectedId) ?? MACHINE_INFO[0]
  const reports = useFlowReports(selected.id)
  const nameOf = (entry: MachineInfo) => (MACHINE_TEXTS[entry.id] ? i18n._(MACHINE_TEXTS[entry.id].name) : entry.name)
  const purposeOf = (entry: MachineInfo) => (MACHINE_TEXTS[entry.id] ? i18n._(MACHINE_TEXTS[entry.id].purpose) : entry.purpose)
  const selectedReport = reports[selected.id]
  const panelReady = useAfterPaint(selectedReport !== undefined)

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
                {MACHINE_INFO.map((entry) => {
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

        <Suspense fallback={<PanelLoading />}>
          {/* the selected machine's panel (its diagram, its code and every machine's definitions: a few hundred kB)
              loads once the catalogue shows its coverage, so the catalogue is not kept waiting behind it (§22.1) */}
          {selectedReport === undefined || !panelReady ? (
            <PanelLoading />
          ) : (
            <MachinePanel selectedId={selected.id} coverage={selectedReport && 'report' in selectedReport ? selectedReport.report : undefined} />
          )}
        </Suspense>
      </Stack>
    </>
  )
}

function PanelLoading() {
  return (
    <Paper withBorder p="md" radius="md">
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">
          <Trans>Carregando a máquina…</Trans>
        </Text>
      </Group>
    </Paper>
  )
}

/**
 * True once `ready` has been true through a painted frame: what was drawn with it (the catalogue's coverage) reaches
 * the screen before the work it lets start (the panel's chunks, parsed and run on the main thread).
 */
function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (!ready || painted) return
    let timer: ReturnType<typeof setTimeout> | undefined
    // a frame callback runs before the paint; a task queued from it runs after
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true), 0))) : undefined
    if (frame === undefined) timer = setTimeout(() => setPainted(true), 0)
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [ready, painted])
  return painted
}
