import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconDownload } from '@tabler/icons-react'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FlowStats, FlowUntested } from '../../../../contracts/flows/flows.contract'
import { ApiError } from '../../../lib/api-client'
import { getFlowSettings } from '../api/get-flow-settings'
import { patchFlowSettings } from '../api/patch-flow-settings'
import { flowsKeys } from '../flows-query-keys'
import { downloadBlob } from '../../../lib/download'

export interface DateRange {
  from: string
  to: string
}

/** a duration as people read it: 850 ms, 12.5 s, 3.2 min, 1.5 h */
export function formatMs(ms: number | null): string {
  if (ms === null) return '—'
  if (ms < 1_000) return `${ms} ms`
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`
  if (ms < 3_600_000) return `${(ms / 60_000).toFixed(1)} min`
  return `${(ms / 3_600_000).toFixed(1)} h`
}

/** Admins turn the company's reporting on or off (docs/requirements.md §22.2); the app stops sending at its next batch. */
function ReportingSwitch() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const settings = useQuery({ queryKey: flowsKeys.settings(), queryFn: getFlowSettings })
  const change = useMutation({
    mutationFn: patchFlowSettings,
    onSuccess: (next) => queryClient.setQueryData(flowsKeys.settings(), next),
  })
  if (!settings.data) return null
  return (
    <Switch
      label={t`Registrar o uso real dos fluxos nesta empresa`}
      description={t`Só nomes de estados e eventos, nunca o que o operador digita ou lê.`}
      checked={settings.data.reporting}
      disabled={change.isPending}
      onChange={(e) => change.mutate(e.currentTarget.checked)}
    />
  )
}

const forbidden = (error: unknown) => error instanceof ApiError && error.status === 403

function Steps({ steps }: { steps: Array<{ event: string; state: string }> }) {
  return (
    <Group gap={4} wrap="wrap">
      {steps.map((step, i) => (
        <Text key={i} size="xs" ff="monospace" span>
          {i > 0 ? '· ' : ''}
          {step.event} → <b>{step.state}</b>
        </Text>
      ))}
    </Group>
  )
}

/**
 * docs/requirements.md §22.4: one machine as operators lived it over a date range (transitions taken, time in each
 * state, where sessions ended without finishing, error transitions) and the sequences no test walks, each exported
 * as a replay case (ADR 0007).
 */
export function LivedFlows({
  machine,
  range,
  onRange,
  stats,
  statsError,
  untested,
  untestedError,
  isAdmin,
}: {
  machine: string
  range: DateRange
  onRange: (range: DateRange) => void
  stats: FlowStats | undefined
  statsError: unknown
  untested: FlowUntested | undefined
  untestedError: unknown
  isAdmin: boolean
}) {
  const { t } = useLingui()
  if (forbidden(statsError) || forbidden(untestedError)) {
    return (
      <Alert color="gray" variant="light">
        <Trans>O uso real dos fluxos é visto por administradores e supervisores.</Trans>
      </Alert>
    )
  }
  const abandoned = stats?.endings.filter((e) => !e.finished) ?? []
  const finished = stats?.endings.filter((e) => e.finished).reduce((sum, e) => sum + e.count, 0) ?? 0
  return (
    <Stack gap="md" data-testid="flow-lived">
      {isAdmin ? <ReportingSwitch /> : null}
      <Group align="flex-end" gap="sm">
        <TextInput type="date" label={t`De`} value={range.from} max={range.to} onChange={(e) => e.currentTarget.value && onRange({ ...range, from: e.currentTarget.value })} />
        <TextInput type="date" label={t`Até`} value={range.to} min={range.from} onChange={(e) => e.currentTarget.value && onRange({ ...range, to: e.currentTarget.value })} />
        {stats ? (
          <Text size="sm" c="dimmed">
            {t`${plural(
              stats.transitions.reduce((sum, x) => sum + x.count, 0),
              { one: '# transição', other: '# transições' },
            )}, ${plural(finished, { one: '# sessão concluída', other: '# sessões concluídas' })}, ${plural(
              abandoned.reduce((sum, e) => sum + e.count, 0),
              { one: '# abandonada', other: '# abandonadas' },
            )}`}
          </Text>
        ) : statsError ? null : (
          <Loader size="sm" />
        )}
      </Group>
      {statsError ? (
        <Alert color="red" variant="light">
          <Trans>Não foi possível ler o uso real.</Trans>
        </Alert>
      ) : null}
      {stats ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Paper withBorder p="sm" radius="md">
            <Title order={3} size="h5" mb="xs">
              <Trans>Transições mais usadas</Trans>
            </Title>
            {stats.transitions.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>Nenhuma transição neste período.</Trans>
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={420}>
                <Table striped data-testid="flow-lived-transitions">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <Trans>De</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Evento</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Para</Trans>
                      </Table.Th>
                      <Table.Th ta="right">
                        <Trans>Vezes</Trans>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {stats.transitions.slice(0, 30).map((x) => (
                      <Table.Tr key={`${x.from}|${x.event}|${x.to}`}>
                        <Table.Td ff="monospace" fz="xs">
                          {x.from}
                        </Table.Td>
                        <Table.Td ff="monospace" fz="xs">
                          {x.event}
                        </Table.Td>
                        <Table.Td ff="monospace" fz="xs">
                          {x.to}
                        </Table.Td>
                        <Table.Td ta="right">{x.count}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
          <Paper withBorder p="sm" radius="md">
            <Title order={3} size="h5" mb="xs">
              <Trans>Tempo em cada estado</Trans>
            </Title>
            {stats.states.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>Nenhuma transição neste período.</Trans>
              </Text>
            ) : (
              <Table striped data-testid="flow-lived-states">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Estado</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Saídas</Trans>
                    </Table.Th>
                    <Table.Th ta="right">p50</Table.Th>
                    <Table.Th ta="right">p90</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {stats.states.map((s) => (
                    <Table.Tr key={s.state}>
                      <Table.Td ff="monospace" fz="xs">
                        {s.state}
                      </Table.Td>
                      <Table.Td ta="right">{s.count}</Table.Td>
                      <Table.Td ta="right">{formatMs(s.p50_ms)}</Table.Td>
                      <Table.Td ta="right">{formatMs(s.p90_ms)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
          <Paper withBorder p="sm" radius="md">
            <Title order={3} size="h5" mb="xs">
              <Trans>Onde as sessões terminaram sem concluir</Trans>
            </Title>
            {abandoned.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>Nenhuma sessão abandonada neste período.</Trans>
              </Text>
            ) : (
              <Stack gap={4} data-testid="flow-lived-abandoned">
                {abandoned.map((e) => (
                  <Group key={e.state} justify="space-between" wrap="nowrap">
                    <Text size="sm" ff="monospace">
                      {e.state}
                    </Text>
                    <Badge variant="light" color="orange.9">
                      {e.count}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            )}
          </Paper>
          <Paper withBorder p="sm" radius="md">
            <Title order={3} size="h5" mb="xs">
              <Trans>Transições de erro</Trans>
            </Title>
            {stats.errors.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>Nenhum erro neste período.</Trans>
              </Text>
            ) : (
              <Stack gap={4} data-testid="flow-lived-errors">
                {stats.errors.map((e) => (
                  <Group key={`${e.from}|${e.event}|${e.to}`} justify="space-between" wrap="nowrap">
                    <Text size="xs" ff="monospace">
                      {e.from} · {e.event} → {e.to}
                    </Text>
                    <Badge variant="light" color="red.9">
                      {e.count}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            )}
            {stats.rejected > 0 ? (
              <Text size="xs" c="dimmed" mt="xs">
                <Trans>{stats.rejected} lotes recusados pelo servidor neste período (todas as máquinas).</Trans>
              </Text>
            ) : null}
          </Paper>
        </SimpleGrid>
      ) : null}
      <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="flow-untested-title">
        <Title order={3} size="h5" mb={4} id="flow-untested-title">
          <Trans>Usados mas não testados</Trans>
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          <Trans>Sequências que operadores realmente fizeram e que nenhum caminho gerado pelos testes percorre, das mais frequentes às mais raras (todas as datas).</Trans>
        </Text>
        {untestedError ? (
          <Alert color="red" variant="light">
            <Trans>Não foi possível ler as sequências.</Trans>
          </Alert>
        ) : !untested ? (
          <Loader size="sm" />
        ) : untested.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Nenhuma sequência sem teste.</Trans>
          </Text>
        ) : (
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="flow-untested">
            {untested.results.map((u, i) => (
              <Paper key={i} withBorder p="xs" radius="sm" component="li" data-testid="flow-untested-item">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      {t`${plural(u.count, { one: '# sessão', other: '# sessões' })}, ${plural(u.steps.length, { one: '# passo', other: '# passos' })}`}
                    </Text>
                    <Steps steps={u.steps} />
                  </Stack>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconDownload size={14} />}
                    onClick={() => downloadBlob(new Blob([JSON.stringify(u.replay, null, 2) + '\n'], { type: 'application/json' }), `replay-${machine}-${i + 1}.json`)}
                  >
                    <Trans>Exportar caso de replay</Trans>
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  )
}
