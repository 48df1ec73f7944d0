/** The dashboard's counts: a key here, a request in api/get-count.ts. */
export type CountKind = 'users' | 'products' | 'stock' | 'locations' | 'openTasks'

/** Query keys of the dashboard: one factory, so the loader and the components share them. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  count: (kind: CountKind) => [...dashboardKeys.all, 'count', kind] as const,
  dailyTasks: (days: number) => [...dashboardKeys.all, 'daily-tasks', days] as const,
  equipmentStatus: () => [...dashboardKeys.all, 'equipment-status'] as const,
}
