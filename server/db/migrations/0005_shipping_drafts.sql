ALTER TABLE "sales_orders" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "draft_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waves" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "waves" ADD COLUMN "draft_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_lines" ADD COLUMN "product_code" text;--> statement-breakpoint
ALTER TABLE "stock_lines" ADD COLUMN "product_name1" text;--> statement-breakpoint
ALTER TABLE "stock_lines" ADD COLUMN "location_code" text;--> statement-breakpoint
CREATE INDEX "stock_lines_product_code_idx" ON "stock_lines" USING btree ("company_id","product_code","location_code","id");--> statement-breakpoint
CREATE INDEX "stock_lines_product_name_idx" ON "stock_lines" USING btree ("company_id","product_name1","id");--> statement-breakpoint
CREATE INDEX "stock_lines_location_code_idx" ON "stock_lines" USING btree ("company_id","location_code","id");