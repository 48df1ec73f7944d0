/**
 * GET /api/analytics/kpis/ and GET/PATCH /api/analytics/targets/ (docs/requirements.md §21.2, §21.3).
 */
import { z } from 'zod'
import { dateField, idQuery } from '../primitives'

export const kpiQuery = z.object({
  from: dateField.describe('YYYY-MM-DD, inclusive, in the time zone of the warehouse (or of the company\'s first warehouse)'),
  to: dateField.describe('YYYY-MM-DD, inclusive; at most 366 days after from'),
  warehouse: idQuery.optional(),
  operator: idQuery.optional().describe('a user id; an operator sees only their own figures and may omit it'),
  zone: z.string().trim().max(100).optional().describe('a location zone (locations.zone)'),
})
export type KpiQuery = z.infer<typeof kpiQuery>

const num = z.number().nullable()
const counts = z.object({ picked: z.number(), received: z.number(), put_away: z.number(), replenished: z.number() })
const duration = z.object({
  count: z.number(),
  mean_hours: num,
  p50_hours: num.describe('upper bound of the histogram bucket holding the median (null: none; a very large number: over a week)'),
  p90_hours: num,
  histogram: z.array(z.object({ le_minutes: z.number().nullable().describe('the bucket\'s upper bound; null for the last, open one'), count: z.number() })),
})

export const kpiTargets = z.object({
  pick_accuracy_pct: z.string().nullable(),
  dock_to_stock_hours: z.string().nullable(),
  on_time_shipping_pct: z.string().nullable(),
  lines_per_hour: z.string().nullable(),
  inventory_accuracy_pct: z.string().nullable(),
})
export type KpiTargets = z.infer<typeof kpiTargets>

export const kpiTargetsPatch = z
  .object({
    pick_accuracy_pct: z.string().trim().regex(/^\d{1,3}(\.\d{1,3})?$/, 'A valid number is required.').refine((v) => Number(v) <= 100, 'Ensure this value is less than or equal to 100.').nullable(),
    dock_to_stock_hours: z.string().trim().regex(/^\d{1,5}(\.\d{1,2})?$/, 'A valid number is required.').nullable(),
    on_time_shipping_pct: z.string().trim().regex(/^\d{1,3}(\.\d{1,3})?$/, 'A valid number is required.').refine((v) => Number(v) <= 100, 'Ensure this value is less than or equal to 100.').nullable(),
    lines_per_hour: z.string().trim().regex(/^\d{1,7}(\.\d{1,2})?$/, 'A valid number is required.').nullable(),
    inventory_accuracy_pct: z.string().trim().regex(/^\d{1,3}(\.\d{1,3})?$/, 'A valid number is required.').refine((v) => Number(v) <= 100, 'Ensure this value is less than or equal to 100.').nullable(),
  })
  .partial()

export const kpiOut = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  warehouse: z.number().nullable(),
  operator: z.number().nullable(),
  zone: z.string().nullable(),
  targets: kpiTargets,
  totals: counts.extend({
    operator_hours: z.number().describe('hours in which an operator recorded at least one picked, received or put-away line'),
    pick_hours: z.number().describe('operator-hours with at least one picked line'),
    picked_per_hour: num.describe('picked lines ÷ pick hours'),
    received_per_hour: num,
    put_away_per_hour: num,
    short_picks: z.number(),
    short_picks_per_1000: num,
    exceptions: z.number(),
    exceptions_per_1000: num.describe('exceptions per 1,000 picked, received and put-away lines'),
    pick_accuracy_pct: num.describe('picked lines not short, in percent of picked lines'),
    replenishments_done: z.number(),
    replenishments_late: z.number(),
    counted_locations: z.number(),
    locations_with_variance: z.number(),
    variance_qty: z.string(),
    inventory_accuracy_pct: num,
    orders_shipped: z.number(),
    orders_on_time: z.number(),
    orders_late: z.number(),
    on_time_pct: num,
  }),
  dock_to_stock: duration,
  order_cycle: duration,
  by_day: z.array(counts.extend({ day: z.string(), orders_shipped: z.number(), short_picks: z.number(), exceptions: z.number() })),
  by_hour_of_day: z.array(counts.extend({ hour: z.number() })),
  by_operator: z.array(counts.extend({ operator: z.object({ id: z.number(), username: z.string() }).nullable(), pick_hours: z.number(), picked_per_hour: num, short_picks: z.number() })),
  by_zone: z.array(counts.extend({ zone: z.string() })),
})
export type Kpis = z.infer<typeof kpiOut>
