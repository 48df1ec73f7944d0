import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { api, ApiError } from '../../../lib/api-client'
import { forgetProbe } from '../../../lib/api-client-probe'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { inventoryKeys } from '../inventory-query-keys'
import type { StockLine } from '../inventory-types'
import { STOCK_PROBE_KEY, StockEndpointNotFoundError, stockEndpointQueryOptions } from './find-stock-endpoint'

export async function getStock(endpoint: string, params: ListParams, signal?: AbortSignal): Promise<Paged<StockLine>> {
  return toPaged<StockLine>(await api.get<unknown>(endpoint, { query: toListQuery(params), signal }))
}

/** The endpoint is probed once (SPEC 7), then the page is read from the winner. */
export function stockQueryOptions(queryClient: QueryClient, params: ListParams) {
  return queryOptions({
    queryKey: inventoryKeys.stock(params),
    queryFn: async ({ signal }) => {
      const endpoint = await queryClient.ensureQueryData(stockEndpointQueryOptions())
      try {
        return await getStock(endpoint, params, signal)
      } catch (error) {
        // a remembered winner that now answers 404 is forgotten, so the next try probes again
        if (error instanceof ApiError && error.status === 404) {
          forgetProbe(STOCK_PROBE_KEY)
          queryClient.removeQueries({ queryKey: inventoryKeys.stockEndpoint() })
        }
        throw error
      }
    },
    staleTime: LIST_STALE_TIME,
    // a probe that found nothing will find nothing a second later either
    retry: (failureCount, error) =>
      !(error instanceof StockEndpointNotFoundError) && !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  })
}
