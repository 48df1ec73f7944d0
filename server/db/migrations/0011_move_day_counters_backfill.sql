-- Ledger rows per company and UTC day for the moves recorded before the counters existed (ADR 0011).
INSERT INTO "stock_move_day_counters" ("company_id", "day", "moves")
SELECT "company_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*)::int FROM "stock_moves" GROUP BY 1, 2
ON CONFLICT ("company_id", "day") DO UPDATE SET "moves" = EXCLUDED."moves";
