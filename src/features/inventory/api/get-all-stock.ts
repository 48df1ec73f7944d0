import type { QueryClient } from '@tanstack/react-query'
import type { ListParams } from '../../../lib/list-query'
import type { StockLine } from '../inventory-types'
import { stockEndpointQueryOptions } from './find-stock-endpoint'
import { getStock } from './get-stock'

export const EXPORT_PAGE_SIZE = 100
/** An export stops here: a browser tab holds this much comfortably, and beyond it a report belongs on the server. */
export const EXPORT_MAX_LINES = 10_000

export interface AllStock {
  lines: StockLine[]
  /** how many lines the search matches on the server */
  count: number
  /** true when the search matched more than EXPORT_MAX_LINES and only the first ones were read */
  capped: boolean
}

/**
 * Every line of one search and ordering, page by page (page_size 100), up to EXPORT_MAX_LINES.
 * `onProgress` is told how many lines have arrived and how many are expected.
 */
export async function getAllStock(
  queryClient: QueryClient,
  search: Pick<ListParams, 'search' | 'ordering'>,
  { signal, onProgress, maxLines = EXPORT_MAX_LINES }: { signal?: AbortSignal; onProgress?: (done: number, expected: number) => void; maxLines?: number } = {},
): Promise<AllStock> {
  const endpoint = await queryClient.ensureQueryData(stockEndpointQueryOptions())
  const lines: StockLine[] = []
  let count = 0
  for (let page = 1; ; page++) {
    const answer = await getStock(endpoint, { page, pageSize: EXPORT_PAGE_SIZE, search: search.search, ordering: search.ordering }, signal)
    if (page === 1) count = answer.count
    lines.push(...answer.results)
    onProgress?.(Math.min(lines.length, maxLines), Math.min(count, maxLines))
    // a short page is the last one, whatever count said (lines may have gone meanwhile)
    if (answer.results.length < EXPORT_PAGE_SIZE || lines.length >= count || lines.length >= maxLines) break
  }
  return { lines: lines.slice(0, maxLines), count, capped: count > maxLines }
}
