import { useState } from 'react'
import { Button } from '@mantine/core'
import { IconRoute } from '@tabler/icons-react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { warehousesQueryOptions } from '../api/get-warehouses'
import type { Warehouse } from '../core-types'
import type { ListState } from '../../../lib/list-search'
import { useResourceEditor } from '../../../components/resource-form'
import { warehouseResource } from '../core-resources'
import { WarehouseLayoutModal } from './warehouse-layout-modal'

const columns: DataColumn<Warehouse>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
  { id: 'site__code', header: msg`Site`, value: (row) => row.site?.code },
  { id: 'timezone', header: msg`Fuso horário`, value: (row) => row.timezone },
]

/** Its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. */
export function WarehousesTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t } = useLingui()
  const [layoutOf, setLayoutOf] = useState<Warehouse | null>(null)
  // SPEC 18.1: the layout rule is edited where the warehouse is, by who edits master data (the row's button is
  // rendered by the table, after the editor below says who may edit)
  const editor = useResourceEditor(warehouseResource, (row) => (
    <Button
      size="compact-sm"
      variant="subtle"
      leftSection={<IconRoute size={14} aria-hidden />}
      aria-label={t`Layout de ${row.code}`}
      disabled={!editor.canEdit}
      onClick={() => setLayoutOf(row)}
    >
      <Trans>Layout</Trans>
    </Button>
  ))
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="core.warehouses"
        label={t`Armazéns`}
        columns={[...columns, editor.column]}
        query={warehousesQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={editor.toolbar}
      />
      {editor.modal}
      {layoutOf ? <WarehouseLayoutModal key={layoutOf.id} warehouse={layoutOf} onClose={() => setLayoutOf(null)} /> : null}
    </>
  )
}
