import { ApiError, api } from '../../lib/api-client'
import { probeEndpoint, type ProbeAttempt } from '../../lib/api-client-probe'
import type { Query } from '../../lib/api-client'

/** None of a dashboard source's candidates answered 2xx, 401 or 403 (SPEC 7, 8). */
export class DashboardEndpointNotFoundError extends Error {
  readonly tested: readonly string[]
  constructor(source: string, tested: readonly ProbeAttempt[]) {
    const paths = tested.map((attempt) => `/api${attempt.path}`)
    super(`No ${source} endpoint found (tested: ${paths.join(', ')})`)
    this.name = 'DashboardEndpointNotFoundError'
    this.tested = paths
  }
}

/** The probe machine over a source's candidates; the winner is remembered for the browser session. */
export async function findDashboardEndpoint(key: string, candidates: readonly string[], query?: Query): Promise<{ path: string; answer?: unknown }> {
  const result = await probeEndpoint(key, candidates, query ? { query } : {})
  if (result.kind === 'found') return 'answer' in result ? { path: result.path, answer: result.answer } : { path: result.path }
  if (result.kind === 'unreachable') throw new ApiError({ status: 0, method: 'GET', url: candidates[0] })
  throw new DashboardEndpointNotFoundError(key, result.tested)
}

/**
 * A dashboard source's answer to `query`: a probe that just found the source asked exactly this, so its answer is
 * the figure (docs/requirements.md §2.4: each figure reads one count, not a probe and then the count again).
 */
export async function getDashboardSource<T>(key: string, candidates: readonly string[], query: Query, signal?: AbortSignal): Promise<T> {
  const found = await findDashboardEndpoint(key, candidates, query)
  if ('answer' in found) return found.answer as T
  return api.get<T>(found.path, { query, signal })
}
