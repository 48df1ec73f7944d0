import { Group } from '@mantine/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { customersQueryOptions } from '../api/get-customers'
import type { Customer } from '../partners-types'
import type { ListState } from '../../../lib/list-search'
import { useResourceEditor } from '../../../components/resource-form'
import { CsvTransfer } from '../../../components/csv-transfer'
import { customerResource } from '../partners-resources'

const columns: DataColumn<Customer>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
]

/** Its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. */
export function CustomersTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t } = useLingui()
  const editor = useResourceEditor(customerResource)
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="partners.customers"
        label={t`Clientes`}
        columns={[...columns, editor.column]}
        query={customersQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={() => (
          <Group gap="xs">
            {editor.toolbar?.()}
            <CsvTransfer resource="customers" title={t`Importar clientes (CSV)`} invalidate={customerResource.invalidate} />
          </Group>
        )}
      />
      {editor.modal}
    </>
  )
}
