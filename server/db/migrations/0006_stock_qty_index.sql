DROP INDEX "stock_lines_qty_idx";--> statement-breakpoint
CREATE INDEX "stock_lines_qty_idx" ON "stock_lines" USING btree ("company_id","qty","id");