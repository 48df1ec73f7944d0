import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { formatNumber } from '../../../lib/format'
import { wavePickPathQueryOptions } from '../api/get-pick-path'
import type { PickPath } from '../shipping-types'

const STRATEGY: Record<PickPath['strategy'], MessageDescriptor> = {
  code_order: msg`ordem dos códigos`,
  s_shape: msg`serpentina (S-shape)`,
  largest_gap: msg`maior intervalo (largest gap)`,
  nearest: msg`vizinho mais próximo`,
}

/**
 * The wave's pick path (SPEC 18.3): the planned walk in metres beside the code-order baseline, and the stops in
 * walking order; a location without a layout is visited last and said so.
 */
export function WavePickPath({ waveId }: { waveId: number }) {
  const { t, i18n } = useLingui()
  const path = useQuery(wavePickPathQueryOptions(waveId))
  const metres = (m: number | null) => (m === null ? '—' : `${formatNumber(Math.round(m), i18n.locale)} m`)
  const data = path.data
  const saving = data && data.metres !== null && data.baseline_metres ? 1 - data.metres / data.baseline_metres : null
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={3} size="h5">
          <Trans>Rota de separação</Trans>
        </Title>
        {path.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Trans>Não foi possível calcular a rota.</Trans>
          </Alert>
        ) : null}
        {path.isPending ? (
          <Text size="sm" c="dimmed">
            <Trans>Calculando a rota...</Trans>
          </Text>
        ) : null}
        {data && data.stops.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Nada a separar: nenhuma linha aberta com estoque sugerido.</Trans>
          </Text>
        ) : null}
        {data && data.stops.length ? (
          <>
            <Group gap="xl" aria-label={t`Distância da rota`}>
              <div>
                <Text size="xs" c="dimmed">
                  <Trans>Distância planejada</Trans>
                </Text>
                <Text fw={600} data-testid="pick-path-metres">
                  {metres(data.metres)}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  <Trans>Na ordem dos códigos</Trans>
                </Text>
                <Text fw={600} data-testid="pick-path-baseline">
                  {metres(data.baseline_metres)}
                </Text>
              </div>
              {saving !== null ? (
                <div>
                  <Text size="xs" c="dimmed">
                    <Trans>Economia</Trans>
                  </Text>
                  <Text fw={600}>{formatNumber(Math.round(saving * 1000) / 10, i18n.locale)}%</Text>
                </div>
              ) : null}
              <div>
                <Text size="xs" c="dimmed">
                  <Trans>Roteamento</Trans>
                </Text>
                <Text size="sm">
                  {i18n._(STRATEGY[data.strategy])}
                  {data.improved ? <Trans> + melhoria local (2-opt / Or-opt)</Trans> : null}
                </Text>
              </div>
            </Group>
            {data.unplaced ? (
              <Alert color="yellow" variant="light">
                <Trans>
                  {data.unplaced} posições sem layout: visitadas por último, na ordem dos códigos, fora da distância.
                </Trans>
              </Alert>
            ) : null}
            <Table aria-label={t`Paradas da rota`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th ta="right">#</Table.Th>
                  <Table.Th>
                    <Trans>Posição</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Rua / prédio / nível</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Pedidos e produtos</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.stops.map((s) => (
                  <Table.Tr key={s.location.id}>
                    <Table.Td ta="right">{s.sequence}</Table.Td>
                    <Table.Td>
                      {s.location.code}{' '}
                      {s.placed ? null : (
                        <Badge size="xs" color="yellow" variant="light">
                          <Trans>sem layout</Trans>
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{s.aisle === null ? '—' : [s.aisle, s.bay ?? '—', s.level ?? '—'].join(' / ')}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{s.lines.map((l) => `${l.order_code}: ${l.product.code} × ${l.qty}`).join(', ')}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ) : null}
      </Stack>
    </Paper>
  )
}
