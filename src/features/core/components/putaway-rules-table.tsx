import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { putawayRulesQueryOptions } from '../api/get-putaway-rules'
import type { PutawayRule } from '../core-types'
import type { ListState } from '../../../lib/list-search'
import { useResourceEditor } from '../../../components/resource-form'
import { putawayRuleResource } from '../core-resources'

const columns: DataColumn<PutawayRule>[] = [
  { id: 'sequence', header: msg`Sequência`, value: (row) => row.sequence },
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'warehouse__code', header: msg`Armazém`, value: (row) => row.warehouse.code },
  { id: 'product__code', header: msg`Produto`, value: (row) => row.product.code },
  { id: 'locations', header: msg`Localizações preferidas`, sortable: false, value: (row) => row.locations.map((l) => l.code).join(' → ') || '—' },
  { id: 'zone', header: msg`Zona preferida`, value: (row) => row.zone ?? '—' },
]

/** §20.3: where each product's pallets go first, in the order the suggestions try them. */
export function PutawayRulesTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t } = useLingui()
  const editor = useResourceEditor(putawayRuleResource)
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="core.putaway-rules"
        label={t`Regras de armazenagem`}
        columns={[...columns, editor.column]}
        query={putawayRulesQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={editor.toolbar}
      />
      {editor.modal}
    </>
  )
}
