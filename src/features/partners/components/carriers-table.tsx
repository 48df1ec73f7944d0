import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { carriersQueryOptions } from '../api/get-carriers'
import type { Carrier } from '../partners-types'

const columns: DataColumn<Carrier>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
]

export function CarriersTable() {
  const { t } = useLingui()
  return (
    <DataTable
      tableId="partners.carriers"
      label={t`Transportadoras`}
      columns={columns}
      query={carriersQueryOptions}
      getRowId={(row) => String(row.id)}
    />
  )
}
