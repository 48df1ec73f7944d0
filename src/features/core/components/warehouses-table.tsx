import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { warehousesQueryOptions } from '../api/get-warehouses'
import type { Warehouse } from '../core-types'

const columns: DataColumn<Warehouse>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
  { id: 'site__code', header: msg`Site`, value: (row) => row.site?.code },
  { id: 'timezone', header: msg`Fuso horário`, value: (row) => row.timezone },
]

export function WarehousesTable() {
  const { t } = useLingui()
  return (
    <DataTable
      tableId="core.warehouses"
      label={t`Armazéns`}
      columns={columns}
      query={warehousesQueryOptions}
      getRowId={(row) => String(row.id)}
    />
  )
}
