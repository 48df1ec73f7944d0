ALTER TABLE "locations" ADD COLUMN "zone" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "aisle" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "bay" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "level" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "x" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "y" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "aisle_direction" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "layout_source" text;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "layout_rule" jsonb;--> statement-breakpoint
CREATE INDEX "locations_warehouse_aisle_idx" ON "locations" USING btree ("warehouse_id","aisle");