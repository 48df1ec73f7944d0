-- A company's day of ledger counts spread over slots, one per database connection modulo 16 (ADR 0011, amended
-- 2026-12-02): the column first, then the key that includes it (drizzle-kit wrote them the other way round).
ALTER TABLE "stock_move_day_counters" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_move_day_counters" DROP CONSTRAINT "stock_move_day_counters_company_id_day_pk";--> statement-breakpoint
ALTER TABLE "stock_move_day_counters" ADD CONSTRAINT "stock_move_day_counters_company_id_day_slot_pk" PRIMARY KEY("company_id","day","slot");
