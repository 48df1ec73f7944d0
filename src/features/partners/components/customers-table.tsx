import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { customersQueryOptions } from '../api/get-customers'
import type { Customer } from '../partners-types'

const columns: DataColumn<Customer>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
]

export function CustomersTable() {
  const { t } = useLingui()
  return (
    <DataTable
      tableId="partners.customers"
      label={t`Clientes`}
      columns={columns}
      query={customersQueryOptions}
      getRowId={(row) => String(row.id)}
    />
  )
}
