import { useMemo, type ReactNode } from 'react'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { suppliersQueryOptions } from '../api/get-suppliers'
import type { Supplier } from '../partners-types'

const columns: DataColumn<Supplier>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
  { id: 'edi', header: msg`EDI`, value: (row) => row.edi },
  { id: 'priority', header: msg`Prioridade`, value: (row) => row.priority, kind: 'number' },
  { id: 'email', header: msg`E-mail`, value: (row) => row.email },
]

/** `rowActions`: optional controls for each row (the route composes other features' actions here), in a last, unsorted column. */
export function SuppliersTable({ rowActions }: { rowActions?: (row: Supplier) => ReactNode } = {}) {
  const { t } = useLingui()
  const withActions = useMemo<DataColumn<Supplier>[]>(
    () =>
      rowActions
        ? [...columns, { id: 'actions', header: msg`Ações`, value: () => null, render: (row) => rowActions(row), sortable: false }]
        : columns,
    [rowActions],
  )
  return (
    <DataTable
      tableId="partners.suppliers"
      label={t`Fornecedores`}
      columns={withActions}
      query={suppliersQueryOptions}
      getRowId={(row) => String(row.id)}
    />
  )
}
