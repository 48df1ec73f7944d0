import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Group } from '@mantine/core'
import { CsvTransfer } from '../../../components/csv-transfer'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { storageCategoriesQueryOptions } from '../api/get-storage-categories'
import type { StorageCategory } from '../core-types'
import type { ListState } from '../../../lib/list-search'
import { useResourceEditor } from '../../../components/resource-form'
import { MIXING_LABEL, storageCategoryResource } from '../core-resources'
import { storageClassLabel } from '../../../lib/type-labels'

/** §20.3: what a location of each category may hold. */
export function StorageCategoriesTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t, i18n } = useLingui()
  const editor = useResourceEditor(storageCategoryResource)
  const columns: DataColumn<StorageCategory>[] = [
    { id: 'code', header: msg`Código`, value: (row) => row.code },
    { id: 'name', header: msg`Nome`, value: (row) => row.name },
    { id: 'max_pallets', header: msg`Máximo de paletes`, value: (row) => row.max_pallets ?? '—' },
    { id: 'max_weight_kg', header: msg`Peso máximo (kg)`, value: (row) => (row.max_weight_kg === null ? '—' : Number(row.max_weight_kg)) },
    {
      id: 'allowed_storage_classes',
      header: msg`Classes aceitas`,
      sortable: false,
      value: (row) => (row.allowed_storage_classes.length ? row.allowed_storage_classes.map((c) => storageClassLabel(i18n, c)).join(', ') : t`Qualquer`),
    },
    { id: 'mixing', header: msg`Mistura`, value: (row) => i18n._(MIXING_LABEL[row.mixing]) },
  ]
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="core.storage-categories"
        label={t`Categorias de armazenagem`}
        columns={[...columns, editor.column]}
        query={storageCategoriesQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={() => (
          <Group gap="xs">
            {editor.toolbar?.()}
            <CsvTransfer resource="storage_categories" title={t`Importar categorias de armazenagem (CSV)`} invalidate={storageCategoryResource.invalidate} />
          </Group>
        )}
      />
      {editor.modal}
    </>
  )
}
