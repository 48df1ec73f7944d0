import { Group } from '@mantine/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { carriersQueryOptions } from '../api/get-carriers'
import type { Carrier } from '../partners-types'
import type { ListState } from '../../../lib/list-search'
import { useResourceEditor } from '../../../components/resource-form'
import { CsvTransfer } from '../../../components/csv-transfer'
import { carrierResource } from '../partners-resources'

const columns: DataColumn<Carrier>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
  { id: 'cutoff_time', header: msg`Horário de corte`, value: (row) => row.cutoff_time ?? '' },
]

/** Its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. */
export function CarriersTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t } = useLingui()
  const editor = useResourceEditor(carrierResource)
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="partners.carriers"
        label={t`Transportadoras`}
        columns={[...columns, editor.column]}
        query={carriersQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={() => (
          <Group gap="xs">
            {editor.toolbar?.()}
            <CsvTransfer resource="carriers" title={t`Importar transportadoras (CSV)`} invalidate={carrierResource.invalidate} />
          </Group>
        )}
      />
      {editor.modal}
    </>
  )
}
