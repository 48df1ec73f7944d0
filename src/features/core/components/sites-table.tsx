import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { sitesQueryOptions } from '../api/get-sites'
import type { Site } from '../core-types'

const columns: DataColumn<Site>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
  { id: 'company__code', header: msg`Empresa`, value: (row) => row.company?.code },
]

export function SitesTable() {
  const { t } = useLingui()
  return (
    <DataTable
      tableId="core.sites"
      label={t`Sites`}
      columns={columns}
      query={sitesQueryOptions}
      getRowId={(row) => String(row.id)}
    />
  )
}
