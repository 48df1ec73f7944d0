import { Anchor, Badge } from '@mantine/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { LinkButton } from '../../../components/link-button'
import type { ListState } from '../../../lib/list-search'
import { inboundDocumentListQueryOptions } from '../api/list-inbound-documents'
import { isReceivable, kindShort } from '../inbound-status'
import type { InboundDocumentRow, InboundStatus } from '../receiving-types'
import { InboundStatusBadge } from './inbound-status-badge'

/** The code opens the document; a row that can still be received offers the wizard on it. */
function RowActions({ row }: { row: InboundDocumentRow }) {
  const { t } = useLingui()
  return isReceivable(row.status) ? (
    <LinkButton size="compact-sm" variant="light" to="/receiving" search={{ document: row.id }} aria-label={t`Receber ${row.code}`}>
      <Trans>Receber</Trans>
    </LinkButton>
  ) : null
}

const columns: DataColumn<InboundDocumentRow>[] = [
  {
    id: 'kind',
    header: msg`Tipo`,
    value: (row) => row.kind,
    render: (row) => (
      <Badge variant="outline" color="gray" style={{ minWidth: 'max-content' }}>
        {kindShort(row.kind)}
      </Badge>
    ),
  },
  {
    id: 'code',
    header: msg`Código`,
    value: (row) => row.code,
    render: (row) => (
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/receiving/documents/$id" params={{ id: String(row.id) }} />}>
        {row.code}
      </Anchor>
    ),
  },
  { id: 'supplier__name', header: msg`Fornecedor`, value: (row) => `${row.supplier.code} — ${row.supplier.name}` },
  { id: 'expected_date', header: msg`Data prevista`, value: (row) => row.expected_date, kind: 'date' },
  { id: 'status', header: msg`Situação`, value: (row) => row.status, render: (row) => <InboundStatusBadge status={row.status} /> },
  { id: 'lines_count', header: msg`Linhas`, value: (row) => row.lines_count, kind: 'number', sortable: false },
  { id: 'actions', header: msg`Ações`, value: () => null, sortable: false, render: (row) => <RowActions row={row} /> },
]

/** SPEC 12.6: every PO and ASN with its status, filtered by status; its params come from the screen's URL. */
export function InboundDocumentsTable({ params, onParamsChange, status }: Partial<ListState> & { status?: InboundStatus }) {
  const { t } = useLingui()
  return (
    <DataTable
      params={params}
      onParamsChange={onParamsChange}
      tableId="receiving.inbound-documents"
      label={t`Pedidos de compra e ASNs`}
      columns={columns}
      query={(p) => inboundDocumentListQueryOptions(p, status)}
      getRowId={(row) => String(row.id)}
    />
  )
}
