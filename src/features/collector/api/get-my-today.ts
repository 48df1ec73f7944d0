import { api } from '../../../lib/api-client'

/** What the handheld's home shows of the operator's day (docs/requirements.md §21.2: an operator reads their own figures). */
export interface MyToday {
  totals: { picked: number; received: number; put_away: number; picked_per_hour: number | null }
}

/** Today as the device's calendar says (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** The operator's figures for a day; the handheld has no query cache (its screens read through their machines). */
export function getMyToday(userId: number, day: string, signal?: AbortSignal): Promise<MyToday> {
  return api.get<MyToday>('/analytics/kpis/', { query: { from: day, to: day, operator: userId }, signal })
}
