import { Group, Paper, Stack, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatDate, formatQty } from '../../../lib/format'
import type { ScanResult } from '../collector-types'

/** One product a lookup found: its total and where it is, line by line (location, lot, pallet, qty, expiry). */
export function StockLinesList({ result }: { result: ScanResult }) {
  const { t, i18n } = useLingui()
  const code = result.product.code
  return (
    <Paper component="article" withBorder radius="md" p="sm" aria-label={t`Produto ${code}`}>
      <Group justify="space-between" align="baseline" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} ff="monospace" size="lg">
            {code}
          </Text>
          <Text size="sm" truncate>
            {result.product.name1}
          </Text>
        </Stack>
        <Text fw={700} size="xl" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
          {formatQty(result.total_qty, i18n.locale)} {result.uom}
        </Text>
      </Group>
      {result.lines.length === 0 ? (
        <Text size="sm" c="dimmed" mt={4}>
          <Trans>Sem estoque.</Trans>
        </Text>
      ) : (
        <Stack component="ul" gap={0} mt="xs" p={0} style={{ listStyle: 'none' }} aria-label={t`Linhas de estoque de ${code}`}>
          {result.lines.map((line) => (
            <Group
              component="li"
              key={line.id}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} ff="monospace">
                  {line.location.code}
                </Text>
                <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {[
                    line.lot ? t`Lote ${line.lot}` : null,
                    line.pallet_code ? t`Palete ${line.pallet_code}` : null,
                    line.expiry_date ? t`Val. ${formatDate(line.expiry_date, i18n.locale)}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <Text fw={700} style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                {formatQty(line.qty, i18n.locale)} {line.uom}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  )
}
