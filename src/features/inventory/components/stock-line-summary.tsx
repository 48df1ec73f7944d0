import { Badge, Group, Paper, Stack, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatQty } from '../../../lib/format'
import type { StockLine } from '../inventory-types'
import { StockStatusBadge } from './stock-status-badge'

/** The line a command acts on, as it is now: product, place, lot, pallet, quantity, reservation and status. */
export function StockLineSummary({ line }: { line: StockLine }) {
  const { i18n } = useLingui()
  const qty = formatQty(line.qty, i18n.locale)
  const reserved = formatQty(line.reserved_qty, i18n.locale)
  const pallet = line.pallet_code ?? line.sscc
  return (
    <Paper withBorder p="sm" radius="md" data-testid="stock-line-summary">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} ff="monospace">
            {line.product.code}
          </Text>
          <StockStatusBadge line={line} />
        </Group>
        <Text size="sm">{line.product.name1}</Text>
        <Group gap="md">
          <Text size="sm">
            <Trans>Localização: {line.location.code}</Trans>
          </Text>
          {line.lot ? (
            <Text size="sm">
              <Trans>Lote: {line.lot}</Trans>
            </Text>
          ) : null}
          {pallet ? (
            <Text size="sm">
              <Trans>Palete: {pallet}</Trans>
            </Text>
          ) : null}
        </Group>
        <Group gap="md">
          <Text size="sm" fw={600}>
            <Trans>
              Quantidade: {qty} {line.uom}
            </Trans>
          </Text>
          {line.reserved_qty !== '0.000' ? (
            <Badge variant="light" color="gray">
              <Trans>Reservado: {reserved}</Trans>
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  )
}
