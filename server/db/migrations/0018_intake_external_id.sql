ALTER TABLE "inbound_document_lines" ADD COLUMN "sscc" text;--> statement-breakpoint
ALTER TABLE "inbound_documents" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE INDEX "inbound_document_lines_sscc_idx" ON "inbound_document_lines" USING btree ("company_id","sscc");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_documents_company_kind_external_id_uq" ON "inbound_documents" USING btree ("company_id","kind","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_orders_company_external_id_uq" ON "sales_orders" USING btree ("company_id","external_id");