import { queryOptions } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api-client'
import { probeEndpoint, type ProbeAttempt } from '../../../lib/api-client-probe'
import { inventoryKeys } from '../inventory-query-keys'

/** The probe key; the dashboard's stock-line count probes under the same key, so one winner serves both. */
export const STOCK_PROBE_KEY = 'stock'

// SPEC 7: the stock list answers at one of these paths, depending on the backend version
export const STOCK_CANDIDATES = [
  '/inventory/stock/',
  '/inventory/stock-items/',
  '/inventory/stockitems/',
  '/inventory/stock-lines/',
  '/stock/',
  '/stock-items/',
] as const

/** SPEC 8: no candidate answered 2xx, 401 or 403. */
export class StockEndpointNotFoundError extends Error {
  /** the full paths tried */
  readonly tested: readonly string[]
  constructor(tested: readonly ProbeAttempt[]) {
    const paths = tested.map((attempt) => `/api${attempt.path}`)
    super(`Nenhum endpoint de estoque encontrado (testados: ${paths.join(', ')})`)
    this.name = 'StockEndpointNotFoundError'
    this.tested = paths
  }
}

/** The probe machine over the candidates; the winner is remembered for the browser session. */
export async function findStockEndpoint(): Promise<string> {
  const result = await probeEndpoint(STOCK_PROBE_KEY, STOCK_CANDIDATES)
  if (result.kind === 'found') return result.path
  // nothing answered at all: the backend is down, which is not the same as a missing route
  if (result.kind === 'unreachable') throw new ApiError({ status: 0, method: 'GET', url: STOCK_CANDIDATES[0] })
  throw new StockEndpointNotFoundError(result.tested)
}

export function stockEndpointQueryOptions() {
  return queryOptions({
    queryKey: inventoryKeys.stockEndpoint(),
    queryFn: findStockEndpoint,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  })
}
