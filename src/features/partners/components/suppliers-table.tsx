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

export function SuppliersTable() {
  const { t } = useLingui()
  return (
    <DataTable
      tableId="partners.suppliers"
      label={t`Fornecedores`}
      columns={columns}
      query={suppliersQueryOptions}
      getRowId={(row) => String(row.id)}
    />
  )
}
