ALTER INDEX "stock_lines_lot_trgm" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "stock_lines_pallet_trgm" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('stock_lines_lot_trgm'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('stock_lines_pallet_trgm'::regclass);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(code || ' ' || name1)) STORED;--> statement-breakpoint
CREATE INDEX "products_search_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);
