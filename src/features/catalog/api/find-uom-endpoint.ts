import { queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '../../../lib/api-client'
import { catalogKeys } from '../catalog-query-keys'

// SPEC 7: the UOM list answers at one of these paths, depending on the backend version
export const UOM_CANDIDATES = ['/product/uoms/', '/product/uom/', '/product/uoms-list/', '/uoms/'] as const

export class UomEndpointNotFoundError extends Error {
  readonly tested: readonly string[]
  constructor(tested: readonly string[]) {
    super(`Nenhum endpoint de UOM encontrado (testados: ${tested.join(', ')})`)
    this.name = 'UomEndpointNotFoundError'
    this.tested = tested
  }
}

/** A candidate exists when it answers 2xx, 401 or 403 (SPEC 7); the first one wins. */
export async function findUomEndpoint(): Promise<string> {
  for (const candidate of UOM_CANDIDATES) {
    try {
      await api.get<unknown>(candidate, { query: { page: 1, page_size: 1 } })
      return candidate
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return candidate
    }
  }
  throw new UomEndpointNotFoundError(UOM_CANDIDATES.map((candidate) => `/api${candidate}`))
}

export function uomEndpointQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.uomEndpoint(),
    queryFn: findUomEndpoint,
    // the winner is remembered for the visit; a failed probe is tried again next time
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  })
}
