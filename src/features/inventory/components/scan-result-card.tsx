import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatNumber, formatQty } from '../../../lib/format'
import type { ScanResult } from '../inventory-types'

/** SPEC 2.5: one product found by a scan, its total and a bar relative to the largest total among the results. */
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
        <Badge variant="light" size="lg" style={{ flexShrink: 0 }}>
          {result.locations_count === 1 ? <Trans>1 localização</Trans> : <Trans>{locations} localizações</Trans>}
        </Badge>
      </Group>
      <Group gap={6} align="baseline" mt="sm">
        <Text fz={24} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="scan-total">
          {total}
        </Text>
        <Text size="sm" c="dimmed">
          {result.uom}
        </Text>
      </Group>
      <Progress.Root size="md" mt="xs">
        <Progress.Section value={percent} aria-label={t`Quantidade relativa ao maior resultado`} />
      </Progress.Root>
    </Paper>
  )
}
