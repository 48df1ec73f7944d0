/**
 * The indicators read from the rollups (docs/requirements.md §21.2): one grouped read of the range's daily rollup
 * rows (totals, per day, per hour of day, per operator, per zone, per histogram bucket), never the ledger.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm'
import { DURATION_BUCKET_MINUTES, histogramPercentileHours, KPI_MAX_RANGE_DAYS } from '../../../contracts/analytics/kpis.rules'
import type { KpiQuery, Kpis, KpiTargets } from '../../../contracts/analytics/kpis.contract'
import type { DbOrTx } from '../../db/client'
import { analyticsTargets } from '../../db/schema/analytics'
import { warehouses } from '../../db/schema/core'
import type { AuthUser } from '../../http/auth-user'
import { fieldError, forbidden } from '../../http/errors'
import { foldRollups } from './rollup-folder'

const DAY_MS = 86_400_000
// a pick is a task done (a wave's stops take reserved stock; the ledger's 'ship' row comes with the shipment), a
// receipt and a putaway are their ledger rows, a replenishment its move (docs/requirements.md §21.1)
const KINDS = { picked: 'task.pick', received: 'lines.receipt', put_away: 'lines.putaway', replenished: 'lines.replenishment' } as const
const LINE_KINDS = [KINDS.picked, KINDS.received, KINDS.put_away]
// the kinds the hour-of-day chart shows
const CHART_KINDS = Object.values(KINDS)

type Grouped = { g: number; kind: string; bucket: number; day: string | null; hod: number | null; operator_id: number | null; username: string | null; zone: string | null; n: number; qty: string; seconds: number; op_hours: number }

type Scope = { operator: number | null; timeZone: string; foreign: number[] }

/**
 * Check the query against the user (§21.2): dates in order, a range of at most a year, a warehouse of the company; an
 * operator reads only their own figures. The time zone is the warehouse's (else the company's first warehouse's);
 * `foreign` are the company's warehouses in another zone, whose days in analytics_days are not this zone's days.
 */
export async function kpiScope(db: DbOrTx, user: AuthUser, q: KpiQuery): Promise<Scope> {
  const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1
  if (days < 1) throw fieldError('to', 'Ensure this date is on or after from.')
  if (days > KPI_MAX_RANGE_DAYS) throw fieldError('to', `Ensure the range is at most ${KPI_MAX_RANGE_DAYS} days.`)
  let operator = q.operator ?? null
  if (user.role === 'operator') {
    if (operator != null && operator !== user.id) throw forbidden()
    operator = user.id
  }
  const all = await db.select({ id: warehouses.id, timezone: warehouses.timezone }).from(warehouses).where(eq(warehouses.companyId, user.companyId)).orderBy(asc(warehouses.id))
  const w = q.warehouse ? all.find((x) => x.id === q.warehouse) : all[0]
  if (q.warehouse && !w) throw fieldError('warehouse', `Invalid pk "${q.warehouse}" - object does not exist.`)
  const timeZone = w?.timezone ?? 'UTC'
  return { operator, timeZone, foreign: q.warehouse ? [] : all.filter((x) => x.timezone !== timeZone).map((x) => x.id) }
}

export async function readKpis(db: DbOrTx, user: AuthUser, q: KpiQuery): Promise<Kpis> {
  // on PostgreSQL's pool the three go out at once; the figures need the scope and what the work appended folded in
  // (ADR 0024), the targets neither
  const [scope, targets] = await Promise.all([kpiScope(db, user, q), readTargets(db, user.companyId), foldRollups(db, user.companyId)])
  const rows = await groupedRollups(db, user.companyId, q, scope)
  const names = new Map(rows.filter((r) => r.g === 0b11101 && r.operator_id && r.username).map((r) => [r.operator_id as number, r.username as string]))
  return shape(q, scope.operator, scope.timeZone, targets, rows, names)
}

/**
 * One statement (§21.2, §21.5). Whole days come from analytics_days (about 16 times fewer rows than the hourly
 * rollups) and the hour-of-day chart from analytics_hours_of_day, both in the warehouse's time zone; a warehouse
 * of the company in another zone is read from its hourly rows, turned into this zone's days. Operator-hours are the
 * set bits of the OR of a day's `hours` masks (an hour worked in two zones counts once, as it did hourly). With an
 * operator or zone filter the hour-of-day chart reads the hourly rows (that table keeps neither).
 */
async function groupedRollups(db: DbOrTx, companyId: number, q: KpiQuery, scope: Scope): Promise<Grouped[]> {
  const { operator, timeZone: tz, foreign } = scope
  const narrow: SQL[] = []
  if (q.warehouse) narrow.push(sql`warehouse_id = ${q.warehouse}`)
  if (operator != null) narrow.push(sql`operator_id = ${operator}`)
  if (q.zone) narrow.push(sql`zone = ${q.zone}`)
  const and_ = (xs: SQL[]) => sql.join(xs, sql` AND `)
  const inDays = [sql`company_id = ${companyId}`, sql`day >= ${q.from}::date`, sql`day <= ${q.to}::date`]
  const inHours = [sql`company_id = ${companyId}`, sql`hour >= (${q.from}::date::timestamp AT TIME ZONE ${tz})`, sql`hour < ((${q.to}::date + 1)::timestamp AT TIME ZONE ${tz})`]
  const foreignIds = sql`${`{${foreign.join(',')}}`}::int[]`
  const notForeign = foreign.length ? [sql`warehouse_id <> ALL(${foreignIds})`] : []
  const lineKinds = sql.join(LINE_KINDS.map((k) => sql`${k}`), sql`, `)
  const chartKinds = sql.join(CHART_KINDS.map((k) => sql`${k}`), sql`, `)
  // hourly rows as rows of analytics_days in this zone: the day of the hour's local start, its bit since local midnight
  const asDays = sql`
    SELECT kind, bucket, local::date AS day, operator_id, zone, n, qty, seconds,
           1 << floor(extract(epoch FROM hour - (local::date::timestamp AT TIME ZONE ${tz})) / 3600)::int AS hours
    FROM (SELECT *, hour AT TIME ZONE ${tz} AS local FROM analytics_rollups WHERE ${and_([...inHours, ...narrow, sql`warehouse_id = ANY(${foreignIds})`])}) x`
  const hourly = (where: SQL[]) => sql`
    SELECT kind, extract(hour FROM hour AT TIME ZONE ${tz})::int AS hod, n
    FROM (SELECT kind, hour, sum(n) AS n FROM analytics_rollups WHERE ${and_([...inHours, ...where, sql`kind IN (${chartKinds})`])} GROUP BY kind, hour) x`
  const h =
    operator != null || q.zone
      ? hourly(narrow)
      : sql`SELECT kind, hour::int AS hod, n FROM analytics_hours_of_day WHERE ${and_([...inDays, ...narrow, ...notForeign, sql`kind IN (${chartKinds})`])}
            ${foreign.length ? sql`UNION ALL ${hourly([sql`warehouse_id = ANY(${foreignIds})`])}` : sql``}`
  // totals, days and zones in one pass over the days (GROUPING SETS: one hash table each); quantities are summed
  // only for counts' variances and seconds only for durations' buckets, the only places the figures use them
  const r = await db.execute<Grouped>(sql`
    WITH d AS MATERIALIZED (
      SELECT kind, bucket::int AS bucket, day, operator_id, zone, n, CASE WHEN kind LIKE 'count.%' THEN qty END AS qty, CASE WHEN bucket > 0 THEN seconds END AS seconds, hours
      FROM analytics_days WHERE ${and_([...inDays, ...narrow, ...notForeign])}
      ${foreign.length ? sql`UNION ALL ${asDays}` : sql``}
    ), od AS MATERIALIZED (
      SELECT kind, operator_id, day, sum(n) AS n, bit_or(hours) AS hours FROM d GROUP BY kind, operator_id, day
    ), s AS (
      SELECT CASE WHEN GROUPING(bucket) = 0 THEN ${0b01111}::int WHEN GROUPING(day) = 0 THEN ${0b10111}::int ELSE ${0b11110}::int END AS g,
             kind, coalesce(bucket, 0) AS bucket, to_char(day, 'YYYY-MM-DD') AS day, zone, sum(n) AS n, sum(qty)::text AS qty, sum(seconds) AS seconds
      FROM d GROUP BY GROUPING SETS ((kind, bucket), (kind, day), (kind, zone))
    )
    SELECT g, kind, bucket, day, NULL::int AS hod, NULL::int AS operator_id, NULL::text AS username, zone, n::bigint AS n, coalesce(qty, '0') AS qty, coalesce(seconds, 0)::bigint AS seconds, 0 AS op_hours FROM s
    UNION ALL
    SELECT ${0b11011}, kind, 0, NULL, hod, NULL, NULL, NULL, sum(n), '0', 0, 0 FROM (${h}) h GROUP BY kind, hod
    UNION ALL
    SELECT ${0b11101}, o.kind, 0, NULL, NULL, o.operator_id, min(u.username), NULL, sum(o.n), '0', 0, sum(bit_count(o.hours::bit(32)))::int
      FROM od o LEFT JOIN users u ON u.id = o.operator_id AND u.company_id = ${companyId} GROUP BY o.kind, o.operator_id
    UNION ALL
    SELECT -1, 'operator_hours', 0, NULL, NULL, NULL, NULL, NULL, coalesce(sum(bit_count(hours::bit(32))), 0), '0', 0, 0
      FROM (SELECT operator_id, day, bit_or(hours) AS hours FROM od WHERE kind IN (${lineKinds}) AND operator_id <> 0 GROUP BY operator_id, day) x`)
  return r.rows.map((x) => ({ ...x, g: Number(x.g), bucket: Number(x.bucket), n: Number(x.n), seconds: Number(x.seconds), op_hours: Number(x.op_hours), hod: x.hod == null ? null : Number(x.hod), operator_id: x.operator_id == null ? null : Number(x.operator_id) }))
}

const per = (a: number, b: number, k = 1) => (b ? Math.round((a / b) * k * 100) / 100 : null)
const pct = (a: number, b: number) => (b ? Math.round((a / b) * 100_000) / 1000 : null)

/** Durations from a kind's buckets: count, mean and the bucket bounds of p50/p90 (§21.1: histograms, not samples). */
function duration(rows: Grouped[], kind: string): Kpis['dock_to_stock'] {
  const counts = new Array<number>(DURATION_BUCKET_MINUTES.length + 1).fill(0)
  let seconds = 0
  for (const r of rows) {
    if (r.g !== 0b01111 || r.kind !== kind || r.bucket < 1) continue
    counts[r.bucket - 1] += r.n
    seconds += r.seconds
  }
  const count = counts.reduce((a, b) => a + b, 0)
  const finite = (h: number | null) => (h == null ? null : Number.isFinite(h) ? h : 999_999)
  return {
    count,
    mean_hours: count ? Math.round((seconds / count / 3600) * 100) / 100 : null,
    p50_hours: finite(histogramPercentileHours(counts, 0.5)),
    p90_hours: finite(histogramPercentileHours(counts, 0.9)),
    histogram: counts.map((c, i) => ({ le_minutes: DURATION_BUCKET_MINUTES[i] ?? null, count: c })),
  }
}

function shape(q: KpiQuery, operator: number | null, timeZone: string, targets: KpiTargets, rows: Grouped[], names: Map<number, string>): Kpis {
  const total = (kind: string) => rows.filter((r) => r.g === 0b01111 && r.kind === kind).reduce((a, r) => a + r.n, 0)
  const qtyOf = (kind: string) => rows.filter((r) => r.g === 0b01111 && r.kind === kind).reduce((a, r) => a + Number(r.qty), 0)
  const hoursOf = (kind: string) => rows.filter((r) => r.g === 0b11101 && r.kind === kind && r.operator_id !== 0).reduce((a, r) => a + r.op_hours, 0)
  // a rate counts the lines of known operators over their hours (a row written without a user has no hour to go in)
  const attributed = (kind: string) => rows.filter((r) => r.g === 0b11101 && r.kind === kind && r.operator_id !== 0).reduce((a, r) => a + r.n, 0)
  const counts = (pick: (kind: string) => number) => ({ picked: pick(KINDS.picked), received: pick(KINDS.received), put_away: pick(KINDS.put_away), replenished: pick(KINDS.replenished) })
  const picked = total(KINDS.picked)
  const lines = picked + total(KINDS.received) + total(KINDS.put_away)
  const short = total('pick.short')
  const exceptions = total('exception')
  const located = total('count.location')
  const withVariance = total('count.variance')
  const onTime = total('order.on_time')
  const late = total('order.late')
  const pickHours = hoursOf(KINDS.picked)
  const group = <K extends string | number>(g: number, key: (r: Grouped) => K | null) => {
    const m = new Map<K, Map<string, number>>()
    for (const r of rows) {
      const k = key(r)
      if (r.g !== g || k == null) continue
      const e = m.get(k) ?? new Map<string, number>()
      e.set(r.kind, (e.get(r.kind) ?? 0) + r.n)
      if (g === 0b11101) e.set('hours:' + r.kind, r.op_hours)
      m.set(k, e)
    }
    return m
  }
  const days = group(0b10111, (r) => r.day)
  const hours = group(0b11011, (r) => r.hod)
  const ops = group(0b11101, (r) => r.operator_id)
  const zones = group(0b11110, (r) => r.zone)
  const of = (e: Map<string, number>) => counts((k) => e.get(k) ?? 0)
  return {
    from: q.from,
    to: q.to,
    time_zone: timeZone,
    warehouse: q.warehouse ?? null,
    operator,
    zone: q.zone || null,
    targets,
    totals: {
      ...counts(total),
      operator_hours: rows.find((r) => r.g === -1)?.n ?? 0,
      pick_hours: pickHours,
      picked_per_hour: per(attributed(KINDS.picked), pickHours),
      received_per_hour: per(attributed(KINDS.received), hoursOf(KINDS.received)),
      put_away_per_hour: per(attributed(KINDS.put_away), hoursOf(KINDS.put_away)),
      short_picks: short,
      short_picks_per_1000: per(short, picked, 1000),
      exceptions,
      exceptions_per_1000: per(exceptions, lines, 1000),
      pick_accuracy_pct: picked ? pct(Math.max(0, picked - short), picked) : null,
      replenishments_done: total('task.replenishment'),
      replenishments_late: total('replenishment.late'),
      counted_locations: located,
      locations_with_variance: withVariance,
      variance_qty: qtyOf('count.variance').toFixed(3),
      inventory_accuracy_pct: pct(located - withVariance, located),
      orders_shipped: total('order.shipped'),
      orders_on_time: onTime,
      orders_late: late,
      on_time_pct: pct(onTime, onTime + late),
    },
    dock_to_stock: duration(rows, 'dock_to_stock'),
    order_cycle: duration(rows, 'order.shipped'),
    by_day: [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, e]) => ({ day, ...of(e), orders_shipped: e.get('order.shipped') ?? 0, short_picks: e.get('pick.short') ?? 0, exceptions: e.get('exception') ?? 0 })),
    by_hour_of_day: [...hours].sort(([a], [b]) => a - b).map(([hour, e]) => ({ hour, ...of(e) })),
    by_operator: [...ops]
      .filter(([id]) => id !== 0)
      .map(([id, e]) => ({ operator: { id, username: names.get(id) ?? String(id) }, ...of(e), pick_hours: e.get('hours:' + KINDS.picked) ?? 0, picked_per_hour: per(e.get(KINDS.picked) ?? 0, e.get('hours:' + KINDS.picked) ?? 0), short_picks: e.get('pick.short') ?? 0 }))
      .sort((a, b) => b.picked - a.picked || a.operator.id - b.operator.id),
    by_zone: [...zones].map(([zone, e]) => ({ zone, ...of(e) })).sort((a, b) => b.picked - a.picked || a.zone.localeCompare(b.zone)),
  }
}

const TARGET_KEYS = ['pick_accuracy_pct', 'dock_to_stock_hours', 'on_time_shipping_pct', 'lines_per_hour', 'inventory_accuracy_pct'] as const
const noTargets: KpiTargets = { pick_accuracy_pct: null, dock_to_stock_hours: null, on_time_shipping_pct: null, lines_per_hour: null, inventory_accuracy_pct: null }
const trim = (v: string | null) => (v == null ? null : String(Number(v)))

/** The company's targets (§21.3); none set without a row. */
export async function readTargets(db: DbOrTx, companyId: number): Promise<KpiTargets> {
  const [row] = await db.select().from(analyticsTargets).where(eq(analyticsTargets.companyId, companyId))
  if (!row) return noTargets
  return { pick_accuracy_pct: trim(row.pickAccuracyPct), dock_to_stock_hours: trim(row.dockToStockHours), on_time_shipping_pct: trim(row.onTimeShippingPct), lines_per_hour: trim(row.linesPerHour), inventory_accuracy_pct: trim(row.inventoryAccuracyPct) }
}

/** Set some targets (null clears one); the others stay. */
export async function patchTargets(db: DbOrTx, companyId: number, patch: Partial<KpiTargets>): Promise<KpiTargets> {
  const current = await readTargets(db, companyId)
  const next = { ...current }
  for (const k of TARGET_KEYS) if (k in patch) next[k] = patch[k] ?? null
  const values = { pickAccuracyPct: next.pick_accuracy_pct, dockToStockHours: next.dock_to_stock_hours, onTimeShippingPct: next.on_time_shipping_pct, linesPerHour: next.lines_per_hour, inventoryAccuracyPct: next.inventory_accuracy_pct }
  await db
    .insert(analyticsTargets)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: analyticsTargets.companyId, set: { ...values, updatedAt: sql`now()` } })
  return readTargets(db, companyId)
}
