import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { tasksKeys } from '../tasks-query-keys'
import type { Task } from '../tasks-types'

function isPage(body: unknown): body is Paged<Task> {
  if (typeof body !== 'object' || body === null) return false
  const page = body as Record<string, unknown>
  return typeof page.count === 'number' && Array.isArray(page.results)
}

/**
 * GET /api/workforce/tasks/ (SPEC 7); `status` '' means every status. A DRF page is kept as it came
 * ({count, next, previous, results}), so the JSON view shows the API's own answer.
 */
export async function getTasks(params: ListParams, status: string, signal?: AbortSignal): Promise<Paged<Task>> {
  const query = { ...toListQuery(params), ...(status ? { status } : {}) }
  const body = await api.get<unknown>('/workforce/tasks/', { query, signal })
  return isPage(body) ? body : toPaged<Task>(body)
}

export function tasksQueryOptions(params: ListParams, status: string) {
  return queryOptions({
    queryKey: tasksKeys.list(params, status),
    queryFn: ({ signal }) => getTasks(params, status, signal),
    staleTime: LIST_STALE_TIME,
  })
}
