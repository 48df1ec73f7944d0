import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import type { LabelKind, LabelSuggestion } from '../../../../machines/label-print/label-print.machine'

// SPEC 7, 9: suggestions come 10 at a time
export const SUGGESTION_PAGE_SIZE = 10

interface LocationRow {
  id: number
  code: string
  name: string | null
}

interface StockRow {
  pallet_code: string | null
  sscc: string | null
  product: { code: string } | null
  location: { code: string } | null
}

/**
 * SPEC 7: locations by search (the value is the code, as the shelf shows it: SPEC 16.4; code and name shown); pallets
 * by pallet_code (the value is the pallet code; one line per pallet, a pallet holding several lines).
 */
export async function getLabelSuggestions(kind: LabelKind, query: string, signal?: AbortSignal): Promise<LabelSuggestion[]> {
  if (kind === 'location') {
    const body = await api.get<unknown>('/core/locations/', { query: { search: query, page_size: SUGGESTION_PAGE_SIZE }, signal })
    return toPaged<LocationRow>(body).results.map((l) => ({ value: l.code, label: l.name ? `${l.code} — ${l.name}` : l.code }))
  }
  const body = await api.get<unknown>('/inventory/stock-items/', { query: { pallet_code: query, page_size: SUGGESTION_PAGE_SIZE }, signal })
  const seen = new Map<string, LabelSuggestion>()
  for (const line of toPaged<StockRow>(body).results) {
    if (!line.pallet_code || seen.has(line.pallet_code)) continue
    const where = [line.product?.code, line.location?.code].filter(Boolean).join(' @ ')
    seen.set(line.pallet_code, { value: line.pallet_code, label: where ? `${line.pallet_code} — ${where}` : line.pallet_code })
  }
  return [...seen.values()]
}
