import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { companiesQueryOptions } from '../api/get-companies'
import type { Company } from '../core-types'

const columns: DataColumn<Company>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
]

export function CompaniesTable() {
  const { t } = useLingui()
  return (
    <DataTable
      tableId="core.companies"
      label={t`Empresas`}
      columns={columns}
      query={companiesQueryOptions}
      getRowId={(row) => String(row.id)}
    />
  )
}
