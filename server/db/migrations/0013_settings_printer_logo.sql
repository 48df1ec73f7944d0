CREATE TABLE "company_logos" (
	"company_id" integer NOT NULL,
	"variant" text NOT NULL,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"size" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_logos_company_id_variant_pk" PRIMARY KEY("company_id","variant")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_printer_id" integer;--> statement-breakpoint
ALTER TABLE "company_logos" ADD CONSTRAINT "company_logos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_printer_id_printers_id_fk" FOREIGN KEY ("default_printer_id") REFERENCES "public"."printers"("id") ON DELETE set null ON UPDATE no action;