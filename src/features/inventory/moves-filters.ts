/**
 * The ledger's filters (SPEC 10.7), kept in the URL beside the list's page, search and ordering
 * (STYLE habit 17), under the API's own names so a link reads like the request it makes.
 */
import { MOVE_REASONS } from '../../../contracts/inventory/inventory.rules'
import type { MoveReason } from './inventory-types'

export interface MoveFilters {
  product?: number
  location?: number
  stock_line?: number
  user?: number
  lot?: string
  pallet_code?: string
  sscc?: string
  /** one or more reasons */
  reason?: MoveReason[]
  date_from?: string
  date_to?: string
}

const ID_FILTERS = ['product', 'location', 'stock_line', 'user'] as const
const TEXT_FILTERS = ['lot', 'pallet_code', 'sscc'] as const
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The filters a URL may carry, dropping what is malformed (a pasted link can say anything). */
export function validateMoveFilters(raw: Record<string, unknown>): MoveFilters {
  const out: MoveFilters = {}
  for (const key of ID_FILTERS) {
    const value = Number(raw[key])
    if (Number.isInteger(value) && value > 0 && value <= 2_147_483_647) out[key] = value
  }
  for (const key of TEXT_FILTERS) {
    const value = typeof raw[key] === 'number' ? String(raw[key]) : raw[key]
    if (typeof value === 'string' && value.trim() !== '' && value.length <= 100) out[key] = value.trim()
  }
  const reasons = (Array.isArray(raw.reason) ? raw.reason : typeof raw.reason === 'string' ? raw.reason.split(',') : []).filter(
    (reason): reason is MoveReason => typeof reason === 'string' && (MOVE_REASONS as readonly string[]).includes(reason),
  )
  if (reasons.length > 0) out.reason = [...new Set(reasons)]
  for (const key of ['date_from', 'date_to'] as const) {
    const value = raw[key]
    if (typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value))) out[key] = value
  }
  return out
}

/** The query string of GET /inventory/moves/ for these filters. */
export function moveFilterQuery(filters: MoveFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(filters) as [keyof MoveFilters, MoveFilters[keyof MoveFilters]][]) {
    if (value === undefined) continue
    query[key] = Array.isArray(value) ? value.join(',') : value
  }
  return query
}

export const hasMoveFilters = (filters: MoveFilters) => Object.values(filters).some((value) => value !== undefined)
