import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { parkingSpotsQueryOptions } from '../api/get-parking-spots'
import type { ParkingSpot } from '../workforce-types'
import type { ListState } from '../../../lib/list-search'
import { useResourceEditor } from '../../../components/resource-form'
import { parkingSpotResource } from '../workforce-resources'

const columns: DataColumn<ParkingSpot>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
  { id: 'warehouse', header: msg`Armazém`, value: (row) => row.warehouse?.code ?? '—', sortable: false },
]

/** Its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. */
export function ParkingSpotsTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t } = useLingui()
  const editor = useResourceEditor(parkingSpotResource)
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="workforce.parking-spots"
        label={t`Vagas de estacionamento`}
        columns={[...columns, editor.column]}
        query={parkingSpotsQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={editor.toolbar}
      />
      {editor.modal}
    </>
  )
}
