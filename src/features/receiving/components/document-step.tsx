import { Badge, Button, Text } from '@mantine/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { inboundDocumentsQueryOptions } from '../api/get-inbound-documents'
import type { InboundDocumentRow } from '../receiving-types'

export interface DocumentStepProps {
  selectedId: number | null
  onSelect: (document: InboundDocumentRow) => void
}

/** Step 1 (SPEC 2.8): pick an open PO or ASN (searchable by code or supplier). */
export function DocumentStep({ selectedId, onSelect }: DocumentStepProps) {
  const { t } = useLingui()
  const columns: DataColumn<InboundDocumentRow>[] = [
    { id: 'code', header: msg`Documento`, value: (row) => row.code },
    { id: 'kind', header: msg`Tipo`, value: (row) => row.kind, render: (row) => <Badge variant="dot" style={{ minWidth: 'max-content' }}>{row.kind === 'asn' ? 'ASN' : 'PO'}</Badge> },
    { id: 'supplier__name', header: msg`Fornecedor`, value: (row) => `${row.supplier.code} — ${row.supplier.name}` },
    { id: 'expected_date', header: msg`Data prevista`, value: (row) => row.expected_date, kind: 'date' },
    { id: 'lines_count', header: msg`Linhas`, value: (row) => row.lines_count, kind: 'number', sortable: false },
    {
      id: 'status',
      header: msg`Situação`,
      value: (row) => row.status,
      render: (row) => (row.status === 'receiving' ? <Trans>Recebendo</Trans> : <Trans>Aberto</Trans>),
    },
    {
      id: 'select',
      header: msg`Ações`,
      value: () => null,
      sortable: false,
      render: (row) => (
        <Button
          size="compact-sm"
          variant={row.id === selectedId ? 'filled' : 'light'}
          aria-pressed={row.id === selectedId}
          aria-label={t`Selecionar ${row.code}`}
          onClick={() => onSelect(row)}
        >
          {row.id === selectedId ? <Trans>Selecionado</Trans> : <Trans>Selecionar</Trans>}
        </Button>
      ),
    },
  ]
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        <Trans>Escolha o pedido de compra (PO) ou o aviso de recebimento (ASN) que chegou.</Trans>
      </Text>
      <DataTable tableId="receiving.documents" label={t`Documentos de recebimento`} columns={columns} query={inboundDocumentsQueryOptions} getRowId={(row) => String(row.id)} />
    </>
  )
}
