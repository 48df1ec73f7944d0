ALTER TABLE "sales_orders" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "cutoff_time" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "batch_id" integer;--> statement-breakpoint
CREATE INDEX "tasks_batch_idx" ON "tasks" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_priority_ck" CHECK ("sales_orders"."priority" BETWEEN 0 AND 9);--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_cutoff_time_ck" CHECK ("carriers"."cutoff_time" IS NULL OR "carriers"."cutoff_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');