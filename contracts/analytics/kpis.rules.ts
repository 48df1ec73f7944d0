/**
 * The indicators (docs/requirements.md §21). Zod-free: the server, the app and the tests share it.
 */

/** A duration histogram's bucket bounds in minutes (the migration's wms_analytics_bucket holds the same list). */
export const DURATION_BUCKET_MINUTES: readonly number[] = [15, 30, 60, 90, 120, 180, 210, 240, 300, 360, 480, 720, 1440, 2880, 4320, 10080]

/** The longest range GET /api/analytics/kpis/ answers, in days (both ends included). */
export const KPI_MAX_RANGE_DAYS = 366

/** The published best-in-class figures a company may take as targets (WERC's DC Measures). */
export const WERC_TARGETS = { pick_accuracy_pct: '99.9', dock_to_stock_hours: '3.5' } as const

/**
 * The upper bound in hours of the bucket where the cumulative count reaches fraction `p` of `counts` (bucket i is
 * counts[i - 1]); null without counts, Infinity when it is the open last bucket.
 */
export function histogramPercentileHours(counts: readonly number[], p: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0)
  if (!total) return null
  let seen = 0
  for (const [i, c] of counts.entries()) {
    seen += c
    if (seen >= p * total) return i < DURATION_BUCKET_MINUTES.length ? DURATION_BUCKET_MINUTES[i] / 60 : Infinity
  }
  return Infinity
}
