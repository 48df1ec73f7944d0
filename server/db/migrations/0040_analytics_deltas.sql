CREATE TABLE "analytics_deltas" (
	"company_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"warehouse_id" integer DEFAULT 0 NOT NULL,
	"operator_id" integer DEFAULT 0 NOT NULL,
	"zone" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"bucket" smallint DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"qty" numeric(18, 3) DEFAULT '0' NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The indicators' rollups without a shared row in the work's transaction (docs/requirements.md §21.1, ADR 0024): the
-- triggers of migration 0036 upserted the hourly row of (hour, warehouse, operator, zone, kind) in the statement that
-- did the work, and its row lock was held to that transaction's commit, so every command of one operator in one hour
-- (and, through the days' triggers of migration 0039, every command of a warehouse in one hour of day) waited for the
-- one before it: 32 connections made fewer commands a second than one. The same functions now append their grouped
-- rows to analytics_deltas, which has no key to conflict on; wms_analytics_fold moves them into the hourly rows (whose
-- triggers keep the days) before each read of the indicators and every few seconds in each server process.
CREATE OR REPLACE FUNCTION wms_analytics_moves() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_deltas (company_id, hour, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds)
  SELECT m.company_id, wms_analytics_hour(m.created_at), coalesce(l.warehouse_id, 0), coalesce(m.user_id, 0), coalesce(l.zone, ''),
         'lines.' || m.reason, 0, count(*)::int, sum(m.qty), 0
  FROM new_moves m
  LEFT JOIN locations l ON l.id = CASE WHEN m.reason IN ('pick', 'ship', 'consume') THEN coalesce(m.from_location_id, m.to_location_id) ELSE coalesce(m.to_location_id, m.from_location_id) END
  GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wms_analytics_add_tasks(done_ids integer[], closed_ids integer[], exception_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(done_ids) = 0 AND cardinality(closed_ids) = 0 AND cardinality(exception_ids) = 0 THEN RETURN; END IF;
  INSERT INTO analytics_deltas (company_id, hour, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds)
  SELECT f.company_id, f.hour, f.warehouse_id, f.operator_id, f.zone, f.kind, f.bucket, count(*)::int, sum(f.qty), sum(f.seconds)::bigint
  FROM (
    SELECT t.company_id, wms_analytics_hour(t.finished_at) AS hour, coalesce(t.warehouse_id, l.warehouse_id, 0) AS warehouse_id,
           coalesce(t.assignee_id, 0) AS operator_id, coalesce(l.zone, '') AS zone, 'task.' || t.type AS kind, 0::smallint AS bucket,
           coalesce(t.qty, 0) AS qty, round(extract(epoch FROM t.finished_at - coalesce(t.started_at, t.created_at))) AS seconds
    FROM tasks t LEFT JOIN locations l ON l.id = t.location_id WHERE t.id = ANY(done_ids) AND t.finished_at IS NOT NULL
    UNION ALL
    SELECT t.company_id, wms_analytics_hour(t.finished_at), coalesce(t.warehouse_id, l.warehouse_id, 0), coalesce(t.assignee_id, 0), coalesce(l.zone, ''),
           'pick.short', 0, t.short_qty, 0
    FROM tasks t LEFT JOIN locations l ON l.id = t.location_id WHERE t.id = ANY(closed_ids) AND t.finished_at IS NOT NULL AND t.type = 'pick' AND t.short_qty > 0
    UNION ALL
    SELECT t.company_id, wms_analytics_hour(t.created_at), coalesce(t.warehouse_id, l.warehouse_id, 0), 0, coalesce(l.zone, ''),
           'exception', 0, 0, 0
    FROM tasks t LEFT JOIN locations l ON l.id = t.location_id WHERE t.id = ANY(exception_ids)
    UNION ALL
    SELECT t.company_id, wms_analytics_hour(t.finished_at), coalesce(t.warehouse_id, l.warehouse_id, 0), coalesce(t.assignee_id, 0), coalesce(l.zone, ''),
           'dock_to_stock', wms_analytics_bucket(extract(epoch FROM t.finished_at - b.booked_at)), 0, round(extract(epoch FROM t.finished_at - b.booked_at))
    FROM tasks t
    LEFT JOIN locations l ON l.id = t.location_id
    CROSS JOIN LATERAL (SELECT min(rc.booked_at) AS booked_at FROM receipt_lines rl JOIN receipts rc ON rc.id = rl.receipt_id WHERE rl.task_id = t.id) b
    WHERE t.id = ANY(done_ids) AND t.finished_at IS NOT NULL AND t.type = 'putaway' AND b.booked_at IS NOT NULL
    UNION ALL
    SELECT t.company_id, wms_analytics_hour(t.finished_at), coalesce(t.warehouse_id, l.warehouse_id, 0), coalesce(t.assignee_id, 0), coalesce(l.zone, ''),
           'replenishment.late', 0, 0, 0
    FROM tasks t LEFT JOIN locations l ON l.id = t.location_id
    WHERE t.id = ANY(done_ids) AND t.finished_at IS NOT NULL AND t.type = 'replenishment'
      AND EXISTS (SELECT 1 FROM tasks p WHERE p.type = 'pick' AND p.location_id IN (SELECT pf.location_id FROM replenishments rp JOIN pick_faces pf ON pf.id = rp.face_id WHERE rp.task_id = t.id) AND p.started_at > t.created_at AND p.started_at < t.finished_at)
  ) f
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wms_analytics_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_deltas (company_id, hour, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds)
  SELECT f.company_id, f.hour, f.warehouse_id, f.operator_id, f.zone, f.kind, 0, count(*)::int, sum(f.qty), 0
  FROM (
    SELECT c.company_id, wms_analytics_hour(c.counted_at) AS hour, coalesce(l.warehouse_id, 0) AS warehouse_id, coalesce(c.counted_by, 0) AS operator_id,
           coalesce(l.zone, '') AS zone, k.kind, v.qty
    FROM new_counts c
    JOIN old_counts o ON o.id = c.id
    LEFT JOIN locations l ON l.id = c.location_id
    CROSS JOIN LATERAL (SELECT coalesce(sum(abs(e.counted_qty - e.snapshot_qty)), 0) AS qty FROM count_entries e WHERE e.count_location_id = c.id AND e.round = c.round) v
    CROSS JOIN LATERAL (SELECT 'count.location' AS kind UNION ALL SELECT 'count.variance' WHERE v.qty > 0) k
    WHERE c.status = 'approved' AND o.status <> 'approved' AND c.counted_at IS NOT NULL
  ) f
  GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wms_analytics_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_deltas (company_id, hour, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds)
  SELECT f.company_id, f.hour, f.warehouse_id, 0, '', f.kind, f.bucket, count(*)::int, 0, sum(f.seconds)::bigint
  FROM (
    SELECT s.company_id, wms_analytics_hour(s.shipped_at) AS hour, s.warehouse_id, k.kind, k.bucket, k.seconds
    FROM new_orders s
    JOIN old_orders o ON o.id = s.id
    JOIN warehouses w ON w.id = s.warehouse_id
    LEFT JOIN carriers ca ON ca.id = s.carrier_id
    CROSS JOIN LATERAL (SELECT round(extract(epoch FROM s.shipped_at - s.created_at)) AS secs,
      ((coalesce(s.ship_date, (s.created_at AT TIME ZONE w.timezone)::date) + ca.cutoff_time::time) AT TIME ZONE w.timezone) AS due) d
    CROSS JOIN LATERAL (
      SELECT 'order.shipped' AS kind, wms_analytics_bucket(d.secs) AS bucket, d.secs AS seconds
      UNION ALL SELECT CASE WHEN s.shipped_at <= d.due THEN 'order.on_time' ELSE 'order.late' END, 0::smallint, 0 WHERE d.due IS NOT NULL
    ) k
    WHERE s.status = 'shipped' AND o.status <> 'shipped' AND s.shipped_at IS NOT NULL
  ) f
  GROUP BY f.company_id, f.hour, f.warehouse_id, f.kind, f.bucket;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Fold the appended rows of one company (or of all, given null) into the hourly rollups, in one statement: deleted and
-- upserted together, so a row is counted once whichever fold takes it. Folds run one at a time (a transaction-level
-- advisory lock, released at commit): a second fold waits and then takes only what the first left.
CREATE OR REPLACE FUNCTION wms_analytics_fold(company integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE folded integer;
BEGIN
  PERFORM pg_advisory_xact_lock(72024, 0);
  WITH d AS (
    DELETE FROM analytics_deltas WHERE company IS NULL OR company_id = company RETURNING *
  ), up AS (
    INSERT INTO analytics_rollups AS r (company_id, hour, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds)
    SELECT company_id, hour, warehouse_id, operator_id, zone, kind, bucket, sum(n)::int, sum(qty), sum(seconds)::bigint
    FROM d GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (company_id, hour, warehouse_id, operator_id, zone, kind, bucket)
    DO UPDATE SET n = r.n + excluded.n, qty = r.qty + excluded.qty, seconds = r.seconds + excluded.seconds
    RETURNING 1
  )
  SELECT count(*)::int INTO folded FROM up;
  RETURN folded;
END $$;
