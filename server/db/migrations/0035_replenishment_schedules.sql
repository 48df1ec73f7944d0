CREATE TABLE "replenishment_schedules" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"every_minutes" integer,
	"next_at" timestamp with time zone,
	"last_at" timestamp with time zone,
	"last_tasks" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replenishment_schedules_every_ck" CHECK ("replenishment_schedules"."every_minutes" IS NULL OR "replenishment_schedules"."every_minutes" BETWEEN 5 AND 1440)
);
--> statement-breakpoint
ALTER TABLE "replenishment_schedules" ADD CONSTRAINT "replenishment_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replenishment_schedules" ADD CONSTRAINT "replenishment_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;