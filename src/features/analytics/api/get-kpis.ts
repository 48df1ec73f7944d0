import { queryOptions } from '@tanstack/react-query'
import type { Kpis } from '../../../../contracts/analytics/kpis.contract'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { analyticsKeys } from '../analytics-query-keys'
import type { KpiSearch } from '../kpi-search'

export type { Kpis }

/** GET /analytics/kpis/ (docs/requirements.md §21.2): the figures of a range, read from the rollups. */
export function kpisQueryOptions(filters: Required<Pick<KpiSearch, 'from' | 'to'>> & KpiSearch) {
  return queryOptions({
    queryKey: analyticsKeys.kpis(filters),
    queryFn: ({ signal }) => api.get<Kpis>('/analytics/kpis/', { query: { ...filters }, signal }),
  })
}

/** The company's warehouses, for the filter. */
export function kpiWarehousesQueryOptions() {
  return queryOptions({
    queryKey: analyticsKeys.warehouses(),
    queryFn: async () => toPaged<{ id: number; code: string; name: string }>(await api.get<unknown>('/core/warehouses/', { query: { page_size: 100 } })).results,
    staleTime: 5 * 60_000,
  })
}
