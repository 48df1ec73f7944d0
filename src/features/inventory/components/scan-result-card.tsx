import { Badge, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { LinkAnchor } from '../../../components/link-anchor'
import { formatNumber, formatQty } from '../../../lib/format'
import type { ScanResult, StockLine } from '../inventory-types'
import { ExpiryCell, StockStatusBadge } from './stock-status-badge'

/** SPEC 2.5: a line found by the scan; its location and its pallet each open their history (Movimentações filtered). */
function ScanLineRow({ line }: { line: StockLine }) {
  const { t, i18n } = useLingui()
  const location = line.location.code
  const pallet = line.pallet_code ?? line.sscc
  // a pallet known by its code is filtered by it; one known only by its SSCC, by the SSCC
  const palletFilter = line.pallet_code ? { pallet_code: line.pallet_code } : line.sscc ? { sscc: line.sscc } : null
  return (
    <Table.Tr data-testid="scan-line">
      <Table.Td>
        <LinkAnchor to="/inventory/moves" search={{ location: line.location.id }} ff="monospace" size="sm" aria-label={t`Movimentações de ${location}`}>
          {location}
        </LinkAnchor>
      </Table.Td>
      <Table.Td>{line.lot ?? '—'}</Table.Td>
      <Table.Td>
        {pallet && palletFilter ? (
          <LinkAnchor to="/inventory/moves" search={palletFilter} ff="monospace" size="sm" aria-label={t`Movimentações de ${pallet}`}>
            {pallet}
          </LinkAnchor>
        ) : (
          '—'
        )}
        {line.pallet_code && line.sscc && line.sscc !== line.pallet_code ? (
          <Text size="xs" c="dimmed" ff="monospace">
            SSCC {line.sscc}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatQty(line.qty, i18n.locale)} {line.uom}
      </Table.Td>
      <Table.Td>
        <ExpiryCell line={line} />
      </Table.Td>
      <Table.Td>
        <StockStatusBadge line={line} />
      </Table.Td>
    </Table.Tr>
  )
}

/** SPEC 2.5: one product found by a scan, its total and a bar relative to the largest total; SPEC 14.1: and where it is. */
export function ScanResultCard({ result, maxQty }: { result: ScanResult; maxQty: number }) {
  const { t, i18n } = useLingui()
  const qty = Number(result.total_qty)
  const percent = maxQty > 0 && Number.isFinite(qty) ? Math.max(0, Math.min(100, (qty / maxQty) * 100)) : 0
  const total = formatQty(result.total_qty, i18n.locale)
  const locations = formatNumber(result.locations_count, i18n.locale)
  const code = result.product.code
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t`Produto ${code}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} ff="monospace">
            {code}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {result.product.name1}
          </Text>
        </Stack>
        <Group gap={6} align="baseline" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Text fz={24} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="scan-total">
            {total}
          </Text>
          <Text size="sm" c="dimmed">
            {result.uom}
          </Text>
          <Badge variant="light" size="lg" ml="xs">
            {result.locations_count === 1 ? <Trans>1 localização</Trans> : <Trans>{locations} localizações</Trans>}
          </Badge>
        </Group>
      </Group>
      <Progress.Root size="md" mt="xs">
        <Progress.Section value={percent} aria-label={t`Quantidade relativa ao maior resultado`} />
      </Progress.Root>
      {result.lines.length > 0 ? (
        <Table.ScrollContainer minWidth={560} mt="sm">
          <Table striped verticalSpacing={4} fz="sm" aria-label={t`Onde está ${code}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Localização</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Lote</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Palete</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Quantidade</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Validade</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Situação</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.lines.map((line) => (
                <ScanLineRow key={line.id} line={line} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Paper>
  )
}
