import type { KpiSearch } from './kpi-search'

export const analyticsKeys = {
  all: ['analytics'] as const,
  kpis: (filters: Required<Pick<KpiSearch, 'from' | 'to'>> & KpiSearch) => [...analyticsKeys.all, 'kpis', filters] as const,
  warehouses: () => [...analyticsKeys.all, 'warehouses'] as const,
}
