import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { companiesQueryOptions } from '../api/get-companies'
import type { Company } from '../core-types'
import type { ListState } from '../../../lib/list-search'

const columns: DataColumn<Company>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
]

/** Its params come from the list screen's URL (issue 13 §5); without them the table keeps its own. */
export function CompaniesTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t } = useLingui()
  return (
    <DataTable
      params={params}
      onParamsChange={onParamsChange}
      tableId="core.companies"
      label={t`Empresas`}
      columns={columns}
      query={companiesQueryOptions}
      getRowId={(row) => String(row.id)}
    />
  )
}
