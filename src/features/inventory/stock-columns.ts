import { createElement } from 'react'
import { msg } from '@lingui/core/macro'
import type { DataColumn } from '../../components/data-table'
import type { StockLine } from './inventory-types'
import { ExpiryCell, StockStatusBadge } from './components/stock-status-badge'
import { csvQty, neutralizeFormula, type CsvValue } from './stock-csv'

export interface StockColumn extends DataColumn<StockLine> {
  /** the value written to the CSV export: exact, quantities without trailing zeros */
  csv: (row: StockLine) => CsvValue
}

const text = (value: string | null | undefined): CsvValue => (value === null || value === undefined ? null : neutralizeFormula(value))

/** SPEC 3 "Stock item"; ids are the API's ordering names (server/modules/inventory STOCK_ORDERING). */
export const STOCK_COLUMNS: StockColumn[] = [
  { id: 'product__code', header: msg`Produto`, value: (row) => row.product.code, csv: (row) => text(row.product.code) },
  { id: 'product__name1', header: msg`Descrição`, value: (row) => row.product.name1, csv: (row) => text(row.product.name1) },
  { id: 'location__code', header: msg`Localização`, value: (row) => row.location.code, csv: (row) => text(row.location.code) },
  { id: 'lot', header: msg`Lote`, value: (row) => row.lot, csv: (row) => text(row.lot) },
  { id: 'pallet_code', header: msg`Palete`, value: (row) => row.pallet_code, csv: (row) => text(row.pallet_code) },
  { id: 'sscc', header: msg`SSCC`, value: (row) => row.sscc, csv: (row) => text(row.sscc) },
  { id: 'qty', header: msg`Quantidade`, kind: 'number', value: (row) => row.qty, csv: (row) => csvQty(row.qty) },
  { id: 'reserved_qty', header: msg`Reservado`, kind: 'number', value: (row) => row.reserved_qty, csv: (row) => csvQty(row.reserved_qty) },
  { id: 'uom', header: msg`UM`, value: (row) => row.uom, csv: (row) => text(row.uom) },
  {
    id: 'expiry_date',
    header: msg`Validade`,
    kind: 'date',
    value: (row) => row.expiry_date,
    // SPEC 10.5: expired and near-expiry lines are marked
    render: (row) => createElement(ExpiryCell, { line: row }),
    csv: (row) => row.expiry_date,
  },
  {
    id: 'status',
    header: msg`Situação`,
    value: (row) => row.status,
    render: (row) => createElement(StockStatusBadge, { line: row }),
    csv: (row) => row.status,
    sortable: false,
  },
  { id: 'owner__name', header: msg`Proprietário`, value: (row) => row.owner?.name, csv: (row) => text(row.owner?.name) },
]
