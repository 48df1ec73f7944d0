import { queryOptions } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api-client'
import { probeEndpoint, type ProbeAttempt } from '../../../lib/api-client-probe'
import { catalogKeys } from '../catalog-query-keys'

// SPEC 7: the UOM list answers at one of these paths, depending on the backend version
export const UOM_CANDIDATES = ['/product/uoms/', '/product/uom/', '/product/uoms-list/', '/uoms/'] as const

export class UomEndpointNotFoundError extends Error {
  /** the full paths tried, for SPEC 8's 'Nenhum endpoint de UOM encontrado (testados: ...)' */
  readonly tested: readonly string[]
  constructor(tested: readonly ProbeAttempt[]) {
    const paths = tested.map((attempt) => `/api${attempt.path}`)
    super(`Nenhum endpoint de UOM encontrado (testados: ${paths.join(', ')})`)
    this.name = 'UomEndpointNotFoundError'
    this.tested = paths
  }
}

/** The probe machine over the candidates: the first answering 2xx, 401 or 403 wins and is remembered. */
export async function findUomEndpoint(): Promise<string> {
  const result = await probeEndpoint('uoms', UOM_CANDIDATES)
  if (result.kind === 'found') return result.path
  // nothing answered at all: the backend is down, which is not the same as a missing route
  if (result.kind === 'unreachable') throw new ApiError({ status: 0, method: 'GET', url: UOM_CANDIDATES[0] })
  throw new UomEndpointNotFoundError(result.tested)
}

export function uomEndpointQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.uomEndpoint(),
    queryFn: findUomEndpoint,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  })
}
