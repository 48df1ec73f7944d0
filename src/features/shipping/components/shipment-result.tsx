import { Alert, Button, Stack, Table, Title } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatQty } from '../../../lib/format'
import type { Shipment } from '../shipping-types'

/** What Finish shipped (SPEC 2.9): the orders closed, the picks taken from stock and the packages. */
export function ShipmentResult({ shipment, onAnother }: { shipment: Shipment; onAnother: () => void }) {
  const { t, i18n } = useLingui()
  const orders = shipment.orders.map((o) => o.code).join(', ')
  const productOf = (line: number) => shipment.picks.find((p) => p.line === line)?.product.code ?? `#${line}`
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconCheck size={18} aria-hidden />} styles={{ title: { color: 'var(--mantine-color-text)' } }} title={t`Expedição registrada`}>
        <Trans>
          Pedido(s) {orders} expedido(s). {shipment.carrier ? `${shipment.carrier.name} ` : ''}
          {shipment.tracking_reference}
        </Trans>
      </Alert>
      <Title order={2} size="h4">
        <Trans>Separações</Trans>
      </Title>
      <Table withTableBorder striped aria-label={t`Separações expedidas`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Produto</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Local</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Lote</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Quantidade</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shipment.picks.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{p.product.code}</Table.Td>
              <Table.Td>{p.location?.code ?? '—'}</Table.Td>
              <Table.Td>{p.lot ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatQty(p.qty, i18n.locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={2} size="h4">
        <Trans>Volumes</Trans>
      </Title>
      <Table withTableBorder striped aria-label={t`Volumes`}>
        <Table.Tbody>
          {shipment.packages.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td ff="monospace">{p.code}</Table.Td>
              <Table.Td>{p.contents.map((c) => `${productOf(c.line)} × ${formatQty(c.qty, i18n.locale)}`).join(', ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <div>
        <Button variant="default" onClick={onAnother}>
          <Trans>Expedir outro pedido</Trans>
        </Button>
      </div>
    </Stack>
  )
}
