import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { inventoryKeys } from '../inventory-query-keys'
import type { StockMove } from '../inventory-types'
import { moveFilterQuery, type MoveFilters } from '../moves-filters'

/** SPEC 10.7: GET /inventory/moves/, newest first, with the ledger's filters. */
export async function getMoves(params: ListParams, filters: MoveFilters, signal?: AbortSignal): Promise<Paged<StockMove>> {
  return toPaged<StockMove>(await api.get<unknown>('/inventory/moves/', { query: { ...toListQuery(params), ...moveFilterQuery(filters) }, signal }))
}

export function movesQueryOptions(params: ListParams, filters: MoveFilters) {
  return queryOptions({
    queryKey: inventoryKeys.moves(params, { ...filters }),
    queryFn: ({ signal }) => getMoves(params, filters, signal),
    staleTime: LIST_STALE_TIME,
  })
}

export const MOVES_EXPORT_PAGE_SIZE = 100
/** Like the stock export: beyond this a report belongs on the server. */
export const MOVES_EXPORT_MAX = 10_000

/** Every move of one search and filter, page by page, up to MOVES_EXPORT_MAX. */
export async function getAllMoves(
  params: Pick<ListParams, 'search' | 'ordering'>,
  filters: MoveFilters,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (done: number, expected: number) => void } = {},
): Promise<{ moves: StockMove[]; count: number; capped: boolean }> {
  const moves: StockMove[] = []
  let count = 0
  for (let page = 1; ; page++) {
    const answer = await getMoves({ page, pageSize: MOVES_EXPORT_PAGE_SIZE, search: params.search, ordering: params.ordering }, filters, signal)
    if (page === 1) count = answer.count
    moves.push(...answer.results)
    onProgress?.(Math.min(moves.length, MOVES_EXPORT_MAX), Math.min(count, MOVES_EXPORT_MAX))
    if (answer.results.length < MOVES_EXPORT_PAGE_SIZE || moves.length >= count || moves.length >= MOVES_EXPORT_MAX) break
  }
  return { moves: moves.slice(0, MOVES_EXPORT_MAX), count, capped: count > MOVES_EXPORT_MAX }
}
