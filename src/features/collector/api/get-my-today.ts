import { api } from '../../../lib/api-client'

/** What the handheld's home shows of the operator's day (docs/requirements.md §21.2: an operator reads their own figures). */
export interface MyToday {
  totals: { picked: number; received: number; put_away: number; picked_per_hour: number | null }
  /** the zone the answer's days are in: the warehouse's (docs/requirements.md §21.1) */
  time_zone: string
}

/** where the last answer said the operator's days are, so the next visit asks for the right day at once */
const ZONE_KEY = 'wms.myToday.timeZone'

/** Today (YYYY-MM-DD) in a time zone; the device's calendar when there is none or the device does not know it. */
export function todayIn(timeZone: string | null, now = new Date()): string {
  if (timeZone) {
    try {
      // en-CA writes dates as YYYY-MM-DD
      return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
    } catch {
      // an unknown zone: the device's day below
    }
  }
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

function storedZone(): string | null {
  try {
    return localStorage.getItem(ZONE_KEY)
  } catch {
    return null
  }
}

/**
 * The operator's figures for today, the warehouse's today: the server reads days in the warehouse's time zone, and a
 * device set to another zone (or a shift past midnight UTC) would otherwise ask for the wrong day. The first visit
 * asks for the device's day (or the zone the last answer named) and asks again when the answer's zone says the
 * warehouse is on another day. The handheld has no query cache (its screens read through their machines).
 */
export async function getMyToday(userId: number, signal?: AbortSignal, now = () => new Date()): Promise<MyToday> {
  const ask = (day: string) => api.get<MyToday>('/analytics/kpis/', { query: { from: day, to: day, operator: userId }, signal })
  const asked = todayIn(storedZone(), now())
  const first = await ask(asked)
  try {
    localStorage.setItem(ZONE_KEY, first.time_zone)
  } catch {
    // storage refused: the next visit may ask twice
  }
  const warehouseDay = todayIn(first.time_zone, now())
  return warehouseDay === asked ? first : ask(warehouseDay)
}
