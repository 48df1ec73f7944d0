import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { formatNumber } from '../../../lib/format'
import { productPacksQueryOptions } from '../api/get-product-packs'
import type { ProductPack } from '../catalog-types'
import type { ListState } from '../../../lib/list-search'

function hasValue(side: number | string | null): side is number | string {
  return side !== null && side !== '' && Number.isFinite(Number(side))
}

/** length × width × height, each in the user's locale; '—' when none is known */
function dimensions(row: ProductPack, locale: string): string {
  const sides = [row.length_mm, row.width_mm, row.height_mm]
  if (!sides.some(hasValue)) return '—'
  return sides.map((side) => (hasValue(side) ? formatNumber(Number(side), locale) : '?')).join(' × ')
}

const columns: DataColumn<ProductPack>[] = [
  { id: 'product__code', header: msg`Produto`, value: (row) => row.product.code },
  { id: 'uom__code', header: msg`UM`, value: (row) => row.uom?.code },
  { id: 'qty_per_pack', header: msg`Qtd. por embalagem`, value: (row) => row.qty_per_pack, kind: 'number' },
  { id: 'gtin', header: msg`GTIN`, value: (row) => row.gtin },
  { id: 'dimensions', header: msg`Dimensões (mm)`, value: (row) => row.length_mm, render: dimensions, sortable: false },
  { id: 'weight_kg', header: msg`Peso (kg)`, value: (row) => row.weight_kg, kind: 'number' },
]

/** Its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. */
export function ProductPacksTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t } = useLingui()
  return (
    <DataTable
      params={params}
      onParamsChange={onParamsChange}
      tableId="catalog.product-packs"
      label={t`Embalagens de produto`}
      columns={columns}
      query={productPacksQueryOptions}
      getRowId={(row) => String(row.id)}
    />
  )
}
