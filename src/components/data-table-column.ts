/** A DataTable's column: what the table and its cells both read. */
import type { MessageDescriptor } from '@lingui/core'
import type { ReactNode } from 'react'

export type ColumnKind = 'text' | 'number' | 'date' | 'boolean'

export interface DataColumn<T> {
  /** the DRF field name, also sent as `ordering` (a related field is written `warehouse__code`) */
  id: string
  header: MessageDescriptor
  value: (row: T) => unknown
  /** custom cell content; without it the value is formatted by `kind` */
  render?: (row: T, locale: string) => ReactNode
  kind?: ColumnKind
  /** numbers are right-aligned by default; a right-aligned column sorts descending first (SPEC 4) */
  align?: 'left' | 'right'
  sortable?: boolean
  /** a code (a location, a lot, a document, an SSCC) is one token: it never breaks at its hyphens */
  nowrap?: boolean
}
