import { queryOptions } from '@tanstack/react-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { getDashboardSource } from '../dashboard-errors'
import { dashboardKeys } from '../dashboard-query-keys'
import type { DailyTasks } from '../dashboard-types'

// SPEC 7: the daily series and its alternatives
export const DAILY_TASKS_CANDIDATES = ['/workforce/tasks/metrics/daily/', '/workforce/metrics/tasks/daily/', '/workforce/tasks/daily/'] as const
export const DAILY_TASKS_DAYS = 14

function isPoint(value: unknown): value is DailyTasks {
  if (typeof value !== 'object' || value === null) return false
  const point = value as Record<string, unknown>
  return typeof point.date === 'string' && typeof point.done === 'number' && typeof point.open === 'number'
}

/** Tasks per day, oldest first: a plain array or a `{results}` page are both read. */
export async function getDailyTasks(days: number, signal?: AbortSignal): Promise<DailyTasks[]> {
  const body = await getDashboardSource<unknown>('daily-tasks', DAILY_TASKS_CANDIDATES, { days }, signal)
  const list: unknown[] = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null && Array.isArray((body as { results?: unknown }).results)
      ? (body as { results: unknown[] }).results
      : []
  return list.filter(isPoint).sort((a, b) => a.date.localeCompare(b.date))
}

export function dailyTasksQueryOptions(days = DAILY_TASKS_DAYS) {
  return queryOptions({
    queryKey: dashboardKeys.dailyTasks(days),
    queryFn: ({ signal }) => getDailyTasks(days, signal),
    staleTime: LIST_STALE_TIME,
  })
}
