/**
 * SPEC 2.6, 2.14: a table's column order and hidden columns, kept per user's browser under the
 * table's id (global, like the theme), and the hook that keeps them in step with the table.
 */
import { useState } from 'react'
import type { ColumnOrderState } from '@tanstack/react-table'
import { tableColumnsKey } from '../lib/table-storage'

interface StoredColumns {
  order: ColumnOrderState
  hidden: string[]
}

function defaultColumns(ids: string[], defaultHidden: string[] = []): StoredColumns {
  return { order: ids, hidden: defaultHidden.filter((id) => ids.includes(id)) }
}

function readColumns(tableId: string, ids: string[], defaultHidden: string[] = []): StoredColumns {
  const initial = defaultColumns(ids, defaultHidden)
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(tableColumnsKey(tableId)) ?? 'null')
    if (typeof raw !== 'object' || raw === null) return initial
    const record = raw as Record<string, unknown>
    const order = Array.isArray(record.order) ? record.order.filter((id): id is string => typeof id === 'string' && ids.includes(id)) : []
    const hidden = Array.isArray(record.hidden) ? record.hidden.filter((id): id is string => typeof id === 'string' && ids.includes(id)) : []
    // columns added since the preference was saved go at the end
    return { order: [...order, ...ids.filter((id) => !order.includes(id))], hidden: hidden.length < ids.length ? hidden : [] }
  } catch {
    return initial
  }
}

function writeColumns(tableId: string, value: StoredColumns): void {
  try {
    localStorage.setItem(tableColumnsKey(tableId), JSON.stringify(value))
  } catch {
    // storage unavailable: the layout lasts this visit only
  }
}

/** `id` moved by `delta` places in `order` (unchanged at either end). */
export function moved(order: string[], id: string, delta: number): string[] {
  const from = order.indexOf(id)
  const to = from + delta
  if (from < 0 || to < 0 || to >= order.length) return order
  const next = order.filter((entry) => entry !== id)
  next.splice(to, 0, id)
  return next
}

/** `sourceId` dropped on `targetId`: before it when coming from the right, after it when from the left. */
export function dropped(order: string[], sourceId: string, targetId: string): string[] {
  const next = order.filter((id) => id !== sourceId)
  next.splice(next.indexOf(targetId) + (order.indexOf(sourceId) < order.indexOf(targetId) ? 1 : 0), 0, sourceId)
  return next
}

/** The stored layout of `tableId` and a setter that keeps it; `reset` goes back to the defaults. */
export function useColumnPreferences(tableId: string, columnIds: string[], defaultHidden?: string[]) {
  const [held, setHeld] = useState<{ tableId: string; columns: StoredColumns }>(() => ({ tableId, columns: readColumns(tableId, columnIds, defaultHidden) }))
  // one DataTable may show another table in place (shipping's orders, then its waves): that table's own layout, not
  // the first one's (SPEC 2.14: the waves table showed its actions second, after the order table's 'code')
  let stored = held.columns
  if (held.tableId !== tableId) {
    stored = readColumns(tableId, columnIds, defaultHidden)
    setHeld({ tableId, columns: stored })
  }
  const persist = (next: StoredColumns) => {
    setHeld({ tableId, columns: next })
    writeColumns(tableId, next)
  }
  return { stored, persist, reset: () => persist(defaultColumns(columnIds, defaultHidden)) }
}
