CREATE TABLE "flow_rejections" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "flow_rejections_company_id_day_reason_pk" PRIMARY KEY("company_id","day","reason")
);
--> statement-breakpoint
CREATE TABLE "flow_sequences" (
	"company_id" integer NOT NULL,
	"machine" text NOT NULL,
	"key" text NOT NULL,
	"steps" jsonb NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_sequences_company_id_machine_key_pk" PRIMARY KEY("company_id","machine","key")
);
--> statement-breakpoint
CREATE TABLE "flow_session_ends" (
	"company_id" integer NOT NULL,
	"machine" text NOT NULL,
	"day" date NOT NULL,
	"state" text NOT NULL,
	"finished" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "flow_session_ends_company_id_machine_day_state_finished_pk" PRIMARY KEY("company_id","machine","day","state","finished")
);
--> statement-breakpoint
CREATE TABLE "flow_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"reporting" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_transition_days" (
	"company_id" integer NOT NULL,
	"machine" text NOT NULL,
	"day" date NOT NULL,
	"from_state" text NOT NULL,
	"event" text NOT NULL,
	"to_state" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "flow_transition_days_company_id_machine_day_from_state_event_to_state_bucket_pk" PRIMARY KEY("company_id","machine","day","from_state","event","to_state","bucket")
);
--> statement-breakpoint
ALTER TABLE "flow_rejections" ADD CONSTRAINT "flow_rejections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_sequences" ADD CONSTRAINT "flow_sequences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_session_ends" ADD CONSTRAINT "flow_session_ends_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_settings" ADD CONSTRAINT "flow_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_settings" ADD CONSTRAINT "flow_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_transition_days" ADD CONSTRAINT "flow_transition_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;