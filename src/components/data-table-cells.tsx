/** The cells of a DataTable: a value formatted by its column's kind, and a column's alignment. */
import { Box } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { formatDate, formatNumber } from '../lib/format'
import type { ColumnKind, DataColumn } from './data-table-column'

export function alignOf<T>(column: DataColumn<T>): 'left' | 'right' {
  return column.align ?? (column.kind === 'number' ? 'right' : 'left')
}

export function CellValue({ value, kind, locale }: { value: unknown; kind: ColumnKind; locale: string }) {
  const { t } = useLingui()
  if (value === null || value === undefined || value === '') return <Box component="span" c="dimmed">—</Box>
  if (kind === 'number') {
    const number = typeof value === 'number' ? value : Number(value)
    return <>{Number.isFinite(number) ? formatNumber(number, locale) : String(value)}</>
  }
  if (kind === 'date' && (typeof value === 'string' || value instanceof Date)) return <>{formatDate(value, locale)}</>
  if (kind === 'boolean' || typeof value === 'boolean') return <>{value ? t`Sim` : t`Não`}</>
  return <>{String(value)}</>
}
