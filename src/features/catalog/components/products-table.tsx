import { useMemo, type ReactNode } from 'react'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { storageClassLabel } from '../../../lib/type-labels'
import { productsQueryOptions } from '../api/get-products'
import type { Product } from '../catalog-types'
import type { ListState } from '../../../lib/list-search'

const columns = (i18n: I18n): DataColumn<Product>[] => [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'variant', header: msg`Variante`, value: (row) => row.variant },
  { id: 'name1', header: msg`Nome`, value: (row) => row.name1 },
  { id: 'uom__code', header: msg`UM`, value: (row) => row.uom?.code },
  { id: 'storage_class', header: msg`Classe de armazenagem`, value: (row) => row.storage_class, render: (row) => storageClassLabel(i18n, row.storage_class) },
]

/**
 * Its params come from the list screen's URL (issue 13 §5); without them the table keeps its own.
 * `rowActions`: optional controls for each row (the route composes other features' actions here), in a last, unsorted column.
 */
export function ProductsTable({ params, onParamsChange, rowActions }: Partial<ListState> & { rowActions?: (row: Product) => ReactNode } = {}) {
  const { t, i18n } = useLingui()
  const all = useMemo(
    () => [...columns(i18n), ...(rowActions ? [{ id: 'actions', header: msg`Ações`, value: () => null, render: rowActions, sortable: false }] : [])],
    [i18n, rowActions],
  )
  return (
    <DataTable
      params={params}
      onParamsChange={onParamsChange}
      tableId="catalog.products"
      label={t`Produtos`}
      columns={all}
      query={productsQueryOptions}
      getRowId={(row) => String(row.id)}
    />
  )
}
