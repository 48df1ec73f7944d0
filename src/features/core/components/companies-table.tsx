import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { companiesQueryOptions } from '../api/get-companies'
import type { Company } from '../core-types'
import type { ListState } from '../../../lib/list-search'
import { useResourceEditor } from '../../../components/resource-form'
import { companyResource } from '../core-resources'

const columns: DataColumn<Company>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
]

/** Its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. */
export function CompaniesTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t } = useLingui()
  const editor = useResourceEditor(companyResource)
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="core.companies"
        label={t`Empresas`}
        columns={[...columns, editor.column]}
        query={companiesQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={editor.toolbar}
      />
      {editor.modal}
    </>
  )
}
