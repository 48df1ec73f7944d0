import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { LinkAnchor } from './link-anchor'
import { DataTable, type DataColumn } from '../../../components/data-table'
import type { ListState } from '../../../lib/list-search'
import { orderDocumentsQueryOptions, waveDocumentsQueryOptions } from '../api/get-order-documents'
import type { DocumentStatus, SalesOrderRow, WaveRow } from '../shipping-types'
import { DocumentStatusBadge } from './document-status-badge'
import { StatusFilter } from './status-filter'
import { WAVE_DOCUMENT_STATUSES } from '../document-status'

const orderColumns: DataColumn<SalesOrderRow>[] = [
  {
    id: 'code',
    header: msg`Código`,
    value: (row) => row.code,
    // SPEC 12.6: each list opens the document
    render: (row) => (
      <LinkAnchor to="/shipping/orders/$id" params={{ id: String(row.id) }} size="sm">
        {row.code}
      </LinkAnchor>
    ),
  },
  { id: 'customer__name', header: msg`Cliente`, value: (row) => `${row.customer.code} — ${row.customer.name}` },
  { id: 'carrier', header: msg`Transportadora`, value: (row) => row.carrier?.name ?? null, sortable: false },
  { id: 'status', header: msg`Situação`, value: (row) => row.status, render: (row) => <DocumentStatusBadge status={row.status} /> },
  { id: 'lines_count', header: msg`Linhas`, value: (row) => row.lines_count, kind: 'number', sortable: false },
  { id: 'wave', header: msg`Onda`, value: (row) => row.wave?.code ?? null, sortable: false },
  { id: 'ship_date', header: msg`Data de expedição`, value: (row) => row.ship_date, kind: 'date' },
]

const waveColumns: DataColumn<WaveRow>[] = [
  {
    id: 'code',
    header: msg`Código`,
    value: (row) => row.code,
    render: (row) => (
      <LinkAnchor to="/shipping/waves/$id" params={{ id: String(row.id) }} size="sm">
        {row.code}
      </LinkAnchor>
    ),
  },
  { id: 'status', header: msg`Situação`, value: (row) => row.status, render: (row) => <DocumentStatusBadge status={row.status} /> },
  { id: 'orders_count', header: msg`Pedidos`, value: (row) => row.orders_count, kind: 'number', sortable: false },
  { id: 'warehouse', header: msg`Armazém`, value: (row) => row.warehouse.code, sortable: false },
  { id: 'created_at', header: msg`Criada em`, value: (row) => row.created_at, kind: 'date' },
]

export interface DocumentListProps extends ListState {
  status: DocumentStatus | ''
  onStatusChange: (status: DocumentStatus | '') => void
}

/** Sales orders of every status (SPEC 12.6): code, customer, carrier, status, lines; filtered by status in the URL. */
export function SalesOrdersTable({ params, onParamsChange, status, onStatusChange }: DocumentListProps) {
  const { t } = useLingui()
  return (
    <DataTable
      params={params}
      onParamsChange={onParamsChange}
      tableId="shipping.order-documents"
      label={t`Pedidos de venda`}
      columns={orderColumns}
      query={(p) => orderDocumentsQueryOptions(p, status)}
      getRowId={(row) => String(row.id)}
      toolbar={() => <StatusFilter value={status} onChange={onStatusChange} />}
    />
  )
}

/** Waves of every status (SPEC 12.6). */
export function WavesTable({ params, onParamsChange, status, onStatusChange }: DocumentListProps) {
  const { t } = useLingui()
  return (
    <DataTable
      params={params}
      onParamsChange={onParamsChange}
      tableId="shipping.wave-documents"
      label={t`Ondas`}
      columns={waveColumns}
      query={(p) => waveDocumentsQueryOptions(p, status)}
      getRowId={(row) => String(row.id)}
      toolbar={() => <StatusFilter value={status} onChange={onStatusChange} statuses={WAVE_DOCUMENT_STATUSES} />}
    />
  )
}
