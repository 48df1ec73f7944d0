ALTER TABLE "receipt_lines" ADD COLUMN "task_id" integer;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "supplier_issue_id" integer;--> statement-breakpoint
ALTER TABLE "receipt_lines" ADD CONSTRAINT "receipt_lines_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_supplier_issue_id_supplier_issues_id_fk" FOREIGN KEY ("supplier_issue_id") REFERENCES "public"."supplier_issues"("id") ON DELETE set null ON UPDATE no action;