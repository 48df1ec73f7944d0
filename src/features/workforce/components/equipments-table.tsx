import { Badge } from '@mantine/core'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { equipmentKindLabel } from '../../../lib/type-labels'
import { equipmentsQueryOptions } from '../api/get-equipments'
import type { Equipment } from '../workforce-types'
import type { ListState } from '../../../lib/list-search'
import { useResourceEditor } from '../../../components/resource-form'
import { equipmentResource } from '../workforce-resources'
import { EQUIPMENT_STATUS as STATUS } from './equipment-status'

function StatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui()
  const known = STATUS[status]
  return (
    <Badge color={known?.color ?? 'gray'} variant="dot">
      {known ? i18n._(known.label) : status}
    </Badge>
  )
}

const columns = (i18n: I18n): DataColumn<Equipment>[] => [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
  { id: 'kind', header: msg`Tipo`, value: (row) => row.kind, render: (row) => equipmentKindLabel(i18n, row.kind) },
  { id: 'status', header: msg`Situação`, value: (row) => row.status, render: (row) => <StatusBadge status={row.status} /> },
  { id: 'warehouse', header: msg`Armazém`, value: (row) => row.warehouse?.code ?? '—', sortable: false },
]

/** Its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. */
export function EquipmentsTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t, i18n } = useLingui()
  const editor = useResourceEditor(equipmentResource)
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="workforce.equipments"
        label={t`Equipamentos`}
        columns={[...columns(i18n), editor.column]}
        query={equipmentsQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={editor.toolbar}
      />
      {editor.modal}
    </>
  )
}
