-- hand-written: one place per SSCC (ADR 0018). An SSCC names one physical unit, so all of a company's stock lines
-- carrying it lie in one location. Drizzle cannot express an EXCLUDE constraint; btree_gist gives gist the `=` and
-- `<>` of integers and text. It is a trusted extension (PostgreSQL 13+: a database owner may create it) and PGlite
-- ships it (server/db/client.ts loads it).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- Existing rows that break the rule are fixed, never refused: per (company, SSCC), the location holding the largest
-- quantity keeps it (a tie: the location of the oldest line); the lines elsewhere lose the SSCC and the pallet code
-- (they are loose stock, as a part moved away without a new SSCC is). Quantities and the ledger are untouched; each
-- changed line's version is bumped, so a screen holding it reloads.
UPDATE stock_lines s SET sscc = NULL, pallet_code = NULL, version = s.version + 1, updated_at = now()
FROM (
  SELECT company_id, sscc, location_id,
    row_number() OVER (PARTITION BY company_id, sscc ORDER BY sum(qty) DESC, min(id)) AS place
  FROM stock_lines WHERE sscc IS NOT NULL
  GROUP BY company_id, sscc, location_id
) k
WHERE k.place > 1 AND s.company_id = k.company_id AND s.sscc = k.sscc AND s.location_id = k.location_id;
--> statement-breakpoint
-- Checked at commit (DEFERRABLE INITIALLY DEFERRED): a whole pallet moves line by line, and between two of its lines
-- the SSCC is in both places for a moment. An exclusion constraint, like a unique index, waits for a concurrent
-- transaction inserting a conflicting row and fails the second at commit (SQLSTATE 23P01), so two concurrent writers
-- cannot both put one SSCC in two places, on PostgreSQL and on PGlite (one transaction at a time) alike; a check in
-- code alone (read, then insert) can be beaten by two transactions that both read before either writes.
ALTER TABLE stock_lines ADD CONSTRAINT stock_lines_sscc_one_place
  EXCLUDE USING gist (company_id WITH =, sscc WITH =, location_id WITH <>) WHERE (sscc IS NOT NULL)
  DEFERRABLE INITIALLY DEFERRED;
