/**
 * The indicators' rollups (docs/requirements.md §21.1). The triggers of migration 0036 keep them in the statement that
 * does the work; this file recomputes the same rows from the whole history (the ledger, tasks, counts and orders), to
 * rebuild a company's rollups after rows were loaded around the triggers and to prove, in the property test, that what
 * the triggers kept equals what the history says. The per-day rollups (analytics_days, analytics_hours_of_day;
 * migration 0039) are kept from the hourly rows by triggers on analytics_rollups, so a rebuild of the hourly rows
 * rebuilds them too; keptDays/recomputedDays compare them with the history grouped by the warehouse's day. What the
 * triggers appended and no fold has taken yet (analytics_deltas, migration 0040) is folded before a kept row is read.
 */
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { analyticsDays, analyticsDeltas, analyticsHoursOfDay, analyticsRollups } from '../../db/schema/analytics'
import { foldRollups } from './rollup-folder'

export type RollupRow = { hour: string; warehouse_id: number; operator_id: number; zone: string; kind: string; bucket: number; n: number; qty: string; seconds: number }

const cols = sql`to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:00Z') AS hour, warehouse_id, operator_id, zone, kind, bucket::int AS bucket, n::int AS n, qty::numeric(18,3)::text AS qty, seconds::bigint AS seconds`
const order = sql`ORDER BY hour, warehouse_id, operator_id, zone, kind, bucket`

/** The company's rollups as kept. */
export async function keptRollups(db: DbOrTx, companyId: number): Promise<RollupRow[]> {
  await foldRollups(db, companyId)
  const r = await db.execute<RollupRow>(sql`SELECT ${cols} FROM analytics_rollups WHERE company_id = ${companyId} AND (n <> 0 OR qty <> 0) ${order}`)
  return r.rows.map(norm)
}

/** The company's rollups recomputed from its whole history: the triggers' definitions as one grouped read. */
export async function recomputedRollups(db: DbOrTx, companyId: number): Promise<RollupRow[]> {
  const r = await db.execute<RollupRow>(sql`SELECT ${cols} FROM (${facts(companyId)}) f ${order}`)
  return r.rows.map(norm)
}

/** Replace the company's rollups by the recomputation (after a bulk load written around the triggers). */
export async function rebuildRollups(db: DbOrTx, companyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // the days follow the hourly rows' inserts (migration 0039's triggers), not their deletes
    await tx.delete(analyticsDays).where(eq(analyticsDays.companyId, companyId))
    await tx.delete(analyticsHoursOfDay).where(eq(analyticsHoursOfDay.companyId, companyId))
    await tx.delete(analyticsRollups).where(eq(analyticsRollups.companyId, companyId))
    await tx.delete(analyticsDeltas).where(eq(analyticsDeltas.companyId, companyId))
    await tx.execute(sql`
      INSERT INTO analytics_rollups (company_id, hour, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds)
      SELECT ${companyId}::int, hour, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds FROM (${facts(companyId)}) f`)
  })
}

export type DayRow = { day: string; warehouse_id: number; operator_id: number; zone: string; kind: string; bucket: number; n: number; qty: string; seconds: number; hours: number }
export type HourOfDayRow = { day: string; warehouse_id: number; kind: string; hour: number; n: number }
export type Days = { days: DayRow[]; hoursOfDay: HourOfDayRow[] }

const dayCols = sql`to_char(day, 'YYYY-MM-DD') AS day, warehouse_id, operator_id, zone, kind, bucket::int AS bucket, n::int AS n, qty::numeric(18,3)::text AS qty, seconds::bigint AS seconds, hours::int AS hours`
const dayOrder = sql`ORDER BY day, warehouse_id, operator_id, zone, kind, bucket`
const hodCols = sql`to_char(day, 'YYYY-MM-DD') AS day, warehouse_id, kind, hour::int AS hour, n::int AS n`
const hodOrder = sql`ORDER BY day, warehouse_id, kind, hour`

/** The company's per-day rollups as kept. */
export async function keptDays(db: DbOrTx, companyId: number): Promise<Days> {
  await foldRollups(db, companyId)
  const days = await db.execute<DayRow>(sql`SELECT ${dayCols} FROM analytics_days WHERE company_id = ${companyId} AND (n <> 0 OR qty <> 0) ${dayOrder}`)
  const hod = await db.execute<HourOfDayRow>(sql`SELECT ${hodCols} FROM analytics_hours_of_day WHERE company_id = ${companyId} AND n <> 0 ${hodOrder}`)
  return { days: days.rows.map(normDay), hoursOfDay: hod.rows.map(normHod) }
}

/**
 * The company's per-day rollups recomputed from its whole history: the hourly facts by the local day of their
 * warehouse (warehouse 0: the company's first warehouse's zone), `hours` the bits of their hours since local midnight.
 */
export async function recomputedDays(db: DbOrTx, companyId: number): Promise<Days> {
  const local = sql`
    SELECT f.*, l.day, l.hod, floor(extract(epoch FROM f.hour - (l.day::timestamp AT TIME ZONE z.tz)) / 3600)::int AS pos
    FROM (${facts(companyId)}) f
    CROSS JOIN LATERAL (SELECT wms_analytics_tz(${companyId}::int, f.warehouse_id) AS tz) z
    CROSS JOIN LATERAL (SELECT (f.hour AT TIME ZONE z.tz)::date AS day, extract(hour FROM f.hour AT TIME ZONE z.tz)::int AS hod) l`
  const days = await db.execute<DayRow>(sql`
    SELECT ${dayCols} FROM (
      SELECT day, warehouse_id, operator_id, zone, kind, bucket, sum(n) AS n, sum(qty) AS qty, sum(seconds) AS seconds, bit_or(1 << pos) AS hours
      FROM (${local}) x GROUP BY day, warehouse_id, operator_id, zone, kind, bucket) d ${dayOrder}`)
  const hod = await db.execute<HourOfDayRow>(sql`
    SELECT ${hodCols} FROM (SELECT day, warehouse_id, kind, hod AS hour, sum(n) AS n FROM (${local}) x GROUP BY day, warehouse_id, kind, hod) h ${hodOrder}`)
  return { days: days.rows.map(normDay), hoursOfDay: hod.rows.map(normHod) }
}

const normDay = (r: DayRow): DayRow => ({ ...r, bucket: Number(r.bucket), n: Number(r.n), seconds: Number(r.seconds), warehouse_id: Number(r.warehouse_id), operator_id: Number(r.operator_id), hours: Number(r.hours) })
const normHod = (r: HourOfDayRow): HourOfDayRow => ({ ...r, warehouse_id: Number(r.warehouse_id), hour: Number(r.hour), n: Number(r.n) })

const norm = (r: RollupRow): RollupRow => ({ ...r, bucket: Number(r.bucket), n: Number(r.n), seconds: Number(r.seconds), warehouse_id: Number(r.warehouse_id), operator_id: Number(r.operator_id) })

/** Every rollup row of the company, grouped: (hour, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds). */
function facts(c: number) {
  return sql`
    SELECT hour, warehouse_id, operator_id, zone, kind, bucket::smallint AS bucket, count(*)::int AS n, sum(qty) AS qty, sum(seconds)::bigint AS seconds
    FROM (
      SELECT wms_analytics_hour(m.created_at) AS hour, coalesce(l.warehouse_id, 0) AS warehouse_id, coalesce(m.user_id, 0) AS operator_id,
             coalesce(l.zone, '') AS zone, 'lines.' || m.reason AS kind, 0 AS bucket, m.qty AS qty, 0::numeric AS seconds
      FROM stock_moves m
      LEFT JOIN locations l ON l.id = CASE WHEN m.reason IN ('pick', 'ship', 'consume') THEN coalesce(m.from_location_id, m.to_location_id) ELSE coalesce(m.to_location_id, m.from_location_id) END
      WHERE m.company_id = ${c}
      UNION ALL
      SELECT wms_analytics_hour(t.finished_at), coalesce(t.warehouse_id, l.warehouse_id, 0), coalesce(t.assignee_id, 0), coalesce(l.zone, ''), 'task.' || t.type, 0,
             coalesce(t.qty, 0), round(extract(epoch FROM t.finished_at - coalesce(t.started_at, t.created_at)))
      FROM tasks t LEFT JOIN locations l ON l.id = t.location_id WHERE t.company_id = ${c} AND t.status = 'done' AND t.finished_at IS NOT NULL
      UNION ALL
      SELECT wms_analytics_hour(t.finished_at), coalesce(t.warehouse_id, l.warehouse_id, 0), coalesce(t.assignee_id, 0), coalesce(l.zone, ''), 'pick.short', 0, t.short_qty, 0
      FROM tasks t LEFT JOIN locations l ON l.id = t.location_id
      WHERE t.company_id = ${c} AND t.status IN ('done', 'cancelled') AND t.finished_at IS NOT NULL AND t.type = 'pick' AND t.short_qty > 0
      UNION ALL
      SELECT wms_analytics_hour(t.created_at), coalesce(t.warehouse_id, l.warehouse_id, 0), 0, coalesce(l.zone, ''), 'exception', 0, 0, 0
      FROM tasks t LEFT JOIN locations l ON l.id = t.location_id WHERE t.company_id = ${c} AND t.type = 'exception'
      UNION ALL
      SELECT wms_analytics_hour(t.finished_at), coalesce(t.warehouse_id, l.warehouse_id, 0), coalesce(t.assignee_id, 0), coalesce(l.zone, ''), 'dock_to_stock',
             wms_analytics_bucket(extract(epoch FROM t.finished_at - b.booked_at)), 0, round(extract(epoch FROM t.finished_at - b.booked_at))
      FROM tasks t
      LEFT JOIN locations l ON l.id = t.location_id
      JOIN (SELECT rl.task_id, min(rc.booked_at) AS booked_at FROM receipt_lines rl JOIN receipts rc ON rc.id = rl.receipt_id
            WHERE rc.company_id = ${c} AND rl.task_id IS NOT NULL GROUP BY rl.task_id) b ON b.task_id = t.id
      WHERE t.company_id = ${c} AND t.status = 'done' AND t.finished_at IS NOT NULL AND t.type = 'putaway' AND b.booked_at IS NOT NULL
      UNION ALL
      SELECT wms_analytics_hour(t.finished_at), coalesce(t.warehouse_id, l.warehouse_id, 0), coalesce(t.assignee_id, 0), coalesce(l.zone, ''), 'replenishment.late', 0, 0, 0
      FROM tasks t LEFT JOIN locations l ON l.id = t.location_id
      WHERE t.company_id = ${c} AND t.status = 'done' AND t.finished_at IS NOT NULL AND t.type = 'replenishment'
        AND EXISTS (SELECT 1 FROM tasks p WHERE p.type = 'pick' AND p.location_id IN (SELECT pf.location_id FROM replenishments rp JOIN pick_faces pf ON pf.id = rp.face_id WHERE rp.task_id = t.id) AND p.started_at > t.created_at AND p.started_at < t.finished_at)
      UNION ALL
      SELECT wms_analytics_hour(cl.counted_at), coalesce(l.warehouse_id, 0), coalesce(cl.counted_by, 0), coalesce(l.zone, ''), k.kind, 0, v.qty, 0
      FROM count_locations cl
      LEFT JOIN locations l ON l.id = cl.location_id
      CROSS JOIN LATERAL (SELECT coalesce(sum(abs(e.counted_qty - e.snapshot_qty)), 0) AS qty FROM count_entries e WHERE e.count_location_id = cl.id AND e.round = cl.round) v
      CROSS JOIN LATERAL (SELECT 'count.location' AS kind UNION ALL SELECT 'count.variance' WHERE v.qty > 0) k
      WHERE cl.company_id = ${c} AND cl.status = 'approved' AND cl.counted_at IS NOT NULL
      UNION ALL
      SELECT wms_analytics_hour(s.shipped_at), s.warehouse_id, 0, '', k.kind, k.bucket, 0, k.seconds
      FROM sales_orders s
      JOIN warehouses w ON w.id = s.warehouse_id
      LEFT JOIN carriers ca ON ca.id = s.carrier_id
      CROSS JOIN LATERAL (SELECT round(extract(epoch FROM s.shipped_at - s.created_at)) AS secs,
        ((coalesce(s.ship_date, (s.created_at AT TIME ZONE w.timezone)::date) + ca.cutoff_time::time) AT TIME ZONE w.timezone) AS due) d
      CROSS JOIN LATERAL (
        SELECT 'order.shipped' AS kind, wms_analytics_bucket(d.secs) AS bucket, d.secs AS seconds
        UNION ALL SELECT CASE WHEN s.shipped_at <= d.due THEN 'order.on_time' ELSE 'order.late' END, 0::smallint, 0 WHERE d.due IS NOT NULL
      ) k
      WHERE s.company_id = ${c} AND s.status = 'shipped' AND s.shipped_at IS NOT NULL
    ) x
    GROUP BY hour, warehouse_id, operator_id, zone, kind, bucket`
}
