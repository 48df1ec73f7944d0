CREATE TABLE "analytics_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"warehouse_id" integer DEFAULT 0 NOT NULL,
	"operator_id" integer DEFAULT 0 NOT NULL,
	"zone" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"bucket" smallint DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"qty" numeric(18, 3) DEFAULT '0' NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"hours" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_days_company_id_day_warehouse_id_operator_id_zone_kind_bucket_pk" PRIMARY KEY("company_id","day","warehouse_id","operator_id","zone","kind","bucket")
);
--> statement-breakpoint
CREATE TABLE "analytics_hours_of_day" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"warehouse_id" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"hour" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_hours_of_day_company_id_day_warehouse_id_kind_hour_pk" PRIMARY KEY("company_id","day","warehouse_id","kind","hour")
);
--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_hours_of_day" ADD CONSTRAINT "analytics_hours_of_day_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The rollups per day and per hour of day (docs/requirements.md §21.1), kept from the hourly rows by statement
-- triggers on analytics_rollups: whatever writes an hourly row (the triggers of migration 0036, the rebuild, a bulk
-- load) adds the same amounts to its day in the same statement, so the three tables never disagree. The day is the
-- warehouse's (its time zone now: a change redoes its days below); warehouse 0 takes the company's first
-- warehouse's zone, the one the indicators read in without a warehouse filter; a company without one, UTC.
CREATE OR REPLACE FUNCTION wms_analytics_tz(company integer, warehouse integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT w.timezone FROM warehouses w WHERE w.id = warehouse AND w.company_id = company),
                  (SELECT w.timezone FROM warehouses w WHERE w.company_id = company ORDER BY w.id LIMIT 1), 'UTC')
$$;
--> statement-breakpoint
-- Add hourly amounts (rows of analytics_rollups' shape, n/qty/seconds as deltas) to their days: hours marks the
-- hour's place since the local midnight (0–24: a day of 23 to 25 hours), the hour of day is the local clock's.
-- The zone is wms_analytics_tz's, written out here: a call of that SQL function is planned again on every call
-- (0.7 ms a statement); this function's plan is kept by the session.
CREATE OR REPLACE FUNCTION wms_analytics_add_days(d analytics_rollups[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF d IS NULL OR cardinality(d) = 0 THEN RETURN; END IF;
  WITH x AS (
    SELECT r.company_id, r.warehouse_id, r.operator_id, r.zone, r.kind, r.bucket, r.n, r.qty, r.seconds, l.day, l.hod,
           floor(extract(epoch FROM r.hour - (l.day::timestamp AT TIME ZONE z.tz)) / 3600)::int AS pos
    FROM unnest(d) r
    LEFT JOIN warehouses w ON w.id = r.warehouse_id AND w.company_id = r.company_id
    CROSS JOIN LATERAL (SELECT coalesce(w.timezone, (SELECT f.timezone FROM warehouses f WHERE f.company_id = r.company_id ORDER BY f.id LIMIT 1), 'UTC') AS tz) z
    CROSS JOIN LATERAL (SELECT (r.hour AT TIME ZONE z.tz)::date AS day, extract(hour FROM r.hour AT TIME ZONE z.tz)::smallint AS hod) l
  ), days AS (
    INSERT INTO analytics_days AS a (company_id, day, warehouse_id, operator_id, zone, kind, bucket, n, qty, seconds, hours)
    SELECT company_id, day, warehouse_id, operator_id, zone, kind, bucket, sum(n)::int, sum(qty), sum(seconds)::bigint, bit_or(1 << pos)
    FROM x GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (company_id, day, warehouse_id, operator_id, zone, kind, bucket)
    DO UPDATE SET n = a.n + excluded.n, qty = a.qty + excluded.qty, seconds = a.seconds + excluded.seconds, hours = a.hours | excluded.hours
  )
  INSERT INTO analytics_hours_of_day AS h (company_id, day, warehouse_id, kind, hour, n)
  SELECT company_id, day, warehouse_id, kind, hod, sum(n)::int FROM x GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, day, warehouse_id, kind, hour) DO UPDATE SET n = h.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wms_analytics_days_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wms_analytics_add_days((SELECT array_agg(ROW(r.*)::analytics_rollups) FROM new_rollups r));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- an upsert's update: what it added (the rows only grow; the rebuild deletes days with hours)
CREATE OR REPLACE FUNCTION wms_analytics_days_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wms_analytics_add_days((
    SELECT array_agg(ROW(n.company_id, n.hour, n.warehouse_id, n.operator_id, n.zone, n.kind, n.bucket, n.n - o.n, n.qty - o.qty, n.seconds - o.seconds)::analytics_rollups)
    FROM new_rollups n JOIN old_rollups o USING (company_id, hour, warehouse_id, operator_id, zone, kind, bucket)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_days_inserted AFTER INSERT ON analytics_rollups REFERENCING NEW TABLE AS new_rollups FOR EACH STATEMENT EXECUTE FUNCTION wms_analytics_days_inserted();
--> statement-breakpoint
CREATE TRIGGER analytics_days_updated AFTER UPDATE ON analytics_rollups REFERENCING OLD TABLE AS old_rollups NEW TABLE AS new_rollups FOR EACH STATEMENT EXECUTE FUNCTION wms_analytics_days_updated();
--> statement-breakpoint
-- A warehouse's days are redone from its hourly rows when its time zone changes, and warehouse 0's when the company's
-- first warehouse is created or changes zone (its days follow that warehouse's zone).
CREATE OR REPLACE FUNCTION wms_analytics_redo_days(company integer, warehouse integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_days WHERE company_id = company AND warehouse_id = warehouse;
  DELETE FROM analytics_hours_of_day WHERE company_id = company AND warehouse_id = warehouse;
  PERFORM wms_analytics_add_days((SELECT array_agg(r) FROM analytics_rollups r WHERE r.company_id = company AND r.warehouse_id = warehouse));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wms_analytics_warehouse_zone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.timezone IS NOT DISTINCT FROM OLD.timezone THEN RETURN NULL; END IF;
    PERFORM wms_analytics_redo_days(NEW.company_id, NEW.id);
  END IF;
  IF NOT EXISTS (SELECT 1 FROM warehouses w WHERE w.company_id = NEW.company_id AND w.id < NEW.id) THEN
    PERFORM wms_analytics_redo_days(NEW.company_id, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_warehouse_zone AFTER INSERT OR UPDATE OF timezone ON warehouses FOR EACH ROW EXECUTE FUNCTION wms_analytics_warehouse_zone();
--> statement-breakpoint
-- the days of the rollups already kept
SELECT wms_analytics_add_days((SELECT array_agg(r ORDER BY r.company_id, r.hour) FROM analytics_rollups r));
