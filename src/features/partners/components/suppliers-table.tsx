import { Group } from '@mantine/core'
import type { ReactNode } from 'react'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { suppliersQueryOptions } from '../api/get-suppliers'
import type { Supplier } from '../partners-types'
import type { ListState } from '../../../lib/list-search'
import { useResourceEditor } from '../../../components/resource-form'
import { CsvTransfer } from '../../../components/csv-transfer'
import { supplierResource } from '../partners-resources'

const columns: DataColumn<Supplier>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
  { id: 'edi', header: msg`EDI`, value: (row) => row.edi },
  { id: 'priority', header: msg`Prioridade`, value: (row) => row.priority, kind: 'number' },
  { id: 'email', header: msg`E-mail`, value: (row) => row.email },
]

/**
 * `rowActions`: optional controls for each row (the route composes other features' actions here), in a last, unsorted column.
 * `params`: the page the list screen's URL names (SPEC 2.14); without them the table keeps its own.
 */
export function SuppliersTable({ rowActions, params, onParamsChange }: { rowActions?: (row: Supplier) => ReactNode } & Partial<ListState> = {}) {
  const { t } = useLingui()
  const editor = useResourceEditor(supplierResource, rowActions)
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="partners.suppliers"
        label={t`Fornecedores`}
        columns={[...columns, editor.column]}
        query={suppliersQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={() => (
          <Group gap="xs">
            {editor.toolbar?.()}
            <CsvTransfer resource="suppliers" title={t`Importar fornecedores (CSV)`} invalidate={supplierResource.invalidate} />
          </Group>
        )}
      />
      {editor.modal}
    </>
  )
}
