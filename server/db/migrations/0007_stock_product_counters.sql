CREATE TABLE "stock_product_counters" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_product_counters_company_id_product_id_pk" PRIMARY KEY("company_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "stock_product_counters" ADD CONSTRAINT "stock_product_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- existing stock: the counters start exact (the stock service keeps them so from here on)
INSERT INTO "stock_product_counters" ("company_id", "product_id", "lines")
SELECT "company_id", "product_id", count(*)::int FROM "stock_lines" GROUP BY "company_id", "product_id";
--> statement-breakpoint
ANALYZE "stock_product_counters";
