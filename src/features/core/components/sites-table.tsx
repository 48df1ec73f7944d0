import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { sitesQueryOptions } from '../api/get-sites'
import type { Site } from '../core-types'
import type { ListState } from '../../../lib/list-search'
import { useResourceEditor } from '../../../components/resource-form'
import { siteResource } from '../core-resources'

const columns: DataColumn<Site>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
  { id: 'company__code', header: msg`Empresa`, value: (row) => row.company?.code },
]

/** Its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. */
export function SitesTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t } = useLingui()
  const editor = useResourceEditor(siteResource)
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="core.sites"
        label={t`Sites`}
        columns={[...columns, editor.column]}
        query={sitesQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={editor.toolbar}
      />
      {editor.modal}
    </>
  )
}
