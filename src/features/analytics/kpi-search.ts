/**
 * Indicadores' filters (docs/requirements.md §21.4), in the URL under the API's own names (STYLE habit 17): a shared
 * link or a reload keeps the view. Without dates: the last 7 days, today included.
 */
export interface KpiSearch {
  from?: string
  to?: string
  warehouse?: number
  operator?: number
  zone?: string
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

export function validateKpiSearch(raw: Record<string, unknown>): KpiSearch {
  const out: KpiSearch = {}
  for (const key of ['from', 'to'] as const) if (typeof raw[key] === 'string' && DATE.test(raw[key] as string)) out[key] = raw[key] as string
  for (const key of ['warehouse', 'operator'] as const) {
    const value = Number(raw[key])
    if (Number.isInteger(value) && value > 0 && value <= 2_147_483_647) out[key] = value
  }
  if (typeof raw.zone === 'string' && raw.zone.trim() !== '' && raw.zone.length <= 100) out.zone = raw.zone.trim()
  return out
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** The range asked for, or the last 7 days ending today. */
export function kpiRange(search: KpiSearch, now = new Date()): { from: string; to: string } {
  const to = search.to ?? isoDay(now)
  const from = search.from ?? isoDay(new Date(Date.parse(to + 'T00:00:00Z') - 6 * 86_400_000))
  return { from, to }
}
