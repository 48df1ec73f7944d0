CREATE TABLE "analytics_rollups" (
	"company_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"warehouse_id" integer DEFAULT 0 NOT NULL,
	"operator_id" integer DEFAULT 0 NOT NULL,
	"zone" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"bucket" smallint DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"qty" numeric(18, 3) DEFAULT '0' NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_rollups_company_id_hour_warehouse_id_operator_id_zone_kind_bucket_pk" PRIMARY KEY("company_id","hour","warehouse_id","operator_id","zone","kind","bucket")
);
--> statement-breakpoint
CREATE TABLE "analytics_targets" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"pick_accuracy_pct" numeric(6, 3),
	"dock_to_stock_hours" numeric(8, 2),
	"on_time_shipping_pct" numeric(6, 3),
	"lines_per_hour" numeric(10, 2),
	"inventory_accuracy_pct" numeric(6, 3),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_rollups" ADD CONSTRAINT "analytics_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_targets" ADD CONSTRAINT "analytics_targets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_rollups_operator_idx" ON "analytics_rollups" USING btree ("company_id","operator_id","hour");--> statement-breakpoint
CREATE INDEX "receipt_lines_task_idx" ON "receipt_lines" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "tasks_pick_location_started_idx" ON "tasks" USING btree ("location_id","started_at") WHERE "tasks"."type" = 'pick';--> statement-breakpoint
-- The indicators' rollups (docs/requirements.md §21.1), kept by triggers in the statement that does the work, so no
-- writer (the stock service, the bulk loaders, the demo data) can forget them and no module imports analytics.
-- server/modules/analytics/rollups.service.ts rebuildRollups recomputes the same rows from the whole history; the
-- property test (rollups.property.test.ts) holds the two equal. Statement-level triggers with transition tables: a
-- bulk insert of 5,000 moves pays one grouped upsert, not 5,000.
-- An hour is UTC (date_trunc of a timestamptz would follow the session's time zone).
CREATE OR REPLACE FUNCTION wms_analytics_hour(ts timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('hour', ts AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' $$;
--> statement-breakpoint
-- A duration's histogram bucket (1-based): the number of bounds (minutes) it exceeds, plus one; the same bounds as
-- DURATION_BUCKET_MINUTES in contracts/analytics/kpis.rules.ts (210 min = WERC's 3.5 h, so "within target" is exact).
CREATE OR REPLACE FUNCTION wms_analytics_bucket(secs double precision) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$
  SELECT (1 + count(*))::smallint FROM unnest(ARRAY[15, 30, 60, 90, 120, 180, 210, 240, 300, 360, 480, 720, 1440, 2880, 4320, 10080]) AS b WHERE secs > b * 60
$$;
--> statement-breakpoint
-- The location a move counts at: where a pick, a shipment or a consumption took stock from; else where stock went.
CREATE OR REPLACE FUNCTION wms_analytics_moves() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_rollups AS r (company_id, hour, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds)
  SELECT m.company_id, wms_analytics_hour(m.created_at), coalesce(l.warehouse_id, 0), coalesce(m.user_id, 0), coalesce(l.zone, ''),
         'lines.' || m.reason, 0, count(*)::int, sum(m.qty), 0
  FROM new_moves m
  LEFT JOIN locations l ON l.id = CASE WHEN m.reason IN ('pick', 'ship', 'consume') THEN coalesce(m.from_location_id, m.to_location_id) ELSE coalesce(m.to_location_id, m.from_location_id) END
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (company_id, hour, warehouse_id, operator_id, zone, kind, bucket)
  DO UPDATE SET n = r.n + excluded.n, qty = r.qty + excluded.qty;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_moves AFTER INSERT ON stock_moves REFERENCING NEW TABLE AS new_moves FOR EACH STATEMENT EXECUTE FUNCTION wms_analytics_moves();
--> statement-breakpoint
-- What tasks add when they close (done_ids: became done; closed_ids: became done or cancelled) or appear
-- (exception_ids): a done task (with its finished_at: a row written done without one is not counted) by type with its duration (started, else created → finished); a pick closed short;
-- an exception (operator 0: whoever is assigned to settle it later did not cause it); a putaway's dock-to-stock (its receipt booked → putaway done) by bucket; a refill late (a pick at its
-- face started after the refill was asked for and before it was done).
CREATE OR REPLACE FUNCTION wms_analytics_add_tasks(done_ids integer[], closed_ids integer[], exception_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(done_ids) = 0 AND cardinality(closed_ids) = 0 AND cardinality(exception_ids) = 0 THEN RETURN; END IF;
  INSERT INTO analytics_rollups AS r (company_id, hour, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds)
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
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (company_id, hour, warehouse_id, operator_id, zone, kind, bucket)
  DO UPDATE SET n = r.n + excluded.n, qty = r.qty + excluded.qty, seconds = r.seconds + excluded.seconds;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wms_analytics_tasks_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wms_analytics_add_tasks(
    coalesce((SELECT array_agg(id) FROM new_tasks WHERE status = 'done'), '{}'),
    coalesce((SELECT array_agg(id) FROM new_tasks WHERE status IN ('done', 'cancelled')), '{}'),
    coalesce((SELECT array_agg(id) FROM new_tasks WHERE type = 'exception'), '{}'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wms_analytics_tasks_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wms_analytics_add_tasks(
    coalesce((SELECT array_agg(n.id) FROM new_tasks n JOIN old_tasks o ON o.id = n.id WHERE n.status = 'done' AND o.status <> 'done'), '{}'),
    coalesce((SELECT array_agg(n.id) FROM new_tasks n JOIN old_tasks o ON o.id = n.id WHERE n.status IN ('done', 'cancelled') AND o.status NOT IN ('done', 'cancelled')), '{}'),
    '{}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_tasks_inserted AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_tasks FOR EACH STATEMENT EXECUTE FUNCTION wms_analytics_tasks_inserted();
--> statement-breakpoint
CREATE TRIGGER analytics_tasks_updated AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_tasks NEW TABLE AS new_tasks FOR EACH STATEMENT EXECUTE FUNCTION wms_analytics_tasks_updated();
--> statement-breakpoint
-- A counted location approved: one counted location, and one with a variance (qty: Σ |counted − snapshot| of its
-- last round) if any entry of that round differs. At the hour it was counted, by its counter.
CREATE OR REPLACE FUNCTION wms_analytics_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_rollups AS r (company_id, hour, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds)
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
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (company_id, hour, warehouse_id, operator_id, zone, kind, bucket)
  DO UPDATE SET n = r.n + excluded.n, qty = r.qty + excluded.qty;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_counts AFTER UPDATE ON count_locations REFERENCING OLD TABLE AS old_counts NEW TABLE AS new_counts FOR EACH STATEMENT EXECUTE FUNCTION wms_analytics_counts();
--> statement-breakpoint
-- An order shipped: its cycle (created → shipped) by bucket, and on time or late against its carrier's cut-off on its
-- ship date (else the day it was created), in its warehouse's time zone; an order whose carrier has no cut-off is
-- neither. Per warehouse only (operator 0, zone '').
CREATE OR REPLACE FUNCTION wms_analytics_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_rollups AS r (company_id, hour, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds)
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
  GROUP BY f.company_id, f.hour, f.warehouse_id, f.kind, f.bucket
  ORDER BY f.company_id, f.hour, f.warehouse_id, f.kind, f.bucket
  ON CONFLICT (company_id, hour, warehouse_id, operator_id, zone, kind, bucket)
  DO UPDATE SET n = r.n + excluded.n, seconds = r.seconds + excluded.seconds;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_orders AFTER UPDATE ON sales_orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION wms_analytics_orders();
