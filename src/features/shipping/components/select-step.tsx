import { Alert, Button, SegmentedControl, Stack, Text } from '@mantine/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { salesOrdersQueryOptions } from '../api/get-sales-orders'
import { wavesQueryOptions } from '../api/get-waves'
import type { SalesOrderRow, ShippingDetail, ShippingKind, ShippingTarget, WaveRow } from '../shipping-types'

export interface SelectStepProps {
  kind: ShippingKind
  onKindChange: (kind: ShippingKind) => void
  target: ShippingTarget | null
  detail: ShippingDetail | undefined
  onSelect: (target: ShippingTarget) => void
}

/** Step 1 (SPEC 2.9): an open sales order, or a wave of them. */
export function SelectStep({ kind, onKindChange, target, detail, onSelect }: SelectStepProps) {
  const { t } = useLingui()
  const selectButton = (k: ShippingKind, id: number, code: string) => {
    const selected = target?.kind === k && target.id === id
    return (
      <Button size="compact-sm" variant={selected ? 'filled' : 'light'} aria-pressed={selected} aria-label={t`Selecionar ${code}`} onClick={() => onSelect({ kind: k, id })}>
        {selected ? <Trans>Selecionado</Trans> : <Trans>Selecionar</Trans>}
      </Button>
    )
  }
  const orderColumns: DataColumn<SalesOrderRow>[] = [
    { id: 'code', header: msg`Pedido`, value: (row) => row.code },
    { id: 'customer__name', header: msg`Cliente`, value: (row) => `${row.customer.code} — ${row.customer.name}` },
    { id: 'ship_date', header: msg`Data de envio`, value: (row) => row.ship_date, kind: 'date' },
    { id: 'wave', header: msg`Onda`, value: (row) => row.wave?.code ?? '—', sortable: false },
    { id: 'lines_count', header: msg`Linhas`, value: (row) => row.lines_count, kind: 'number', sortable: false },
    { id: 'actions', header: msg`Ações`, value: () => null, sortable: false, render: (row) => selectButton('order', row.id, row.code) },
  ]
  const waveColumns: DataColumn<WaveRow>[] = [
    { id: 'code', header: msg`Onda`, value: (row) => row.code },
    { id: 'orders_count', header: msg`Pedidos`, value: (row) => row.orders_count, kind: 'number', sortable: false },
    { id: 'created_at', header: msg`Criada em`, value: (row) => row.created_at, kind: 'date' },
    { id: 'actions', header: msg`Ações`, value: () => null, sortable: false, render: (row) => selectButton('wave', row.id, row.code) },
  ]
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>Escolha um pedido de venda aberto, ou uma onda que agrupa vários pedidos.</Trans>
      </Text>
      <SegmentedControl
        aria-label={t`Expedir por`}
        value={kind}
        onChange={(v) => onKindChange(v === 'wave' ? 'wave' : 'order')}
        data={[
          { value: 'order', label: t`Pedido` },
          { value: 'wave', label: t`Onda` },
        ]}
        w={240}
      />
      {detail && target ? (
        <Alert color="blue">
          <Trans>Selecionado: {detail.code}</Trans>
        </Alert>
      ) : null}
      {kind === 'order' ? (
        <DataTable tableId="shipping.orders" label={t`Pedidos de venda`} columns={orderColumns} query={salesOrdersQueryOptions} getRowId={(row) => String(row.id)} />
      ) : (
        <DataTable tableId="shipping.waves" label={t`Ondas`} columns={waveColumns} query={wavesQueryOptions} getRowId={(row) => String(row.id)} />
      )}
    </Stack>
  )
}
