import { queryOptions } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { DashboardEndpointNotFoundError, getDashboardSource } from '../dashboard-errors'
import { dashboardKeys, type CountKind } from '../dashboard-query-keys'

export type { CountKind } from '../dashboard-query-keys'

/**
 * SPEC 7: where each dashboard count may live, tried in order by the probe machine. Open tasks are those not
 * done nor cancelled (open, pending or in progress), the same definition as the "Tarefas por dia" chart's
 * "Abertas" (SPEC 2.4: the card said 47 and the chart 120 for the same day): `is_closed=false` first, then SPEC
 * 4's filters for a backend that has no such filter (it answers 400 and the next one is tried). Stock probes
 * under the stock list's key so one winner serves both.
 */
export const COUNT_SOURCES: Record<CountKind, { probeKey: string; candidates: readonly string[] }> = {
  users: { probeKey: 'users', candidates: ['/users/users/', '/users/', '/auth/users/'] },
  products: { probeKey: 'products', candidates: ['/product/products/', '/products/'] },
  stock: {
    probeKey: 'stock',
    candidates: ['/inventory/stock/', '/inventory/stock-items/', '/inventory/stockitems/', '/inventory/stock-lines/', '/stock/', '/stock-items/'],
  },
  locations: { probeKey: 'locations', candidates: ['/core/locations/', '/locations/'] },
  openTasks: {
    // a new key: a browser that remembered 'status=open' for the old one asks again
    probeKey: 'unfinished-tasks',
    candidates: ['/workforce/tasks/?is_closed=false', '/workforce/tasks/?status=open', '/workforce/tasks/?status=pending'],
  },
}

/** How many records a list holds: one request with page_size=1, reading `count` (SPEC 7). */
export async function getCount(kind: CountKind, signal?: AbortSignal): Promise<number> {
  const source = COUNT_SOURCES[kind]
  return toPaged<unknown>(await getDashboardSource<unknown>(source.probeKey, source.candidates, { page: 1, page_size: 1 }, signal)).count
}

export function countQueryOptions(kind: CountKind) {
  return queryOptions({
    queryKey: dashboardKeys.count(kind),
    queryFn: ({ signal }) => getCount(kind, signal),
    // SPEC 9: the dashboard is fresh for 30 s
    staleTime: LIST_STALE_TIME,
    retry: (failureCount, error) =>
      !(error instanceof DashboardEndpointNotFoundError) && !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  })
}
