import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { inventoryKeys } from '../inventory-query-keys'
import type { ScanResponse } from '../inventory-types'

/** SPEC 7 "Scan": what a product, GTIN, lot, pallet or location code names. An unknown code is an empty result. */
export function getScan(code: string, signal?: AbortSignal): Promise<ScanResponse> {
  return api.get<ScanResponse>('/inventory/scan/', { query: { code }, signal })
}

export function scanQueryOptions(code: string) {
  return queryOptions({
    queryKey: inventoryKeys.scan(code),
    queryFn: ({ signal }) => getScan(code, signal),
    // a scan asks about stock now: a repeated scan asks the server again
    staleTime: 0,
  })
}
