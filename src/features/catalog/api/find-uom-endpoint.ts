import { queryOptions } from '@tanstack/react-query'
import { createActor, fromPromise, toPromise } from 'xstate'
import { probeMachine, type ProbeAttempt } from '../../../../machines/probe/probe.machine'
import { api, ApiError } from '../../../lib/api-client'
import { catalogKeys } from '../catalog-query-keys'

// SPEC 7: the UOM list answers at one of these paths, depending on the backend version
export const UOM_CANDIDATES = ['/product/uoms/', '/product/uom/', '/product/uoms-list/', '/uoms/'] as const

export class UomEndpointNotFoundError extends Error {
  readonly tested: readonly string[]
  constructor(tested: readonly ProbeAttempt[]) {
    const paths = tested.map((attempt) => `/api${attempt.path}`)
    super(`Nenhum endpoint de UOM encontrado (testados: ${paths.join(', ')})`)
    this.name = 'UomEndpointNotFoundError'
    this.tested = paths
  }
}

/** The probe's request: the HTTP status, or a throw when nothing answered. */
async function check({ input }: { input: { path: string } }): Promise<number> {
  try {
    await api.get<unknown>(input.path, { query: { page: 1, page_size: 1 } })
    return 200
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) return error.status
    throw error
  }
}

/** Runs the probe machine over the candidates; the first answering 2xx, 401 or 403 wins. */
export async function findUomEndpoint(): Promise<string> {
  const actor = createActor(probeMachine.provide({ actors: { check: fromPromise(check) } }), {
    input: { candidates: UOM_CANDIDATES },
  })
  actor.start()
  const result = await toPromise(actor)
  if (result.kind === 'found') return result.path
  if (result.kind === 'unreachable') throw new ApiError({ status: 0, method: 'GET', url: UOM_CANDIDATES[0] })
  throw new UomEndpointNotFoundError(result.tested)
}

export function uomEndpointQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.uomEndpoint(),
    queryFn: findUomEndpoint,
    // SPEC 7: the winner is remembered for the visit; a failed probe runs again next time
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  })
}
